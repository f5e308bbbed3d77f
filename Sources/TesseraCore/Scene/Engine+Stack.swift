/// What a group drag and the rubber band draw: the stack under the carried snapshot (members
/// flying into it from their slots first), the members fanning out of it as the drag ends, and
/// the band itself.
extension Engine {
    /// The group's members under the carried snapshot: the first three as cards fanned beneath it,
    /// the first card nearest the top; while they gather, the members seen leaving their slots on
    /// their way (those past the third fading as they reach the stack). O(a screenful) while
    /// gathering, then O(1), however many are carried.
    func stackNodes(_ lift: Lift, looks: CellLooks) -> [SceneNode] {
        guard !lift.group.isEmpty else { return [] }
        let gathering = now < lift.liftTime + policy.motion(Self.gatherDuration)
        let shown = gathering ? lift.gatherFlights : Array(0..<Swift.min(lift.group.count, Self.fan.count))
        let wobble = Wobble.angle(sinceLift: now - lift.liftTime, policy: policy)
        let scale = presentation.liftScale.value(at: now)
        var out: [SceneNode] = []
        for k in shown.reversed() {
            let card = stackFrame(of: k, in: lift, at: now)
            guard card.alpha > 0.01 else { continue }
            var node = looks.node(lift.group[k].item, frame: card.frame)
            // The cards are raised (a shadow); the rest, on their way in, are plain tiles, drawn
            // from their resting images (a renderer keeps few raised snapshots).
            node.isLifted = k < Self.fan.count
            node.isPressed = false
            node.isMarked = false
            node.isSelected = false
            node.showsCheck = false
            // Those past the cards fly in flat and unscaled: blits of their resting images, not
            // fifty resampled ones.
            let card3 = k < Self.fan.count
            node.scale = card3 ? scale : 1
            node.rotation = card3 ? wobble + card.rotation : 0
            node.alpha = card.alpha * carriedAlpha
            out.append(.cell(node))
        }
        return out
    }

    /// A carried group's members as they will fly out of the stack at the drop (at their own size,
    /// marked, as a group that lands in the open is: `markLanded`), for the renderer to keep their
    /// images ready: an autoscroll under the stack may have pushed them out of its cache, and the
    /// fan-out's first frame would paint them all. Only those that fly (`landingWindow`).
    func stackUpcoming(_ lift: Lift, looks: CellLooks) -> [CellNode] {
        let at = carriedFrame(lift).origin
        var out = landingWindow(lift, count: lift.group.count).dropFirst(Swift.min(lift.group.count, Self.fan.count)).map { k in
            let m = lift.group[k]
            var node = looks.node(m.item, frame: Rect(origin: at, size: m.from.size))
            node.isPressed = false
            node.isMarked = true
            return node
        }
        // The held item lands as a marked tile too (selected, as now): its look at rest was the
        // one image the drop's frame painted (0.5 ms of a whole-window frame).
        if let item = model.item(at: lift.path), item.id == lift.id {
            var node = looks.node(item, frame: Rect(origin: at, size: lift.size))
            node.isPressed = false
            node.isMarked = true
            out.append(node)
        }
        return out
    }

    /// While a Ctrl or Shift press is held on an item (before its release marks): what the
    /// release will show that a mark cannot simply be laid over the tile's image for — the
    /// pressed item focused and under the pointer (marked, or unmarked by a Ctrl toggle; pressed
    /// while its press eases out, then not), the focus it takes away, the done items of a Shift
    /// range on screen marked — for the renderer to paint in the press's idle time. They were
    /// the images the frame of a Shift+click that marks fifty tiles painted (~1 ms of it) and the
    /// one a frame painted as its press eased out. O(tiles drawn).
    func markClickUpcoming(_ press: Press, drawn: [Int], looks: CellLooks) -> [CellNode] {
        let shift = press.modifiers.contains(.shift), control = press.modifiers.contains(.control)
        guard shift || control, !press.moved, let path = press.path, let pressed = model.item(at: path), pressed.id == press.id
        else { return [] }
        // The range (top level only: a folder's children are few, and its done ones are painted
        // by the release's frame as before).
        let range = shift ? markFlatRange(to: path) : nil
        func look(_ item: Item, at p: IndexPath, marked: Bool, focused: Bool) -> CellNode? {
            guard let frame = drawnFrame(of: item.id, at: p) else { return nil }
            var node = looks.node(item, frame: frame)
            node.isMarked = marked
            node.isSelected = focused
            node.isHovered = focused            // the release is where the press was: the pointer is on it
            node.showsCheck = CellLooks.showsCheck(node)
            return node
        }
        let marks = navigation.marks
        var out: [CellNode] = []
        // As `markClick` will: a range marks (replacing the marks, or added to them with Ctrl), else a toggle.
        if var node = look(pressed, at: path, marked: range != nil || !marks.contains(press.id), focused: true) {
            out.append(node)
            node.isPressed = false
            node.scale = 1
            out.append(node)
        }
        if let f = navigation.selection, f != press.id, let p = navigation.selectionPath, let item = model.item(at: p), item.id == f {
            let inRange = range.map { r in p.child == nil && snapshot.flatIndex(of: p).map { r.contains($0) } ?? false } ?? false
            let marked = inRange || ((control || range == nil) && marks.contains(f))
            if let node = look(item, at: p, marked: marked, focused: false) { out.append(node) }
        }
        if let range {
            for k in drawn where range.contains(k) {
                let p = snapshot.indexPath(ofFlat: k)
                guard let item = model.item(at: p), !item.isMovable, item.id != press.id, item.id != navigation.selection,
                      !marks.contains(item.id), let node = look(item, at: p, marked: true, focused: false) else { continue }
                out.append(node)
            }
        }
        return out
    }

