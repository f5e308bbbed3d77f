/// The pointer gesture under way, as a state machine, and where the pointer is:
///
///     idle --down on item--> pressed --hold liftDelay--> lifted --up/cancel--> settling --> idle
///                              |--move > slop--> (pressed, moved: no lift, no click)
///                              |--up--> idle (click: select and open)
///     idle --down on a scroll thumb--> scrubbing --up--> idle
///     idle --down on empty space--> banding --up--> idle (moved: marks what it touched; else a click: clears the marks)
///
/// A finger (`Engine+Touch`) drives the same machine, with a pan where the mouse would band or lift on move:
///
///     idle --touch on an item--> pressed --moved > Touch.slop--> panning --lifted--> idle (flings on)
///     idle --touch on empty space--> banding --moved > Touch.slop--> panning
///     idle --touch on nothing that takes it, or during a fling--> panning (not engaged) --moved--> panning
///
/// The session owns `phase` and the pointer; nothing else writes them. Its methods are the
/// transitions: each checks the phase it applies to, changes only the session, and returns what
/// the engine has to do about it elsewhere (a press to lift, a dwell that fired, a target to
/// close). The engine applies those to the other parts (model edits, presentation, scroll) and
/// reports back (`carried(to:)`, `record(_:)`), so no one copies a `Lift` out and writes it back.
public struct DragSession: Equatable, Sendable {
    public private(set) var phase: DragPhase = .idle
    /// Where the pointer is; nil once it left the window (unless an item is carried: it stays
    /// where it was last seen).
    public private(set) var pointer: Point?
    /// The touchscreen finger the gesture follows, from its touch's begin to its end (nil: the
    /// mouse, or nothing). Other fingers are ignored meanwhile, and so is the mouse.
    public private(set) var finger: UInt32?

    public init() {}

    /// A session as given (tests build expected states with it).
    init(phase: DragPhase, pointer: Point?, finger: UInt32? = nil) { self.phase = phase; self.pointer = pointer; self.finger = finger }

    public var lift: Lift? { if case .lifted(let l) = phase { l } else { nil } }
    public var press: Press? { if case .pressed(let p) = phase { p } else { nil } }
    public var settle: Settle? { if case .settling(let s) = phase { s } else { nil } }
    public var scrub: Scrub? { if case .scrubbing(let s) = phase { s } else { nil } }
    public var band: Band? { if case .banding(let b) = phase { b } else { nil } }
    public var incoming: Incoming? { if case .incoming(let i) = phase { i } else { nil } }
    public var pan: Pan? { if case .panning(let p) = phase { p } else { nil } }
    /// The hover of whatever is dragged over the surface: a carried item's, or another app's drag's.
    public var activeHover: Hover? { lift?.hover ?? incoming?.hover }
    public var isCarrying: Bool { lift != nil }
    public var isSettling: Bool { settle != nil }

    // MARK: - Pointer

    /// The pointer is at `p` (pressed or released there): a carried item follows it.
    mutating func place(_ p: Point) {
        pointer = p
        modifyLift { $0.pointer = p }
    }

    /// The pointer moved to `p`. A carried item follows it. A press that travels beyond `slop`
    /// stops being a hold: returns true the moment it does.
    mutating func track(_ p: Point, slop: Double) -> Bool {
        place(p)
        if case .banding(var band) = phase, !band.moved, band.press.distance(to: p) > slop {
            band.moved = true
            phase = .banding(band)
        }
        guard case .pressed(var press) = phase, !press.moved, press.origin.distance(to: p) > slop else { return false }
        press.moved = true
        phase = .pressed(press)
        return true
    }

    /// The pointer left the window: forgotten, unless an item is carried.
    mutating func pointerLeft() {
        if !isCarrying { pointer = nil }
    }

    // MARK: - A finger

    /// A finger came down with nothing under way: the gesture follows it until it lifts.
    mutating func touchBegan(_ id: UInt32) {
        guard finger == nil, phase == .idle else { return }
        finger = id
    }

    /// The followed finger lifted (or was cancelled): the pointer it stood for is gone too, unless
    /// an item is still carried.
    mutating func touchEnded() {
        finger = nil
        pointerLeft()
    }

    /// The finger pans (from a press or a band that moved, or one that stopped a fling).
    mutating func begin(_ pan: Pan) {
        guard finger != nil, !isCarrying, !isSettling else { return }
        phase = .panning(pan)
    }

