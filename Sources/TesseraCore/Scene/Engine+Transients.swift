/// What passes over the surface for a moment or ends a board list: the "Add task" rows, items
/// leaving (into a folder, or gone), and the caption strip of an announced move.
extension Engine {
    /// Each board list's "Add task" row after its last item: clipped to its list, sliding with its
    /// chrome, lit under the pointer. O(sections).
    func addRowNodes(offsets: ScrollOffsets, style: SceneStyle) -> [SceneNode] {
        var out: [SceneNode] = []
        let view = Rect(origin: .zero, size: viewport)
        let hoveredRow = hoveredAddRow
        for (s, geo) in snapshot.sections.enumerated() {
            guard let k = geo.pane, let row = geo.addRow else { continue }
            let clip = drawnPaneFrame(k, offsets: offsets)
            let frame = presentation.drawn(.addRow(s), frame: snapshot.toWindow(row, pane: k, offsets: offsets), at: now)
            guard frame.intersects(clip), clip.intersects(view) else { continue }
            out.append(.pushClip(clip))
            if hoveredRow == s { out.append(.box(BoxNode(frame: frame, color: style.addRowHover, cornerRadius: 10))) }
            out.append(.label(LabelNode(frame: frame.insetBy(dx: 14, dy: 0), text: Self.addRowLabel, style: .addRow)))
            out.append(.popClip)
        }
        return out
    }

    /// Board list `k`'s frame in the window as drawn now (it slides with its chrome on a
    /// relayout): the clip of its tiles, its "Add task" row and the tiles leaving through it.
    func drawnPaneFrame(_ k: Int, offsets: ScrollOffsets) -> Rect {
        presentation.drawn(.pane(k), frame: snapshot.toWindow(snapshot.panes[k].frame, pane: nil, offsets: offsets), at: now)
    }

    /// The caption strip of a move being announced, unless a toast (which says as much) is up.
    var captionNode: LabelNode? {
        guard let c = presentation.caption, now < c.until, presentation.toast.map({ now >= $0.end }) ?? true else { return nil }
        return LabelNode(frame: c.frame(in: viewport), text: c.text, style: .caption)
    }

    /// A departing item as drawn now: on its way into its folder's cell (to a third of its size,
    /// fading, as a drop into a folder settles), sliding out of view to its new place, or
    /// shrinking away where it was; with the size it left at as its resting size (one sliding out
    /// of view: the size of its place, so a tile leaving in a layout switch takes the new layout's
    /// look on the way, as the tiles that stay do). One leaving for a place in a board's list is
    /// drawn inside that list's clip, as its tiles are.
    func departingNodes(_ d: Departure, looks: CellLooks, offsets: ScrollOffsets) -> [SceneNode] {
        guard now < d.start + d.duration(policy) else { return [] }
        let p = Tween(from: 0, to: 1, start: d.start, duration: policy.settleDuration).progress(at: now)
        var node: CellNode
        var clip: Rect?
        var rest = d.from.size
        if let o = d.outOfView {
            // Its place drawn now (the view may scroll meanwhile), pulled near, plus what is left of the gap.
            guard let path = model.indexPath(of: d.item.id, near: o.path), let place = drawnFrame(of: d.item.id, at: path) else { return [] }
            if let k = snapshot.sections[path.section].pane {
                clip = drawnPaneFrame(k, offsets: offsets)
            }
            rest = place.size
            let left = Spring(displacement: 1, start: d.start, omega: Spring.omega(settleTime: policy.springSettleTime)).value(at: now)
            node = looks.node(d.item, frame: Rect(x: place.minX + o.pull.x + o.gap.minX * left, y: place.minY + o.pull.y + o.gap.minY * left,
                                                  width: place.width + o.gap.width * left, height: place.height + o.gap.height * left))
        } else if let f = d.into {
            guard let to = model.indexPath(of: f, near: d.intoPath).flatMap({ drawnFrame(of: f, at: $0) }) else { return [] }
            node = looks.node(d.item, frame: Rect.lerp(d.from, to.scaled(by: 0.35), p))
            node.alpha = 1 - p * 0.8
        } else {
            node = looks.node(d.item, frame: d.from.scaled(by: 1 - 0.6 * p))
            node.alpha = 1 - p
        }
        node.isPressed = false
        // Drawn as its image at the size it left at, stretched: painted afresh at each size on the
        // way, the undo of a drop of 10,000 files painted its 32 tiles on screen every frame of
        // their exit (~2 ms a frame for 11 frames).
        if node.frame.size != rest { node.changesSize(to: rest) }
        guard let clip else { return [.cell(node)] }
        return [.pushClip(clip), .cell(node), .popClip]
    }

    /// The platform's work after an edit, once it has gone on a while: a pill with what is being
    /// done and how far ("Reading pictures: 3,456 of 10,000") over a bar filling along its foot.
    func progressNodes(style: SceneStyle) -> [SceneNode] {
        guard let p = presentation.progress, now >= p.revealAt else { return [] }
        let toast = presentation.toast.flatMap { now < $0.end ? $0.frame(in: viewport) : nil }
        let frame = p.frame(in: viewport, above: toast)
        let track = Rect(x: frame.minX + 22, y: frame.maxY - 9, width: frame.width - 44, height: 3)
        var fill = track
        fill.size.width = track.width * p.work.fraction
        return [.label(LabelNode(frame: frame, text: p.work.label, style: .toast)),
                .box(BoxNode(frame: track, color: style.palette.onFill.withAlpha(0.3), cornerRadius: 1.5)),
                .box(BoxNode(frame: fill, color: style.palette.onFill, cornerRadius: 1.5))]
    }
}
