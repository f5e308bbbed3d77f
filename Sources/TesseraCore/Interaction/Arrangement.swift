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
    /// Memory for the next masonry pass that cannot append to the shown snapshot's own store: the
    /// store of the snapshot before (`show`) — once no snapshot reads it (the relayout that
    /// replaced it has animated from it), the next layout writes its frames there instead of into
    /// a million frames' worth of fresh pages — or one faulted in after a switch into masonry
    /// (`warming`). Not compared (`==`).
    private var spare: FrameStore?
    /// A switch to another layout whose snapshot is still being computed, a slice per frame
    /// (`continueLayoutWork`): a masonry of a million items takes ~15–30 ms to lay out, two dropped
    /// frames if done at once. The layout in use (and its snapshot) stays until `applySwitch()`.
    private var switching: LayoutSwitch?
    /// How many frames `spare` is being faulted in for, a slice per frame after a switch into
    /// masonry (`continueLayoutWork`), so the first reorder does not meet 8,000 fresh pages (nil:
    /// none).
    private var warming: Int?
    /// Layout memory let go of (spares replaced), handed back to the system once the frame is on
    /// screen (`releaseDiscarded()`, by the host): freeing a million frames (32 MB, an munmap)
    /// took ~2.5 ms of the frame that switched a million-item masonry to a board or a grid. Not
    /// compared (`==`).
    private var discarded: [FrameStore] = []
    /// A masonry laid out again across frames after items changed shape only (`editShapes`):
    /// the snapshot shown meanwhile has every item at its index, with its old shape.
    private var reshaping: LayoutSwitch?
    /// Shapes changed again while `reshaping` was computed: one more pass once it lands (begun by
    /// the next slice of `continueLayoutWork`), from this flat index, the first item whose
    /// shape changed since (nil: none owed).
    private var owedReshape: Int?
    /// How many items the re-flow under way has placed (tests; nil: none under way).
    var reshapeItemsPlaced: Int? { reshaping?.itemsPlaced }
    /// The spare memory's room and address (tests).
    var spareCapacity: Int { spare?.capacity ?? 0 }
    var spareAddress: UnsafeRawPointer? { spare.map { UnsafeRawPointer($0.base) } }

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
    ///
    /// `deferring`: a masonry of more than its `budget` items lays out at once only what it
    /// names, and borrows the rest from the snapshot before (see `LayoutDeferral`).
    mutating func edit<R, E: Error>(deferring deferral: LayoutDeferral? = nil,
                                    _ body: (inout ModelUpdates) throws(E) -> R) -> (result: Result<R, E>, log: EditLog) {
        var updates = ModelUpdates(model: model)
        model = CollectionModel(sections: [])
        let result: Result<R, E>
        do throws(E) { result = .success(try body(&updates)) } catch { result = .failure(error) }
        model = updates.model
        if !updates.log.isEmpty {
            if let deferral, layOutDeferred(after: updates.log, deferral) {} else { layOut() }
        }
        return (result, updates.log)
    }

    /// A committed edit the user can undo.
    mutating func recordCommit(_ log: EditLog, summary: String? = nil) {
        history.record(log, summary: summary)
    }

    /// Undoes (or redoes) the newest step: its inverse applied to the model, laid out once.
    /// Returns the log of what it did, nil when there is nothing to undo (or redo).
    mutating func travel(_ direction: EditHistory.Direction, deferring deferral: LayoutDeferral? = nil) -> EditHistory.Step? {
        guard let step = history.take(direction) else { return nil }
        let (_, log) = edit(deferring: deferral) { (u: inout ModelUpdates) in u.undo(step.log) }
        history.land(log, summary: step.summary, from: direction)
        return EditHistory.Step(log: log, summary: step.summary)
    }

    /// Edits that change items' shapes and nothing else (a picture's aspect measured: no item
    /// added, removed or moved). Only a masonry places items by shape; one of more than `budget`
    /// items is laid out again across frames (`continueLayoutWork`, then `applyReshape()`), the
    /// snapshot before kept meanwhile — every index still right, only shapes old. Returns the
    /// edits' log and whether the snapshot already shows them.
    ///
    /// Why: a drop of 10,000 pictures onto a million-item masonry reports their shapes in
    /// batches, and each re-flowed a million frames inside a frame (15–27 ms).
    mutating func editShapes(budget: Int, _ body: (inout ModelUpdates) -> Void) -> (log: EditLog, laidOut: Bool) {
        guard case .masonry = layout, switching == nil else { return (edit(body).log, true) }
        var updates = ModelUpdates(model: model)
        model = CollectionModel(sections: [])
        body(&updates)
        model = updates.model
        guard !updates.log.isEmpty else { return (updates.log, true) }
        let changed = Swift.min(firstFlat(touchedBy: updates.log), owedReshape ?? .max)
        if reshaping != nil {
            owedReshape = changed
            return (updates.log, false)
        }
        // (A pass owed since the last one landed is this one: it starts at the first of both.)
        owedReshape = nil
        // At once when it fits a frame's budget; else from the frame's own slice
        // (`continueLayoutWork`): a first slice here too made the frame a report came in run two.
        beginReshape(budget: budget, from: changed)
        if isReshapeReady { applyReshape(); return (updates.log, true) }
        return (updates.log, false)
    }

    /// The flat index, in the snapshot shown, of the first item `log` touched (see
    /// `EditLog.untouchedHead()`); the item count when it touched none.
    private func firstFlat(touchedBy log: EditLog) -> Int {
        guard let head = log.untouchedHead() else { return snapshot.itemCount }
        guard snapshot.sections.indices.contains(head.section) else { return 0 }
        return snapshot.sections[head.section].firstItem + head.index
    }

    /// Whether a re-flow after shapes changed is computed and waiting for `applyReshape()`.
    var isReshapeReady: Bool { reshaping?.isReady ?? false }

    /// A pass over the items again after shapes changed from flat index `changed` on: the
    /// items before it keep the shown snapshot's frames (copied, when it is exact up to there).
    private mutating func beginReshape(budget: Int, from changed: Int) {
        guard case .masonry(let m) = layout else { return }
        let pass = MasonryPass(m, model: model, viewport: viewport, reusing: spareStore(), adoptingFrom: snapshot, through: changed)
        reshaping = LayoutSwitch(target: layout, continuing: consume pass, budget: budget)
    }

    /// Shows the re-flow computed after shapes changed (and starts another if they changed again).
    mutating func applyReshape() {
        guard let r = reshaping, r.isReady, let next = r.result else { return }
        reshaping = nil
        show(next)
        // Shapes that changed meanwhile get their pass from the next slice (`continueLayoutWork`),
        // not from here. Why: the engine holds the snapshot just replaced until the tiles' slides
        // are made from it, so its memory is not free yet; a pass begun here wrote into fresh
        // pages, and every other re-flow of a drop's batches ran its slices at twice the cost
        // (100,000 items: 3.3 ms instead of 1.6).
    }

    /// A new window size; false (nothing done) when it is the same or degenerate.
    mutating func resize(to size: Size) -> Bool {
        guard size != viewport, size.width >= 1, size.height >= 1 else { return false }
        viewport = size
        layOut()
        return true
    }

    /// Another layout; false when it is the one in use. At once, however long it takes (tests,
    /// and `beginSwitch` for the one the engine spreads over frames).
    mutating func switchLayout(to new: LayoutConfiguration) -> Bool {
        guard new != layout else { return false }
        switching = nil
        layout = new
        layOut()
        return true
    }

    /// The layout a switch is on its way to, while its snapshot is computed.
    public var pendingLayout: LayoutConfiguration? { switching?.target }
    /// Whether a switch is waiting for `applySwitch()` (its snapshot computed).
    var isSwitchReady: Bool { switching?.isReady ?? false }
    /// Whether the switch may land now (`LayoutSwitch.isLandable`).
    var isSwitchLandable: Bool { switching?.isLandable ?? false }
    /// Whether the re-flow may land now (`LayoutSwitch.isLandable`).
    var isReshapeLandable: Bool { reshaping?.isLandable ?? false }
    /// Whether there is work for `continueLayoutWork` (a pass to run, or memory to warm).
    var hasLayoutWork: Bool {
        (switching?.hasWork ?? false) || (reshaping?.hasWork ?? (owedReshape != nil)) || warming != nil
    }

    /// The pending switch, laid out in one go when asked for (a grid or a board), lands a frame
    /// later, as if its pass had been the slice after that frame.
    mutating func landSwitchNextFrame() {
        switching?.restsOneSlice = true
    }

    /// Starts switching to `new`: a grid or a board is laid out at once (O(sections)), a masonry
    /// of at most `budget` items too; a larger one is placed `budget` items a frame by
    /// `continueLayoutWork`, from the frame the switch was asked in (which so runs one slice, not
    /// two: at a million items, 6.8 ms). Switching to the layout in use drops a pending switch.
    /// Nothing changes what the arrangement shows until `applySwitch()`.
    mutating func beginSwitch(to new: LayoutConfiguration, budget: Int) {
        guard new != layout else { switching = nil; return }
        guard new != switching?.target else { return }
        var spare: FrameStore?
        if case .masonry = new { spare = spareStore() }
        switching = LayoutSwitch(target: new, model: model, viewport: viewport, reusing: spare, budget: budget)
    }

    /// What a frame's slice of layout work was.
    enum LayoutSlice: Equatable {
        case none, switching, reshaping, warming
    }

    /// One frame's slice of layout work, the first there is of: a pending switch's pass, a
    /// re-flow for new shapes, memory to warm for the next masonry relayout (`budget` items or
    /// frames). Returns which it was. The engine runs it after a frame is shown and lands what
    /// became ready in the next (`Engine.finishFrame()`, `Engine.beginFrame(at:)`).
    @discardableResult
    mutating func continueLayoutWork(budget: Int) -> LayoutSlice {
        if Self.run(&switching, budget: budget) { return .switching }
        if reshaping == nil, let changed = owedReshape {
            owedReshape = nil
            beginReshape(budget: 0, from: changed)
        }
        if Self.run(&reshaping, budget: budget) { return .reshaping }
        return warmSpare(budget: budget) ? .warming : .none
    }

    /// Runs `work`'s pass for `budget` items if it has one unfinished (or takes the slice it
    /// rests, see `LayoutSwitch.restsOneSlice`); whether it had.
    private static func run(_ work: inout LayoutSwitch?, budget: Int) -> Bool {
        if work?.restsOneSlice == true {
            work?.restsOneSlice = false
            return true
        }
        guard var w = work, !w.isReady else { return false }
        work = nil   // the pass's frames have one owner while it appends to them
        w.run(budget: budget)
        work = w
        return true
    }

    /// Puts a ready switch's layout and snapshot in use; the masonry snapshot before leaves its
    /// memory as the spare (as `layOut()` does), for the next masonry pass, a switch back included.
    mutating func applySwitch() {
        guard let s = switching, s.isReady, let next = s.result else { return }
        switching = nil
        // A re-flow of the layout before (new shapes, or the exact layout behind a provisional
        // snapshot) describes a layout no longer shown.
        reshaping = nil
        owedReshape = nil
        // Memory kept from a masonry before the layout left is let go of (a switch keeps it
        // across one switch only: from a masonry, for the switch back).
        if layout.choice != .masonry, let old = spare, old !== next.store {
            discard(old)
            spare = nil
        }
        layout = s.target
        show(next)
        warming = nil
        if case .masonry = layout, spare == nil || spare === snapshot.store || spareCapacity < model.topLevelCount {
            // Into a masonry from elsewhere: no spare memory for its first relayout; warm some.
            if let old = spare, old !== snapshot.store { discard(old) }
            spare = nil
            warming = model.topLevelCount
        }
    }

    /// Shows `next`. Of the stores the snapshot it replaces read and `next` does not, the one with
    /// the most memory faulted in becomes the spare; the others, and the spare before unless
    /// `next` reads it, are let go of after the frame (`discard`).
    private mutating func show(_ next: LayoutSnapshot) {
        let before = snapshot.storesRead
        snapshot = next
        let kept = next.storesRead
        // A spare `next`'s pass wrote into is one no longer.
        if let s = spare, kept.contains(where: { $0 === s }) { spare = nil }
        let freed = before.filter { s in !kept.contains { $0 === s } }
        guard let warmest = freed.max(by: { $0.warmedCount < $1.warmedCount }) else { return }
        for s in freed where s !== warmest && s !== spare { discard(s) }
        if let old = spare, old !== warmest { discard(old) }
        spare = warmest
        warming = nil
    }

    /// Keeps `memory` until `releaseDiscarded()`; a host that never calls it holds at most the
    /// last four.
    private mutating func discard(_ memory: FrameStore) {
        if discarded.count >= 4 { discarded.removeFirst() }
        discarded.append(memory)
    }

    /// Whether layout memory let go of waits for `releaseDiscarded()`.
    var hasDiscardedMemory: Bool { !discarded.isEmpty }

    /// Frees the layout memory switches let go of (see `discarded`): the host calls it after a
    /// frame is on screen, in the time before the next.
    mutating func releaseDiscarded() {
        discarded.removeAll()
    }

    /// The items made from `location` (`ItemLocations.forEachID(at:)`: the model's table of ids
    /// by location brought up to date first; not an edit).
    mutating func forEachItem(atLocation location: String, _ body: (ItemID) -> Void) {
        model.locations.forEachID(at: location, body)
    }

    /// Indexes up to `limit` of the locations set since the last lookup (after a frame is on
    /// screen; nothing to do, nothing changed); returns whether some are left.
    @discardableResult
    mutating func indexLocations(limit: Int) -> Bool {
        model.locations.index(limit: limit)
    }
}

