import CPortalAPI
import TesseraCore
import TesseraPlugins
#if canImport(Glibc)
import Glibc
#endif

/// The XDG desktop portal's appearance (`org.freedesktop.portal.Settings`: `color-scheme`,
/// `accent-color`, `contrast`), read once the window shows and followed after: `onChange` hears
/// the portal's answer each time it says something new.
///
/// `libTesseraPortal.so` (the C half, `CPortalBridge`, GIO's GDBus) is opened with dlopen only
/// when a session bus is there, so start-up loads none of GIO, and a missing bus, portal or
/// library costs nothing and says nothing. Its main context is iterated from the shell's poll
/// loop (`descriptors()` / `dispatch(_:)`).
@MainActor
public final class PortalClient {
    private let prepareFn: tessera_portal_prepare_fn
    private let dispatchFn: tessera_portal_dispatch_fn
    private var callbacks = TesseraPortalCallbacks()
    private var poll = DescriptorPoll(capacity: 8)
    /// What the portal has said so far; nil until it answered (and for good when there is none).
    public private(set) var appearance: PortalAppearance?
    private let onChange: (PortalAppearance) -> Void
    private let report: (String) -> Void

    /// A session bus to ask: `DBUS_SESSION_BUS_ADDRESS`, or the usual socket in
    /// `$XDG_RUNTIME_DIR/bus`. Without either nothing is loaded (and GIO never autolaunches a bus).
    nonisolated public static var busExpected: Bool {
        if getenv("DBUS_SESSION_BUS_ADDRESS") != nil { return true }
        guard let dir = getenv("XDG_RUNTIME_DIR") else { return false }
        return access(String(cString: dir) + "/bus", F_OK) == 0
    }

    /// Loads the client and asks the portal; nil when there is no bus to expect or no library.
    /// `report`: one line for a value of the wrong type.
    public static func start(library: String? = nil, report: @escaping (String) -> Void,
                             onChange: @escaping (PortalAppearance) -> Void) -> PortalClient? {
        guard busExpected else { return nil }
        let paths = library.map { [$0] } ?? PluginLibrary.candidatePaths("libTesseraPortal.so", override: "TESSERA_PORTAL_LIBRARY")
        return PluginLibrary.load(from: paths) { PortalClient(handle: $0, report: report, onChange: onChange) }
    }

    private init?(handle: UnsafeMutableRawPointer, report: @escaping (String) -> Void,
                  onChange: @escaping (PortalAppearance) -> Void) {
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { PluginLibrary.symbol(handle, name, type) }
        guard let start = symbol("tessera_portal_start", tessera_portal_start_fn.self),
              let prepare = symbol("tessera_portal_prepare", tessera_portal_prepare_fn.self),
              let dispatch = symbol("tessera_portal_dispatch", tessera_portal_dispatch_fn.self) else { return nil }
        prepareFn = prepare
        dispatchFn = dispatch
        self.onChange = onChange
        self.report = report
        callbacks = Self.makeCallbacks(context: Unmanaged.passUnretained(self).toOpaque())
        guard start(&callbacks) == 0 else { return nil }
    }

    // MARK: The loop

    /// The client's descriptors to poll (its D-Bus connection) and how long it may wait (ms; -1: forever).
    public func descriptors() -> (fds: [pollfd], timeout: Int32) {
        poll.ask { prepareFn($0, $1, $2) }
    }

    /// After the poll: `ready` is what `descriptors()` gave, with what happened to each.
    public func dispatch(_ ready: [pollfd]) {
        var ready = ready
        dispatchFn(&ready, Int32(ready.count))
    }

    // MARK: What the portal says

    /// Applies one setting as the portal gave it; tells `onChange` when the answer is new.
    func update(_ change: (inout PortalAppearance) -> Void) {
        var next = appearance ?? PortalAppearance()
        change(&next)
        guard next != appearance else { return }
        appearance = next
        onChange(next)
    }

    /// An accent is an sRGB triple in 0...1; anything else (the portal's "unset" is out of range)
    /// means none.
    nonisolated static func accent(_ r: Double, _ g: Double, _ b: Double) -> Color? {
        let unit = 0.0...1.0
        guard unit.contains(r), unit.contains(g), unit.contains(b) else { return nil }
        return Color(red: r, green: g, blue: b)
    }

    fileprivate static func client(_ context: UnsafeMutableRawPointer?) -> PortalClient {
        Unmanaged<PortalClient>.fromOpaque(context!).takeUnretainedValue()
    }

    private static func makeCallbacks(context: UnsafeMutableRawPointer) -> TesseraPortalCallbacks {
        var c = TesseraPortalCallbacks()
        c.context = context
        c.color_scheme = { ctx, value in
            MainActor.assumeIsolated { PortalClient.client(ctx).update { $0.colorScheme = value <= 2 ? value : nil } }
        }
        c.accent_color = { ctx, r, g, b in
            MainActor.assumeIsolated { PortalClient.client(ctx).update { $0.accent = PortalClient.accent(r, g, b) } }
        }
        c.contrast = { ctx, value in
            MainActor.assumeIsolated { PortalClient.client(ctx).update { $0.contrast = value <= 1 ? value : nil } }
        }
        c.refused = { ctx, key, type in
            let k = key.map { String(cString: $0) } ?? "?", t = type.map { String(cString: $0) } ?? "?"
            MainActor.assumeIsolated { PortalClient.client(ctx).report("ignoring the portal's \(k): a value of type \(t)") }
        }
        c.answered = { ctx, found in
            // A portal with nothing to say still answered: its (empty) answer replaces "none yet".
            MainActor.assumeIsolated { if found != 0 { PortalClient.client(ctx).update { _ in } } }
        }
        return c
    }
}
