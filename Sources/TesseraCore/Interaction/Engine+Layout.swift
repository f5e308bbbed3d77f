/// Relayout after a model change, a resize or a layout switch, animated from old frames to new.
extension Engine {
    /// Where each item on screen is drawn now, by id: what a relayout animates from. O(visible).
    func drawnFrames(at t: Double) -> [ItemID: Rect] {
        guard !policy.reduceMotion else { return [:] }
        var out: [ItemID: Rect] = [:]
        for i in snapshot.visibleItems(offsets: offsets) {
            guard let id = id(ofFlat: i) else { continue }
            out[id] = motions.drawn(id, frame: snapshot.windowFrame(ofFlat: i, offsets: offsets), at: t)
        }
        return out
    }

    /// Recomputes the snapshot. With `animated`, every item visible before or after gets a spring
    /// from where it was drawn to its new frame (neighbours of a reorder, a re-flow on resize).
    ///
    /// - `log`: the edits since the last layout (nil: the model is unchanged — a resize or a layout
    ///   switch). An item coming into view slides in from its old slot: `log.pathBefore` maps its
    ///   path back through the edits, O(steps), instead of searching the old ids.
    /// - `drawnBefore`: `drawnFrames(at:)` taken before the edits (nil: take it now).
    ///
    /// Cost: the layout's (O(sections) for grids and boards, O(n) for masonry) plus O(visible).
    mutating func relayout(at t: Double, animated: Bool, log: EditLog? = nil, drawnBefore: [ItemID: Rect]? = nil) {
        let oldSnapshot = snapshot, oldOffsets = offsets
        // A thumb being dragged belongs to the old layout's geometry.
        if case .scrubbing = phase { phase = .idle }
        let animate = animated && !policy.reduceMotion
        let drawnBefore = animate ? (drawnBefore ?? drawnFrames(at: t)) : [:]
        snapshot = layout.snapshot(of: model, viewport: viewport)
        var panes = offsets.panes
        panes += Array(repeating: 0, count: Swift.max(0, snapshot.panes.count - panes.count))
        offsets = ScrollOffsets(root: offsets.root, panes: Array(panes.prefix(snapshot.panes.count))).clamped(to: snapshot)
        scrollTarget = ScrollOffsets(root: scrollTarget.root, panes: offsets.panes.indices.map { scrollTarget.pane($0) }).clamped(to: snapshot)
        guard animate else { motions.removeAll(); dirty = true; return }
        let omega = Spring.omega(settleTime: policy.springSettleTime)
        var seen = Set<ItemID>()
        let carried = draggedID ?? settlingID
        for i in snapshot.visibleItems(offsets: offsets) {
            let path = snapshot.indexPath(ofFlat: i)
            guard let id = model.item(at: path)?.id else { continue }
            // The carried item's snapshot does its own moving; its slot only has to be in place.
            if id == carried { motions.remove(id); continue }
            seen.insert(id)
            let now = snapshot.windowFrame(ofFlat: i, offsets: offsets)
            // An item that comes into view from elsewhere slides in from where it was in the old layout.
            var before = drawnBefore[id]
            if before == nil, let old = log == nil ? path : log!.pathBefore(path), let j = oldSnapshot.flatIndex(of: old) {
                before = oldSnapshot.windowFrame(ofFlat: j, offsets: oldOffsets)
            }
            if let b = before { motions.animate(id, from: b, to: now, at: t, omega: omega) }
        }
        // Items that left the view stop animating: they are not drawn.
        for id in drawnBefore.keys where !seen.contains(id) { motions.remove(id) }
        dirty = true
    }

    mutating func resize(to size: Size, at t: Double) {
        guard size != viewport, size.width >= 1, size.height >= 1 else { return }
        viewport = size
        relayout(at: t, animated: true)
    }

    /// Switches between grid, masonry and board, animating items to their new places.
    public mutating func setLayout(_ choice: LayoutChoice, at t: Double) {
        guard choice != layoutChoice else { return }
        layoutChoice = choice
        layout = choice.layout
        // Scroll positions mean nothing across layouts: start at the top-left.
        offsets = ScrollOffsets()
        scrollTarget = offsets
        relayout(at: t, animated: true)
        effects.append(.layoutChanged(choice))
    }
}
