/// The interaction engine: the model, its layout, scrolling, the drag state machine, timers and
/// animations — headless and deterministic.
///
/// The host feeds input with timestamps (`handle(_:at:)`), calls `advance(to:)` once per frame with
/// the monotonic time, draws `scene()`, saves on `.commit` effects (`takeEffects()`), and sleeps
/// until `nextDeadline` (nil: nothing will change until the next input).
///
/// The engine composes parts, each the single owner of its state (docs/DESIGN.md has the table):
/// `Arrangement` (model, layout, viewport, snapshot), `Scroll`, `DragSession` (the gesture),
/// `Navigation` (selection, what is open), `Presentation` (looks that animate), `Inspector`,
/// `Outbox` (effects, redraw), and the open folder's `FolderPanel` (derived, cached). A part's
/// fields are `private(set)`: only its own methods change them. The engine's files decide which
/// part to ask for what: input (`Engine+Input`), time (`Engine+Advance`), the carried item
/// (`Engine+Drag`, `Engine+Autoscroll`), edits (`Engine+Updates`), relayout (`Engine+Layout`),
/// the folder panel (`Engine+Folder`), keyboard selection (`Engine+Keyboard`).
public struct Engine: Sendable {
    /// Every timing and threshold. Set at init; after, only its `frameInterval` changes, with the
    /// display showing the window (`InputEvent.frameInterval`), and the slop, double-click time
    /// and reduced motion, with the desktop's settings (`InputEvent.gestureSettings`).
    public internal(set) var policy: DragPolicy
    /// The time of the last `advance(to:)` (written only there).
    public internal(set) var now: Double
    public internal(set) var arrangement: Arrangement
    public internal(set) var scroll: Scroll
    public internal(set) var session = DragSession()
    public internal(set) var navigation = Navigation()
    public internal(set) var presentation = Presentation()
    public internal(set) var inspector = Inspector()
    /// The open folder's panel: derived from the model, the overlay and the viewport, rebuilt only
    /// by `refreshFolderPanel()` (on open, edit, resize), never per frame.
    public internal(set) var folderPanel: FolderPanel?
    var outbox = Outbox()

    public init(model: CollectionModel, layout: LayoutChoice, viewport: Size, policy: DragPolicy = DragPolicy(), now: Double = 0) {
        self.init(model: model, layout: layout.layout, viewport: viewport, policy: policy, now: now)
    }

    /// An engine over a layout configured by the caller (tests, embedders, the benchmark).
    ///
    /// - Parameter partial: `model` is only the first items of each section, shown while a store
    ///   reads the rest; `complete(with:at:)` hands the whole collection over. Until then nothing
    ///   lifts: a press waits (see `Engine+Loading`).
    public init(model: CollectionModel, layout: LayoutConfiguration, viewport: Size, policy: DragPolicy = DragPolicy(),
                now: Double = 0, partial: Bool = false) {
        self.policy = policy
        self.now = now
        arrangement = Arrangement(model: model, layout: layout, viewport: viewport, isPartial: partial)
        scroll = Scroll(fitting: arrangement.snapshot)
    }

    public init(model: CollectionModel, layout: LayoutChoice, viewport: Size, policy: DragPolicy = DragPolicy(),
                now: Double = 0, partial: Bool) {
        self.init(model: model, layout: layout.layout, viewport: viewport, policy: policy, now: now, partial: partial)
    }

    // MARK: - Host interface

    /// Effects since the last call (commits to save, items opened…), oldest first.
    public mutating func takeEffects() -> [EngineEffect] { outbox.takeEffects() }

    /// Whether the scene changed since the last call.
    public mutating func takeNeedsDisplay() -> Bool { outbox.takeNeedsDisplay() }

    /// When the engine next needs `advance(to:)` without input; nil when idle.
    public var nextDeadline: Double? {
        var d: Double?
        func soon(_ t: Double) { d = Swift.min(d ?? t, t) }
        let frame = now + policy.frameInterval
        switch session.phase {
        case .idle, .scrubbing, .panning: break
        // While the collection loads, a due hold waits for it (`complete(with:at:)` lifts).
        case .pressed(let p): if !p.moved && !arrangement.isPartial { soon(p.start + policy.liftDelay) }
        // Wobble, autoscroll and dwell progress change every frame.
        case .lifted, .settling: soon(frame)
        // A band near an edge autoscrolls frame by frame.
        case .banding(let b): if b.moved { soon(frame) }
        // Another app's drag: dwells and the edge autoscroll move every frame.
        case .incoming: soon(frame)
        }
        if scroll.isEasing || scroll.momentum != nil || presentation.isAnimating(at: now) { soon(frame) }
        // A layout switch being laid out, or memory warmed after one, takes a slice a frame.
        if arrangement.hasLayoutWork || arrangement.isSwitchReady || arrangement.isReshapeReady { soon(frame) }
        if let p = scroll.paging.settleAt { soon(p) }
        // A toast starts fading (then `isAnimating` asks for every frame until it is gone).
        if let toast = presentation.toast, now < toast.fadeStart { soon(toast.fadeStart) }
        if let caption = presentation.caption, caption.until.isFinite { soon(caption.until) }
        // Work that has gone on long enough shows its progress.
        if let p = presentation.progress, now < p.revealAt { soon(p.revealAt) }
        return d.map { Swift.max($0, now) }
    }

