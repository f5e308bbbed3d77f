import CA11yAPI
import TesseraCore
import TesseraPlugins
#if canImport(Glibc)
import Glibc
#endif

/// What the bridge needs from the app: the engine to read the tree from, a way to act on it, and
/// where the window is on the screen.
@MainActor
public protocol AccessibleWindow: AnyObject {
    var accessibleEngine: Engine { get }
    /// A screen reader's action on a node (it changes the engine: through the app, which saves).
    func performAccessibleAction(_ index: Int, on node: AccessibleNode, near hint: IndexPath?) -> Bool
    /// The window's top-left on the screen, in device pixels, and device pixels per logical pixel.
    var screenOrigin: (x: Double, y: Double) { get }
    var pixelScale: Double { get }
}

/// Tessera on the Linux accessibility bus (AT-SPI, through ATK and its bridge), loaded only when
/// a bus is there to talk to: `libTesseraA11y.so` (the C half, `CA11yBridge`) is opened with
/// dlopen, so a session without accessibility loads none of ATK, GObject or D-Bus, and a missing
/// library or bus costs nothing and says nothing.
///
/// The tree is the engine's (`Engine.accessibleChildCount` and the rest); this class gives each
/// node a handle for ATK and answers its callbacks. After each frame the app calls `update()`:
/// focus moves follow the selection, and a new announcement goes out as the caption's new text
/// (a polite live region: ATK 2.46 has no announcement call).
@MainActor
public final class AccessibilityBridge {
    private let dispatchFn: tessera_a11y_dispatch_fn
    private let prepareFn: tessera_a11y_prepare_fn
    private let focusFn: tessera_a11y_node_fn
    private let textFn: tessera_a11y_text_fn
    private weak var window: AccessibleWindow?
    private var handles: [AccessibleNode: Int64] = [.frame: 0]
    private var nodes: [Int64: (node: AccessibleNode, near: IndexPath?)] = [0: (.frame, nil)]
    private var callbacks = TesseraA11yCallbacks()
    private var lastFocus: AccessibleNode?
    private var lastCaption = ""
    private var poll = DescriptorPoll(capacity: 16)

    /// Whether an accessibility bus can be reached: the session bus (where `org.a11y.Bus` says
    /// where the accessibility bus is) or an explicit one; `NO_AT_BRIDGE=1` turns it off, as for GTK.
    public static var busExpected: Bool {
        if getenv("NO_AT_BRIDGE").map({ String(cString: $0) == "1" }) == true { return false }
        return getenv("AT_SPI_BUS_ADDRESS") != nil || getenv("DBUS_SESSION_BUS_ADDRESS") != nil
    }

