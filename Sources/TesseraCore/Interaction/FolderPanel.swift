/// The geometry of an open folder: a titled panel centred over the surface, holding the folder's
/// items in a flow grid. A folder with more items than the window can hold scrolls them under its
/// title (the offset is `Scroll.folderOffset`; everything here takes it as an argument).
///
/// Made once when the folder opens and again after an edit or a resize (`Engine.refreshFolderPanel`),
/// never per frame. It holds the folder's items, so drawing and hit-testing them never look
/// anything up in the model; the children's frames come from a grid snapshot (arithmetic, nothing
/// stored per child), so a frame costs what is visible in the panel.
public struct FolderPanel: Sendable {
    public static let titleHeight = 52.0
    /// Dragging this far outside the panel takes the item out of the folder.
    public static let exitMargin = 24.0

    public let folder: ItemID
    /// Where the folder was in the model when the panel was made.
    public let path: IndexPath
    public let title: String
    /// The folder's items, in order.
    public let children: [Item]
    public let panel: Rect
    public let titleFrame: Rect
    /// The part of the panel below the title where the items show; they are clipped to it.
    public let contentFrame: Rect
    /// The children laid out as one flow section, in the content's own coordinates (0,0 = the
    /// content's top-left, unscrolled).
    let grid: LayoutSnapshot
    /// How far the items can scroll up.
    public let maxOffset: Double

    /// Lays out `folder` (at `path`) for a window of `viewport`.
    init(folder: Item, at path: IndexPath, viewport: Size) {
        var flow = FlowLayout()
        flow.headerLength = 0
        flow.footerLength = 0
        flow.sectionInsets = Insets(top: 4, left: 20, bottom: 20, right: 20)
        flow.minimumInteritemSpacing = 12
        flow.minimumLineSpacing = 12
        let columns = Swift.min(4.0, Double(Swift.max(folder.children.count, 2)))
        let width = Swift.min(viewport.width - 32, columns * 96 + (columns - 1) * 12 + 40)
        let inner = CollectionModel(sections: [Section(id: "folder", title: folder.title, items: ItemList(folder.children))])
        grid = flow.snapshot(of: inner, viewport: Size(width: Swift.max(1, width), height: viewport.height))
        let height = Swift.min(viewport.height - 32, Self.titleHeight + grid.contentSize.height)
        panel = Rect(x: (viewport.width - width) / 2, y: (viewport.height - height) / 2, width: width, height: height)
        contentFrame = Rect(x: panel.minX, y: panel.minY + Self.titleHeight, width: width,
                            height: Swift.max(0, height - Self.titleHeight))
        titleFrame = Rect(x: panel.minX + 16, y: panel.minY + 8, width: width - 32, height: 40)
        maxOffset = Swift.max(0, grid.contentSize.height - contentFrame.height)
        self.folder = folder.id
        self.path = path
        title = folder.title
        children = folder.children
    }

    /// Window position of the grid's origin when the items are scrolled by `offset`.
    func origin(offset: Double) -> Point { Point(x: contentFrame.minX, y: contentFrame.minY - offset) }

    /// Where child `i` is, in window coordinates, scrolled by `offset`.
    public func frame(ofChild i: Int, offset: Double) -> Rect {
        let o = origin(offset: offset)
        return grid.frame(ofFlat: i).offsetBy(dx: o.x, dy: o.y)
    }

    /// The child drawn under `p` (only where the items show).
    public func child(at p: Point, offset: Double) -> Int? {
        guard contentFrame.contains(p) else { return nil }
        return grid.item(at: p - origin(offset: offset), offsets: ScrollOffsets())?.item
    }

    /// The children whose frames (widened by `margin`) meet the items' area: what a frame draws.
    public func visibleChildren(offset: Double, margin: Double) -> [Int] {
        let area = Rect(x: -margin, y: offset - margin, width: contentFrame.width + 2 * margin,
                        height: contentFrame.height + 2 * margin)
        return grid.items(in: area, pane: nil)
    }

    /// The gap under a window point among the children (counted with the carried one in place).
    /// Into is not offered: no folders in folders.
    func gap(at p: Point, offset: Double) -> Int? {
        guard case .gap(_, let i)? = grid.dropTarget(at: p - origin(offset: offset), offsets: ScrollOffsets(), previous: nil,
                                                     accepts: { _ in false }) else { return nil }
        return i
    }

    /// Whether `p` is still over the panel (with the exit margin): beyond it, a carried child leaves.
    func holds(_ p: Point) -> Bool {
        panel.insetBy(dx: -Self.exitMargin, dy: -Self.exitMargin).contains(p)
    }
}

extension FolderPanel: Equatable {
    /// The grid follows from the children and the window, so it is left out.
    public static func == (a: FolderPanel, b: FolderPanel) -> Bool {
        a.folder == b.folder && a.path == b.path && a.title == b.title && a.children == b.children
            && a.panel == b.panel && a.contentFrame == b.contentFrame && a.maxOffset == b.maxOffset
    }

    /// Items per row of the panel's grid.
    public var columns: Int {
        let count = children.count
        guard count > 0 else { return 1 }
        let firstRow = frame(ofChild: 0, offset: 0).minY
        var n = 1
        while n < count, frame(ofChild: n, offset: 0).minY == firstRow { n += 1 }
        return n
    }
}
