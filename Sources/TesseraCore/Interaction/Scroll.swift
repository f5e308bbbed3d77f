/// Every scroll position of the surface, in one owner: the root surface and each board list
/// (`offsets`, and the `target` the wheel and the keys ease them to), the open folder's items, the
/// board's paging, and which way the root last moved (`travel`).
///
/// One mutation path per offset: every change of the root goes through `setRoot`, which clamps
/// it to the limits of the current layout and records the travel, whatever caused it (wheel
/// easing, keys, autoscroll, a scrubbed scroll indicator, a relayout that shortened the content).
/// The limits are set by `fit(to:)` after each layout and `fitFolder(maxOffset:)` for the folder.
public struct Scroll: Equatable, Sendable {
    /// Where the surface and the board lists are scrolled now (continuous, not pixel-snapped).
    public private(set) var offsets = ScrollOffsets()
    /// Where wheel and key scrolling are taking `offsets`; it eases there (`ease(dt:smoothing:)`).
    public private(set) var target = ScrollOffsets()
    /// How the root offset moved the last time it moved: which way cells are coming in from (the
    /// scene's prefetch looks that way). Zero until the first scroll.
    public private(set) var travel = Point.zero
    /// How far an open folder's items are scrolled under its title (0: at the top), and where the
    /// wheel and the paging keys are taking them.
    public private(set) var folderOffset = 0.0
    public private(set) var folderTarget = 0.0
    /// The board settling on a list boundary after a sideways scroll.
    public private(set) var paging = BoardPaging()
    /// The largest offsets the current layout allows.
    public private(set) var limits = Limits()
    /// An offset coasting or bouncing after a finger let go of it (`release`), stepped by `coast`.
    public private(set) var momentum: Momentum?

    /// A fling under way, and the offset it moves.
    public struct Momentum: Equatable, Sendable {
        public var zone: ScrollZone
        public var fling: Fling
        public init(zone: ScrollZone, fling: Fling) { self.zone = zone; self.fling = fling }
    }

    public struct Limits: Equatable, Sendable {
        public var root = Point.zero
        public var panes: [Double] = []
        public var folder = 0.0
        public init(root: Point = .zero, panes: [Double] = [], folder: Double = 0) {
            self.root = root; self.panes = panes; self.folder = folder
        }
        init(_ snapshot: LayoutSnapshot, folder: Double) {
            root = snapshot.maxRootOffset
            panes = snapshot.panes.map(\.maxOffset)
            self.folder = folder
        }
    }

    public init(fitting snapshot: LayoutSnapshot) {
        fit(to: snapshot)
    }

    /// A scroll state as given (tests build expected states with it).
    init(offsets: ScrollOffsets, target: ScrollOffsets, travel: Point = .zero, folderOffset: Double = 0,
         folderTarget: Double = 0, paging: BoardPaging = BoardPaging(), limits: Limits, momentum: Momentum? = nil) {
        self.offsets = offsets; self.target = target; self.travel = travel
        self.folderOffset = folderOffset; self.folderTarget = folderTarget; self.paging = paging; self.limits = limits
        self.momentum = momentum
    }

    public var isEasing: Bool { target != offsets || folderTarget != folderOffset }

    // MARK: - Limits

    /// After a layout: new limits, as many board lists as the layout has (new ones at the top),
    /// every offset and target clamped.
    mutating func fit(to snapshot: LayoutSnapshot) {
        limits = Limits(snapshot, folder: limits.folder)
        let n = limits.panes.count
        offsets.panes = (0..<n).map { clamp(offsets.pane($0), limits.panes[$0]) }
        target.panes = (0..<n).map { clamp(target.pane($0), limits.panes[$0]) }
        target.root = clamped(target.root)
        setRoot(offsets.root)
        // A list the fling moved may be gone; the others keep coasting to their new ends.
        if let m = momentum, case .pane(let k) = m.zone, k >= n { momentum = nil }
    }

    /// Back to the top-left (a layout switch: positions mean nothing across layouts).
    mutating func reset() {
        offsets.panes = offsets.panes.map { _ in 0 }
        target = ScrollOffsets(root: .zero, panes: offsets.panes)
        setRoot(.zero)
        paging = BoardPaging()
        momentum = nil
    }