    /// Loads the bridge and puts `window` on the bus; nil (silently) when there is no bus to
    /// expect, no library, or the bridge cannot start. `library`: the bridge's path (default: beside
    /// the executable, then `../lib/tessera/` for an install).
    public static func start(for window: AccessibleWindow, library: String? = nil) -> AccessibilityBridge? {
        guard busExpected else { return nil }
        var t0 = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t0)
        defer {
            // TESSERA_A11Y_DEBUG=1: what starting cost (the bridge's synchronous calls to the bus).
            if getenv("TESSERA_A11Y_DEBUG") != nil {
                var t1 = timespec()
                clock_gettime(CLOCK_MONOTONIC, &t1)
                let ms = Double(t1.tv_sec - t0.tv_sec) * 1000 + Double(t1.tv_nsec - t0.tv_nsec) / 1e6
                let line = "tessera: accessibility bridge start took \(Int(ms.rounded())) ms\n"
                _ = write(2, line, line.utf8.count)
            }
        }
        let paths = library.map { [$0] } ?? PluginLibrary.candidatePaths("libTesseraA11y.so", override: "TESSERA_A11Y_LIBRARY")
        return PluginLibrary.load(from: paths) { AccessibilityBridge(handle: $0, window: window) }
    }

    private init?(handle: UnsafeMutableRawPointer, window: AccessibleWindow) {
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { PluginLibrary.symbol(handle, name, type) }
        guard let start = symbol("tessera_a11y_start", tessera_a11y_start_fn.self),
              let prepare = symbol("tessera_a11y_prepare", tessera_a11y_prepare_fn.self),
              let dispatch = symbol("tessera_a11y_dispatch", tessera_a11y_dispatch_fn.self),
              let focus = symbol("tessera_a11y_focus", tessera_a11y_node_fn.self),
              let text = symbol("tessera_a11y_text", tessera_a11y_text_fn.self) else { return nil }
        self.prepareFn = prepare
        self.dispatchFn = dispatch
        self.focusFn = focus
        self.textFn = text
        self.window = window
        callbacks = makeCallbacks(context: Unmanaged.passUnretained(self).toOpaque())
        guard start(&callbacks) == 0 else {
            if getenv("TESSERA_A11Y_DEBUG") != nil { _ = write(2, "tessera: the accessibility bridge did not start\n", 48) }
            return nil
        }
        if getenv("TESSERA_A11Y_DEBUG") != nil { _ = write(2, "tessera: on the accessibility bus\n", 34) }
    }

    // MARK: The loop

    /// The bridge's descriptors to poll (D-Bus) and how long GLib may wait, in ms (-1: forever).
    public func descriptors() -> (fds: [pollfd], timeout: Int32) {
        poll.ask { prepareFn($0, $1, $2) }
    }

    /// After the poll: runs what is ready (`ready`: the descriptors as polled, revents filled).
    public func dispatch(_ ready: [pollfd]) {
        var ready = ready
        dispatchFn(&ready, Int32(ready.count))
    }

    /// Follows the engine after a frame: focus on the selection (or the menu entry, the field),
    /// a new announcement as the caption's text.
    public func update() {
        guard let engine = window?.accessibleEngine else { return }
        let focus = engine.accessibleFocus
        if focus != lastFocus, let focus {
            focusFn(handle(focus, near: engine.navigation.selectionPath))
        }
        lastFocus = focus
        let caption = engine.presentation.caption?.text ?? ""
        if caption != lastCaption, !caption.isEmpty { textFn(handle(.caption, near: nil), caption) }
        lastCaption = caption
    }

    // MARK: Handles

    func handle(_ node: AccessibleNode, near: IndexPath?) -> Int64 {
        if let h = handles[node] {
            if near != nil { nodes[h]?.near = near }
            return h
        }
        let h = Int64(nodes.count)
        handles[node] = h
        nodes[h] = (node, near)
        return h
    }

    fileprivate func node(_ h: Int64) -> (node: AccessibleNode, near: IndexPath?)? { nodes[h] }
    fileprivate var accessibleWindow: AccessibleWindow? { window }
}

// The C callbacks: plain functions (a C function pointer captures nothing), each finding the
// bridge from its context pointer. ATK calls them on the main thread, from the GLib dispatch the
// shell's loop runs.

/// Runs `body` with the bridge behind `context`, on the main actor (where ATK calls from).
private func withBridge<T: Sendable>(_ context: UnsafeMutableRawPointer?, _ body: @MainActor (AccessibilityBridge) -> T) -> T {
    let key = UInt(bitPattern: context)
    return MainActor.assumeIsolated {
        body(Unmanaged<AccessibilityBridge>.fromOpaque(UnsafeMutableRawPointer(bitPattern: key)!).takeUnretainedValue())
    }
}

private func info(_ context: UnsafeMutableRawPointer?, _ h: Int64) -> AccessibleInfo? {
    withBridge(context) { b in
        guard let (node, near) = b.node(h), let engine = b.accessibleWindow?.accessibleEngine else { return nil }
        return engine.accessibleInfo(node, near: near)
    }
}

private func string(_ s: String) -> UnsafeMutablePointer<CChar>? { strdup(s) }

