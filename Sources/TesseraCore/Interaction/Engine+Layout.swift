/// Relayout after a model change, a resize or a layout switch, animated from old frames to new.
extension Engine {
    /// Recomputes the snapshot. With `animated`, every item visible before or after gets a spring
    /// from where it is drawn now to its new frame (neighbours of a reorder, a re-flow on resize).
    mutating func relayout(at t: Double, animated: Bool) {
        let oldSnapshot = snapshot, oldIDs = flatIDs, oldOffsets = offsets
        // A thumb being dragged belongs to the old layout's geometry.
        if case .scrubbing = phase { phase = .idle }
        var drawnBefore: [ItemID: Rect] = [:]
        if animated && !policy.reduceMotion {
            for i in oldSnapshot.visibleItems(offsets: oldOffsets) {
                let id = oldIDs[i]
                drawnBefore[id] = motions.drawn(id, frame: oldSnapshot.windowFrame(ofFlat: i, offsets: oldOffsets), at: t)
            }
        }
        snapshot = layout.snapshot(of: model, viewport: viewport)
        flatIDs = model.sections.flatMap { $0.items.map(\.id) }
        var panes = offsets.panes
        panes += Array(repeating: 0, count: Swift.max(0, snapshot.panes.count - panes.count))
        offsets = ScrollOffsets(root: offsets.root, panes: Array(panes.prefix(snapshot.panes.count))).clamped(to: snapshot)
        scrollTarget = ScrollOffsets(root: scrollTarget.root, panes: offsets.panes.indices.map { scrollTarget.pane($0) }).clamped(to: snapshot)
        guard animated && !policy.reduceMotion else { motions.removeAll(); dirty = true; return }
        let omega = Spring.omega(settleTime: policy.springSettleTime)
        var seen = Set<ItemID>()
        let carried = draggedID ?? settlingID
        for i in snapshot.visibleItems(offsets: offsets) {
            let id = flatIDs[i]
            // The carried item's snapshot does its own moving; its slot only has to be in place.
            if id == carried { motions.remove(id); continue }
            seen.insert(id)
            let now = snapshot.windowFrame(ofFlat: i, offsets: offsets)
            // An item that comes into view from elsewhere slides in from where it was in the old layout.
            let before = drawnBefore[id] ?? oldIDs.firstIndex(of: id).map { oldSnapshot.windowFrame(ofFlat: $0, offsets: oldOffsets) }
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
