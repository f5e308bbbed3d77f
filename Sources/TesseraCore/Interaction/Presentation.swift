/// How things look while they move, apart from where they are: the pressed cell easing in, the
/// lifted snapshot growing, drop targets growing and shrinking, done items shaking their refusal,
/// and cells sliding from old frames to new ones (`motions`).
///
/// Everything here is a function of time; `prune(at:)` forgets what has finished, so an idle
/// engine holds nothing and asks for no frames.
public struct Presentation: Equatable, Sendable {
    /// Cells sliding to their new frames after a relayout (FLIP springs).
    public private(set) var motions = ItemMotions()
    /// Section backgrounds, headers, footers and board lists sliding with them.
    public private(set) var chrome = ChromeMotions()
    /// What the platform has for the files items were made from (pictures, type icons, gone).
    public internal(set) var artwork = ArtworkStates()
    /// The cell drawn pressed (or easing back out of it), and its scale.
    public private(set) var pressed: ItemID?
    public private(set) var pressScale = Tween.at(1)
    /// The carried snapshot's scale.
    public private(set) var liftScale = Tween.at(1)
    /// Drop targets growing open (folder dwell fired) or shrinking back, and their scale.
    public private(set) var targetScales: [ItemID: Tween] = [:]
    /// Done items shaking off a lift, since when.
    public private(set) var refusals: [ItemID: Double] = [:]
    /// A folder's panel or an item's details growing out of its tile, or shrinking back into it.
    public private(set) var overlayTransition: OverlayTransition?
    /// The toast on screen after an edit (a click on it undoes), until it has faded.
    public private(set) var toast: Toast?
    /// The platform's work after an edit, while it goes on (shown after `WorkProgress.revealDelay`).
    public private(set) var progress: ShownProgress?
    /// The caption strip: the latest announcement of a move, until it is due to go.
    public private(set) var caption: Caption?
    /// Items an edit took out of view that leave visibly: into a folder's cell, shrinking away, or
    /// sliding out of the window to the place the edit pushed them to.
    public private(set) var departures: [Departure] = []
    /// Items an edit put in view, new there (added, dropped, an undone delete): since when they
    /// fade in while they grow out of their slot's centre, as a departure fades out.
    public private(set) var arrivals: [ItemID: Double] = [:]
    /// When the window was last resized: a resize soon after another is part of a live resize.
    public private(set) var lastResize = -Double.infinity

    /// Resizes closer together than this are a live resize (the user dragging the window's edge):
    /// each re-flows at once; only the first of a run animates.
    public static let liveResizeGap = 0.1

    public init() {}

    /// A presentation as given (tests build expected states with it).
    init(motions: ItemMotions = ItemMotions(), pressed: ItemID? = nil, pressScale: Tween = .at(1), liftScale: Tween = .at(1),
         targetScales: [ItemID: Tween] = [:], refusals: [ItemID: Double] = [:]) {
        self.motions = motions; self.pressed = pressed; self.pressScale = pressScale; self.liftScale = liftScale
        self.targetScales = targetScales; self.refusals = refusals
    }

    // MARK: - Press and lift

    mutating func press(_ id: ItemID, at t: Double, policy: DragPolicy) {
        pressed = id
        pressScale = pressScale.retargeted(to: policy.pressScale, at: t, duration: policy.motion(policy.pressDuration))
    }

    /// The press ends (lift, click, moved away, cancelled): the cell eases back out.
    mutating func releasePress(at t: Double, policy: DragPolicy) {
        pressScale = pressScale.retargeted(to: 1, at: t, duration: policy.motion(policy.pressDuration))
    }

    mutating func lift(at t: Double, policy: DragPolicy) {
        releasePress(at: t, policy: policy)
        liftScale = Tween(from: 1, to: policy.liftScale, start: t, duration: policy.motion(policy.liftScaleDuration))
    }

    /// The snapshot is let go of (drop or cancel): its scale now, for the settle to start from.
    mutating func land(at t: Double) -> Double {
        defer { liftScale = .at(1) }
        return liftScale.value(at: t)
    }

    // MARK: - Drop targets

    /// The folder dwell fired: the target grows open, on from `scale` (what the dwell grew it to).
    mutating func openTarget(_ id: ItemID, from scale: Double = 1, at t: Double, policy: DragPolicy) {
        targetScales[id] = (targetScales[id] ?? .at(scale))
            .retargeted(to: policy.folderOpenScale, at: t, duration: policy.motion(policy.folderOpenDuration))
    }