extension Arrangement {
    /// Lays out again. A masonry reuses the memory of the snapshot before the current one when
    /// no one reads that any more (see `spare`); the current one's is kept for the next time.
    private mutating func layOut() {
        var reuse = overtakeReshape()
        if case .masonry = layout, reuse?.isIdle != true { reuse = spareStore() }
        show(layout.snapshot(of: model, viewport: viewport, reusing: reuse))
        // A pending switch was computing another picture of the collection: start it again.
        if let s = switching { switching = nil; beginSwitch(to: s.target, budget: 0) }
    }

    /// Drops a re-flow under way (new shapes, or the exact layout behind a provisional snapshot):
    /// the layout about to be made has everything it would have. Returns its frames' store.
    private mutating func overtakeReshape() -> FrameStore? {
        owedReshape = nil
        guard let r = reshaping else { return nil }
        reshaping = nil
        return r.abandon()
    }

    /// The spare store, when no snapshot reads it and no pass writes it (a pass claims it).
    private func spareStore() -> FrameStore? {
        guard let s = spare, s.isIdle else { return nil }
        return s
    }

    /// Faults in up to `budget` more frames of a spare made for `warming` items (writing zeros),
    /// until it holds room for `MasonryPass.room(for: warming)` frames. Stops when a pass took it.
    private mutating func warmSpare(budget: Int) -> Bool {
        guard let total = warming else { return false }
        if spare == nil { spare = FrameStore(capacity: MasonryPass.room(for: total)) }
        guard let s = spare, s.isIdle else { warming = nil; return false }
        if s.warm(budget: budget) { warming = nil }
        return true
    }
}

