/// Edge autoscroll, run every frame while an item is lifted (as seed 003's display link), so the
/// surface keeps scrolling with the pointer standing still.
extension Engine {
    mutating func autoscroll(dt: Double, at t: Double) {
        guard case .lifted(var lift) = phase else { return }
        let p = lift.pointer
        // Carried in an open folder: its items scroll, not the surface under the scrim.
        if let fid = lift.folder, case .folder(fid)? = overlay, let view = folderView(fid) {
            let depth = Autoscroll.depth(of: p.y, lo: view.contentFrame.minY, hi: view.contentFrame.maxY,
                                         inset: policy.autoscrollEdgeInset)
            // Only while it is still in the folder: past the exit margin it is being taken out.
            let can = view.panel.insetBy(dx: -Self.folderExitMargin, dy: -Self.folderExitMargin).contains(p)
                && (depth < 0 ? view.offset > 0 : (depth > 0 && view.offset < view.maxOffset))
            if can {
                let since = lift.folderZoneSince ?? t
                lift.folderZoneSince = since
                let v = Autoscroll.speed(depth: abs(depth), held: t - since, policy: policy)
                scrollFolder(view, by: (depth < 0 ? -v : v) * dt)
            } else {
                lift.folderZoneSince = nil
            }
            phase = .lifted(lift)
            return
        }
        let axis = snapshot.scrollAxis
        // The root surface, along its scroll axis.
        let rootDepth = Autoscroll.depth(of: p[axis], lo: 0, hi: viewport[axis], inset: policy.autoscrollEdgeInset)
        let rootLimit = snapshot.maxRootOffset[axis]
        let canRoot = rootDepth < 0 ? offsets.root[axis] > 0 : (rootDepth > 0 && offsets.root[axis] < rootLimit)
        if canRoot {
            let since = lift.rootZoneSince ?? t
            lift.rootZoneSince = since
            let v = Autoscroll.speed(depth: abs(rootDepth), held: t - since, policy: policy)
            let moved = Swift.min(rootLimit, Swift.max(0, offsets.root[axis] + (rootDepth < 0 ? -v : v) * dt))
            offsets.root[axis] = moved
            scrollTarget.root[axis] = moved
        } else {
            lift.rootZoneSince = nil
        }
        // A board list under the pointer, vertically.
        if let k = snapshot.pane(at: p, offsets: offsets) {
            let frame = snapshot.toWindow(snapshot.panes[k].frame, pane: nil, offsets: offsets)
            let depth = Autoscroll.depth(of: p.y, lo: frame.minY, hi: frame.maxY, inset: policy.autoscrollEdgeInset)
            let limit = snapshot.panes[k].maxOffset
            let can = depth < 0 ? offsets.pane(k) > 0 : (depth > 0 && offsets.pane(k) < limit)
            if can {
                let since = lift.paneZoneSince ?? t
                lift.paneZoneSince = since
                let v = Autoscroll.speed(depth: abs(depth), held: t - since, policy: policy)
                let moved = Swift.min(limit, Swift.max(0, offsets.pane(k) + (depth < 0 ? -v : v) * dt))
                offsets.panes[k] = moved
                scrollTarget.panes[k] = moved
            } else {
                lift.paneZoneSince = nil
            }
        } else {
            lift.paneZoneSince = nil
        }
        phase = .lifted(lift)
    }
}