    /// The pointer left the target, or the drop went into it: it shrinks back, from `scale` if it
    /// was not open yet (a dwell had grown it that far).
    mutating func closeTarget(_ id: ItemID, from scale: Double? = nil, at t: Double, policy: DragPolicy) {
        targetScales[id] = (targetScales[id] ?? .at(scale ?? policy.folderOpenScale))
            .retargeted(to: 1, at: t, duration: policy.motion(policy.folderCloseDuration))
    }

    /// A drop onto a plain item made a new folder in its place: the new folder shrinks back as
    /// the item would have.
    mutating func moveTarget(from old: ItemID, to new: ItemID) {
        guard old != new else { return }
        targetScales[new] = targetScales[old]
        targetScales[old] = nil
    }

    // MARK: - Overlays

    /// The overlay on top opened from `tile` (window coordinates): it grows out of it.
    mutating func openOverlay(from tile: Rect?, at t: Double, policy: DragPolicy) {
        guard let tile, policy.motion(policy.overlayDuration) > 0 else { overlayTransition = nil; return }
        overlayTransition = OverlayTransition(closing: nil, tile: tile, start: t, opening: true)
    }

    /// The overlay showing `closing` was closed: it shrinks back into `tile` while the surface
    /// takes input again.
    mutating func closeOverlay(_ closing: OverlayTransition.Closing, into tile: Rect?, at t: Double, policy: DragPolicy) {
        guard let tile, policy.motion(policy.overlayDuration) > 0 else { overlayTransition = nil; return }
        overlayTransition = OverlayTransition(closing: closing, tile: tile, start: t, opening: false)
    }

    // MARK: - Resizes

    /// A resize at `t`: true when it comes within `liveResizeGap` of the one before (a live resize).
    mutating func noteResize(at t: Double) -> Bool {
        defer { lastResize = t }
        return t - lastResize < Self.liveResizeGap
    }

    // MARK: - Refusal

    mutating func refuse(_ id: ItemID, at t: Double) {
        refusals[id] = t
    }

    // MARK: - Sliding cells

    /// `id` moved in the layout: from `drawn` (where it is drawn now) to `frame`, on a spring.
    mutating func slide(_ id: ItemID, from drawn: Rect, to frame: Rect, at t: Double, policy: DragPolicy) {
        motions.animate(id, from: drawn, to: frame, at: t, omega: Spring.omega(settleTime: policy.springSettleTime))
    }

    mutating func stopSliding(_ id: ItemID) {
        motions.remove(id)
        if !arrivals.isEmpty { arrivals[id] = nil }
    }
    mutating func stopAllSliding() {
        motions.removeAll()
        chrome.removeAll()
        departures.removeAll()
        arrivals.removeAll()
    }

    mutating func depart(_ d: Departure) { departures.append(d) }

    /// `id` is new in view: it fades in from `t` (see `arrivals`).
    mutating func arrive(_ id: ItemID, at t: Double) { arrivals[id] = t }

    /// How opaque an arriving item is drawn at `t` (1 when it is not arriving): 0 in the frame of
    /// the edit itself, so that frame, which also makes, splices or locates the edit's items
    /// (a redo of a drop of 10,000 files: ~2 ms), draws nothing new over the tiles; their grown
    /// seeds covered the window, and it was repainted whole in that frame too (4.3–4.5 ms).
    func arrivalOpacity(_ id: ItemID, at t: Double, policy: DragPolicy) -> Double {
        guard let start = arrivals[id] else { return 1 }
        return Tween(from: 0, to: 1, start: start, duration: policy.settleDuration).value(at: t)
    }

    /// Where to draw `id` whose layout frame is `frame`.
    public func drawn(_ id: ItemID, frame: Rect, at t: Double) -> Rect { motions.drawn(id, frame: frame, at: t) }

    /// A part of a section's chrome moved in the layout: from `drawn` to `frame`, on a spring.
    mutating func slide(_ part: ChromePart, from drawn: Rect, to frame: Rect, at t: Double, policy: DragPolicy) {
        chrome.animate(part, from: drawn, to: frame, at: t, omega: Spring.omega(settleTime: policy.springSettleTime))
    }

    /// Where to draw a part of a section's chrome whose layout frame is `frame`.
    public func drawn(_ part: ChromePart, frame: Rect, at t: Double) -> Rect { chrome.drawn(part, frame: frame, at: t) }

    // MARK: - Time

    /// Whether anything here changes between `t` and the next frame.
    public func isAnimating(at t: Double) -> Bool {
        !motions.isEmpty || !chrome.isEmpty || !refusals.isEmpty || overlayTransition != nil || !departures.isEmpty
            || !arrivals.isEmpty
            || toast.map { t >= $0.fadeStart } == true
            || !pressScale.isFinished(at: t) || !liftScale.isFinished(at: t)
            || targetScales.values.contains { !$0.isFinished(at: t) }
    }

