import CX11
#if canImport(Glibc)
import Glibc
#endif

/// A test hook: `TESSERA_INJECT_X_ERRORS=1` makes every presented frame also send one request the
/// server refuses (freeing our window as if it were a pixmap: BadPixmap). Nothing outside the app can
/// make it issue a failing request on demand, so this is how the end-to-end tests check that protocol
/// errors are logged (and thinned out), never fatal, and that the app keeps working meanwhile.
/// Unset (always, outside tests) it costs one branch per frame.
struct FaultInjection {
    let badRequestEveryFrame: Bool

    init(environment: String? = getenv("TESSERA_INJECT_X_ERRORS").map { String(cString: $0) }) {
        badRequestEveryFrame = environment.map { !$0.isEmpty && $0 != "0" } ?? false
    }

    /// Sends the refused request when enabled; the error comes back asynchronously.
    func afterFrame(display: OpaquePointer, window: Window) {
        guard badRequestEveryFrame else { return }
        XFreePixmap(display, Pixmap(window))
    }
}