    /// The pan moved past the slop: it moves `zone` (nil: nothing that scrolls that way), from
    /// `offset` with the finger at `anchor`.
    mutating func engage(_ zone: ScrollZone?, anchor: Point, offset: Double, at t: Double) {
        guard case .panning(var pan) = phase else { return }
        pan.zone = zone
        pan.engaged = true
        pan.anchor = anchor
        pan.startOffset = offset
        pan.samples = VelocitySamples()
        if let zone { pan.samples.add(anchor[zone.axis], at: t) }
        phase = .panning(pan)
    }

    /// The panning finger is at `p`.
    mutating func panned(to p: Point, at t: Double) {
        place(p)
        guard case .panning(var pan) = phase, let zone = pan.zone else { return }
        pan.samples.add(p[zone.axis], at: t)
        phase = .panning(pan)
    }

    // MARK: - Press, hold, scrub

    /// A press on an item (from idle; a press replaces a press).
    mutating func begin(_ press: Press) {
        guard !isCarrying, !isSettling else { return }
        phase = .pressed(press)
    }

    mutating func begin(_ scrub: Scrub) {
        guard !isCarrying, !isSettling else { return }
        phase = .scrubbing(scrub)
    }

    /// A press on empty space: a rubber band from there (drawn once it moves beyond the slop).
    mutating func begin(_ band: Band) {
        guard !isCarrying, !isSettling else { return }
        phase = .banding(band)
    }

    /// Another app's drag is over the window (from idle, or a drag over it already).
    mutating func over(_ incoming: Incoming) {
        guard phase == .idle || self.incoming != nil else { return }
        pointer = incoming.pointer
        phase = .incoming(incoming)
    }

    /// One frame of the edge autoscroll of the root under another app's drag.
    mutating func autoscrollIncoming(offset: Double, limit: Double, depth: Double, at t: Double, dt: Double, policy: DragPolicy) -> Double? {
        guard case .incoming(var i) = phase else { return nil }
        defer { phase = .incoming(i) }
        return Autoscroll.step(offset: offset, limit: limit, depth: depth, since: &i.edge, at: t, dt: dt, policy: policy)
    }

    /// One frame of the band's edge autoscroll of the root (see `autoscroll`).
    mutating func autoscrollBand(offset: Double, limit: Double, depth: Double, at t: Double, dt: Double, policy: DragPolicy) -> Double? {
        guard case .banding(var band) = phase else { return nil }
        defer { phase = .banding(band) }
        return Autoscroll.step(offset: offset, limit: limit, depth: depth, since: &band.edge, at: t, dt: dt, policy: policy)
    }

    /// The press whose hold has lasted `liftDelay` by `t`, if any: the engine lifts it (`lift`)
    /// or refuses it (`end`).
    func dueHold(at t: Double, liftDelay: Double) -> Press? {
        guard let p = press, !p.moved, t >= p.start + liftDelay else { return nil }
        return p
    }

    mutating func lift(_ lift: Lift) {
        guard press != nil else { return }
        phase = .lifted(lift)
    }

    /// The pressed item cannot move (done): the press is refused — no lift, no click — and lasts
    /// until the release.
    mutating func refuse() {
        guard case .pressed(var p) = phase else { return }
        p.moved = true
        p.refused = true
        phase = .pressed(p)
    }

    /// Back to idle: a press released, moved away or refused, a scrub let go, a settle finished.
    mutating func end() {
        guard !isCarrying else { return }   // a carried item ends through a settle
        phase = .idle
    }

    // MARK: - Carrying

    /// The carried item's edits so far, and where it is now.
    mutating func record(_ edits: EditLog) {
        modifyLift { $0.edits.append(contentsOf: edits) }
    }

    /// Where the carried item is now (after an edit, or found again).
    mutating func carried(to path: IndexPath) {
        modifyLift { $0.path = path }
    }

    /// The drag's edits were undone (cancel): back at its original place, nothing to undo.
    mutating func rolledBack() {
        modifyLift { $0.edits = EditLog(); $0.path = $0.originalPath }
    }

    /// Carried out of the open folder's panel onto the surface, now at `path`.
    mutating func leftFolder(to path: IndexPath) {
        modifyLift { $0.folder = nil; $0.hover = nil; $0.path = path }
    }

    /// The open folder went away (its panel is gone): carried on the surface from now on.
    mutating func lostFolder() {
        modifyLift { $0.folder = nil }
    }

