/// The collection as laid out: the model, the layout configuration, the viewport, and the snapshot
/// computed from the three.
///
/// The single owner of all four. Only these methods change them, and each lays out again, so the
/// snapshot can never describe another model, layout or size than the ones stored beside it.
public struct Arrangement: Sendable {
    public private(set) var model: CollectionModel
    public private(set) var layout: LayoutConfiguration
    public private(set) var viewport: Size
    /// Derived from the three above (see `Engine.==`: not compared).
    public private(set) var snapshot: LayoutSnapshot
    /// The model holds only the first items of each section while a store loads the rest (the
    /// first screen, shown before a million rows are read). Nothing may be edited until
    /// `complete(with:)` hands over the whole collection: an edit would be saved against a
    /// picture of the collection that lacks most of it.
    public private(set) var isPartial: Bool
    /// The committed edits, for undo and redo (the model's past, so it lives with the model).
    public private(set) var history = EditHistory()
    /// The snapshot before this one, while a masonry is laid out: once nothing else holds it (the
    /// relayout that replaced it has animated from it), the next layout writes its frames into
    /// its memory instead of a million frames' worth of fresh pages. Not compared (`==`).
    private var retired: LayoutSnapshot?

    public init(model: CollectionModel, layout: LayoutConfiguration, viewport: Size, isPartial: Bool = false) {
        self.model = model
        self.layout = layout
        self.viewport = viewport
        self.isPartial = isPartial
        snapshot = layout.snapshot(of: model, viewport: viewport)
    }

    /// The whole collection, replacing the partial one it begins with; lays out once (O(n) for
    /// masonry, O(sections) for grids and boards).
    mutating func complete(with whole: CollectionModel) {
        model = whole
        isPartial = false
        layOut()
    }

    /// Hands the model to `body` for a batch of edits (`ModelUpdates`), then lays out once if any
    /// edit took effect. Edits that succeed before one throws stay applied.
    ///
    /// The model is handed over, not copied: the arrangement lets go of it first, so editing it
    /// moves only what the edits move.
    mutating func edit<R, E: Error>(_ body: (inout ModelUpdates) throws(E) -> R) -> (result: Result<R, E>, log: EditLog) {
        var updates = ModelUpdates(model: model)
        model = CollectionModel(sections: [])
        let result: Result<R, E>
        do throws(E) { result = .success(try body(&updates)) } catch { result = .failure(error) }
        model = updates.model
        if !updates.log.isEmpty { layOut() }
        return (result, updates.log)
    }

    /// A committed edit the user can undo.
    mutating func recordCommit(_ log: EditLog, summary: String? = nil) {
        history.record(log, summary: summary)
    }

    /// Undoes (or redoes) the newest step: its inverse applied to the model, laid out once.
    /// Returns the log of what it did, nil when there is nothing to undo (or redo).
    mutating func travel(_ direction: EditHistory.Direction) -> EditHistory.Step? {
        guard let step = history.take(direction) else { return nil }
        let (_, log) = edit { (u: inout ModelUpdates) in u.undo(step.log) }
        history.land(log, summary: step.summary, from: direction)
        return EditHistory.Step(log: log, summary: step.summary)
    }

    /// A new window size; false (nothing done) when it is the same or degenerate.
    mutating func resize(to size: Size) -> Bool {
        guard size != viewport, size.width >= 1, size.height >= 1 else { return false }
        viewport = size
        layOut()
        return true
    }

    /// Another layout; false when it is the one in use.
    mutating func switchLayout(to new: LayoutConfiguration) -> Bool {
        guard new != layout else { return false }
        layout = new
        layOut()
        return true
    }
}

extension Arrangement {
    /// Lays out again. A masonry reuses the memory of the snapshot before the current one when
    /// no one holds that any more (see `retired`); the current one is kept for the next time.
    private mutating func layOut() {
        var spare: [Rect] = []
        if isKnownUniquelyReferenced(&retired), let old = retired { spare = old.stored }
        retired = nil   // the old snapshot goes: `spare` is now its frames' only owner
        let next = layout.snapshot(of: model, viewport: viewport, reusing: consume spare)
        if case .masonry = layout { retired = snapshot }
        snapshot = next
    }
}

extension Arrangement: Equatable {
    /// The snapshot follows from the rest, so it is left out (comparing it would be O(items) for
    /// masonry).
    public static func == (a: Arrangement, b: Arrangement) -> Bool {
        a.viewport == b.viewport && a.layout == b.layout && a.isPartial == b.isPartial && a.model == b.model
            && a.history == b.history
    }
}
