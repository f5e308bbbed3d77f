/// Edge autoscroll, run every frame while an item is lifted (as seed 003's display link), so the
/// surface keeps scrolling with the pointer standing still. The session keeps the clocks (how
/// long the pointer has been in each zone) and steps them; `Scroll` takes the new offsets.
extension Engine {
    mutating func autoscroll(dt: Double, at t: Double) {
        guard let lift = session.lift else { return }
        let p = lift.pointer, inset = policy.autoscrollEdgeInset
        // Carried in an open folder: its items scroll, not the surface under the scrim (only while
        // it is still over the panel: past the exit margin it is being taken out).
        if let fid = lift.folder, let panel = folderPanel, panel.folder == fid {
            let c = panel.contentFrame
            let depth = panel.holds(p) ? Autoscroll.depth(of: p.y, lo: c.minY, hi: c.maxY, inset: inset) : 0
            if let m = session.autoscroll(\.folder, offset: scroll.folderOffset, limit: panel.maxOffset, depth: depth,
                                          at: t, dt: dt, policy: policy) {
                scroll.jumpFolder(to: m)
            }
            return
        }
        // The root surface, along its scroll axis.
        let axis = snapshot.scrollAxis
        let rootDepth = Autoscroll.depth(of: p[axis], lo: 0, hi: viewport[axis], inset: inset)
        if let m = session.autoscroll(\.root, offset: scroll.offsets.root[axis], limit: scroll.limits.root[axis], depth: rootDepth,
                                      at: t, dt: dt, policy: policy) {
            scroll.jumpRoot(along: axis, to: m)
        }
        // A board list under the pointer, vertically (none: that zone's clock stops).
        let k = snapshot.pane(at: p, offsets: offsets)
        let frame = k.map { snapshot.toWindow(snapshot.panes[$0].frame, pane: nil, offsets: offsets) }
        let depth = frame.map { Autoscroll.depth(of: p.y, lo: $0.minY, hi: $0.maxY, inset: inset) } ?? 0
        if let m = session.autoscroll(\.pane, offset: k.map { scroll.offsets.pane($0) } ?? 0,
                                      limit: k.map { snapshot.panes[$0].maxOffset } ?? 0, depth: depth, at: t, dt: dt, policy: policy),
           let k {
            scroll.jumpPane(k, to: m)
        }
    }
}
