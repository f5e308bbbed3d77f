/// A board of lists side by side (seed 003: Today / Next / Later): one list per section, each with
/// a title and its own vertically scrolling pane of rows. The board scrolls horizontally when the
/// lists do not fit, and settles on list boundaries (pages).
///
/// List width = max(minimumListWidth, (W - spacing * (lists + 1)) / lists): lists share a wide
/// window and keep a readable width in a narrow one.
public struct BoardLayout: CollectionLayout, Hashable, Codable {
    public var minimumListWidth: Double = 260
    public var spacing: Double = 16
    public var titleHeight: Double = 44
    public var rowHeight: Double = 60
    public var rowSpacing: Double = 8
    public var padding: Double = 10
    /// The "Add task" row that ends every list.
    public var addRowHeight: Double = 40

    public init() {}

    public func listWidth(for viewport: Size, lists: Int) -> Double {
        let n = Double(Swift.max(lists, 1))
        return Swift.max(minimumListWidth, (viewport.width - spacing * (n + 1)) / n)
    }

    /// Rows are uniform, so each list is a one-column grid in its pane: nothing stored per item.
    public func snapshot(of model: CollectionModel, viewport: Size) -> LayoutSnapshot {
        let lw = listWidth(for: viewport, lists: model.sections.count)
        let columnHeight = Swift.max(titleHeight + rowHeight, viewport.height - 2 * spacing)
        var sections: [SectionGeometry] = []
        var panes: [Pane] = []
        var grids: [GridGeometry] = []
        var first = 0
        for (s, section) in model.sections.enumerated() {
            let count = section.items.count
            let x = spacing + Double(s) * (lw + spacing)
            let column = Rect(x: x, y: spacing, width: lw, height: columnHeight)
            let paneFrame = Rect(x: x, y: spacing + titleHeight, width: lw, height: columnHeight - titleHeight)
            grids.append(GridGeometry(count: count, perLine: 1, main: .vertical, pane: s,
                                      itemSize: Size(width: lw - 2 * padding, height: rowHeight),
                                      itemsStart: padding, linePitch: rowHeight + rowSpacing,
                                      crossLead: padding, crossPitch: 0, lastCrossPitch: 0))
            let end = padding + Double(count) * (rowHeight + rowSpacing)
            let addRow = Rect(x: padding, y: end, width: lw - 2 * padding, height: addRowHeight)
            let contentHeight = Swift.max(paneFrame.height, addRow.maxY + padding)
            panes.append(Pane(frame: paneFrame, contentSize: Size(width: lw, height: contentHeight), section: s))
            var geometry = SectionGeometry(header: Rect(x: x, y: spacing, width: lw, height: titleHeight), footer: nil,
                                           background: column,
                                           itemArea: Rect(x: 0, y: 0, width: lw, height: contentHeight),
                                           firstItem: first, itemCount: count, pane: s,
                                           reach: rowHeight + rowSpacing)
            geometry.addRow = addRow
            sections.append(geometry)
            first += count
        }
        let width = spacing + Double(model.sections.count) * (lw + spacing)
        return LayoutSnapshot(viewport: viewport, contentSize: Size(width: width, height: Swift.max(viewport.height, columnHeight + 2 * spacing)),
                              scrollAxis: .horizontal, reorderAxis: .vertical, sections: sections, panes: panes, grids: grids)
    }

    /// The root offsets where a list's left edge meets the window's left margin: the board's pages.
    public static func pageOffsets(of layout: LayoutSnapshot) -> [Double] {
        let maxX = layout.maxRootOffset.x
        var pages = layout.sections.map { Swift.min(maxX, Swift.max(0, $0.background.minX - (layout.sections.first?.background.minX ?? 0))) }
        pages.append(maxX)
        return Array(Set(pages)).sorted()
    }
}
