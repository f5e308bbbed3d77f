import RealModule

/// Dragging several items at once. A press-and-hold (or Space) on a marked item lifts every
/// marked item: the held one is carried exactly as a single item is — every dwell, autoscroll,
/// crossing, folder and cancel path is the single drag's — and the other members ride in a stack
/// under it. At the lift they leave their slots (one edit of the drag, neighbours closing up) and
/// fly into the stack; at the drop they go back in beside the held item, in their reading order
/// (one more edit of the same drag: one commit, one undo step); a cancel undoes the drag's edits,
/// which puts each back in its own slot. Done members stay behind with the refusal shake.
extension Engine {
    /// How long the members take to fly from their slots into the stack.
    static let gatherDuration = 0.25
    /// How much later each member's flight out of the stack starts than the one before, at most
    /// `fanOutSpread` in all.
    static let fanOutStagger = 0.03
    static let fanOutSpread = 0.12

    /// Whether lifting `id` lifts the marked items with it.
    func liftsGroup(_ id: ItemID) -> Bool { navigation.marks.count > 1 && navigation.marks.contains(id) }

    /// Right after a marked item lifted: the other marked items leave their slots for the stack.
    /// O(members × their distance from where they were marked), never a scan of the collection.
    mutating func gatherGroup(at t: Double) {
        guard let lift = session.lift, liftsGroup(lift.id) else { return }
        let ordered = navigation.marks.ordered
        navigation.editMarks { $0.clear() }
        let window = Rect(origin: .zero, size: viewport)
        var members: [Follower] = [], flights: [Int] = [], heldRank = 0
        for m in ordered {
            if m.id == lift.id { heldRank = members.count; continue }
            guard let p = model.indexPath(of: m.id, near: m.path), let item = model.item(at: p) else { continue }
            // Only the held item's own level comes along (a mark cannot be both, but a folder's
            // panel may have closed under the marks).
            guard (p.child == nil) == (lift.path.child == nil) else { continue }
            guard item.isMovable else {
                presentation.refuse(item.id, at: t)
                outbox.post(.refused(item.id))
                continue
            }
            // Off screen: it flies in from the window's edge nearest its slot.
            let laid = snapshot.flatIndex(of: p).map { snapshot.windowFrame(ofFlat: $0, offsets: offsets) }
            var from = drawnFrame(of: item.id, at: p) ?? laid ?? lift.frame
            let onScreen = from.intersects(window)
            if !onScreen {
                from.origin = Point(x: Swift.min(Swift.max(from.minX, -from.width), window.maxX),
                                    y: Swift.min(Swift.max(from.minY, -from.height), window.maxY))
            }
            // The cards are always seen arriving (from the edge, when their slots are out of sight).
            if onScreen || members.count < Self.fan.count { flights.append(members.count) }
            members.append(Follower(item: item, rank: 0, from: from, origin: p))
        }
        guard !members.isEmpty else { return }
        for k in members.indices { members[k].rank = k < heldRank ? k : k + 1 }
        session.gathered(members, heldRank: heldRank, heldAt: lift.path, flights: flights)
        // The focus goes with the held item: a focus left on a member that is out of the model
        // would be looked for across the whole collection after every edit.
        navigation.select(lift.id, at: lift.path)
        // Last first: each removal leaves the places before it as they were.
        let keep = lift.folder
        update(at: t, animated: true) { (u: inout ModelUpdates) in
            for m in members.reversed() { _ = try? u.take(m.item.id, near: m.origin, keepingFolder: keep) }
        }
        if let p = model.indexPath(of: lift.id, near: lift.path) { session.carried(to: p) }
        if announcesDrag, let place = announcedPlace(of: lift.id) {
            announce(.liftedGroup(members.count + 1, place))
        }
    }

    /// After the held item landed (at its gap, into a folder, in a new folder): the members go in
    /// beside it, those before it in reading order before it, the rest after. Part of the drag's
    /// edits. Returns each member with where it is now (nil: not known without a search).
    /// O(members), with no lookups: each goes in after the one before, so each one's place is
    /// known as it goes in and stays so.
    mutating func placeGroup(at t: Double) -> [(Follower, IndexPath?)] {
        guard let lift = session.lift, !lift.group.isEmpty, let held = model.indexPath(of: lift.id, near: lift.path) else { return [] }
        var homes: [(Follower, IndexPath?)] = []
        homes.reserveCapacity(lift.group.count)
        update(at: t, animated: true) { (u: inout ModelUpdates) in
            var at = held
            func next(_ p: IndexPath) -> IndexPath {
                p.child.map { IndexPath(section: p.section, item: p.item, child: $0 + 1) } ?? IndexPath(section: p.section, item: p.item + 1)
            }
            for (k, m) in lift.group.enumerated() {
                if k == lift.heldRank { at = next(at) }     // past the held item
                if (try? u.put(m.item, at: at)) != nil {
                    homes.append((m, at))
                    at = next(at)
                } else {
                    // Inside a folder a folder cannot go (the drop refused it already): beside it instead.
                    Self.putBeside(m.item, folderAt: at, &u)
                    homes.append((m, nil))
                }
            }
        }
        return homes
    }

    /// The fallback of `placeGroup`: after the folder that holds `path`, at the top level.
    private static func putBeside(_ item: Item, folderAt path: IndexPath, _ u: inout ModelUpdates) {
        _ = try? u.put(item, at: IndexPath(section: path.section, item: path.item + 1))
    }