    /// Forgets what has finished by `t`: settled springs, ended shakes, targets back at 1, and the
    /// pressed cell once it is back at rest. Returns whether anything was still moving (to draw).
    mutating func prune(at t: Double, policy: DragPolicy) -> Bool {
        let moving = isAnimating(at: t)
        if !motions.isEmpty { _ = motions.prune(at: t) }
        if !chrome.isEmpty { _ = chrome.prune(at: t) }
        if !refusals.isEmpty { refusals = refusals.filter { t < $0.value + policy.refuseDuration } }
        targetScales = targetScales.filter { !($0.value.isFinished(at: t) && $0.value.to == 1) }
        if pressed != nil, pressScale.to == 1, pressScale.isFinished(at: t) { pressed = nil }
        if let o = overlayTransition, t >= o.start + policy.overlayDuration { overlayTransition = nil }
        if let toast, t >= toast.end { self.toast = nil }
        if !departures.isEmpty { departures.removeAll { t >= $0.start + $0.duration(policy) } }
        if !arrivals.isEmpty { arrivals = arrivals.filter { t < $0.value + policy.settleDuration } }
        if let caption, t >= caption.until { self.caption = nil; return true }
        return moving
    }
}

extension DragPolicy {
    /// A duration, or zero under reduced motion.
    func motion(_ d: Double) -> Double { reduceMotion ? 0 : d }
}

/// An overlay (a folder's panel, an item's details) growing out of the tile it was opened from,
/// or shrinking back into it after it closed: the tile's frame and since when. A closing one
/// carries what it showed, to draw it while it shrinks (the overlay itself is gone: the surface
/// takes input again at once).
public struct OverlayTransition: Equatable, Sendable {
    public enum Closing: Equatable, Sendable {
        case folder(FolderPanel, offset: Double)
        case detail(Item)
    }
    public var closing: Closing?
    public var tile: Rect
    public var start: Double
    public var opening: Bool

    /// How open it is at `t`: 0 at the tile, 1 full size (eased).
    public func openness(at t: Double, duration: Double) -> Double {
        let p = Swift.min(1, Swift.max(0, (t - start) / Swift.max(duration, 1e-6)))
        let eased = 1 - (1 - p) * (1 - p) * (1 - p)
        return opening ? eased : 1 - eased
    }
}

extension Presentation {
    mutating func show(_ toast: Toast) { self.toast = toast }

    /// Notes how far the platform's work has got; finished or nil, it goes. Returns whether what
    /// is drawn changes (a pill not yet revealed draws nothing).
    mutating func progress(_ work: WorkProgress?, at t: Double) -> Bool {
        let wasShown = progress.map { t >= $0.revealAt } ?? false
        guard let work, !work.isFinished else {
            progress = nil
            return wasShown
        }
        progress = ShownProgress(work: work, since: progress?.since ?? t)
        return wasShown
    }
    mutating func dismissToast() { toast = nil }
    mutating func caption(_ text: String, until: Double) { caption = Caption(text: text, until: until) }
}

/// An item an edit took out of view, drawn leaving: from where it was drawn into its new folder's
/// cell (shrinking and fading, as a drop into a folder settles), or, gone for good (a delete, an
/// undone add), shrinking away where it was.
public struct Departure: Hashable, Sendable {
    public var item: Item
    public var from: Rect
    /// The folder it went into and where that was (found near there: no scan per frame); nil
    /// when it is gone.
    public var into: ItemID?
    public var intoPath: IndexPath?
    public var start: Double
    /// Set when it is still in the collection, pushed out of view by the edit (an insert above
    /// it, a move): its place now, and how far from that place it was drawn when it left.
    /// It closes the distance on the spring the tiles that stay use, so it slides out of the
    /// window with them instead of vanishing where it was.
    public var outOfView: OutOfView? = nil

    public struct OutOfView: Hashable, Sendable {
        public var path: IndexPath
        /// `from` minus where it ends (x, y, width, height): its place's window frame then,
        /// plus `pull`.
        public var gap: Rect
        /// Added to its place, far beyond the window (``FarApproach``), so it slides only a little
        /// way past the edge; zero for a place near the window.
        public var pull: Point = .zero
    }

    /// How long it is drawn.
    func duration(_ policy: DragPolicy) -> Double { outOfView == nil ? policy.settleDuration : policy.springSettleTime }
}
