/// The geometry of an open folder's panel: a titled panel centred over the surface, holding the
/// folder's items in a flow grid. A folder with more items than the window can hold scrolls them
/// under its title (wheel, and edge autoscroll while carrying one of them).
public struct FolderView: Sendable {
    public var folder: ItemID
    public var panel: Rect
    public var titleFrame: Rect
    /// The part of the panel below the title where the items show; they are clipped to it.
    public var contentFrame: Rect
    /// Children in order, with their frames in window coordinates (scrolled by `offset`).
    public var children: [ItemID]
    public var frames: [ItemID: Rect]
    public var snapshot: LayoutSnapshot
    /// Window position of the folder grid's content origin (scrolled by `offset`).
    public var origin: Point
    /// How far the items are scrolled up, 0...`maxOffset`.
    public var offset: Double
    public var maxOffset: Double

    /// The child drawn under `p` (only where the items show).
    public func child(at p: Point) -> ItemID? {
        guard contentFrame.contains(p) else { return nil }
        return children.first { frames[$0]!.contains(p) }
    }

    /// The gap under a window point among the folder's items (into is not offered: no folders in folders).
    func gap(at p: Point) -> Int? {
        guard case .gap(_, let i)? = snapshot.dropTarget(at: p - origin, offsets: ScrollOffsets(), previous: nil,
                                                         accepts: { _ in false }) else { return nil }
        return i
    }
}

extension Engine {
    static let folderTitleHeight = 52.0
    /// Dragging this far outside the panel takes the item out of the folder.
    static let folderExitMargin = 24.0

    /// The panel of the folder open on top, if one is.
    var openFolder: FolderView? {
        if case .folder(let fid)? = overlay { folderView(fid) } else { nil }
    }

    /// Lays out an open folder's panel for the current viewport; nil when `id` is not a folder.
    public func folderView(_ id: ItemID) -> FolderView? {
        guard let folder = item(withID: id), folder.isFolder else { return nil }
        var grid = FlowLayout()
        grid.headerLength = 0
        grid.footerLength = 0
        grid.sectionInsets = Insets(top: 4, left: 20, bottom: 20, right: 20)
        grid.minimumInteritemSpacing = 12
        grid.minimumLineSpacing = 12
        let columns = Swift.min(4.0, Double(Swift.max(folder.children.count, 2)))
        let width = Swift.min(viewport.width - 32, columns * 96 + (columns - 1) * 12 + 40)
        let inner = CollectionModel(sections: [Section(id: "folder", title: folder.title, items: folder.children)])
        let snap = grid.snapshot(of: inner, viewport: Size(width: Swift.max(1, width), height: viewport.height))
        let height = Swift.min(viewport.height - 32, Self.folderTitleHeight + snap.contentSize.height)
        let panel = Rect(x: (viewport.width - width) / 2, y: (viewport.height - height) / 2, width: width, height: height)
        let content = Rect(x: panel.minX, y: panel.minY + Self.folderTitleHeight, width: width,
                           height: Swift.max(0, height - Self.folderTitleHeight))
        let maxOffset = Swift.max(0, snap.contentSize.height - content.height)
        let offset = Swift.min(maxOffset, Swift.max(0, folderOffset))
        let origin = Point(x: content.minX, y: content.minY - offset)
        var frames: [ItemID: Rect] = [:]
        for (i, child) in folder.children.enumerated() {
            frames[child.id] = snap.frames[i].offsetBy(dx: origin.x, dy: origin.y)
        }
        return FolderView(folder: id, panel: panel, titleFrame: Rect(x: panel.minX + 16, y: panel.minY + 8, width: width - 32, height: 40),
                          contentFrame: content, children: folder.children.map(\.id), frames: frames, snapshot: snap,
                          origin: origin, offset: offset, maxOffset: maxOffset)
    }

    /// Scrolls an open folder's items by `dy` within their range: at once (autoscroll, which
    /// moves them frame by frame itself), or `smoothly` (wheel, keys: on from where the last such
    /// scroll was heading, eased as the surface's wheel scrolling is).
    mutating func scrollFolder(_ view: FolderView, by dy: Double, smoothly: Bool = false) {
        scrollFolder(view, to: (smoothly ? folderTarget : view.offset) + dy, smoothly: smoothly)
    }

    mutating func scrollFolder(_ view: FolderView, to offset: Double, smoothly: Bool) {
        folderTarget = Swift.min(view.maxOffset, Swift.max(0, offset))
        if !smoothly || policy.reduceMotion { folderOffset = folderTarget }
        dirty = true
    }

    /// Hover while carrying an item in an open folder: reorder inside after the dwell, or take it out
    /// to the main surface (next to its folder) once the pointer leaves the panel.
    mutating func updateFolderHover(_ lift: inout Lift, folder fid: ItemID, at t: Double) {
        guard let view = folderView(fid), let from = model.indexPath(of: lift.id, near: lift.path), from.child != nil else {
            lift.folder = nil
            return
        }
        let outside = view.panel.insetBy(dx: -Self.folderExitMargin, dy: -Self.folderExitMargin)
        if !outside.contains(lift.pointer) {
            let folderIndex = from.item
            // `lift` is this function's copy of the phase: hand it back so the edit joins the drag's log.
            phase = .lifted(lift)
            do {
                try update(at: t, animated: true) { (u: inout ModelUpdates) throws(ModelEditError) in
                    try u.moveOutOfFolder(lift.id, to: IndexPath(section: from.section, item: folderIndex + 1), near: from)
                }
            } catch { return }
            if case .lifted(let l) = phase { lift = l }
            lift.path = IndexPath(section: from.section, item: folderIndex + 1)
            overlay = nil
            lift.folder = nil
            lift.hover = nil
            dirty = true
            return
        }
        let gap = view.gap(at: lift.pointer)
        let c = from.child!
        var target: DropTarget? = gap.map { .gap(section: 0, index: $0) }
        if let g = gap, g == c || g == c + 1 { target = nil }
        if target != lift.hover?.target { lift.hover = target.map { Hover(target: $0, since: t) } }
        guard let h = lift.hover, case .gap(_, let g) = h.target, t >= h.since + policy.reorderDwell else { return }
        let before = folderChildFrames(view)
        let at = g > c ? g - 1 : g
        phase = .lifted(lift)
        do {
            // Not animated by the relayout: the children move in the folder's panel (below).
            try update(at: t, animated: false) { (u: inout ModelUpdates) throws(ModelEditError) in
                try u.moveIntoFolder(lift.id, folder: fid, at: at, near: from, folderNear: IndexPath(section: from.section, item: from.item))
            }
        } catch { return }
        if case .lifted(let l) = phase { lift = l }
        lift.path = IndexPath(section: from.section, item: from.item, child: at)
        lift.hover = nil
        if let after = folderView(fid) { animate(from: before, to: folderChildFrames(after), excluding: lift.id, at: t) }
        dirty = true
    }

    /// Where each child of an open folder is drawn now.
    func folderChildFrames(_ view: FolderView) -> [ItemID: Rect] {
        var out: [ItemID: Rect] = [:]
        for (id, f) in view.frames { out[id] = motions.drawn(id, frame: f, at: now) }
        return out
    }

    /// FLIP for items not on the main surface (an open folder's children).
    mutating func animate(from before: [ItemID: Rect], to after: [ItemID: Rect], excluding: ItemID?, at t: Double) {
        guard !policy.reduceMotion else { return }
        let omega = Spring.omega(settleTime: policy.springSettleTime)
        for (id, new) in after where id != excluding {
            if let old = before[id] { motions.animate(id, from: old, to: new, at: t, omega: omega) }
        }
    }
}
