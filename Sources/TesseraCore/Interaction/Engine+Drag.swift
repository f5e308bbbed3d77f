/// The carried item: where it is aimed (`DropRules`), the dwell (one routine for the surface,
/// board lists and an open folder), live reorder, taking it out of a folder, drop and cancel.
extension Engine {
    /// Re-reads the target under the pointer and runs the dwell (seed 001's move and add timers).
    mutating func updateHover(at t: Double) {
        guard let lift = session.lift else { return }
        // What the dwell under way shows now, to take back smoothly if the hover moves on (a dwell
        // that acted has taken it on itself: the relayout slides the cells from where they were).
        let parted = partedCells(), grown = dwellGrowth().map { (id: $0.id, scale: $0.scale) }
        if !retarget(lift, at: t) { hoverLeft(lift.hover, parted: parted, grown: grown, at: t) }
    }

    /// Reads the target under the pointer and runs the dwell; true when a dwell moved the item.
    private mutating func retarget(_ lift: Lift, at t: Double) -> Bool {
        if let fid = lift.folder {
            if let panel = folderPanel, panel.folder == fid, let from = model.indexPath(of: lift.id, near: lift.path),
               let c = from.child {
                guard !panel.holds(lift.pointer) else {
                    let gap = panel.gap(at: lift.pointer, offset: scroll.folderOffset)
                    _ = session.hover(DropRules.chooseFolderGap(gap, carriedChild: c), in: .folder(fid), at: t)
                    return runDueDwell(at: t)
                }
                // Carried past the panel's edge: the folder closes and the item is carried over the
                // surface, still in its folder until it rests at a gap or is dropped (one reflow,
                // where it goes — not one next to the folder first).
                leaveFolder(at: from)
            } else {
                session.lostFolder()
            }
        }
        return hoverOnSurface(at: t)
    }

    private mutating func hoverOnSurface(at t: Double) -> Bool {
        guard let lift = session.lift, let from = model.indexPath(of: lift.id, near: lift.path) else { return false }
        session.carried(to: from)
        // Off the window nothing happens where the user cannot see it: no target, no dwell (the
        // edge autoscroll goes on).
        guard Rect(origin: .zero, size: viewport).contains(lift.pointer) else {
            if let left = session.hover(nil, in: .surface, at: t) { presentation.closeTarget(left, at: t, policy: policy) }
            return false
        }
        let dragged = model.item(at: from)
        let raw = snapshot.dropTarget(at: lift.pointer, offsets: offsets, previous: lift.hover?.target,
                                      zones: policy.dropZones) { path in
            guard let dragged, let target = model.item(at: path) else { return false }
            return DropRules.canDrop(dragged, from: from, onto: target, at: path, group: !lift.group.isEmpty)
        }
        if let left = session.hover(DropRules.chooseTarget(raw, carriedFrom: from), in: .surface, at: t) {
            presentation.closeTarget(left, at: t, policy: policy)
            outbox.redraw()
        }
        return runDueDwell(at: t)
    }

    /// Acts on the hover whose dwell has run out: a gap reorders (on the surface or in the open
    /// folder), a cell's centre opens as a drop target. True when the item moved.
    private mutating func runDueDwell(at t: Double) -> Bool {
        guard let due = session.dueDwell(at: t, policy: policy), let lift = session.lift else { return false }
        switch (due.place, due.target) {
        case (.surface, .gap(let s, let i)):
            // The same incremental move a program makes (`Engine.move`); it joins the drag's edits.
            // The hover is used up after it: the neighbours slide on from where they were parted.
            let to = aimed(destination(ofGap: i, in: s, carried: lift.path), lift: lift)
            try? move(lift.id, to: to, near: lift.path, at: t, animated: true)
            session.dwellUsed()
            announceMove(of: lift.id, from: lift.path)
            return true
        case (.surface, .into(let path)):
            guard let target = model.item(at: path) else { return false }
            if lift.carriesFolder || model.item(at: lift.path)?.isFolder == true {
                refuseFolderInFolder(target.id, at: t)
                return false
            }
            let grown = dwellGrowth()?.scale ?? 1
            session.opened(OpenTarget(id: target.id, path: path))
            presentation.openTarget(target.id, from: grown, at: t, policy: policy)
            outbox.redraw()
            if announcesDrag { announce(.over(target.title, makesFolder: !target.isFolder)) }
            return false
        case (.folder(let fid), .gap(_, let g)):
            reorderInFolder(lift.id, folder: fid, toGap: g, from: lift.path, at: t)
            session.dwellUsed()
            announceMove(of: lift.id, from: lift.path)
            return true
        case (.folder, .into):
            return false  // not offered: no folders in folders
        }
    }

