/// Edge autoscroll, run every frame while an item is lifted (as seed 003's display link), so the
/// surface keeps scrolling with the pointer standing still.
extension Engine {
    mutating func autoscroll(dt: Double, at t: Double) {
        guard case .lifted(var lift) = phase else { return }
        let p = lift.pointer
        // Carried in an open folder: its items scroll, not the surface under the scrim (only while
        // it is still in the folder: past the exit margin it is being taken out).
        if let fid = lift.folder, let view = openFolder, view.folder == fid {
            let inside = view.panel.insetBy(dx: -Self.folderExitMargin, dy: -Self.folderExitMargin).contains(p)
            let depth = inside ? Autoscroll.depth(of: p.y, lo: view.contentFrame.minY, hi: view.contentFrame.maxY,
                                                  inset: policy.autoscrollEdgeInset) : 0
            if let moved = Autoscroll.step(offset: view.offset, limit: view.maxOffset, depth: depth,
                                           since: &lift.folderZoneSince, at: t, dt: dt, policy: policy) {
                scrollFolder(view, to: moved, smoothly: false)
            }
            phase = .lifted(lift)
            return
        }
        let axis = snapshot.scrollAxis
        // The root surface, along its scroll axis.
        let rootDepth = Autoscroll.depth(of: p[axis], lo: 0, hi: viewport[axis], inset: policy.autoscrollEdgeInset)
        if let moved = Autoscroll.step(offset: offsets.root[axis], limit: snapshot.maxRootOffset[axis], depth: rootDepth,
                                       since: &lift.rootZoneSince, at: t, dt: dt, policy: policy) {
            offsets.root[axis] = moved
            scrollTarget.root[axis] = moved
        }
        // A board list under the pointer, vertically.
        if let k = snapshot.pane(at: p, offsets: offsets) {
            let frame = snapshot.toWindow(snapshot.panes[k].frame, pane: nil, offsets: offsets)
            let depth = Autoscroll.depth(of: p.y, lo: frame.minY, hi: frame.maxY, inset: policy.autoscrollEdgeInset)
            if let moved = Autoscroll.step(offset: offsets.pane(k), limit: snapshot.panes[k].maxOffset, depth: depth,
                                           since: &lift.paneZoneSince, at: t, dt: dt, policy: policy) {
                offsets.panes[k] = moved
                scrollTarget.panes[k] = moved
            }
        } else {
            lift.paneZoneSince = nil
        }
        phase = .lifted(lift)
    }
}
