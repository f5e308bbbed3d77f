/// Input handling: each event updates the state at its timestamp.
extension Engine {
    public mutating func handle(_ event: InputEvent, at t: Double) {
        advance(to: t)
        switch event {
        case .pointerDown(let p): pointerDown(p, at: t)
        case .pointerMove(let p): pointerMove(p, at: t)
        case .pointerUp(let p): pointerUp(p, at: t)
        case .wheel(let dx, let dy, let p): wheel(dx: dx, dy: dy, at: p)
        case .key(let k): key(k, at: t)
        case .resize(let size): resize(to: size, at: t)
        case .pointerLeft:
            if case .lifted = phase {} else { pointer = nil; dirty = true }
        case .grabLost: cancelDrag(at: t)
        }
    }

    mutating func pointerDown(_ p: Point, at t: Double) {
        pointer = p
        if case .settling = phase { return }  // seed 001: input waits for the end animation
        if let view = openFolder, view.panel.contains(p) {
            if let child = view.child(at: p) {
                let fid = view.folder
                phase = .pressed(Press(id: child, path: model.indexPath(of: child, near: hints[fid]), start: t, origin: p, folder: fid))
                pressedID = child
                pressScale = pressScale.retargeted(to: policy.pressScale, at: t, duration: motion(policy.pressDuration))
                dirty = true
            }
            return
        }
        if overlay != nil { closeOverlay(); return }
        if beginScrub(at: p) { return }
        guard let path = snapshot.item(at: p, offsets: offsets), let item = model.item(at: path) else {
            phase = .idle
            return
        }
        phase = .pressed(Press(id: item.id, path: path, start: t, origin: p))
        pressedID = item.id
        pressScale = pressScale.retargeted(to: policy.pressScale, at: t, duration: motion(policy.pressDuration))
        dirty = true
    }

    mutating func pointerMove(_ p: Point, at t: Double) {
        let old = pointer
        pointer = p
        switch phase {
        case .pressed(var press):
            if !press.moved && press.origin.distance(to: p) > policy.slop {
                press.moved = true
                phase = .pressed(press)
                releasePress(at: t)
            }
        case .lifted(var lift):
            lift.pointer = p
            phase = .lifted(lift)
            updateHover(at: t)
            dirty = true
        case .scrubbing(let s):
            scrub(s, to: p)
        default:
            if old.flatMap({ item(at: $0)?.id }) != item(at: p)?.id { dirty = true }  // cursor may change
        }
    }

    mutating func pointerUp(_ p: Point, at t: Double) {
        pointer = p
        switch phase {
        case .pressed(let press):
            releasePress(at: t)
            phase = .idle
            if !press.moved { click(press.id, at: press.path) }
        case .lifted(var lift):
            lift.pointer = p
            phase = .lifted(lift)
            if Rect(origin: .zero, size: viewport).contains(p) { drop(at: t) } else { cancelDrag(at: t) }
        case .scrubbing(let s):
            scrub(s, to: p)
            phase = .idle
            settleOnPage(velocity: 0)
        default: break
        }
    }

    /// Closes the detail view or folder on top: back to the folder a detail view was opened from,
    /// as it was scrolled, else to the surface.
    mutating func closeOverlay() {
        if case .detail? = overlay, let beneath = folderBeneath, item(withID: beneath.id)?.isFolder == true {
            overlay = .folder(beneath.id)
            folderOffset = beneath.offset
            folderTarget = beneath.offset
        } else {
            overlay = nil
        }
        folderBeneath = nil
        dirty = true
    }

    mutating func releasePress(at t: Double) {
        pressScale = pressScale.retargeted(to: 1, at: t, duration: motion(policy.pressDuration))
        dirty = true
    }

    /// A click without lift selects the item and opens it (seed 000: selecting opens a detail view).
    mutating func click(_ id: ItemID, at path: IndexPath? = nil) {
        selection = id
        let path = model.indexPath(of: id, near: path ?? hints[id])
        remember(id, at: path)
        // An item opened from an open folder: closing its details goes back to the folder.
        if case .folder(let fid)? = overlay { folderBeneath = (fid, folderTarget) } else { folderBeneath = nil }
        overlay = path.flatMap { model.item(at: $0) }?.isFolder == true ? .folder(id) : .detail(id)
        effects.append(.opened(id))
        dirty = true
    }

    mutating func key(_ k: Key, at t: Double) {
        switch k {
        case .escape:
            if isDragging { cancelDrag(at: t) } else if overlay != nil { closeOverlay() }
        case .enter, .space:
            if let id = selection, !isDragging { click(id) }
        case .character(let c):
            if let choice = ["1": LayoutChoice.grid, "2": .masonry, "3": .board][c], !isDragging {
                setLayout(choice, at: t)
            }
        case .left, .right, .up, .down:
            if let view = openFolder { moveFolderSelection(k, in: view) } else { moveSelection(k) }
        case .pageUp, .pageDown, .home, .end:
            // An open folder is modal: the paging keys page its items, not the surface below.
            if let view = openFolder {
                let page = Swift.max(40, view.contentFrame.height * 0.9)
                switch k {
                case .pageUp: scrollFolder(view, by: -page, smoothly: true)
                case .pageDown: scrollFolder(view, by: page, smoothly: true)
                case .home: scrollFolder(view, to: 0, smoothly: true)
                default: scrollFolder(view, to: view.maxOffset, smoothly: true)
                }
                return
            }
            switch k {
            case .pageUp: scroll(by: -pageLength)
            case .pageDown: scroll(by: pageLength)
            case .home: scroll(by: -.infinity)
            default: scroll(by: .infinity)
            }
        }
    }

    var pageLength: Double { Swift.max(40, viewport[snapshot.scrollAxis] * 0.9) }

