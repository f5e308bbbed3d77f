/// The interaction engine: the model, its layout, scrolling, the drag state machine, timers and
/// animations — headless and deterministic.
///
/// The host feeds input with timestamps (`handle(_:at:)`), calls `advance(to:)` once per frame with
/// the monotonic time, draws `scene()`, saves on `.commit` effects (`takeEffects()`), and sleeps
/// until `nextDeadline` (nil: nothing will change until the next input).
public struct Engine: Sendable {
    public internal(set) var policy: DragPolicy
    public internal(set) var model: CollectionModel
    public internal(set) var layoutChoice: LayoutChoice
    public internal(set) var layout: any CollectionLayout
    public internal(set) var snapshot: LayoutSnapshot
    /// Item id of each flat index of `snapshot`: a view of the model, nothing stored.
    public var flatIDs: FlatIDs { model.flatIDs }
    public internal(set) var offsets: ScrollOffsets
    /// Where wheel scrolling is heading; `offsets` eases towards it.
    var scrollTarget: ScrollOffsets
    /// How the root offset moved in the last frame that moved it: which way cells are coming in
    /// from (see `upcomingCells`). Zero until the first scroll.
    var rootTravel = Point.zero
    public internal(set) var viewport: Size
    public internal(set) var now: Double
    public internal(set) var phase: DragPhase = .idle
    public internal(set) var selection: ItemID?
    public internal(set) var overlay: Overlay? {
        didSet { if overlay != oldValue { folderOffset = 0; folderTarget = 0 } }
    }
    /// How far an open folder's items are scrolled in its panel (0 at the top; clamped by
    /// ``folderView(_:)``). Back to the top whenever another overlay opens.
    var folderOffset = 0.0
    /// Where the wheel and the paging keys are taking `folderOffset`; it eases there as the
    /// surface's offset does.
    var folderTarget = 0.0
    /// The open folder (and how far it was scrolled) that a detail view was opened from: closing
    /// the detail goes back to it.
    var folderBeneath: (id: ItemID, offset: Double)?
    public internal(set) var pointer: Point?
    var motions = ItemMotions()
    var pressScale = Tween.at(1)
    var pressedID: ItemID?
    var liftScale = Tween.at(1)
    /// Open (growing) and closing (shrinking) drop targets and their scale.
    var targetScales: [ItemID: Tween] = [:]
    var refusals: [ItemID: Double] = [:]
    /// Board paging: when the last sideways scroll ended, its velocity, and when to settle.
    var lastSidewaysScroll = -Double.infinity
    var sidewaysVelocity = 0.0
    var pageSettleAt: Double?
    var effects: [EngineEffect] = []
    /// Where the engine last saw the ids it follows (pressed, lifted, settling, selected, open
    /// target, open folder): lookups start there, so a frame never scans the model (see `locate`).
    var hints: [ItemID: IndexPath] = [:]
    /// Set by anything that changes what is drawn; cleared by `scene()` readers via `takeNeedsDisplay()`.
    var dirty = true

    public init(model: CollectionModel, layout: LayoutChoice, viewport: Size, policy: DragPolicy = DragPolicy(), now: Double = 0) {
        self.init(model: model, layout: layout.layout, choice: layout, viewport: viewport, policy: policy, now: now)
    }

    /// An engine over a custom layout configuration (tests, embedders).
    public init(model: CollectionModel, layout: any CollectionLayout, choice: LayoutChoice = .grid, viewport: Size,
                policy: DragPolicy = DragPolicy(), now: Double = 0) {
        self.policy = policy
        self.model = model
        self.layoutChoice = choice
        self.layout = layout
        self.viewport = viewport
        self.now = now
        snapshot = layout.snapshot(of: model, viewport: viewport)
        offsets = ScrollOffsets(root: .zero, panes: Array(repeating: 0, count: snapshot.panes.count))
        scrollTarget = offsets
    }

    // MARK: - Host interface

    /// Effects since the last call (commits to save, items opened…), oldest first.
    public mutating func takeEffects() -> [EngineEffect] {
        defer { effects.removeAll() }
        return effects
    }

    /// Whether the scene changed since the last call.
    public mutating func takeNeedsDisplay() -> Bool {
        defer { dirty = false }
        return dirty
    }

    public var isDragging: Bool { if case .lifted = phase { true } else { false } }
    public var draggedID: ItemID? { if case .lifted(let l) = phase { l.id } else { nil } }
    var settlingID: ItemID? { if case .settling(let s) = phase { s.id } else { nil } }
    public var hover: Hover? { if case .lifted(let l) = phase { l.hover } else { nil } }
    public var openTarget: ItemID? { if case .lifted(let l) = phase { l.open } else { nil } }

    /// When the engine next needs `advance(to:)` without input; nil when idle.
    public var nextDeadline: Double? {
        var d: Double?
        func soon(_ t: Double) { d = Swift.min(d ?? t, t) }
        let frame = now + policy.frameInterval
        switch phase {
        case .idle, .scrubbing: break
        case .pressed(let p): if !p.moved { soon(p.start + policy.liftDelay) }
        case .lifted, .settling:
            // Wobble, autoscroll and dwell progress change every frame.
            soon(frame)
        }
        if !motions.isEmpty || !refusals.isEmpty || scrollTarget != offsets || folderTarget != folderOffset { soon(frame) }
        if let p = pageSettleAt { soon(p) }
        if !pressScale.isFinished(at: now) || !liftScale.isFinished(at: now) { soon(frame) }
        if targetScales.values.contains(where: { !$0.isFinished(at: now) }) { soon(frame) }
        return d.map { Swift.max($0, now) }
    }

    // MARK: - Derived geometry

    /// Where an item is now: O(1) for an id the engine follows (its hint is exact or one step off
    /// after an edit), a scan otherwise.
    func locate(_ id: ItemID) -> IndexPath? {
        switch phase {
        case .lifted(let l) where l.id == id: return model.indexPath(of: id, near: l.path)
        case .pressed(let p) where p.id == id && p.path != nil: return model.indexPath(of: id, near: p.path)
        default: return model.indexPath(of: id, near: hints[id])
        }
    }

    /// Notes where a followed id is, so later lookups start there. Keeps only a handful of ids.
    mutating func remember(_ id: ItemID, at path: IndexPath?) {
        if hints.count > 16 { hints.removeAll(keepingCapacity: true) }
        hints[id] = path
    }

    func item(withID id: ItemID) -> Item? { locate(id).flatMap { model.item(at: $0) } }

    func flatIndex(of id: ItemID) -> Int? {
        guard let p = locate(id), p.child == nil else { return nil }
        return snapshot.flatIndex(of: p)
    }

    /// Where an item's cell is drawn now (layout frame, scroll, and any animation), in window coordinates.
    public func drawnFrame(of id: ItemID) -> Rect? {
        if let f = openFolder?.frames[id] {
            return motions.drawn(id, frame: f, at: now)
        }
        guard let i = flatIndex(of: id) else { return nil }
        return motions.drawn(id, frame: snapshot.windowFrame(ofFlat: i, offsets: offsets), at: now)
    }

    /// The item under a window point.
    public func item(at p: Point) -> Item? {
        snapshot.item(at: p, offsets: offsets).flatMap { model.item(at: $0) }
    }

    /// The id of the item at a flat index of `snapshot`.
    func id(ofFlat i: Int) -> ItemID? {
        model.item(at: snapshot.indexPath(ofFlat: i))?.id
    }
}