    /// The target under the pointer is `target` in `place` (nil: none, or one where a drop changes
    /// nothing). A new target restarts the dwell clock. Returns the open drop target the pointer
    /// left, for the engine to close.
    mutating func hover(_ target: DropTarget?, in place: DropPlace, at t: Double) -> ItemID? {
        guard let l = lift else { return nil }
        let unchanged = l.hover.map { $0.target == target && $0.place == place } ?? (target == nil)
        guard !unchanged else { return nil }
        var left: ItemID?
        modifyLift {
            $0.hover = target.map { Hover(target: $0, place: place, since: t) }
            if let open = $0.open, target != .into(open.path) || place != .surface {
                $0.open = nil
                left = open.id
            }
        }
        return left
    }

    /// The hover whose dwell has run out by `t`: a gap after `reorderDwell`, a cell's centre
    /// after `folderDwell` (once: not when that cell is already open).
    func dueDwell(at t: Double, policy: DragPolicy) -> Hover? {
        guard let l = lift, let h = l.hover, !h.refused else { return nil }
        switch h.target {
        case .gap: return t >= h.since + policy.reorderDwell ? h : nil
        case .into: return l.open == nil && t >= h.since + policy.folderDwell ? h : nil
        }
    }

    /// A reorder dwell fired and was acted on: its hover is used up (the next target starts anew).
    mutating func dwellUsed() {
        modifyLift { $0.hover = nil }
    }

    /// A folder dwell fired and was refused: the hover stays, spent.
    mutating func dwellRefused() {
        modifyLift { $0.hover?.refused = true }
    }

    /// The group's members are out of the model; the held item is now at `path`.
    mutating func gathered(_ group: [Follower], heldRank: Int, heldAt path: IndexPath, flights: [Int]) {
        modifyLift { lift in
            lift.group = group; lift.heldRank = heldRank; lift.path = path; lift.gatherFlights = flights
            lift.memberIDs = Set(group.map(\.item.id))
            lift.membersHaveFolder = group.contains { $0.item.isFolder }
        }
    }

    /// A folder dwell fired: `target` is open to receive the drop.
    mutating func opened(_ target: OpenTarget) {
        modifyLift { $0.open = target }
    }

    /// One frame of edge autoscroll in `zone` (the root, a board list or an open folder's items):
    /// the offset it moves to, or nil when the pointer is in none of that zone's edges (its clock
    /// stops) or the offset is already at the end it pushes towards. See `Autoscroll.step`.
    mutating func autoscroll(_ zone: WritableKeyPath<AutoscrollClocks, Double?>, offset: Double, limit: Double, depth: Double,
                             at t: Double, dt: Double, policy: DragPolicy) -> Double? {
        var moved: Double?
        modifyLift { lift in
            moved = Autoscroll.step(offset: offset, limit: limit, depth: depth, since: &lift.zones[keyPath: zone], at: t, dt: dt,
                                    policy: policy)
        }
        return moved
    }

    // MARK: - Settle

    /// The carried item (released or cancelled) flies home: `settle` describes the flight.
    mutating func settle(_ settle: Settle) {
        guard isCarrying else { return }
        phase = .settling(settle)
    }

    /// Whether the flight is over by `t`.
    func settleDone(at t: Double, duration: Double) -> Bool {
        guard let s = settle else { return false }
        return t >= s.start + s.duration(flight: duration)
    }

    /// Lands a settling item at once (the flight is over, or reduced motion has none).
    mutating func landed() {
        if isSettling { phase = .idle }
    }

    private mutating func modifyLift(_ body: (inout Lift) -> Void) {
        guard case .lifted(var l) = phase else { return }
        body(&l)
        phase = .lifted(l)
    }
}

/// What the pointer is doing (see `DragSession`).
public enum DragPhase: Equatable, Sendable {
    case idle
    case pressed(Press)
    case lifted(Lift)
    case settling(Settle)
    /// Dragging a scroll indicator's thumb.
    case scrubbing(Scrub)
    /// Dragging a rubber band from empty space.
    case banding(Band)
    /// A finger panning the surface (or about to: see `Pan.engaged`).
    case panning(Pan)
    /// Another app's drag (files, links) is over the window (XDND): nothing of ours is carried.
    case incoming(Incoming)
}

/// Another app's drag over the window: where the pointer is, the gap or folder it is over (and
/// since when: the same dwells as a carried item's), and the edge autoscroll's clock.
public struct Incoming: Equatable, Sendable {
    public var pointer: Point
    public var hover: Hover?
    public var edge: Double?
    public init(pointer: Point, hover: Hover? = nil, edge: Double? = nil) {
        self.pointer = pointer; self.hover = hover; self.edge = edge
    }
}

