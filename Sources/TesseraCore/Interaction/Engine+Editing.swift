/// Edits of the selected item from the keyboard: Delete removes it, Ctrl+D toggles done. Each is
/// one committed step (saved, and undone by Ctrl+Z), through `update` like a drop.
extension Engine {
    /// Deletes the selected item (a folder with its items) and selects what took its place: the
    /// next item there, else the one before it. Nothing during a gesture or while loading.
    /// Returns whether anything was deleted.
    @discardableResult
    public mutating func deleteSelection(at t: Double) -> Bool {
        guard let id = navigation.selection, canEditNow else { return false }
        let hint = navigation.selectionPath ?? locate(id)
        let title = hint.flatMap { model.item(at: $0)?.title } ?? model.item(withID: id)?.title ?? ""
        guard let was = try? update(at: t, summary: "Deleted \(Toast.quoted(title))", toast: true, { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.delete(id, near: hint)
        }) else { return false }
        selectNear(was)
        return true
    }

    /// Marks the selected item done, or not done again (a folder has no done). Returns whether it changed.
    @discardableResult
    public mutating func toggleDoneOfSelection(at t: Double) -> Bool {
        guard let id = navigation.selection, canEditNow, let path = locate(id), let item = model.item(at: path),
              !item.isFolder else { return false }
        let summary = "Marked \(Toast.quoted(item.title)) " + (item.done ? "not done" : "done")
        return (try? update(at: t, summary: summary, { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.setDone(id, !item.done, near: path)
        })) != nil
    }

    /// Edits from the keyboard wait for a gesture to end and for the collection to load.
    var canEditNow: Bool {
        session.press == nil && !session.isCarrying && !session.isSettling && !isLoading
    }

    /// After a delete at `path`: the entry now there (in the same folder, if it still is one), else
    /// the one before it, else nothing.
    private mutating func selectNear(_ path: IndexPath) {
        let s = path.section
        var candidates: [IndexPath] = []
        if let c = path.child {
            candidates = [IndexPath(section: s, item: path.item, child: c), IndexPath(section: s, item: path.item, child: c - 1),
                          IndexPath(section: s, item: path.item)]
        } else {
            candidates = [path, IndexPath(section: s, item: path.item - 1)]
        }
        let next = candidates.first { p in p.item >= 0 && (p.child ?? 0) >= 0 && model.item(at: p) != nil }
        navigation.select(next.flatMap { model.item(at: $0)?.id }, at: next)
        outbox.redraw()
    }
}