private func roleNumber(_ role: AccessibleRole?) -> Int32 {
    switch role {
    case .frame?: Int32(TESSERA_ROLE_FRAME)
    case .list?: Int32(TESSERA_ROLE_LIST)
    case .listItem?: Int32(TESSERA_ROLE_LIST_ITEM)
    case .liveRegion?: Int32(TESSERA_ROLE_LIVE_REGION)
    case .dialog?: Int32(TESSERA_ROLE_DIALOG)
    case .menu?: Int32(TESSERA_ROLE_MENU)
    case .menuItem?: Int32(TESSERA_ROLE_MENU_ITEM)
    case .editableText?: Int32(TESSERA_ROLE_EDITABLE_TEXT)
    case nil: -1
    }
}

private func makeCallbacks(context: UnsafeMutableRawPointer) -> TesseraA11yCallbacks {
    var c = TesseraA11yCallbacks()
    c.context = context
    c.child_count = { ctx, h in
        withBridge(ctx) { b in
            guard let (node, near) = b.node(h), let engine = b.accessibleWindow?.accessibleEngine else { return 0 }
            return Int32(clamping: engine.accessibleChildCount(node, near: near))
        }
    }
    c.child_at = { ctx, h, i in
        withBridge(ctx) { b in
            guard let (node, near) = b.node(h), let engine = b.accessibleWindow?.accessibleEngine,
                  let (child, path) = engine.accessibleChild(node, at: Int(i), near: near) else { return -1 }
            return b.handle(child, near: path)
        }
    }
    c.parent_of = { ctx, h in
        withBridge(ctx) { b in
            guard let (node, near) = b.node(h), let engine = b.accessibleWindow?.accessibleEngine,
                  let (parent, _) = engine.accessibleParent(node, near: near) else { return -1 }
            return b.handle(parent, near: nil)
        }
    }
    c.index_in_parent = { ctx, h in
        withBridge(ctx) { b in
            guard let (node, near) = b.node(h), let engine = b.accessibleWindow?.accessibleEngine,
                  let (_, index) = engine.accessibleParent(node, near: near) else { return -1 }
            return Int32(clamping: index)
        }
    }
    c.name = { ctx, h in info(ctx, h).flatMap { string($0.name) } }
    c.description = { ctx, h in info(ctx, h).flatMap { $0.description.isEmpty ? nil : string($0.description) } }
    c.role = { ctx, h in roleNumber(info(ctx, h)?.role) }
    c.states = { ctx, h in UInt64(info(ctx, h)?.states.rawValue ?? 0) }
    c.extents = { ctx, h, x, y, w, hh in
        let e: [Int32] = withBridge(ctx) { b in
            guard let window = b.accessibleWindow, let (node, near) = b.node(h),
                  let f = window.accessibleEngine.accessibleInfo(node, near: near)?.frame else { return [0, 0, 0, 0] }
            let s = window.pixelScale, o = window.screenOrigin
            return [Int32(clamping: Int((o.x + f.minX * s).rounded())), Int32(clamping: Int((o.y + f.minY * s).rounded())),
                    Int32(clamping: Int((f.width * s).rounded())), Int32(clamping: Int((f.height * s).rounded()))]
        }
        x?.pointee = e[0]; y?.pointee = e[1]; w?.pointee = e[2]; hh?.pointee = e[3]
    }
    c.action_count = { ctx, h in Int32(info(ctx, h)?.actions.count ?? 0) }
    c.action_name = { ctx, h, i in
        guard let actions = info(ctx, h)?.actions, i >= 0, Int(i) < actions.count else { return nil }
        return string(actions[Int(i)])
    }
    c.do_action = { ctx, h, i in
        withBridge(ctx) { b in
            guard let (node, near) = b.node(h), let window = b.accessibleWindow else { return 0 }
            return window.performAccessibleAction(Int(i), on: node, near: near) ? 1 : 0
        }
    }
    c.attributes = { ctx, h in
        // The caption is a polite live region: a screen reader speaks its new text.
        guard info(ctx, h)?.role == .liveRegion else { return string("toolkit=Tessera") }
        return string("live=polite\ncontainer-live=polite\natomic=true\ntoolkit=Tessera")
    }
    return c
}
