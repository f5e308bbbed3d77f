/// Edits of the selected item from the keyboard: Delete removes it, Ctrl+D toggles done. Each is
/// one committed step (saved, and undone by Ctrl+Z), through `update` like a drop.
extension Engine {
    /// Deletes the selected item (a folder with its items) and selects what took its place: the
    /// next item there, else the one before it. Nothing during a gesture or while loading.
    /// Returns whether anything was deleted.
    @discardableResult
    public mutating func deleteSelection(at t: Double) -> Bool {
        guard let id = navigation.selection, canEditNow else { return false }
        let hint = navigation.selectionPath ?? locate(id)
        let title = hint.flatMap { model.item(at: $0)?.title } ?? model.item(withID: id)?.title ?? ""
        guard let was = try? update(at: t, summary: "Deleted \(Toast.quoted(title))", toast: true, { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.delete(id, near: hint)
        }) else { return false }
        selectNear(was)
        return true
    }

    /// Marks the selected item done, or not done again (a folder has no done). Returns whether it changed.
    @discardableResult
    public mutating func toggleDoneOfSelection(at t: Double) -> Bool {
        guard let id = navigation.selection, let path = locate(id) else { return false }
        return toggleDone(id, at: path, t: t)
    }

    mutating func toggleDone(_ id: ItemID, at path: IndexPath, t: Double) -> Bool {
        guard canEditNow, let item = model.item(at: path), !item.isFolder else { return false }
        let summary = "Marked \(Toast.quoted(item.title)) " + (item.done ? "not done" : "done")
        return (try? update(at: t, summary: summary, { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.setDone(id, !item.done, near: path)
        })) != nil
    }

    /// A press on a cell's check circle (`CheckMark.target`): the item is selected and marked done
    /// or not done, and the press goes no further (no hold, no lift, no opening). On the surface
    /// or in an open folder's panel. Returns whether it was one.
    mutating func pressOnCheck(_ p: Point, at t: Double) -> Bool {
        let hit: (IndexPath, Rect)
        if let panel = folderPanel {
            guard panel.panel.contains(p), let c = panel.child(at: p, offset: scroll.folderOffset) else { return false }
            hit = (IndexPath(section: panel.path.section, item: panel.path.item, child: c), panel.frame(ofChild: c, offset: scroll.folderOffset))
        } else {
            guard navigation.overlay == nil, let path = snapshot.item(at: p, offsets: offsets), let id = model.item(at: path)?.id,
                  let frame = drawnFrame(of: id, at: path) else { return false }
            hit = (path, frame)
        }
        guard let item = model.item(at: hit.0), !item.isFolder, CheckMark.target(in: hit.1).contains(p), canEditNow else { return false }
        navigation.select(item.id, at: hit.0)
        outbox.redraw()
        _ = toggleDone(item.id, at: hit.0, t: t)
        return true
    }

    /// Ctrl+N: a new item after the selection (in its folder, if it is in one; at the end of the
    /// open folder when the folder itself is selected), else at the end of the first section; it
    /// is selected and its title ("New item", all selected) open for typing. One undoable step.
    /// Returns whether an item was added.
    @discardableResult
    public mutating func addItem(at t: Double) -> Bool {
        guard canEditNow, !model.sections.isEmpty else { return false }
        var path = IndexPath(section: 0, item: model.sections[0].items.count)
        if let folder = navigation.openFolder, let fp = locate(folder), navigation.selection == folder || navigation.selection == nil,
           let count = model.item(at: fp)?.children.count {
            path = IndexPath(section: fp.section, item: fp.item, child: count)
        } else if let sel = navigation.selection, let p = locate(sel) {
            path = p.child.map { IndexPath(section: p.section, item: p.item, child: $0 + 1) }
                ?? IndexPath(section: p.section, item: p.item + 1)
        }
        return addItem(at: path, t: t)
    }

