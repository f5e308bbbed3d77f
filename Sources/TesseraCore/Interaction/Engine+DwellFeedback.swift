/// What shows a dwell under way whatever the grip (the carried snapshot, held by its middle,
/// covers the gap and most of a target): the two cells beside a gap part as the reorder dwell
/// fills, a centre target grows out from under the snapshot as the folder dwell fills, and the
/// snapshot thins over a target. All of it follows from the hover and the time; nothing is stored.
extension Engine {
    /// A cell beside the gap of the reorder dwell under way: its layout frame (window
    /// coordinates) and how far it is parted from it now.
    struct PartedCell: Equatable {
        var id: ItemID
        var frame: Rect
        var offset: Point
    }

    /// The cells beside the gap of the reorder dwell under way (none without one). Each moves
    /// away from the gap along the reorder axis by `gapPart` of its length times the dwell's
    /// eased progress (at once, in full, under reduced motion: a cue that does not move) — from
    /// `partDelay` into the dwell, so a pointer sweeping across gaps (or a surface autoscrolling
    /// under it) does not set every cell it passes jittering.
    func partedCells() -> [PartedCell] {
        guard let h = session.activeHover, case .gap(let s, let i) = h.target else { return [] }
        let elapsed = now - h.since - Self.partDelay
        guard elapsed > 0 else { return [] }
        let p = policy.reduceMotion ? 1 : Self.easeOut(Swift.min(1, elapsed / Swift.max(policy.reorderDwell - Self.partDelay, 1e-6)))
        var out: [PartedCell] = []
        func part(_ id: ItemID, _ f: Rect, _ axis: Axis, _ sign: Double) {
            let d = sign * policy.gapPart * f.size[axis] * p
            out.append(PartedCell(id: id, frame: f, offset: axis == .horizontal ? Point(x: d, y: 0) : Point(x: 0, y: d)))
        }
        switch h.place {
        case .surface:
            guard s < snapshot.sections.count else { return [] }
            let geo = snapshot.sections[s]
            for (k, sign) in [(i - 1, -1.0), (i, 1.0)] where k >= 0 && k < geo.itemCount {
                let flat = geo.firstItem + k
                guard let id = id(ofFlat: flat) else { continue }
                part(id, snapshot.windowFrame(ofFlat: flat, offsets: offsets), snapshot.reorderAxis, sign)
            }
        case .folder(let fid):
            guard let panel = folderPanel, panel.folder == fid else { return [] }
            for (k, sign) in [(i - 1, -1.0), (i, 1.0)] where k >= 0 && k < panel.children.count {
                part(panel.children[k].id, panel.frame(ofChild: k, offset: scroll.folderOffset), .horizontal, sign)
            }
        }
        return out
    }

    /// The centre target the folder dwell is growing (before it opens), where it is, and its scale now.
    func dwellGrowth() -> (id: ItemID, path: IndexPath, progress: Double, scale: Double)? {
        guard session.lift?.open == nil, let h = session.activeHover, !h.refused, h.place == .surface, case .into(let path) = h.target,
              let id = model.item(at: path)?.id else { return nil }
        let progress = Swift.min(1, (now - h.since) / Swift.max(policy.folderDwell, 1e-6))
        let scale = policy.reduceMotion ? 1 : 1 + (policy.dwellGrowScale - 1) * Self.easeInOut(progress)
        return (id, path, progress, scale)
    }

    /// The carried snapshot's opacity: thinner over a centre target (dwelling or open), faded in
    /// over a tenth of a second.
    var carriedAlpha: Double {
        guard let l = session.lift, let h = l.hover, case .into = h.target else { return 1 }
        let k = policy.reduceMotion ? 1 : Swift.min(1, (now - h.since) / 0.1)
        return 1 - (1 - policy.overTargetAlpha) * k
    }

    /// The hover changed from `old`: cells that were parted beside its gap slide back, and a
    /// target that was growing shrinks back, from where they are drawn (no jump).
    mutating func hoverLeft(_ old: Hover?, parted: [PartedCell], grown: (id: ItemID, scale: Double)?, at t: Double) {
        guard session.activeHover != old else { return }
        if !policy.reduceMotion {
            // A part under a pixel goes back at once: a spring for it would only cost frames.
            for c in parted where abs(c.offset.x) + abs(c.offset.y) >= 1 {
                let drawn = presentation.drawn(c.id, frame: c.frame, at: t)
                presentation.slide(c.id, from: drawn.offsetBy(dx: c.offset.x, dy: c.offset.y), to: c.frame, at: t, policy: policy)
            }
        }
        if let g = grown, openTarget != g.id { presentation.closeTarget(g.id, from: g.scale, at: t, policy: policy) }
        outbox.redraw()
    }

    /// How long the pointer rests at a gap before its neighbours start to part (s).
    static let partDelay = 0.1

    static func easeOut(_ p: Double) -> Double { 1 - (1 - p) * (1 - p) }
    static func easeInOut(_ p: Double) -> Double { p < 0.5 ? 2 * p * p : 1 - 2 * (1 - p) * (1 - p) }
}