    /// Moves the carried child of the open folder to gap `g` among its siblings; the siblings on
    /// screen slide to their new places.
    mutating func reorderInFolder(_ id: ItemID, folder fid: ItemID, toGap g: Int, from: IndexPath, at t: Double) {
        guard let c = from.child, let before = folderPanel else { return }
        let drawnBefore = drawnChildren(of: before)
        let at = g > c ? g - 1 : g
        let folderPath = IndexPath(section: from.section, item: from.item)
        do {
            // Not animated by the relayout: the children move in the folder's panel (below).
            try update(at: t, animated: false) { (u: inout ModelUpdates) throws(ModelEditError) in
                try u.moveIntoFolder(id, folder: fid, at: at, near: from, folderNear: folderPath)
            }
        } catch { return }
        session.carried(to: IndexPath(section: from.section, item: from.item, child: at))
        if let after = folderPanel { slideChildren(from: before, drawn: drawnBefore, to: after, excluding: id, at: t) }
        outbox.redraw()
    }

    /// The carried child left its folder's panel: the panel closes; the item stays in the folder
    /// (in the model) and is carried over the surface.
    private mutating func leaveFolder(at path: IndexPath) {
        session.leftFolder(to: path)
        let closing = folderPanel.map { (panel: $0, offset: scroll.folderOffset) }
        _ = navigation.close()
        refreshFolderPanel()
        if let c = closing {
            presentation.closeOverlay(.folder(c.panel, offset: c.offset), into: drawnFrame(of: c.panel.folder), at: now, policy: policy)
        }
        outbox.redraw()
    }

    /// In a masonry, a move re-places every item after it, so the index a gap stands for may
    /// land the item in another column. Of the places around it, the one that lands the item in
    /// the column under the pointer, nearest to it (three places either side). Elsewhere,
    /// `destination` as it is.
    /// O(index) for a masonry (it places the items before it again), O(1) otherwise.
    func aimed(_ destination: IndexPath, lift: Lift) -> IndexPath {
        guard case .masonry(let m) = layout, destination.section < snapshot.sections.count,
              let dragged = model.item(at: lift.path) else { return destination }
        let s = destination.section, geo = snapshot.sections[s]
        let items = model.sections[s].items
        let skipping = lift.path.section == s && lift.path.child == nil ? lift.path.item : nil
        let count = items.count - (skipping == nil ? 0 : 1)
        let p = lift.pointer + offsets.root
        let column = m.column(at: p.x, width: viewport.width)
        var best: (index: Int, distance: Double)?
        for c in (destination.item - 3)...(destination.item + 3) where c >= 0 && c <= count {
            let landing = m.landing(ofAspect: dragged.sizeHint.aspect, at: c, among: items, skipping: skipping, width: viewport.width)
            guard landing.column == column else { continue }
            let d = abs(geo.itemArea.minY + landing.y - p.y)
            if best == nil || d < best!.distance { best = (c, d) }
        }
        return best.map { IndexPath(section: s, item: $0.index) } ?? destination
    }

    /// Where gap `i` of section `s` puts the carried item (at `carried`) once it is taken out.
    func destination(ofGap i: Int, in s: Int, carried: IndexPath) -> IndexPath {
        let folderSize = carried.child.flatMap { _ in model.item(at: IndexPath(section: carried.section, item: carried.item)) }?
            .children.count
        return DropRules.destination(ofGap: i, in: s, carriedFrom: carried, emptiesFolder: folderSize == 1)
    }