/// How an edit's relayout may be spread over frames: a masonry of more than `budget` items places
/// at once the items up to the last one the edit changed and every item starting above
/// `exactThrough` (root content y), plus two screens past the change; the other items keep
/// their frames from the layout before, moved to follow on (a provisional snapshot, see
/// `BorrowedTail`), while the exact pass runs `budget` items a frame (`continueLayoutWork`)
/// and lands like a re-flow for new shapes.
///
/// Why: every item after a masonry's first changed one may move, and a million of them take
/// ~12–16 ms to place: a reorder near the top of a million items was a dropped frame. What is
/// on screen is exact at once; what is borrowed is off screen, and within ~10 frames exact too.
struct LayoutDeferral: Sendable {
    var budget: Int
    var exactThrough: Double
}

extension Arrangement {
    /// The relayout after an edit as `deferral` allows; false (nothing done) when a whole layout
    /// is needed: a small collection, a layout other than a shortest-column masonry, a layout
    /// switch under way.
    private mutating func layOutDeferred(after log: EditLog, _ deferral: LayoutDeferral) -> Bool {
        guard case .masonry(let masonry) = layout, masonry.placement == .shortestColumn, switching == nil,
              model.topLevelCount > deferral.budget, snapshot.sections.count == model.sections.count else { return false }
        // The first flat index from which every item is one the edits left alone, and how far
        // those moved; the provisional snapshot may borrow only from there on.
        let tails = log.untouchedTails(sectionCount: model.sections.count)
        var first = 0, untouchedFrom = 0, shift = 0
        for (s, section) in model.sections.enumerated() {
            if tails[s].from > 0 || tails[s].shift != 0 { untouchedFrom = first + tails[s].from }
            shift += tails[s].shift
            first += section.items.count
        }
        if let t = snapshot.tail { untouchedFrom = Swift.max(untouchedFrom, t.from + shift) }
        var reuse = overtakeReshape()
        if reuse?.isIdle != true { reuse = spareStore() }
        // The items before the first the edits touched keep their frames (not placed again).
        var pass = MasonryPass(masonry, model: model, viewport: viewport, reusing: reuse,
                               adoptingFrom: snapshot, through: firstFlat(touchedBy: log))
        // Past the change a row or so at a time (a hundredth of a frame's budget: 1,000 items).
        let step = Swift.max(1, deferral.budget / 100)
        pass.run(atLeast: untouchedFrom, reaching: -.infinity, step: step)
        pass.run(atLeast: 0, reaching: Swift.max(deferral.exactThrough, pass.frontier + 2 * viewport.height), step: step)
        // Past 3/8 of the work placed, the rest is placed now. (Measured when the exact frames
        // were copied into the provisional snapshot, ~20 ns a frame; it now reads them in the
        // pass's store, and the rule was kept as it was.)
        if !pass.isFinished, pass.itemsPlaced * 5 < pass.workLeft * 3,
           let provisional = pass.provisional(borrowing: snapshot, shift: shift) {
            show(provisional)
            reshaping = LayoutSwitch(target: layout, continuing: consume pass)
            reshaping?.restsOneSlice = true
        } else {
            _ = pass.run(budget: .max)
            show(pass.snapshot())
        }
        return true
    }
}

extension Arrangement: Equatable {
    /// The snapshot follows from the rest, so it is left out (comparing it would be O(items) for
    /// masonry).
    public static func == (a: Arrangement, b: Arrangement) -> Bool {
        a.viewport == b.viewport && a.layout == b.layout && a.isPartial == b.isPartial && a.model == b.model
            && a.history == b.history && a.pendingLayout == b.pendingLayout && (a.reshaping == nil) == (b.reshaping == nil)
            && a.owedReshape == b.owedReshape && a.reshaping?.restsOneSlice == b.reshaping?.restsOneSlice
    }
}
