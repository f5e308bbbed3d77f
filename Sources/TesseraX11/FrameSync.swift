import CX11

/// What the window tells a compositing manager about its frames (EWMH `_NET_WM_SYNC_REQUEST`,
/// with the extended counter Mutter and KWin read): the counter is odd while a frame's pixels are
/// being sent and even once all of them are there, so the compositor shows whole frames only.
///
/// Why it matters here: a whole-window frame is sent in up to four loads through a staging buffer
/// a quarter of the window tall (``StagingPlan``), ~3 ms apart. Under Mutter without this, a
/// screenshot sequence of a layout switch caught the compositor showing the new layout in the
/// top quarter and the old one below. The window also starts "in a frame" (odd) so the compositor
/// shows nothing of it until the first frame is all there.
///
/// The window manager's `_NET_WM_SYNC_REQUEST` (sent before it resizes the window) names a value:
/// after the window has been configured and a frame drawn at its new size, the counter reaches it
/// — the extended one when the request says so, else the basic one — and the window manager goes
/// on resizing in step with the frames instead of ahead of them.
///
/// Pure bookkeeping (the shell sets the counters it returns): ``FrameSyncTests`` runs it.
struct FrameSyncCounter: Equatable {
    /// A window manager's request: the value to reach, and on which counter.
    struct Request: Equatable {
        var value: Int64
        var extended: Bool
    }

    /// The extended counter's value: odd while a frame is being sent. Starts odd (see above).
    private(set) var value: Int64 = 1
    /// The last request received, waiting for the `ConfigureNotify` it precedes.
    private var requested: Request?
    /// A request whose configure has arrived: the next frame (or the next turn without one) answers it.
    private var configured: Request?

    /// A `_NET_WM_SYNC_REQUEST` arrived.
    mutating func request(_ r: Request) { requested = r }

    /// A `ConfigureNotify` arrived: the request before it now waits for a frame.
    mutating func windowConfigured() {
        guard let r = requested else { return }
        configured = r
        requested = nil
    }

    /// A request is configured and not yet answered: the loop answers it even without damage.
    var awaitsFrame: Bool { configured != nil }

    /// Before the frame's first pixels reach the window. Returns the extended counter's new value
    /// (odd), or nil when it is odd already (the first frame; a request's value is taken first).
    mutating func beginFrame() -> Int64? {
        if let c = configured, c.extended {
            configured = nil
            // The frame answers the request: it ends at or past its value (never going back).
            value = max(value, c.value)
            if value % 2 != 0 { value += 1 }
        }
        guard value % 2 == 0 else { return nil }
        value += 1
        return value
    }

    /// After the frame's last pixels: the extended counter's new (even) value when it changes, and
    /// the basic counter's when a basic request was waiting for this frame.
    mutating func endFrame() -> (extended: Int64?, basic: Int64?) {
        var extended: Int64?
        if value % 2 != 0 {
            value += 1
            extended = value
        }
        var basic: Int64?
        if let c = configured, !c.extended {
            basic = c.value
            configured = nil
        }
        return (extended, basic)
    }

    /// A configured request and no frame to draw (the window moved, or its content stands): the
    /// window is right as it is, so the request is answered as by an empty frame.
    mutating func answerWithoutFrame() -> (extended: Int64?, basic: Int64?) {
        _ = beginFrame()
        return endFrame()
    }
}

/// The window's two XSync counters, named in its `_NET_WM_SYNC_REQUEST_COUNTER` property, and the
/// bookkeeping that says what they hold. Nil without the SYNC extension (frames are sent as before).
final class FrameSync {
    private let display: OpaquePointer
    let basic: XSyncCounter
    let extended: XSyncCounter
    private(set) var state = FrameSyncCounter()
    /// `_NET_WM_SYNC_REQUEST`: the protocol's atom, also the first word of the request's message.
    let requestAtom: Atom

    /// Creates the counters and names them on `window`; call before the window is mapped.
    init?(display: OpaquePointer, window: Window) {
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XSyncQueryExtension(display, &eventBase, &errorBase) != 0,
              XSyncInitialize(display, &major, &minor) != 0 else { return nil }
        self.display = display
        basic = XSyncCreateCounter(display, Self.syncValue(0))
        extended = XSyncCreateCounter(display, Self.syncValue(state.value))
        requestAtom = XInternAtom(display, "_NET_WM_SYNC_REQUEST", 0)
        var counters: [UInt] = [UInt(basic), UInt(extended)]
        let property = XInternAtom(display, "_NET_WM_SYNC_REQUEST_COUNTER", 0)
        counters.withUnsafeMutableBytes { raw in
            _ = XChangeProperty(display, window, property, XA_CARDINAL, 32, PropModeReplace,
                                raw.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
        }
    }

    deinit {
        XSyncDestroyCounter(display, basic)
        XSyncDestroyCounter(display, extended)
    }

    /// A `_NET_WM_SYNC_REQUEST` message's value (its third and fourth words, low then high) and
    /// whether it names the extended counter (its fifth).
    func request(low: Int, high: Int, extended isExtended: Int) {
        state.request(.init(value: Self.value(low: low, high: high), extended: isExtended != 0))
    }

    /// A 64-bit counter value from a client message's two 32-bit words (XSync values are signed).
    static func value(low: Int, high: Int) -> Int64 {
        Int64(UInt32(truncatingIfNeeded: low)) | (Int64(Int32(truncatingIfNeeded: high)) << 32)
    }

    func windowConfigured() { state.windowConfigured() }
    var awaitsFrame: Bool { state.awaitsFrame }

    /// Before the frame's first request that changes the window's pixels.
    func beginFrame() {
        if let v = state.beginFrame() { XSyncSetCounter(display, extended, Self.syncValue(v)) }
    }

    /// After the frame's last (the loop's flush sends it).
    func endFrame() { set(state.endFrame()) }

    /// A configured request answered in a turn without a frame.
    func answerWithoutFrame() { set(state.answerWithoutFrame()) }

    private func set(_ values: (extended: Int64?, basic: Int64?)) {
        if let v = values.extended { XSyncSetCounter(display, extended, Self.syncValue(v)) }
        if let v = values.basic { XSyncSetCounter(display, basic, Self.syncValue(v)) }
    }

    static func syncValue(_ v: Int64) -> XSyncValue {
        XSyncValue(hi: Int32(truncatingIfNeeded: v >> 32), lo: UInt32(truncatingIfNeeded: v))
    }
}