    /// While a marked tile is held down (before it lifts its group): the marked done items on
    /// screen as they will look once the lift leaves them behind (unmarked, refused: the outline
    /// and the shake), for the renderer to paint in the hold's idle time. Their images were the
    /// two the lift's frame painted (~1 ms). O(marks).
    func refusalUpcoming(_ press: Press, looks: CellLooks) -> [CellNode] {
        guard liftsGroup(press.id) else { return [] }
        var out: [CellNode] = []
        for (id, path) in navigation.marks.paths where id != press.id {
            guard let item = model.item(at: path), item.id == id, !item.isMovable,
                  let frame = drawnFrame(of: id, at: path) else { continue }
            var node = looks.node(item, frame: frame)
            node.isMarked = false
            node.isSelected = false          // the focus goes with the held item
            node.isRefused = true
            out.append(node)
        }
        return out
    }

    /// A settling group's members, each on its way from the stack to its place (or into the folder
    /// the group went into), starting a little after the one before.
    func settlingMemberNodes(looks: CellLooks) -> [SceneNode] {
        guard let s = session.settle, !s.members.isEmpty else { return [] }
        let flight = policy.settleDuration
        var out: [SceneNode] = []
        for (k, m) in s.members.enumerated().reversed() {
            let p = Tween(from: 0, to: 1, start: s.start + m.delay, duration: flight).progress(at: now)
            // One that reached its slot stays drawn there (its cell is hidden until all have landed).
            guard p < 1 || m.destination == .slot else { continue }
            let eased = 1 - (1 - p) * (1 - p)
            var node: CellNode
            switch m.destination {
            case .slot:
                let to = m.path.flatMap { path in model.indexPath(of: m.item.id, near: path) }
                    .flatMap { drawnFrame(of: m.item.id, at: $0) } ?? m.from
                node = looks.node(m.item, frame: Rect.lerp(m.from, to, eased))
            case .folder(let f, let near):
                let to = (model.indexPath(of: f, near: near).flatMap { drawnFrame(of: f, at: $0) } ?? m.from).scaled(by: 0.35)
                node = looks.node(m.item, frame: Rect.lerp(m.from, to, eased))
                node.alpha = 1 - eased * 0.8
            }
            node.isLifted = k < Self.fan.count
            node.isPressed = false
            node.rotation = k < Self.fan.count ? m.fromRotation * (1 - eased) : 0
            if node.isLifted {
                // A card flies out looking as it did in the stack, whose raised snapshot is made
                // (a marked one would be painted in the drop's frame): its mark shows as it lands.
                node.isMarked = false
                node.isSelected = false
                node.showsCheck = false
            }
            out.append(.cell(node))
        }
        return out
    }

    /// The rubber band in window coordinates, once it has moved beyond the slop: from where it was
    /// pressed (kept in content space, so it stretches as the surface autoscrolls) to the pointer.
    var bandRect: Rect? {
        guard let b = session.band, b.moved, let p = session.pointer else { return nil }
        let o = b.origin - offsets.root
        return Rect(x: Swift.min(o.x, p.x), y: Swift.min(o.y, p.y), width: abs(p.x - o.x), height: abs(p.y - o.y))
    }

    /// The band drawn: a translucent accent fill inside a thin accent outline.
    func bandNodes(style: SceneStyle) -> [SceneNode] {
        guard let r = bandRect else { return [] }
        let line = 1.0, edge = style.accent.withAlpha(0.7)
        return [
            .box(BoxNode(frame: r, color: style.accent.withAlpha(0.14))),
            .box(BoxNode(frame: Rect(x: r.minX, y: r.minY, width: r.width, height: line), color: edge)),
            .box(BoxNode(frame: Rect(x: r.minX, y: r.maxY - line, width: r.width, height: line), color: edge)),
            .box(BoxNode(frame: Rect(x: r.minX, y: r.minY + line, width: line, height: Swift.max(0, r.height - 2 * line)), color: edge)),
            .box(BoxNode(frame: Rect(x: r.maxX - line, y: r.minY + line, width: line, height: Swift.max(0, r.height - 2 * line)), color: edge)),
        ]
    }
}
