/// Edge autoscroll, run every frame while an item is lifted (as seed 003's display link), so the
/// surface keeps scrolling with the pointer standing still. The session keeps the clocks (how
/// long the pointer has been in each zone); `Scroll` takes the new offsets.
extension Engine {
    mutating func autoscroll(dt: Double, at t: Double) {
        guard let lift = session.lift else { return }
        let p = lift.pointer, policy = self.policy
        // Carried in an open folder: its items scroll, not the surface under the scrim (only while
        // it is still over the panel: past the exit margin it is being taken out).
        if let fid = lift.folder, let panel = folderPanel, panel.folder == fid {
            let c = panel.contentFrame
            let depth = panel.holds(p) ? Autoscroll.depth(of: p.y, lo: c.minY, hi: c.maxY, inset: policy.autoscrollEdgeInset) : 0
            let offset = scroll.folderOffset
            var moved: Double?
            session.withAutoscrollClocks { clocks in
                moved = Autoscroll.step(offset: offset, limit: panel.maxOffset, depth: depth, since: &clocks.folder,
                                        at: t, dt: dt, policy: policy)
            }
            if let m = moved { scroll.jumpFolder(to: m) }
            return
        }
        // The root surface, along its scroll axis.
        let axis = snapshot.scrollAxis
        let rootDepth = Autoscroll.depth(of: p[axis], lo: 0, hi: viewport[axis], inset: policy.autoscrollEdgeInset)
        let root = scroll.offsets.root[axis], rootLimit = scroll.limits.root[axis]
        var rootMoved: Double?
        session.withAutoscrollClocks { clocks in
            rootMoved = Autoscroll.step(offset: root, limit: rootLimit, depth: rootDepth, since: &clocks.root,
                                        at: t, dt: dt, policy: policy)
        }
        if let m = rootMoved { scroll.jumpRoot(along: axis, to: m) }
        // A board list under the pointer, vertically.
        guard let k = snapshot.pane(at: p, offsets: offsets) else {
            session.withAutoscrollClocks { $0.pane = nil }
            return
        }
        let frame = snapshot.toWindow(snapshot.panes[k].frame, pane: nil, offsets: offsets)
        let depth = Autoscroll.depth(of: p.y, lo: frame.minY, hi: frame.maxY, inset: policy.autoscrollEdgeInset)
        let pane = scroll.offsets.pane(k), paneLimit = snapshot.panes[k].maxOffset
        var paneMoved: Double?
        session.withAutoscrollClocks { clocks in
            paneMoved = Autoscroll.step(offset: pane, limit: paneLimit, depth: depth, since: &clocks.pane,
                                        at: t, dt: dt, policy: policy)
        }
        if let m = paneMoved { scroll.jumpPane(k, to: m) }
    }
}
