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
        let width = Swift.max(1, viewport.width)
        let n = columnCount(for: width)
        let itemWidth = Swift.max(1, (width - spacing * Double(n + 1)) / Double(n))
        var frames: [Rect] = []
        frames.reserveCapacity(model.topLevelCount)
        var sections: [SectionGeometry] = []
        var index = SpatialIndex()
        var cursor = 0.0
        var columnItems = [[Int32]](repeating: [], count: n)

        for section in model.sections {
            let sectionStart = cursor
            let first = frames.count
            var header: Rect?, footer: Rect?
            if headerLength > 0 {
                header = Rect(x: 0, y: cursor, width: width, height: headerLength)
                cursor += headerLength
            }
            let itemsStart = cursor
            var heights = [Double](repeating: cursor + spacing, count: n)
            for k in 0..<n { columnItems[k].removeAll(keepingCapacity: true) }
            var reach = itemWidth
            for k in 0..<n { columnItems[k].reserveCapacity(section.items.count / n + 1) }
            for (i, item) in section.items.enumerated() {
                let col: Int
                switch placement {
                case .roundRobin: col = i % n
                case .shortestColumn:
                    var best = 0
                    for k in 1..<n where heights[k] < heights[best] { best = k }
                    col = best
                }
                let h = itemWidth * item.sizeHint.aspect
                frames.append(Rect(x: spacing + Double(col) * (itemWidth + spacing), y: heights[col], width: itemWidth, height: h))
                columnItems[col].append(Int32(frames.count - 1))
                heights[col] += h + spacing
                reach = Swift.max(reach, h)
            }
            for k in 0..<n { index.addColumn(pane: nil, axis: .vertical, items: columnItems[k]) }
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