    // MARK: - The root surface

    /// The one path that changes the root offset: clamped, and the move recorded as `travel`.
    private mutating func setRoot(_ p: Point) {
        placeRoot(clamped(p))
    }

    /// The root offset as given, past the ends too: a finger's rubber band, a fling's bounce, and
    /// easing back from either (each ends within the limits).
    private mutating func placeRoot(_ p: Point) {
        if p != offsets.root { travel = p - offsets.root }
        offsets.root = p
    }

    /// Wheel and keys: moves the target by `delta`; the offset follows (eased), or at once.
    mutating func scrollRoot(by delta: Point, immediately: Bool) {
        target.root = clamped(target.root + delta)
        if immediately { setRoot(target.root) }
    }

    /// Sets the target along one axis (`Home`, `End`, revealing an item).
    mutating func scrollRoot(along axis: Axis, to value: Double, immediately: Bool) {
        var p = target.root
        p[axis] = value
        target.root = clamped(p)
        if immediately { setRoot(target.root) }
    }

    /// Moves the offset and the target together (edge autoscroll, a scrubbed thumb, paging): no easing.
    mutating func jumpRoot(along axis: Axis, to value: Double) {
        var p = offsets.root
        p[axis] = value
        setRoot(p)
        target.root[axis] = offsets.root[axis]
    }

    // MARK: - Board lists

    mutating func scrollPane(_ k: Int, by dy: Double, immediately: Bool) {
        guard k < limits.panes.count else { return }
        target.panes[k] = clamp(target.pane(k) + dy, limits.panes[k])
        if immediately { offsets.panes[k] = target.panes[k] }
    }

    mutating func jumpPane(_ k: Int, to value: Double) {
        guard k < limits.panes.count else { return }
        offsets.panes[k] = clamp(value, limits.panes[k])
        target.panes[k] = offsets.panes[k]
    }

    // MARK: - An open folder's items

    /// A folder opened (at its top, or where it was left when going back to it).
    mutating func openFolder(maxOffset: Double, at offset: Double) {
        limits.folder = Swift.max(0, maxOffset)
        folderOffset = clamp(offset, limits.folder)
        folderTarget = folderOffset
    }

    /// The open folder's panel was laid out again (an edit, a resize): keep the offsets in range.
    mutating func fitFolder(maxOffset: Double) {
        limits.folder = Swift.max(0, maxOffset)
        folderOffset = clamp(folderOffset, limits.folder)
        folderTarget = clamp(folderTarget, limits.folder)
    }

    /// Scrolls the open folder's items to `offset`: eased (wheel, keys) or at once.
    mutating func scrollFolder(to offset: Double, immediately: Bool) {
        folderTarget = clamp(offset, limits.folder)
        if immediately { folderOffset = folderTarget }
    }

    /// By `dy` from where an eased scroll is heading (or from where it is, at once).
    mutating func scrollFolder(by dy: Double, immediately: Bool) {
        scrollFolder(to: (immediately ? folderOffset : folderTarget) + dy, immediately: immediately)
    }

    /// Edge autoscroll of the folder's items: offset and target together.
    mutating func jumpFolder(to offset: Double) {
        folderOffset = clamp(offset, limits.folder)
        folderTarget = folderOffset
    }

    // MARK: - Time

    /// Eases every offset towards its target: offset += (target − offset)·(1 − e^(−dt/τ)), τ =
    /// `smoothing` (0: at once); within half a pixel it lands.
    /// The targets are within the limits, so an offset past an end (a rubber band let go onto a
    /// board page) eases back inside.
    mutating func ease(dt: Double, smoothing: Double) {
        guard isEasing else { return }
        let k = smoothing <= 0 ? 1 : 1 - expm(-dt / smoothing)
        func ease(_ a: Double, _ b: Double) -> Double { abs(b - a) < 0.5 ? b : a + (b - a) * k }
        folderOffset = ease(folderOffset, folderTarget)
        offsets.panes = offsets.panes.indices.map { ease(offsets.panes[$0], target.pane($0)) }
        placeRoot(Point(x: ease(offsets.root.x, target.root.x), y: ease(offsets.root.y, target.root.y)))
    }

    // MARK: - A finger's pan and fling