/// A rubber band (KDE's folder view): pressed on empty space and dragged, it marks the items it
/// touches, live. Its start is kept in the root's content space, so an autoscroll under it
/// stretches it over the items scrolled in.
public struct Band: Equatable, Sendable {
    /// Where it was pressed, in window coordinates (the slop is measured from there).
    public var press: Point
    /// The same point in the root's content space (window point + root offset at the press).
    public var origin: Point
    /// Ctrl was held: what it touches is added to the marks there were (else they are replaced).
    public var adding: Bool
    /// Moved beyond the slop: a band, not a click on empty space.
    public var moved = false
    /// Since when the pointer has been in an edge zone of the root (autoscroll's ramp).
    public var edge: Double?

    public init(press: Point, origin: Point, adding: Bool, moved: Bool = false, edge: Double? = nil) {
        self.press = press; self.origin = origin; self.adding = adding; self.moved = moved; self.edge = edge
    }
}

public struct Press: Equatable, Sendable {
    public var id: ItemID
    /// Where the pressed item is (found near it when it is looked for again).
    public var path: IndexPath?
    public var start: Double
    public var origin: Point
    /// Moved beyond the slop: no longer a hold, nor a click.
    public var moved = false
    /// The open folder the press is in, if any.
    public var folder: ItemID? = nil
    /// A done item refused to lift: the press lasts until the release (with the not-allowed
    /// cursor), and is no click.
    public var refused = false
    /// Held with the press: a click with Ctrl toggles the item's mark, with Shift marks a range.
    public var modifiers: Modifiers = []

    public init(id: ItemID, path: IndexPath?, start: Double, origin: Point, moved: Bool = false, folder: ItemID? = nil,
                refused: Bool = false, modifiers: Modifiers = []) {
        self.id = id; self.path = path; self.start = start; self.origin = origin; self.moved = moved; self.folder = folder
        self.refused = refused; self.modifiers = modifiers
    }
}

/// The lifted item and everything that happens while it is carried.
public struct Lift: Equatable, Sendable {
    public var id: ItemID
    public var liftTime: Double
    /// Pointer minus the cell's top-left at lift: the snapshot keeps this offset (seed 001).
    public var grabOffset: Point
    /// The cell's size at lift: the snapshot image's size.
    public var size: Size
    public var pointer: Point
    /// Where the carried item is now: kept current by every edit of the drag, so a frame never
    /// looks for it.
    public var path: IndexPath
    /// Where it was at lift.
    public var originalPath: IndexPath
    /// The drag's edits, undone on cancel (seed 003 rolls back to the order at lift). A log rather
    /// than a copy of the model: a copy would make the first reorder copy every item.
    public var edits = EditLog()
    /// The target under the pointer and since when: the dwell clock.
    public var hover: Hover?
    /// The cell opened as a drop target (folder dwell fired), and where it is, if any.
    public var open: OpenTarget?
    /// How long the pointer has been in each edge zone (autoscroll's ramp).
    public var zones = AutoscrollClocks()
    /// The folder whose open panel the item is carried in; nil on the main surface.
    public var folder: ItemID? = nil
    /// Lifted with Space and moved by keys: the snapshot sits over the item's slot, and the
    /// pointer neither aims it nor scrolls the surface (Engine+KeyboardMove).
    public var byKeyboard = false
    /// The other members of a group lift (the marked items that came along), in reading order:
    /// out of the model while carried, in the stack under the snapshot (Engine+Group).
    public var group: [Follower] = []
    /// The held item's place in the group's reading order: members ranked before it land before it.
    public var heldRank = 0
    /// The members drawn flying into the stack as it gathers (indices into `group`): the three
    /// cards, and those whose slot was on screen; the rest were out of sight and simply join it.
    /// At most a screenful, however many are carried.
    public var gatherFlights: [Int] = []
    /// The members' ids: whether an item rides in the stack, without a pass over `group`.
    public var memberIDs: Set<ItemID> = []
    /// Whether a member is a folder (set with `group`).
    public var membersHaveFolder = false

    public init(id: ItemID, liftTime: Double, grabOffset: Point, size: Size, pointer: Point, path: IndexPath,
                originalPath: IndexPath, edits: EditLog = EditLog(), hover: Hover? = nil, open: OpenTarget? = nil,
                zones: AutoscrollClocks = AutoscrollClocks(), folder: ItemID? = nil, byKeyboard: Bool = false,
                group: [Follower] = [], heldRank: Int = 0) {
        self.id = id; self.liftTime = liftTime; self.grabOffset = grabOffset; self.size = size; self.pointer = pointer
        self.path = path; self.originalPath = originalPath; self.edits = edits; self.hover = hover; self.open = open
        self.zones = zones; self.folder = folder; self.byKeyboard = byKeyboard; self.group = group; self.heldRank = heldRank
    }