    /// An item carried out of a folder and released on the surface lands where it was aimed: the
    /// gap under the pointer (beside the cell it is over), or next to its folder.
    private mutating func land(_ lift: Lift, from path: IndexPath, at t: Double) {
        var destination = IndexPath(section: path.section, item: path.item + 1)
        switch lift.hover?.target {
        case .gap(let s, let i)?: destination = self.destination(ofGap: i, in: s, carried: path)
        case .into(let over)?:
            let f = snapshot.frame(of: over).map { snapshot.toWindow($0, pane: snapshot.sections[over.section].pane, offsets: offsets) }
            let after = f.map { lift.pointer[snapshot.reorderAxis] >= $0.center[snapshot.reorderAxis] } ?? true
            destination = self.destination(ofGap: over.item + (after ? 1 : 0), in: over.section, carried: path)
        case nil: break
        }
        try? move(lift.id, to: destination, near: path, at: t, animated: true)
    }

    /// Release inside the window: into the open target, or commit the current order. A group's
    /// members go in beside the held item (`placeGroup`), in the same commit.
    mutating func drop(at t: Double) {
        guard var lift = session.lift, var path = model.indexPath(of: lift.id, near: lift.path),
              let item = model.item(at: path) else { return }
        var destination = Settle.Destination.slot
        if lift.open == nil, lift.folder == nil, path.child != nil {
            // Carried out of a folder and released on the surface.
            land(lift, from: path, at: t)
            lift = session.lift ?? lift
            path = model.indexPath(of: lift.id, near: lift.path) ?? path
        }
        let n = lift.group.count + 1
        let what = n > 1 ? "\(n) items" : Toast.quoted(item.title)
        var summary = "Moved \(what)", toast = n > 1
        var madeFolder: ItemID?
        if let open = lift.open {
            let into = model.item(withID: open.id).map { target in
                target.isFolder ? "Moved \(what) into \(Toast.quoted(target.title))"
                    : "Made a folder of \(Toast.quoted(target.title)) and \(what)"
            }
            do {
                let folder = try update(at: t, animated: true) { (u: inout ModelUpdates) throws(ModelEditError) -> ItemID in
                    try u.drop(lift.id, onto: open.id, near: path, targetNear: open.path)
                }
                destination = .folder(folder, near: open.path)
                if let into { summary = into; toast = true }
                if folder != open.id { madeFolder = folder }
                presentation.closeTarget(open.id, at: t, policy: policy)
                presentation.moveTarget(from: open.id, to: folder)
            } catch {}
        }
        let homes = placeGroup(at: t)
        if let l = session.lift, changedModel(l) { commit(l.edits, summary: summary, toast: toast, avoid: lift.pointer) }
        let speaks = announcesDrag
        // A new folder's suggested name is open for typing at once (Enter keeps it).
        if let f = madeFolder, let p = locate(f), let title = model.item(at: p)?.title {
            navigation.beginRenaming(f, at: p, title: title)
        }
        let into: Settle.Destination? = if case .folder = destination { destination } else { nil }
        if case .slot = destination { destination = homeDestination(of: lift.id) }
        let members = fanOut(lift, homes: homes, into: into, at: t)
        markLanded(lift, homes: homes)
        settle(item, from: carriedFrame(lift), to: destination, members: members, at: t)
        if speaks {
            if case .folder(let f, _) = destination, let folder = model.item(withID: f) {
                announce(.droppedInto(n > 1 ? "\(n) items" : item.title, folder: folder.title))
            } else if let place = announcedPlace(of: item.id) {
                announce(n > 1 ? .droppedGroup(n, place) : .dropped(item.title, place))
            }
        }
    }

    /// A group holding a folder dwelt on a cell: no folders in folders. The cell shakes, a notice
    /// says why, and the hover is spent until the pointer moves on.
    private mutating func refuseFolderInFolder(_ target: ItemID, at t: Double) {
        session.dwellRefused()
        presentation.refuse(target, at: t)
        let text = Announcement.refusedFolderInFolder.text
        presentation.show(Toast(text: text, action: nil, shownAt: t, avoid: session.lift?.pointer))
        if announcesDrag { announce(.refusedFolderInFolder) }
        outbox.redraw()
    }

