/// Marking items for a group drag, with the gestures file managers taught everyone: Ctrl+click
/// toggles, Shift+click marks the range from the last clicked item (in reading order, across
/// sections and board lists), Ctrl+A marks the focused item's section or list (or the open
/// folder), Shift+arrows extend from the anchor, Ctrl+Space toggles the focused item, Escape or a
/// click on empty space clears, and a press on empty space drags a rubber band that marks what it
/// touches (with Ctrl, adding to what was marked). `Marks` holds them; only this file changes it.
extension Engine {
    /// A click with Ctrl (toggle) or Shift (range from the anchor; with Ctrl too, added to the
    /// marks) on the item at `path`. The item becomes the focus; nothing opens.
    mutating func markClick(_ id: ItemID, at path: IndexPath, modifiers: Modifiers) {
        if modifiers.contains(.shift), let range = markRange(to: path) {
            navigation.editMarks { marks in
                if modifiers.contains(.control) { marks.add(range) } else { marks.replace(with: range) }
            }
        } else {
            navigation.editMarks { $0.toggle(id, at: path) }
        }
        navigation.select(id, at: path)
        outbox.redraw()
    }

    /// The items from the anchor to `path`, both included, in reading order: top-level items of
    /// the surface (flat order: sections, then places), or items of one folder. Nil without an
    /// anchor on `path`'s level (the range is then the item alone). O(range).
    func markRange(to path: IndexPath) -> [(id: ItemID, path: IndexPath)]? {
        if let c = path.child {
            guard let from = markAnchorPath(), let d = from.child, from.section == path.section, from.item == path.item
            else { return nil }
            let children = model.sections[path.section].items[path.item].children
            return (Swift.min(c, d)...Swift.max(c, d)).map {
                (id: children[$0].id, path: IndexPath(section: path.section, item: path.item, child: $0))
            }
        }
        return markFlatRange(to: path)?.compactMap { k in
            let p = snapshot.indexPath(ofFlat: k)
            return model.item(at: p).map { (id: $0.id, path: p) }
        }
    }

    /// The flat indices from the anchor to top-level `path`, both included: what a Shift+click
    /// there marks. Nil without a top-level anchor. Without walking the range.
    func markFlatRange(to path: IndexPath) -> ClosedRange<Int>? {
        guard path.child == nil, let from = markAnchorPath(), from.child == nil,
              let i = snapshot.flatIndex(of: from), let j = snapshot.flatIndex(of: path) else { return nil }
        return Swift.min(i, j)...Swift.max(i, j)
    }

    /// Where the anchor is now.
    private func markAnchorPath() -> IndexPath? {
        navigation.marks.anchor.flatMap { model.indexPath(of: $0, near: navigation.marks.anchorPath) }
    }

    /// Escape with nothing open, a click on empty space: nothing marked.
    mutating func clearMarks() {
        guard !navigation.marks.isEmpty || navigation.marks.anchor != nil else { return }
        navigation.editMarks { $0.clear() }
        outbox.redraw()
    }

    /// Where Shift+arrows extend from: the anchor, else the focus as it is before the key.
    func markAnchor() -> (id: ItemID, path: IndexPath)? {
        if let a = navigation.marks.anchor, let p = markAnchorPath() { return (a, p) }
        guard let f = navigation.selection, let p = navigation.selectionPath else { return nil }
        return (f, p)
    }

    /// Shift+arrow moved the focus: the marks are the range from `anchor` to it.
    mutating func extendMarks(from anchor: (id: ItemID, path: IndexPath)?) {
        guard let focus = navigation.selection, let path = navigation.selectionPath else { return }
        let a = anchor ?? (focus, path)
        navigation.editMarks { $0.setAnchor(a.id, at: a.path) }
        let range = markRange(to: path) ?? [(id: focus, path: path)]
        navigation.editMarks { $0.replace(with: range) }
        announce(.marked(range.count))
    }

