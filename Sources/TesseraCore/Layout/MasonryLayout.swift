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
        snapshot(of: model, viewport: viewport, reusing: [])
    }

    /// One pass over the items, O(n): each item's frame appended in order (no item copied, no
    /// index kept beside the frames: a section's items are queried through their frames, see
    /// `SpatialIndex.Shape`).
    ///
    /// `spare`: an array no one else holds (a retired snapshot's frames, see `Arrangement`), whose
    /// memory is written again. Why: a million frames are 32 MB, and fresh memory costs a page fault
    /// per 4 KB — 8,000 faults, twice the layout itself (~30 ms against ~11 on the benchmark host).
    func snapshot(of model: CollectionModel, viewport: Size, reusing spare: consuming [Rect]) -> LayoutSnapshot {
        let spacing = self.spacing, roundRobin = placement == .roundRobin
        let width = Swift.max(1, viewport.width)
        let n = columnCount(for: width)
        let itemWidth = Swift.max(1, (width - spacing * Double(n + 1)) / Double(n))
        let columnX = (0..<n).map { spacing + Double($0) * (itemWidth + spacing) }
        var frames = consume spare
        frames.removeAll(keepingCapacity: true)
        // Room for a few more: items coming in (a drop's batches) then still fit the reused memory.
        let total = model.topLevelCount
        if frames.capacity < total { frames.reserveCapacity(total + total / 16) }
        var sections: [SectionGeometry] = []
        sections.reserveCapacity(model.sections.count)
        var index = SpatialIndex()
        var cursor = 0.0
        var heights = [Double](repeating: 0, count: n)

        for section in model.sections {
            let sectionStart = cursor
            let first = frames.count
            var header: Rect?, footer: Rect?
            if headerLength > 0 {
                header = Rect(x: 0, y: cursor, width: width, height: headerLength)
                cursor += headerLength
            }
            let itemsStart = cursor
            var reach = itemWidth
            heights.withUnsafeMutableBufferPointer { tops in
                for k in 0..<n { tops[k] = cursor + spacing }
                var placed = 0
                section.items.forEachAspect { aspect in
                    var col = 0
                    if roundRobin {
                        col = placed % n
                    } else {
                        var least = tops[0]
                        for k in 1..<n where tops[k] < least { least = tops[k]; col = k }
                    }
                    let h = itemWidth * aspect
                    frames.append(Rect(x: columnX[col], y: tops[col], width: itemWidth, height: h))
                    placed += 1
                    tops[col] += h + spacing
                    if h > reach { reach = h }
                }
            }
            if roundRobin {
                for k in 0..<Swift.min(n, section.items.count) {
                    index.add(.strided(first: first + k, count: (section.items.count - k + n - 1) / n, step: n), pane: nil, axis: .vertical)
                }
            } else {
                index.add(.monotone(items: first..<frames.count, reach: reach), pane: nil, axis: .vertical)
            }
            // An empty section keeps room for half a tile, so items can be dropped into it.
            cursor = section.items.isEmpty ? cursor + spacing * 2 + itemWidth / 2 : heights.max()!
            let itemArea = Rect(x: 0, y: itemsStart, width: width, height: cursor - itemsStart)
            if footerLength > 0 {
                footer = Rect(x: 0, y: cursor, width: width, height: footerLength)
                cursor += footerLength
            }
            sections.append(SectionGeometry(header: header, footer: footer,
                                            background: Rect(x: 0, y: sectionStart, width: width, height: cursor - sectionStart),
                                            itemArea: itemArea, firstItem: first, itemCount: section.items.count,
                                            pane: nil, reach: reach + spacing, fillsLines: false))
        }
        return LayoutSnapshot(viewport: viewport, contentSize: Size(width: width, height: cursor),
                              scrollAxis: .vertical, reorderAxis: .vertical, sections: sections, panes: [],
                              frames: frames, index: index)
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