    /// Scrolls the root surface along its axis (smoothly: `offsets` eases to the target).
    mutating func scroll(by delta: Double) {
        let axis = snapshot.scrollAxis
        var target = scrollTarget
        let limit = snapshot.maxRootOffset[axis]
        target.root[axis] = Swift.min(limit, Swift.max(0, target.root[axis] + (delta.isFinite ? delta : (delta > 0 ? limit : -limit))))
        scrollTarget = target
        if policy.reduceMotion { offsets = scrollTarget }
        dirty = true
    }

    mutating func wheel(dx: Double, dy: Double, at p: Point) {
        // An open folder is modal: the wheel scrolls its items, wherever the pointer is.
        if let view = openFolder {
            scrollFolder(view, by: dy, smoothly: true)
            return
        }
        if let k = snapshot.pane(at: p, offsets: offsets), dy != 0 {
            var target = scrollTarget
            target.panes[k] = Swift.min(snapshot.panes[k].maxOffset, Swift.max(0, target.pane(k) + dy))
            scrollTarget = target
            if dx != 0 { scrollRoot(dx: dx, dy: 0); noteSidewaysScroll(dx: dx, at: now) }
        } else {
            // A vertical wheel scrolls a horizontal surface sideways, as users of a board expect.
            let alongAxis = snapshot.scrollAxis == .horizontal ? (dx != 0 ? dx : dy) : dy
            scrollRoot(dx: snapshot.scrollAxis == .horizontal ? alongAxis : dx, dy: snapshot.scrollAxis == .vertical ? alongAxis : 0)
            noteSidewaysScroll(dx: snapshot.scrollAxis == .horizontal ? alongAxis : dx, at: now)
        }
        if policy.reduceMotion { offsets = scrollTarget }
        dirty = true
    }

    mutating func scrollRoot(dx: Double, dy: Double) {
        let m = snapshot.maxRootOffset
        scrollTarget.root = Point(x: Swift.min(m.x, Swift.max(0, scrollTarget.root.x + dx)),
                                  y: Swift.min(m.y, Swift.max(0, scrollTarget.root.y + dy)))
    }

    /// With a folder open, the arrow keys move the selection among its items (row by row, as
    /// they are laid out), scrolling the panel to keep the selected one in view.
    mutating func moveFolderSelection(_ k: Key, in view: FolderView) {
        guard !view.children.isEmpty else { return }
        let count = view.children.count
        let firstRow = view.frames[view.children[0]]!.minY
        let columns = Swift.max(1, view.children.prefix { view.frames[$0]!.minY == firstRow }.count)
        let next: Int
        if let id = selection, let i = view.children.firstIndex(of: id) {
            switch k {
            case .left: next = Swift.max(0, i - 1)
            case .right: next = Swift.min(count - 1, i + 1)
            case .up: next = i >= columns ? i - columns : i
            default: next = i + columns < count ? i + columns : i
            }
        } else {
            next = 0
        }
        let id = view.children[next]
        selection = id
        dirty = true
        // Into view where the scroll is heading: the item within the items' area (8 px clear of
        // its edges), scrolled as little as needed.
        let f = view.frames[id]!, c = view.contentFrame
        let top = f.minY - c.minY + view.offset, bottom = top + f.height
        if top - 8 < folderTarget { scrollFolder(view, to: top - 8, smoothly: true) }
        else if bottom + 8 > folderTarget + c.height { scrollFolder(view, to: bottom + 8 - c.height, smoothly: true) }
    }

    /// Arrow keys move the selection to the neighbouring cell in that direction.
    mutating func moveSelection(_ k: Key) {
        guard !snapshot.frames.isEmpty else { return }
        guard let id = selection, let i = flatIndex(of: id) else {
            selection = (snapshot.visibleItems(offsets: offsets).first ?? (snapshot.itemCount > 0 ? 0 : nil)).flatMap { id(ofFlat: $0) }
            dirty = true
            return
        }
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
        let local = snapshot.frame(ofFlat: i)
        let near = local.insetBy(dx: -viewport.width, dy: -viewport.height)
        snapshot.forEachItem(in: near, pane: pane, consider)
        // Nothing near in that direction, or a closer candidate may lie beyond the window: look everywhere.
        if best == nil || best!.1 > Swift.min(viewport.width, viewport.height) {
            best = nil
            for j in 0..<snapshot.itemCount { consider(j) }
        }
        guard let (j, _) = best, let found = self.id(ofFlat: j) else { return }
        selection = found
        remember(found, at: snapshot.indexPath(ofFlat: j))
        reveal(j)
        dirty = true
    }

    /// Scrolls so the item at flat index `j` is fully visible.
    mutating func reveal(_ j: Int) {
        let w = snapshot.windowFrame(ofFlat: j, offsets: scrollTarget)
        let axis = snapshot.scrollAxis
        if let k = snapshot.sections[snapshot.indexPath(ofFlat: j).section].pane {
            let pf = snapshot.toWindow(snapshot.panes[k].frame, pane: nil, offsets: scrollTarget)
            if w.minY < pf.minY { scrollTarget.panes[k] -= pf.minY - w.minY }
            if w.maxY > pf.maxY { scrollTarget.panes[k] += w.maxY - pf.maxY }
            scrollTarget = scrollTarget.clamped(to: snapshot)
        }
        let lo = w.min(axis), hi = w.max(axis)
        if lo < 0 { scroll(by: lo - 8) } else if hi > viewport[axis] { scroll(by: hi - viewport[axis] + 8) }
    }

    /// Duration, or zero under reduced motion.
    func motion(_ d: Double) -> Double { policy.reduceMotion ? 0 : d }
}
