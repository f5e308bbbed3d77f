/// Opening and closing what sits on top of the surface (a folder's panel, an item's details), and
/// keeping the open folder's panel in step with the model and the window.
extension Engine {
    /// The panel of the folder `id`, laid out for the current window; nil when it is not a folder.
    /// (The open one is `folderPanel`; this lays out any.)
    public func folderView(_ id: ItemID) -> FolderPanel? {
        if let panel = folderPanel, panel.folder == id { return panel }
        guard let path = locate(id), let folder = model.item(at: path), folder.isFolder else { return nil }
        return FolderPanel(folder: folder, at: path, viewport: viewport)
    }

    /// Rebuilds the open folder's panel from the model (the only writer of `folderPanel`): when a
    /// folder opens, after every edit and resize. Drops it when no folder is open any more.
    mutating func refreshFolderPanel() {
        guard let fid = navigation.openFolder,
              let path = model.indexPath(of: fid, near: navigation.overlayPath ?? folderPanel?.path),
              let folder = model.item(at: path), folder.isFolder else {
            folderPanel = nil
            return
        }
        let panel = FolderPanel(folder: folder, at: path, viewport: viewport)
        folderPanel = panel
        scroll.fitFolder(maxOffset: panel.maxOffset)
    }

    /// Opens folder `id` (at `path`) with its items scrolled to `offset`.
    mutating func openFolder(_ id: ItemID, at path: IndexPath, scrolledTo offset: Double) {
        navigation.open(.folder(id), at: path, over: nil)
        refreshFolderPanel()
        scroll.openFolder(maxOffset: folderPanel?.maxOffset ?? 0, at: offset)
    }

    /// Closes the detail view or folder on top: back to the folder a detail view was opened from,
    /// as it was scrolled, else to the surface.
    mutating func closeOverlay() {
        let closing = folderPanel
        // What is closing shrinks back into its tile (found once the surface or the folder it
        // goes back to is in place).
        let shrinking: (OverlayTransition.Closing, ItemID)? = switch navigation.overlay {
        case .folder(let id)?: folderPanel.map { (.folder($0, offset: scroll.folderOffset), id) }
        case .detail(let id)?: item(withID: id).map { (.detail($0), id) }
        case nil: nil
        }
        defer {
            if let (content, id) = shrinking { presentation.closeOverlay(content, into: drawnFrame(of: id), at: now, policy: policy) }
        }
        if let back = navigation.close(), let path = model.indexPath(of: back.folder, near: back.path),
           model.item(at: path)?.isFolder == true {
            openFolder(back.folder, at: path, scrolledTo: back.offset)
        } else {
            refreshFolderPanel()
            // A folder closed on one of its items: the selection goes to the folder, where it shows.
            if let panel = closing, let p = navigation.selectionPath, p.child != nil,
               p.section == panel.path.section, p.item == panel.path.item {
                navigation.select(panel.folder, at: panel.path)
            }
        }
        outbox.redraw()
    }

    /// Where each visible child of an open folder is drawn now, by id. O(visible).
    func drawnChildren(of panel: FolderPanel) -> [ItemID: Rect] {
        var out: [ItemID: Rect] = [:]
        for c in panel.visibleChildren(offset: scroll.folderOffset, margin: 0) {
            let id = panel.children[c].id
            out[id] = presentation.drawn(id, frame: panel.frame(ofChild: c, offset: scroll.folderOffset), at: now)
        }
        for c in partedCells() { out[c.id] = out[c.id]?.offsetBy(dx: c.offset.x, dy: c.offset.y) }
        return out
    }

    /// FLIP for an open folder's children after a reorder among them: each child visible now
    /// slides from where it was drawn, or, coming into view, from its old place. O(visible).
    mutating func slideChildren(from old: FolderPanel, drawn: [ItemID: Rect], to new: FolderPanel, excluding: ItemID,
                                at t: Double) {
        guard !policy.reduceMotion else { return }
        let offset = scroll.folderOffset
        for c in new.visibleChildren(offset: offset, margin: 0) {
            let id = new.children[c].id
            guard id != excluding else { continue }
            // A reorder shifts a child by at most one place.
            let was = drawn[id] ?? [c, c - 1, c + 1].first { $0 >= 0 && $0 < old.children.count && old.children[$0].id == id }
                .map { old.frame(ofChild: $0, offset: offset) }
            if let was { presentation.slide(id, from: was, to: new.frame(ofChild: c, offset: offset), at: t, policy: policy) }
        }
    }
}