    /// Whether the drag's edits left the model different from the moment of lift (a drag that puts
    /// the item back where it was commits nothing). Moves alone: the item is elsewhere. With folder
    /// steps: undo them on a copy and compare (only the touched sections are copied).
    func changedModel(_ lift: Lift) -> Bool {
        guard !lift.edits.isEmpty else { return false }
        if lift.edits.onlyMoves && lift.group.isEmpty { return locate(lift.id) != lift.originalPath }
        var before = model
        lift.edits.undo(&before)
        return before != model
    }

    /// Where the snapshot flies home: its slot, or its folder's cell when it lives in a closed folder.
    func homeDestination(of id: ItemID) -> Settle.Destination {
        guard let p = locate(id), p.child != nil else { return .slot }
        let folder = model.sections[p.section].items[p.item].id
        return navigation.openFolder == folder ? .slot : .folder(folder, near: IndexPath(section: p.section, item: p.item))
    }

    /// Escape, a release outside the window, or a lost grab: the order from the moment of lift
    /// comes back and the snapshot flies home. A press not yet lifted just ends.
    public mutating func cancelDrag(at t: Double) {
        if session.press != nil {
            presentation.releasePress(at: t, policy: policy)
            session.end()
            outbox.redraw()
            return
        }
        guard let lift = session.lift, let item = item(withID: lift.id) else { return }
        if let open = lift.open { presentation.closeTarget(open.id, at: t, policy: policy) }
        if !lift.edits.isEmpty {
            // Undone as one more edit, so the relayout maps paths across it; then nothing is left to undo.
            update(at: t, animated: true) { (u: inout ModelUpdates) in u.undo(lift.edits) }
            session.rolledBack()
        }
        outbox.post(.cancelled(lift.id))
        let speaks = announcesDrag
        // The undo put each member back in its own slot: each flies home there.
        let homes = lift.group.map { ($0, model.indexPath(of: $0.item.id, near: $0.origin)) }
        let members = fanOut(lift, homes: homes, into: nil, at: t)
        markLanded(lift, homes: homes)
        settle(item, from: carriedFrame(lift), to: homeDestination(of: lift.id), members: members, at: t)
        if speaks {
            if !homes.isEmpty { announce(.cancelledGroup(homes.count + 1)) }
            else if let place = announcedPlace(of: item.id) { announce(.cancelled(item.title, place)) }
        }
    }

    /// The carried snapshot starts its flight home (`settlingSnapshot` draws it).
    mutating func settle(_ item: Item, from: Rect, to destination: Settle.Destination, members: [Settle.Member] = [], at t: Double) {
        guard let lift = session.lift else { return }
        let rotation = Wobble.angle(sinceLift: t - lift.liftTime, policy: policy)
        session.settle(Settle(id: item.id, item: item, path: model.indexPath(of: item.id, near: lift.path), start: t,
                              from: from, fromRotation: rotation, fromScale: presentation.land(at: t), destination: destination,
                              members: members))
        settleBoardOnPage(velocity: 0)
        if policy.reduceMotion { session.landed() }
        outbox.redraw()
    }

    /// The settling snapshot's rect, rotation, scale and alpha at the current time.
    public var settlingSnapshot: (item: Item, frame: Rect, rotation: Double, scale: Double, alpha: Double)? {
        guard let s = session.settle else { return nil }
        let p = Tween(from: 0, to: 1, start: s.start, duration: policy.settleDuration).progress(at: now)
        switch s.destination {
        case .slot:
            let to = s.path.flatMap { drawnFrame(of: s.id, at: $0) } ?? s.from
            return (s.item, Rect.lerp(s.from, to, p), s.fromRotation * (1 - p), s.fromScale + (1 - s.fromScale) * p, 1)
        case .folder(let f, let near):
            let to = (model.indexPath(of: f, near: near).flatMap { drawnFrame(of: f, at: $0) } ?? s.from).scaled(by: 0.35)
            return (s.item, Rect.lerp(s.from, to, p), s.fromRotation * (1 - p), s.fromScale, 1 - p * 0.8)
        }
    }
}

extension Engine {
    /// After a move of the carried item (a dwell, a key): where it is now, saying the section or
    /// list when it crossed into another one.
    mutating func announceMove(of id: ItemID, from: IndexPath) {
        guard announcesDrag, let to = locate(id), let place = announcedPlace(of: id) else { return }
        announce(.moved(to: place, crossed: to.section != from.section))
    }
}
