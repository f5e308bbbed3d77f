/// Programmatic edits: a batch of model edits followed by one relayout that costs what moved
/// (UICollectionView's `performBatchUpdates`). A drag's reorders go through the same path; it is
/// the only way the engine's model changes.
extension Engine {
    /// Applies `body`'s edits to the model, then relays out once. With `animated`, cells that were
    /// on screen slide from where they were drawn and cells coming into view slide in from their
    /// old slots (found through the batch's `EditLog`, not by searching ids).
    ///
    /// Edits that succeed before one throws stay applied (and are laid out); the error is rethrown.
    /// Outside a drag, a batch that changed the model emits `.commit`. During a drag, the edits join
    /// the drag's: cancelling the drag undoes them too.
    ///
    /// `summary` names the change in the undo history's toasts ("Deleted Photos"); with `toast`,
    /// it is shown at once with an Undo.
    @discardableResult
    public mutating func update<R, E: Error>(at t: Double, animated: Bool = true, summary: String? = nil, toast: Bool = false,
                                             _ body: (inout ModelUpdates) throws(E) -> R) throws(E) -> R {
        let before = layoutBefore(at: t, animated: animated)
        let (result, log) = arrangement.edit(deferring: layoutDeferral, body)
        if !log.isEmpty {
            let edits = LoggedEdits(log)
            afterRelayout(before, edits: edits, at: t, animated: animated)
            if session.isCarrying { session.record(log) } else { commit(log, summary: summary, toast: toast) }
            // The ids followed elsewhere may have moved; the open folder's panel shows the new model.
            navigation.follow(model, after: edits)
            refreshFolderPanel()
        }
        return try result.get()
    }

    /// What an edit's relayout must place at once: what is on screen and a screen below it (a
    /// masonry of more than `layoutSliceBudget` items borrows the rest, see `LayoutDeferral`).
    var layoutDeferral: LayoutDeferral {
        LayoutDeferral(budget: layoutSliceBudget, exactThrough: offsets.root.y + 2 * viewport.height)
    }

    /// Moves an item to a top-level position (see `CollectionModel.move(_:to:)` for the index) and
    /// relays out incrementally: O(items on screen) for a grid, whatever the collection's size.
    public mutating func move(_ id: ItemID, to destination: IndexPath, at t: Double, animated: Bool = true) throws(ModelEditError) {
        try move(id, to: destination, near: nil, at: t, animated: animated)
    }

    /// `move(_:to:at:animated:)` with where the item was last seen; keeps following it.
    mutating func move(_ id: ItemID, to destination: IndexPath, near hint: IndexPath?, at t: Double,
                       animated: Bool) throws(ModelEditError) {
        let from = hint ?? locate(id)
        try update(at: t, animated: animated) { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.move(id, to: destination, near: from)
        }
        if session.lift?.id == id { session.carried(to: destination) }
    }
}