    /// The offset of `zone` now.
    public func offset(in zone: ScrollZone) -> Double {
        switch zone {
        case .root(let axis): return offsets.root[axis]
        case .pane(let k): return offsets.pane(k)
        case .folder: return folderOffset
        }
    }

    /// The largest offset `zone` allows.
    public func limit(of zone: ScrollZone) -> Double {
        switch zone {
        case .root(let axis): return limits.root[axis]
        case .pane(let k): return k < limits.panes.count ? limits.panes[k] : 0
        case .folder: return limits.folder
        }
    }

    /// A finger holds `zone` at `raw` (its offset before the rubber band; `extent`: the visible
    /// length along the axis, which sets the band's give). Offset and target together; a fling of
    /// it stops.
    mutating func drag(_ zone: ScrollZone, to raw: Double, extent: Double) {
        if momentum?.zone == zone { momentum = nil }
        place(zone, Touch.rubberBanded(raw, limit: limit(of: zone), extent: extent))
    }

    /// The finger let go of `zone` moving at `velocity` (px/s, in offset terms): it flings if
    /// fast enough, bounces back if it was let go past an end, and else stays.
    mutating func release(_ zone: ScrollZone, velocity: Double) {
        let offset = offset(in: zone), limit = limit(of: zone)
        let inside = offset >= 0 && offset <= limit
        guard !inside || abs(velocity) >= Touch.minFlingSpeed else { momentum = nil; return }
        momentum = Momentum(zone: zone, fling: Fling(offset: offset, velocity: velocity, limit: limit))
    }

    /// A touch, the wheel or the keys take over: a fling stops where it is (a bounce lands at its
    /// end, as nothing should stay past one). True when one was moving.
    mutating func stopMomentum() -> Bool {
        guard let m = momentum else { return false }
        momentum = nil
        let offset = offset(in: m.zone), limit = limit(of: m.zone)
        if offset < 0 || offset > limit { place(m.zone, Swift.min(Swift.max(0, offset), limit)) }
        return true
    }

    /// `dt` seconds of the fling under way. True when an offset moved.
    mutating func coast(dt: Double) -> Bool {
        guard var m = momentum else { return false }
        m.fling.advance(by: dt)
        place(m.zone, m.fling.offset)
        momentum = m.fling.isFinished ? nil : m
        return true
    }

    /// Offset and target of `zone` set as given (a pan's rubber band, a fling's bounce: the target
    /// goes along, so nothing eases the offset back while a finger or a fling holds it).
    private mutating func place(_ zone: ScrollZone, _ value: Double) {
        switch zone {
        case .root(let axis):
            var p = offsets.root
            p[axis] = value
            placeRoot(p)
            target.root[axis] = value
        case .pane(let k):
            guard k < offsets.panes.count else { return }
            offsets.panes[k] = value
            target.panes[k] = value
        case .folder:
            folderOffset = value
            folderTarget = value
        }
    }

    // MARK: - Board paging

    /// A sideways wheel scroll on a paged board: note its speed, settle when it stops.
    mutating func noteSidewaysScroll(dx: Double, at t: Double) {
        paging.note(dx: dx, at: t)
    }

    /// Heads for the page nearest to where the current motion would carry the board (`pages`:
    /// the board's list boundaries).
    mutating func settleOnPage(velocity: Double, pages: [Double], immediately: Bool) {
        paging.stop()
        guard let page = BoardPaging.page(from: target.root.x, velocity: velocity, pages: pages) else { return }
        scrollRoot(along: .horizontal, to: page, immediately: immediately)
    }

    /// When the sideways scroll has been quiet long enough: settle on a page. True when it did.
    mutating func settlePagesIfDue(at t: Double, pages: [Double], immediately: Bool) -> Bool {
        guard let velocity = paging.takeDue(at: t) else { return false }
        settleOnPage(velocity: velocity, pages: pages, immediately: immediately)
        return true
    }

    // MARK: -

    private func clamped(_ p: Point) -> Point {
        Point(x: clamp(p.x, limits.root.x), y: clamp(p.y, limits.root.y))
    }
}

private func clamp(_ v: Double, _ limit: Double) -> Double { Swift.min(Swift.max(0, limit), Swift.max(0, v)) }
