/// Another app's drag over the window (XDND): the same feedback as a carried item's — the gap bar
/// and the parted neighbours at a gap, a folder growing through its dwell, the edges autoscrolling
/// frame by frame while the pointer rests there — and on the drop, `dropIn` puts the items where
/// that feedback said: into the folder whose dwell ran out, else at the gap.
extension Engine {
    /// The drag is over `p` (window coordinates).
    mutating func dragOver(at p: Point, t: Double) {
        // From idle (and the collection loaded), or a drag already over the window.
        guard (session.phase == .idle && !isLoading) || session.incoming != nil, navigation.overlay == nil else { return }
        var incoming = session.incoming ?? Incoming(pointer: p)
        incoming.pointer = p
        let target = incomingTarget(at: p, previous: incoming.hover?.target)
        let old = incoming.hover, parted = partedCells(), grown = dwellGrowth().map { ($0.id, $0.scale) }
        if target != old?.target {
            incoming.hover = target.map { Hover(target: $0, since: t) }
        }
        session.over(incoming)
        // Neighbours parted at the gap left slide back, a folder left shrinks back: no jump.
        hoverLeft(old, parted: parted, grown: grown, at: t)
        outbox.redraw()
    }

    /// The drag left the window, or its source gave up: nothing more is shown of it, and what it
    /// had parted or grown eases back.

    mutating func dragLeft() {
        guard let old = session.incoming?.hover else {
            if session.incoming != nil { session.end(); outbox.redraw() }
            return
        }
        let parted = partedCells(), grown = dwellGrowth().map { ($0.id, $0.scale) }
        session.end()
        hoverLeft(old, parted: parted, grown: grown, at: now)
    }

    /// A gap, or a tile to drop onto: a folder (the items go in) or a plain item that is not done
    /// (the two become a new folder, as a carried tile onto another). A done item's centre reads
    /// as its nearer edge.
    func incomingTarget(at p: Point, previous: DropTarget?) -> DropTarget? {
        snapshot.dropTarget(at: p, offsets: offsets, previous: previous, zones: policy.dropZones,
                            accepts: { [model] path in model.item(at: path).map { $0.isFolder || !$0.done } ?? false })
    }

    /// Where a drop lands: into a folder, onto a plain item (a new folder), or at a gap.
    enum IncomingDestination: Equatable {
        case into(folder: IndexPath)
        case onto(item: IndexPath)
        case gap(IndexPath)
    }

    /// Where a drop now would put the items: into the folder, or onto the item, under the pointer
    /// once its dwell ran out, else at the gap there.
    func incomingDestination(at p: Point) -> IncomingDestination? {
        if let h = session.incoming?.hover, case .into(let path) = h.target, now >= h.since + policy.folderDwell,
           let target = model.item(at: path) {
            return target.isFolder ? .into(folder: path) : .onto(item: path)
        }
        return insertionPath(at: p).map { .gap($0) }
    }

    /// One frame under another app's drag: the root autoscrolls at its edges, dwells progress.
    mutating func advanceIncoming(dt: Double, at t: Double) {
        guard let i = session.incoming else { return }
        let axis = snapshot.scrollAxis
        let depth = Autoscroll.depth(of: i.pointer[axis], lo: 0, hi: viewport[axis], inset: policy.autoscrollEdgeInset)
        if let m = session.autoscrollIncoming(offset: scroll.offsets.root[axis], limit: scroll.limits.root[axis], depth: depth,
                                              at: t, dt: dt, policy: policy) {
            scroll.jumpRoot(along: axis, to: m)
            // What is under the resting pointer changed with the scroll.
            dragOver(at: i.pointer, t: t)
        }
        if i.hover != nil { outbox.redraw() }
    }
}