    /// The members' flights out of the stack as the drag ends: into their places (or into the
    /// folder the group went into), each a little after the one before. `homes`: each member
    /// with where it is now. Only the members that land within a screenful of the held item fly
    /// (`landingReach`): the others land out of sight, so a group of any size costs a frame
    /// what a screenful does.
    func fanOut(_ lift: Lift, homes: [(Follower, IndexPath?)], into folder: Settle.Destination?, at t: Double) -> [Settle.Member] {
        let rotation = Wobble.angle(sinceLift: t - lift.liftTime, policy: policy)
        let flying = landingWindow(lift, count: homes.count)
        return flying.enumerated().map { j, k in
            let (m, path) = homes[k]
            let destination: Settle.Destination = folder ?? path.map { p in
                p.child == nil || navigation.openFolder == model.sections[p.section].items[p.item].id
                    ? .slot : .folder(model.sections[p.section].items[p.item].id, near: IndexPath(section: p.section, item: p.item))
            } ?? .slot
            let card = stackFrame(of: k, in: lift, at: t)
            return Settle.Member(item: m.item, path: path, from: card.frame, fromRotation: rotation + card.rotation,
                                 delay: policy.motion(Swift.min(Self.fanOutSpread, Double(j) * Self.fanOutStagger)),
                                 destination: destination)
        }
    }

    /// The members (indices into the group) that land within a screenful of the held item, the
    /// three cards first (they are on top of the stack, so they leave it first).
    func landingWindow(_ lift: Lift, count: Int) -> [Int] {
        let reach = landingReach
        let near = Swift.max(0, lift.heldRank - reach)..<Swift.min(count, lift.heldRank + reach)
        let cards = Array(0..<Swift.min(count, Self.fan.count))
        return cards + near.filter { $0 >= Self.fan.count }
    }

    /// How many places from the held item a member can land and still be seen: the slots a
    /// window shows (a layout lays a window's worth of places out as that many consecutive ones).
    var landingReach: Int { Swift.max(16, snapshot.visibleItems(offsets: offsets).count) }

    /// After a group's drag ended in the open (not inside a closed folder): the group is marked
    /// where it landed, so it can be moved on again.
    mutating func markLanded(_ lift: Lift, homes: [(Follower, IndexPath?)]) {
        guard !homes.isEmpty, let held = model.indexPath(of: lift.id, near: lift.path) else { return }
        var all = [(id: lift.id, path: held)]
        for (m, p) in homes { if let p { all.append((id: m.item.id, path: p)) } }
        let open = navigation.openFolder
        let visible = all.allSatisfy { $0.path.child == nil || model.sections[$0.path.section].items[$0.path.item].id == open }
        let level = Set(all.map { $0.path.child == nil ? IndexPath(section: -1, item: -1) : IndexPath(section: $0.path.section, item: $0.path.item) })
        navigation.editMarks { marks in
            marks.clear()
            if visible && level.count == 1 { marks.add(all) }
        }
    }

    /// Where member `k` of the stack is drawn at `t`, and its fan rotation: the first three as
    /// cards fanned under the snapshot, the rest under the first; each flying there from its slot
    /// for `gatherDuration` after the lift (eased), and the ones past the third fading on the way.
    func stackFrame(of k: Int, in lift: Lift, at t: Double) -> (frame: Rect, rotation: Double, alpha: Double) {
        let top = carriedFrame(lift)
        let fan = Self.fan[Swift.min(k, Self.fan.count - 1)]
        // The stack turns and grows as one about the snapshot's centre (the cards' offsets turn
        // with the wobble and grow with the lift): it then looks the same to itself from frame to
        // frame, and a renderer can draw it as one image (one resample, not four).
        let wobble = Wobble.angle(sinceLift: t - lift.liftTime, policy: policy)
        let grow = presentation.liftScale.value(at: t)
        let (c, s) = (Double.cos(wobble), Double.sin(wobble))
        let dx = grow * (fan.dx * c - fan.dy * s), dy = grow * (fan.dx * s + fan.dy * c)
        let card = Rect(x: top.minX + dx, y: top.minY + dy, width: top.width, height: top.height)
        let p = Tween(from: 0, to: 1, start: lift.liftTime, duration: policy.motion(Self.gatherDuration)).progress(at: t)
        let eased = 1 - (1 - p) * (1 - p)
        guard k < lift.group.count, eased < 1 else { return (card, fan.angle, k < Self.fan.count ? 1 : 0) }
        return (Rect.lerp(lift.group[k].from, card, eased), fan.angle * eased, k < Self.fan.count ? 1 : 1 - eased)
    }

    /// The cards' offsets from the snapshot and their tilt: a loose fan, like a stack of photos.
    static let fan: [(dx: Double, dy: Double, angle: Double)] = [(9, 6, 0.09), (-8, 10, -0.10), (4, 15, 0.15)]

    /// The ids whose own flight the engine draws (the carried one and its group; what is settling):
    /// a relayout leaves them alone, and their slots stay empty until they land. O(1) to make
    /// while a group is carried (its member set is kept with it), O(what flies) while settling.
    var inFlight: FlightSet {
        switch session.phase {
        case .lifted(let l): return FlightSet(ids: [l.id], members: l.memberIDs)
        case .settling(let s): return FlightSet(ids: Set([s.id] + s.members.map(\.item.id)), members: [])
        default: return FlightSet(ids: [], members: [])
        }
    }
}

/// The ids in flight (see `Engine.inFlight`): a few of the engine's own, and a carried group's
/// member set shared with the lift rather than copied.
struct FlightSet {
    var ids: Set<ItemID>
    var members: Set<ItemID>
    var isEmpty: Bool { ids.isEmpty && members.isEmpty }
    func contains(_ id: ItemID) -> Bool { ids.contains(id) || members.contains(id) }
}