    /// A plain arrow moved the focus: a file manager's selection follows it — no item marked (the
    /// focus ring shows where it is), and the next Shift range starts there.
    mutating func focusMoved() {
        guard let focus = navigation.selection, let path = navigation.selectionPath else { return }
        navigation.editMarks { marks in
            marks.clear()
            marks.setAnchor(focus, at: path)
        }
    }

    /// Ctrl+A: every item of the focused item's section or board list (of the first marked one's
    /// without a focus; the first section without either), or of the open folder. O(section).
    mutating func markAll() {
        guard !isDragging, navigation.renaming == nil else { return }
        var entries: [(id: ItemID, path: IndexPath)] = []
        if let panel = folderPanel {
            entries = panel.children.enumerated().map {
                (id: $0.element.id, path: IndexPath(section: panel.path.section, item: panel.path.item, child: $0.offset))
            }
        } else {
            let near = navigation.selectionPath ?? navigation.marks.ordered.first?.path
            guard case .none = navigation.overlay, !model.sections.isEmpty else { return }
            let s = near?.section ?? 0
            entries = model.sections[s].items.enumerated().map { (id: $0.element.id, path: IndexPath(section: s, item: $0.offset)) }
        }
        guard !entries.isEmpty else { return }
        navigation.editMarks { $0.replace(with: entries) }
        announce(.marked(entries.count))
        outbox.redraw()
    }

    /// Ctrl+Space: the focused item in or out of the marks.
    mutating func toggleFocusMark() {
        guard !isDragging, navigation.renaming == nil, let id = navigation.selection, let p = locate(id) else { return }
        navigation.editMarks { $0.toggle(id, at: p) }
        announce(.marked(navigation.marks.count))
        outbox.redraw()
    }

    // MARK: - The rubber band

    /// The band let go: what it touches is marked (added to the marks with Ctrl). Released where it
    /// was pressed, it was a click on empty space: the marks are cleared (kept with Ctrl).
    mutating func endBand(_ band: Band) {
        defer { session.end(); outbox.redraw() }
        guard band.moved, let rect = bandRect else {
            if !band.adding { clearMarks() }
            return
        }
        let touched = items(touching: rect)
        navigation.editMarks { marks in
            if !band.adding { marks.clear() }
            marks.add(touched)
            if let last = touched.last { marks.setAnchor(last.id, at: last.path) }
        }
    }

    /// The top-level items whose frames intersect `rect` (window coordinates, which may reach
    /// past the window: a band stretched by autoscroll), in reading order. O(items in it).
    func items(touching rect: Rect) -> [(id: ItemID, path: IndexPath)] {
        var flat: [Int] = []
        let root = rect.offsetBy(dx: offsets.root.x, dy: offsets.root.y)
        snapshot.forEachItem(in: root, pane: nil) { flat.append($0) }
        for (k, pane) in snapshot.panes.enumerated() {
            let shown = pane.frame.intersection(root)
            guard !shown.isEmpty else { continue }
            let local = Rect(x: shown.minX - pane.frame.minX, y: shown.minY - pane.frame.minY + offsets.pane(k),
                             width: shown.width, height: shown.height)
            snapshot.forEachItem(in: local, pane: k) { flat.append($0) }
        }
        return flat.sorted().compactMap { i in
            let p = snapshot.indexPath(ofFlat: i)
            return model.item(at: p).map { (id: $0.id, path: p) }
        }
    }

    /// One frame of a band held near an edge: the root scrolls, as under a carried item, and
    /// the band (anchored in content space) stretches over what scrolls in.
    mutating func autoscrollBand(dt: Double, at t: Double) {
        guard let band = session.band, band.moved, let p = session.pointer else { return }
        let axis = snapshot.scrollAxis
        let depth = Autoscroll.depth(of: p[axis], lo: 0, hi: viewport[axis], inset: policy.autoscrollEdgeInset)
        if let m = session.autoscrollBand(offset: scroll.offsets.root[axis], limit: scroll.limits.root[axis], depth: depth,
                                          at: t, dt: dt, policy: policy) {
            scroll.jumpRoot(along: axis, to: m)
            outbox.redraw()
        }
    }
}
