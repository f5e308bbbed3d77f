/// Opening a large store: the engine starts on the first items of each section (what the first
/// screen shows, read in a few milliseconds) and takes the whole collection when it has been read.
///
/// In between, everything that only looks works (scrolling what is there, selecting, opening,
/// switching layouts) and nothing edits: a press that would lift — held past the lift delay, or
/// moved beyond the slop — stays a press and lifts the moment the whole collection arrives, so a
/// quick user loses nothing and no edit is made against a picture that lacks most of the items.
extension Engine {
    /// Whether the model is only the first screen's items while the rest loads.
    public var isLoading: Bool { arrangement.isPartial }

    /// Hands over the whole collection. The first items of each section are the ones already
    /// shown, in the same order, so every index path the engine follows stays valid and nothing on
    /// screen moves; the scroll keeps its offset and the content grows. A press waiting to lift
    /// lifts now. O(layout of n) once.
    public mutating func complete(with whole: CollectionModel, at t: Double) {
        guard arrangement.isPartial else { return }
        arrangement.complete(with: whole)
        scroll.fit(to: snapshot)
        navigation.follow(model)
        refreshFolderPanel()
        outbox.redraw()
        guard let press = session.press else { return }
        if press.moved {
            if policy.liftOnMove { liftOrRefuse(press, at: t, grabbedAt: press.origin) }
        } else if t >= press.start + policy.liftDelay {
            liftOrRefuse(press, at: t, grabbedAt: session.pointer ?? press.origin)
        }
        if isDragging { updateHover(at: t) }
    }
}