    /// Adds "New item" at `path` (a top-level place or a folder's), selects it, shows it and opens
    /// its title for typing. One undoable step.
    @discardableResult
    public mutating func addItem(at path: IndexPath, t: Double) -> Bool {
        guard canEditNow else { return false }
        let id = model.freshID(prefix: "new-")
        let item = Item(id: id, title: Self.newItemTitle, icon: "", rgba: Self.newItemColor(id), sizeHint: .square)
        guard (try? update(at: t, summary: "Added \(Self.newItemTitle)", { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.insert(item, at: path)
        })) != nil else { return false }
        navigation.select(id, at: path)
        // The new item is the selection now, as a file manager's new folder is: what was marked
        // (a clicked tile keeps its check) is no longer, or two tiles would look selected.
        focusMoved()
        if path.child == nil, let j = snapshot.flatIndex(of: path) { reveal(j) }
        navigation.beginRenaming(id, at: path, title: Self.newItemTitle)
        outbox.redraw()
        return true
    }

    static let newItemTitle = "New item"

    /// A new item's colour: one of the sample palette's, picked by its id (so a replay picks the same).
    static func newItemColor(_ id: ItemID) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in id.rawValue.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return packedPalette[Int(h % UInt32(packedPalette.count))]
    }

    /// The sample palette, packed once (parsing its hex for each of a drop's 10,000 items cost ms).
    private static let packedPalette: [UInt32] = SampleData.palette.map { Item.pack(Color(hex: $0)!) }

    /// Edits from the keyboard wait for a gesture to end and for the collection to load.
    var canEditNow: Bool {
        session.press == nil && !session.isCarrying && !session.isSettling && !isLoading
    }

    /// After a delete at `path`: the entry now there (in the same folder, if it still is one), else
    /// the one before it, else nothing.
    private mutating func selectNear(_ path: IndexPath) {
        let s = path.section
        var candidates: [IndexPath] = []
        if let c = path.child {
            candidates = [IndexPath(section: s, item: path.item, child: c), IndexPath(section: s, item: path.item, child: c - 1),
                          IndexPath(section: s, item: path.item)]
        } else {
            candidates = [path, IndexPath(section: s, item: path.item - 1)]
        }
        let next = candidates.first { p in p.item >= 0 && (p.child ?? 0) >= 0 && model.item(at: p) != nil }
        navigation.select(next.flatMap { model.item(at: $0)?.id }, at: next)
        outbox.redraw()
    }
}

/// The "Add task" row that ends each board list: a click adds an item at the list's end, its
/// title open for typing, as Ctrl+N does.
extension Engine {
    static let addRowLabel = "+  Add task"

    /// The list whose "Add task" row is at window point `p` (within the list's visible pane), if any.
    func addRow(at p: Point) -> Int? {
        for (s, geo) in snapshot.sections.enumerated() {
            guard let k = geo.pane, let row = geo.addRow,
                  snapshot.toWindow(snapshot.panes[k].frame, pane: nil, offsets: offsets).contains(p),
                  snapshot.toWindow(row, pane: k, offsets: offsets).contains(p) else { continue }
            return s
        }
        return nil
    }

    /// Scrolls list `s` so its "Add task" row shows (and the item just added above it): the next
    /// task is one click away.
    mutating func revealAddRow(of s: Int) {
        guard let k = snapshot.sections[s].pane, let row = snapshot.sections[s].addRow else { return }
        let heading = scroll.target
        let w = snapshot.toWindow(row, pane: k, offsets: heading)
        let pf = snapshot.toWindow(snapshot.panes[k].frame, pane: nil, offsets: heading)
        if w.maxY + 6 > pf.maxY { scroll.scrollPane(k, by: w.maxY + 6 - pf.maxY, immediately: scrollsAtOnce) }
    }

    /// The row under the pointer while nothing is pressed, carried or open on top.
    var hoveredAddRow: Int? {
        guard case .idle = session.phase, navigation.overlay == nil, let p = session.pointer else { return nil }
        return addRow(at: p)
    }
}
