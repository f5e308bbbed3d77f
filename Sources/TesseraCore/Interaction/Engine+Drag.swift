/// The carried item: hover classification, the two dwell timers, live reorder, drop and cancel.
extension Engine {
    /// Re-reads the target under the pointer and runs the dwell timers (seed 001's move and add timers).
    mutating func updateHover(at t: Double) {
        if case .lifted(var lift) = phase, let fid = lift.folder {
            updateFolderHover(&lift, folder: fid, at: t)
            phase = .lifted(lift)
            if lift.folder != nil { return }
        }
        guard case .lifted(var lift) = phase, let from = model.indexPath(of: lift.id) else { return }
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
            if let open = lift.open, effective != model.indexPath(of: open).map(DropTarget.into) {
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
            do {
                try model.move(lift.id, to: IndexPath(section: s, item: index))
                relayout(at: t, animated: true)
            } catch {}
            lift.hover = nil
            phase = .lifted(lift)
        case .into(let path) where lift.open == nil && t >= hover.since + policy.folderDwell:
            guard let target = model.item(at: path) else { return }
            lift.open = target.id
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
        guard case .lifted(let lift) = phase, let item = model.item(withID: lift.id) else { return }
        let from = liftedFrame ?? .zero
        var destination = Settle.Destination.slot
        if let open = lift.open {
            do {
                let folder = try model.drop(lift.id, onto: open)
                destination = .folder(folder)
                closeTarget(open, at: t)
                if folder != open { targetScales[folder] = targetScales[open]; targetScales[open] = nil }
                relayout(at: t, animated: true)
            } catch {}
        }
        if model != lift.original { effects.append(.commit) }
        if case .slot = destination { destination = homeDestination(of: lift.id) }
        settle(item, from: from, to: destination, at: t)
    }

    /// Where the snapshot flies home: its slot, or its folder's cell when it lives in a closed folder.
    func homeDestination(of id: ItemID) -> Settle.Destination {
        guard let p = model.indexPath(of: id), p.child != nil else { return .slot }
        let folder = model.sections[p.section].items[p.item].id
        if case .folder(folder)? = overlay { return .slot }
        return .folder(folder)
    }

    /// Escape, a release outside the window, or a lost grab: the order from the moment of lift
    /// comes back and the snapshot flies home.
    public mutating func cancelDrag(at t: Double) {
        if case .pressed = phase { releasePress(at: t); phase = .idle; return }
        guard case .lifted(let lift) = phase, let item = model.item(withID: lift.id) else { return }
        let from = liftedFrame ?? .zero
        if let open = lift.open { closeTarget(open, at: t) }
        if model != lift.original {
            model = lift.original
            relayout(at: t, animated: true)
        }
        effects.append(.cancelled(lift.id))
        settle(item, from: from, to: homeDestination(of: lift.id), at: t)
    }

    mutating func settle(_ item: Item, from: Rect, to destination: Settle.Destination, at t: Double) {
        let rotation: Double = if case .lifted(let l) = phase { Wobble.angle(sinceLift: t - l.liftTime, policy: policy) } else { 0 }
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