    /// Whether the carried items include a folder (the held one or a member): they cannot go
    /// into a folder.
    public var carriesFolder: Bool { membersHaveFolder }

    /// The snapshot's rect (before scale and rotation), in window coordinates.
    public var frame: Rect { Rect(origin: pointer - grabOffset, size: size) }
}

/// A member of a lifted group other than the held item: taken out of its slot at the lift and
/// carried in the stack until the drop puts it back beside the held item.
public struct Follower: Equatable, Sendable {
    public var item: Item
    /// Its place in the group's reading order (the held item has `Lift.heldRank`).
    public var rank: Int
    /// Where it was drawn at the lift: it flies from there into the stack.
    public var from: Rect
    /// Where it was in the model at the lift (a cancel puts it back there).
    public var origin: IndexPath
    public init(item: Item, rank: Int, from: Rect, origin: IndexPath) {
        self.item = item; self.rank = rank; self.from = from; self.origin = origin
    }
}

/// A cell whose folder dwell fired: it grows open and receives the drop. No edit happens while it
/// is open (a reorder needs another hover first, which closes it), so its path stays exact.
public struct OpenTarget: Hashable, Sendable {
    public var id: ItemID
    public var path: IndexPath
    public init(id: ItemID, path: IndexPath) { self.id = id; self.path = path }
}

/// Since when the pointer has been in the edge zones of the root, of a board list and of an open
/// folder's items (nil: not in that zone).
public struct AutoscrollClocks: Equatable, Sendable {
    public var root: Double?
    public var pane: Double?
    public var folder: Double?
    public init(root: Double? = nil, pane: Double? = nil, folder: Double? = nil) {
        self.root = root; self.pane = pane; self.folder = folder
    }
}

/// Where a drop target lies: among the surface's cells, or among an open folder's items (its
/// targets are then in the folder grid's terms: section 0, child indices).
public enum DropPlace: Hashable, Sendable {
    case surface
    case folder(ItemID)
}

public struct Hover: Hashable, Sendable {
    public var target: DropTarget
    public var place: DropPlace
    public var since: Double
    /// Its dwell ran out and it was refused (a group holding a folder over a cell): it does not
    /// fire again until the pointer moves to another target.
    public var refused = false
    public init(target: DropTarget, place: DropPlace = .surface, since: Double, refused: Bool = false) {
        self.target = target; self.place = place; self.since = since; self.refused = refused
    }
}

/// The snapshot flying into place after a release or a cancel; input is ignored meanwhile (seed 001).
public struct Settle: Equatable, Sendable {
    public enum Destination: Equatable, Sendable {
        /// Back into the item's own slot.
        case slot
        /// Into a folder cell (the dropped item now lives inside it), last seen at the path.
        case folder(ItemID, near: IndexPath?)
    }
    public var id: ItemID
    public var item: Item
    /// Where the item is now, to find its slot.
    public var path: IndexPath?
    public var start: Double
    public var from: Rect
    public var fromRotation: Double
    public var fromScale: Double
    public var destination: Destination
    /// The rest of a group, fanning out of the stack into their own places, a little after one another.
    public var members: [Member]

    /// A group member on its way from its card in the stack (or from the snapshot) to its place.
    public struct Member: Equatable, Sendable {
        public var item: Item
        /// Where it is now, to find its slot.
        public var path: IndexPath?
        public var from: Rect
        public var fromRotation: Double
        /// Its flight starts this long after the settle's (the fan-out's stagger).
        public var delay: Double
        public var destination: Destination
        public init(item: Item, path: IndexPath?, from: Rect, fromRotation: Double, delay: Double, destination: Destination) {
            self.item = item; self.path = path; self.from = from; self.fromRotation = fromRotation; self.delay = delay
            self.destination = destination
        }
    }

    public init(id: ItemID, item: Item, path: IndexPath?, start: Double, from: Rect, fromRotation: Double, fromScale: Double,
                destination: Destination, members: [Member] = []) {
        self.id = id; self.item = item; self.path = path; self.start = start; self.from = from
        self.fromRotation = fromRotation; self.fromScale = fromScale; self.destination = destination; self.members = members
    }

    /// How long the whole settle lasts: the flight, and the last member's delay.
    public func duration(flight: Double) -> Double { flight + (members.map(\.delay).max() ?? 0) }

    /// Whether `id` is flying home in it (its slot stays empty until it lands).
    public func carries(_ id: ItemID) -> Bool { self.id == id || members.contains { $0.item.id == id } }
}