    // MARK: - Reading the state

    public var model: CollectionModel { arrangement.model }
    public var snapshot: LayoutSnapshot { arrangement.snapshot }
    public var viewport: Size { arrangement.viewport }
    public var layout: LayoutConfiguration { arrangement.layout }
    public var layoutChoice: LayoutChoice { arrangement.layout.choice }
    public var offsets: ScrollOffsets { scroll.offsets }
    public var phase: DragPhase { session.phase }
    public var pointer: Point? { session.pointer }
    public var selection: ItemID? { navigation.selection }
    public var overlay: Overlay? { navigation.overlay }
    /// Item id of each flat index of `snapshot`: a view of the model, nothing stored.
    public var flatIDs: FlatIDs { model.flatIDs }

    public var isDragging: Bool { session.isCarrying }
    public var draggedID: ItemID? { session.lift?.id }
    var settlingID: ItemID? { session.settle?.id }
    public var hover: Hover? { session.lift?.hover }
    public var openTarget: ItemID? { session.lift?.open?.id }
    /// The lifted snapshot's rect (before scale and rotation), in window coordinates.
    public var liftedFrame: Rect? { session.lift.map(carriedFrame) }

    // MARK: - Derived geometry

    /// Where an item is now: O(distance moved) for an id the engine follows (the carried,
    /// pressed, settling, selected or open item, the open folder's children), a scan otherwise.
    func locate(_ id: ItemID) -> IndexPath? {
        model.indexPath(of: id, near: followedPath(of: id))
    }

    /// Where the engine last saw an id it follows.
    func followedPath(of id: ItemID) -> IndexPath? {
        switch session.phase {
        case .lifted(let l) where l.id == id: return l.path
        case .lifted(let l) where l.open?.id == id: return l.open?.path
        case .pressed(let p) where p.id == id: return p.path
        case .settling(let s) where s.id == id: return s.path
        default: break
        }
        if navigation.selection == id { return navigation.selectionPath }
        switch navigation.overlay {
        case .detail(id)?, .folder(id)?: return navigation.overlayPath
        default: break
        }
        if navigation.beneath?.folder == id { return navigation.beneath?.path }
        // A child of the open folder: O(children), never O(items).
        if let panel = folderPanel, let c = panel.children.firstIndex(where: { $0.id == id }) {
            return IndexPath(section: panel.path.section, item: panel.path.item, child: c)
        }
        return nil
    }

    func item(withID id: ItemID) -> Item? { locate(id).flatMap { model.item(at: $0) } }

    func flatIndex(of id: ItemID) -> Int? {
        guard let p = locate(id), p.child == nil else { return nil }
        return snapshot.flatIndex(of: p)
    }

    /// Where an item's cell is drawn now (layout frame, scroll, and any animation), in window coordinates.
    public func drawnFrame(of id: ItemID) -> Rect? {
        guard let p = locate(id) else { return nil }
        return drawnFrame(of: id, at: p)
    }

    /// As `drawnFrame(of:)` for an item known to be at `p`.
    func drawnFrame(of id: ItemID, at p: IndexPath) -> Rect? {
        if let c = p.child {
            guard let panel = folderPanel, panel.path.section == p.section, panel.path.item == p.item,
                  c < panel.children.count else { return nil }
            return presentation.drawn(id, frame: panel.frame(ofChild: c, offset: scroll.folderOffset), at: now)
        }
        guard let i = snapshot.flatIndex(of: p) else { return nil }
        return presentation.drawn(id, frame: snapshot.windowFrame(ofFlat: i, offsets: offsets), at: now)
    }

    /// The item under a window point on the surface.
    public func item(at p: Point) -> Item? {
        snapshot.item(at: p, offsets: offsets).flatMap { model.item(at: $0) }
    }

    /// The id of the item at a flat index of `snapshot`.
    func id(ofFlat i: Int) -> ItemID? {
        model.item(at: snapshot.indexPath(ofFlat: i))?.id
    }
}

extension Engine: Equatable {
    /// Everything but what follows from the rest: the layout snapshot (inside `arrangement`) and
    /// the folder panel are derived, so two engines in the same state compare equal however they
    /// got there. O(items): for tests and replays, not frames.
    public static func == (a: Engine, b: Engine) -> Bool {
        a.policy == b.policy && a.now == b.now && a.scroll == b.scroll && a.session == b.session
            && a.navigation == b.navigation && a.presentation == b.presentation && a.inspector == b.inspector
            && a.outbox == b.outbox && a.arrangement == b.arrangement
    }
}
