/// The carried item: hover classification, the two dwell timers, live reorder, drop and cancel.
extension Engine {
    /// Re-reads the target under the pointer and runs the dwell timers (seed 001's move and add timers).
    mutating func updateHover(at t: Double) {
        if case .lifted(var lift) = phase, let fid = lift.folder {
            updateFolderHover(&lift, folder: fid, at: t)
            phase = .lifted(lift)
            if lift.folder != nil { return }
        }
        guard case .lifted(var lift) = phase, let from = model.indexPath(of: lift.id, near: lift.path) else { return }
        lift.path = from
        let dragged = model.item(at: from)
        let target = snapshot.dropTarget(at: lift.pointer, offsets: offsets, previous: lift.hover?.target,
                                         zones: policy.dropZones) { path in
            guard path != from, let item = self.model.item(at: path), item.isMovable, path.child == nil else { return false }
            return dragged?.isFolder == false  // folders never go into folders
        }
        // A gap next to the item's own slot changes nothing: no dwell to run.
        var effective = target
        if case .gap(let s, let i)? = target, from.child == nil, s == from.section, i == from.item || i == from.item + 1 {
            effective = nil
        }
        if effective != lift.hover?.target {
            lift.hover = effective.map { Hover(target: $0, since: t) }
            if let open = lift.open, effective != locate(open).map(DropTarget.into) {
                closeTarget(open, at: t)
                lift.open = nil
            }
        }
        phase = .lifted(lift)
        guard let hover = lift.hover else { return }
        switch hover.target {
        case .gap(let s, let i) where t >= hover.since + policy.reorderDwell:
            // Indices counted with the item in place; the model counts them with it taken out.
            let index = (s == from.section && from.child == nil && i > from.item) ? i - 1 : i
            let destination = IndexPath(section: s, item: index)
            lift.hover = nil
            phase = .lifted(lift)
            // The same incremental move a program makes (`Engine.move`); it joins the drag's edits.
            try? move(lift.id, to: destination, near: from, at: t, animated: true)
        case .into(let path) where lift.open == nil && t >= hover.since + policy.folderDwell:
            guard let target = model.item(at: path) else { return }
            lift.open = target.id
            remember(target.id, at: path)
            phase = .lifted(lift)
            targetScales[target.id] = (targetScales[target.id] ?? .at(1))
                .retargeted(to: policy.folderOpenScale, at: t, duration: motion(policy.folderOpenDuration))
            dirty = true
        default: break
        }
    }

    mutating func closeTarget(_ id: ItemID, at t: Double) {
        targetScales[id] = (targetScales[id] ?? .at(policy.folderOpenScale))
            .retargeted(to: 1, at: t, duration: motion(policy.folderCloseDuration))
        dirty = true
    }

    /// Release inside the window: into the open target, or commit the current order.
    mutating func drop(at t: Double) {
        guard case .lifted(let lift) = phase, let path = locate(lift.id), let item = model.item(at: path) else { return }
        let from = liftedFrame ?? .zero
        var destination = Settle.Destination.slot
        if let open = lift.open {
            let openHint = hints[open]
            do {
                let folder = try update(at: t, animated: true) { (u: inout ModelUpdates) throws(ModelEditError) -> ItemID in
                    try u.drop(lift.id, onto: open, near: path, targetNear: openHint)
                }
                destination = .folder(folder)
                closeTarget(open, at: t)
                if folder != open { targetScales[folder] = targetScales[open]; targetScales[open] = nil }
            } catch {}
        }
        if case .lifted(let l) = phase, changedModel(l) { effects.append(.commit) }
        if case .slot = destination { destination = homeDestination(of: lift.id) }
        settle(item, from: from, to: destination, at: t)
    }

    /// Whether the drag's edits left the model different from the moment of lift (a drag that puts
    /// the item back where it was commits nothing). Moves alone: the item is elsewhere. With folder
    /// steps: undo them on a copy and compare (only the touched sections are copied).
    func changedModel(_ lift: Lift) -> Bool {
        guard !lift.edits.isEmpty else { return false }
        if lift.edits.onlyMoves { return locate(lift.id) != lift.originalPath }
        var before = model
        lift.edits.undo(&before)
        return before != model
    }

    /// Where the snapshot flies home: its slot, or its folder's cell when it lives in a closed folder.
    func homeDestination(of id: ItemID) -> Settle.Destination {
        guard let p = locate(id), p.child != nil else { return .slot }
        let folder = model.sections[p.section].items[p.item].id
        if case .folder(folder)? = overlay { return .slot }
        return .folder(folder)
    }

    /// Escape, a release outside the window, or a lost grab: the order from the moment of lift
    /// comes back and the snapshot flies home.
    public mutating func cancelDrag(at t: Double) {
        if case .pressed = phase { releasePress(at: t); phase = .idle; return }
        guard case .lifted(let lift) = phase, let item = item(withID: lift.id) else { return }
        let from = liftedFrame ?? .zero
        if let open = lift.open { closeTarget(open, at: t) }
        if !lift.edits.isEmpty {
            // Undone as one more edit, so the relayout maps paths across it; then nothing is left to undo.
            update(at: t, animated: true) { (u: inout ModelUpdates) in u.undo(lift.edits) }
            if case .lifted(var l) = phase { l.edits = EditLog(); l.path = l.originalPath; phase = .lifted(l) }
        }
        effects.append(.cancelled(lift.id))
        settle(item, from: from, to: homeDestination(of: lift.id), at: t)
    }

    mutating func settle(_ item: Item, from: Rect, to destination: Settle.Destination, at t: Double) {
        let rotation: Double = if case .lifted(let l) = phase { Wobble.angle(sinceLift: t - l.liftTime, policy: policy) } else { 0 }
        if case .lifted(let l) = phase { remember(item.id, at: model.indexPath(of: item.id, near: l.path)) }
        phase = .settling(Settle(id: item.id, item: item, start: t, from: from, fromRotation: rotation,
                                 fromScale: liftScale.value(at: t), destination: destination))
        liftScale = .at(1)
        settleOnPage(velocity: 0)
        if policy.reduceMotion { phase = .idle }
        dirty = true
    }

    /// The settling snapshot's rect, rotation, scale and alpha at the current time.
    public var settlingSnapshot: (item: Item, frame: Rect, rotation: Double, scale: Double, alpha: Double)? {
        guard case .settling(let s) = phase else { return nil }
        let p = Tween(from: 0, to: 1, start: s.start, duration: policy.settleDuration).progress(at: now)
        switch s.destination {
        case .slot:
            let to = drawnFrame(of: s.id) ?? s.from
            return (s.item, Rect.lerp(s.from, to, p), s.fromRotation * (1 - p), s.fromScale + (1 - s.fromScale) * p, 1)
        case .folder(let f):
            let to = (drawnFrame(of: f) ?? s.from).scaled(by: 0.35)
            return (s.item, Rect.lerp(s.from, to, p), s.fromRotation * (1 - p), s.fromScale, 1 - p * 0.8)
        }
    }
}
