/// The arrow keys move the selection: among the surface's cells, or among an open folder's items,
/// scrolling to keep it in view.
extension Engine {
    /// With a folder open, the arrow keys move the selection among its items (row by row, as
    /// they are laid out), scrolling the panel to keep the selected one in view.
    mutating func moveFolderSelection(_ k: Key, in panel: FolderPanel) {
        let count = panel.children.count
        guard count > 0 else { return }
        let columns = panel.columns
        let next: Int
        if let id = navigation.selection, let p = navigation.selectionPath, p.section == panel.path.section,
           p.item == panel.path.item, let i = p.child, i < count, panel.children[i].id == id {
            switch k {
            case .left: next = Swift.max(0, i - 1)
            case .right: next = Swift.min(count - 1, i + 1)
            case .up: next = i >= columns ? i - columns : i
            // Down into a shorter last row: its last item.
            default: next = (i / columns + 1) * columns < count ? Swift.min(i + columns, count - 1) : i
            }
        } else {
            next = 0
        }
        navigation.select(panel.children[next].id, at: IndexPath(section: panel.path.section, item: panel.path.item, child: next))
        outbox.redraw()
        revealChild(next, in: panel)
    }

    /// Scrolls the open folder so its item `next` shows, where the scroll is heading: within the
    /// items' area (a margin clear of its edges), scrolled as little as needed.
    mutating func revealChild(_ next: Int, in panel: FolderPanel) {
        let c = panel.contentFrame, m = Self.revealMargin
        let top = panel.frame(ofChild: next, offset: 0).minY - c.minY, bottom = top + panel.frame(ofChild: next, offset: 0).height
        if top - m < scroll.folderTarget {
            scroll.scrollFolder(to: top - m, immediately: scrollsAtOnce)
        } else if bottom + m > scroll.folderTarget + c.height {
            scroll.scrollFolder(to: bottom + m - c.height, immediately: scrollsAtOnce)
        }
    }

    /// Arrow keys move the selection to the neighbouring cell in that direction.
    mutating func moveSelection(_ k: Key) {
        guard snapshot.itemCount > 0 else { return }
        guard let id = navigation.selection, let i = flatIndex(of: id) else {
            let first = snapshot.visibleItems(offsets: offsets).first ?? 0
            navigation.select(self.id(ofFlat: first), at: snapshot.indexPath(ofFlat: first))
            outbox.redraw()
            return
        }
        guard let j = nearestCell(from: i, toward: k), let found = self.id(ofFlat: j) else { return }
        navigation.select(found, at: snapshot.indexPath(ofFlat: j))
        reveal(j)
        outbox.redraw()
    }

    /// The flat index of the nearest cell whose centre lies from cell `i` in the direction of
    /// arrow `k`, preferring those in line; nil when there is none.
    func nearestCell(from i: Int, toward k: Key) -> Int? {
        let from = snapshot.windowFrame(ofFlat: i, offsets: offsets)
        let dir: Point = switch k {
        case .left: Point(x: -1, y: 0)
        case .right: Point(x: 1, y: 0)
        case .up: Point(x: 0, y: -1)
        default: Point(x: 0, y: 1)
        }
        // The nearest cell whose centre lies in that direction, preferring those in line.
        var best: (Int, Double)?
        func consider(_ j: Int) {
            guard j != i else { return }
            let c = snapshot.windowFrame(ofFlat: j, offsets: offsets).center
            let d = c - from.center
            let along = d.x * dir.x + d.y * dir.y
            guard along > 1 else { return }
            let across = abs(d.x * dir.y - d.y * dir.x)
            let cost = along + across * 3
            if best == nil || cost < best!.1 || (cost == best!.1 && j < best!.0) { best = (j, cost) }
        }
        // Look near first (a viewport around the cell, in its own space): the answer is almost
        // always there, and asking the index costs what it finds, not N.
        let pane = snapshot.sections[snapshot.section(ofFlat: i)].pane
        let near = snapshot.frame(ofFlat: i).insetBy(dx: -viewport.width, dy: -viewport.height)
        snapshot.forEachItem(in: near, pane: pane, consider)
        // Nothing near in that direction, or a closer candidate may lie beyond the window: look
        // everywhere (O(items), once per key press, only at the far edges of a board).
        if best == nil || best!.1 > Swift.min(viewport.width, viewport.height) {
            best = nil
            for j in 0..<snapshot.itemCount { consider(j) }
        }
        return best?.0
    }

    /// Scrolls so the item at flat index `j` is fully visible, where the scroll is heading.
    mutating func reveal(_ j: Int) {
        let heading = scroll.target
        let w = snapshot.windowFrame(ofFlat: j, offsets: heading)
        if let k = snapshot.sections[snapshot.section(ofFlat: j)].pane {
            let pf = snapshot.toWindow(snapshot.panes[k].frame, pane: nil, offsets: heading)
            if w.minY < pf.minY { scroll.scrollPane(k, by: w.minY - pf.minY, immediately: scrollsAtOnce) }
            if w.maxY > pf.maxY { scroll.scrollPane(k, by: w.maxY - pf.maxY, immediately: scrollsAtOnce) }
        }
        let axis = snapshot.scrollAxis, m = Self.revealMargin
        let lo = w.min(axis), hi = w.max(axis)
        if lo < m {
            scroll.scrollRoot(along: axis, to: heading.root[axis] + lo - m, immediately: scrollsAtOnce)
        } else if hi > viewport[axis] - m {
            scroll.scrollRoot(along: axis, to: heading.root[axis] + hi - viewport[axis] + m, immediately: scrollsAtOnce)
        }
    }

    /// Room left between an item scrolled into view and the window's edge (a section's inset).
    static let revealMargin = 16.0
}
