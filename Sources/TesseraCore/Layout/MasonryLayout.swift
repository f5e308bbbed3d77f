/// A masonry ("waterfall", seeds 000 and 004) layout: equal-width columns, item heights from the
/// items' aspect hints, each section's columns starting level below its header.
///
/// Item width = (W - spacing * (columns + 1)) / columns; spacing is also the outer margin.
/// `placement` picks each item's column: the currently shortest (default; columns stay even) or
/// round-robin (the seed's way, which lets columns drift apart).
public struct MasonryLayout: CollectionLayout, Hashable, Codable {
    public enum Columns: Hashable, Sendable, Codable {
        case count(Int)
        /// As many columns as fit with at least this width.
        case minimumWidth(Double)
    }
    public enum Placement: String, Hashable, Sendable, Codable { case shortestColumn, roundRobin }

    public var columns: Columns = .minimumWidth(150)
    public var spacing: Double = 12
    public var placement: Placement = .shortestColumn
    public var headerLength: Double = 36
    public var footerLength: Double = 24

    public init() {}

    public func columnCount(for width: Double) -> Int {
        switch columns {
        case .count(let n): return Swift.max(1, n)
        case .minimumWidth(let w): return Swift.max(1, Int((width - spacing) / (Swift.max(w, 1) + spacing)))
        }
    }

    public func snapshot(of model: CollectionModel, viewport: Size) -> LayoutSnapshot {
        snapshot(of: model, viewport: viewport, reusing: nil)
    }

    /// One pass over the items, O(n) (`MasonryPass` run to its end): each item's frame appended
    /// in order (no item copied, no index kept beside the frames: a section's items are queried
    /// through their frames, see `SpatialIndex.Shape`).
    ///
    /// `spare`: a store whose memory is written again when no snapshot reads it any more (a
    /// retired snapshot's, see `Arrangement`). Why: a million frames are 32 MB, and fresh memory
    /// costs a page fault per 4 KB — 8,000 faults, twice the layout itself (~30 ms against ~11 on
    /// the benchmark host).
    func snapshot(of model: CollectionModel, viewport: Size, reusing spare: FrameStore?) -> LayoutSnapshot {
        var pass = MasonryPass(self, model: model, viewport: viewport, reusing: spare)
        _ = pass.run(budget: .max)
        return pass.snapshot()
    }
}

extension MasonryLayout {
    /// Where an item of aspect `aspect` would land if inserted at `index` of `items` (the section
    /// without it: `skipping` is its index there, if it is in it): its column and its top, from
    /// the section's first item row. O(index): it places the items before it as `snapshot` does.
    ///
    /// Why: in a masonry a move re-places every item after the place it changes, so the gap a
    /// pointer shows is not always where the item lands. The engine asks this of the places
    /// around the gap and takes the one that lands under the pointer.
    public func landing(ofAspect aspect: Double, at index: Int, among items: ItemList, skipping: Int?,
                        width: Double) -> (column: Int, y: Double) {
        let w = Swift.max(1, width)
        let n = columnCount(for: w)
        let itemWidth = Swift.max(1, (w - spacing * Double(n + 1)) / Double(n))
        var heights = [Double](repeating: spacing, count: n)
        var placed = 0
        func column() -> Int {
            switch placement {
            case .roundRobin: return placed % n
            case .shortestColumn:
                var best = 0
                for k in 1..<n where heights[k] < heights[best] { best = k }
                return best
            }
        }
        var i = 0
        while placed < index && i < items.count {
            defer { i += 1 }
            if i == skipping { continue }
            let c = column()
            heights[c] += itemWidth * items[i].sizeHint.aspect + spacing
            placed += 1
        }
        let c = column()
        _ = aspect
        return (c, heights[c])
    }

    /// The column under x (in the surface's coordinates) at `width`.
    public func column(at x: Double, width: Double) -> Int {
        let n = columnCount(for: Swift.max(1, width))
        let itemWidth = Swift.max(1, (Swift.max(1, width) - spacing * Double(n + 1)) / Double(n))
        return Swift.min(n - 1, Swift.max(0, Int((x - spacing / 2) / (itemWidth + spacing))))
    }
}
