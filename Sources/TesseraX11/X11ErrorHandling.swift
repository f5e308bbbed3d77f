import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Protocol errors are logged, not fatal; while `errorTrapActive`, they only set `errorTrapped`.
nonisolated(unsafe) private var errorTrapActive = false
nonisolated(unsafe) private var errorTrapped = false
/// Protocol errors seen so far (trapped ones excluded): the log is thinned out as it grows.
nonisolated(unsafe) private var protocolErrorCount = 0
/// Run when the X connection is lost, before the process exits (saves the app's state).
nonisolated(unsafe) var connectionLostHook: (@MainActor () -> Void)?

/// Protocol errors logged one by one; after that, one line at every tenfold count (100, 1000, …),
/// so a request that fails every frame cannot fill the disk with stderr.
private let errorsLoggedInFull = 10

/// 1, 10, 100, …
private func isPowerOfTen(_ n: Int) -> Bool {
    var n = n
    while n >= 10, n % 10 == 0 { n /= 10 }
    return n == 1
}

enum X11ErrorHandling {

    /// Installs the logging protocol-error handler and the connection-lost handler, and ignores
    /// SIGPIPE.
    ///
    /// SIGPIPE: Xlib writes to its socket with plain `writev`; once the server is gone a write would
    /// raise SIGPIPE, which kills the process before Xlib notices the broken connection — no save,
    /// no message. Ignored, the write fails with EPIPE and Xlib calls the handler below.
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        XSetErrorHandler { display, event in
            guard let event else { return 0 }
            if errorTrapActive {
                errorTrapped = true
                return 0
            }
            protocolErrorCount += 1
            let n = protocolErrorCount
            guard n <= errorsLoggedInFull || isPowerOfTen(n) else { return 0 }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let detail = "\(message) (request \(event.pointee.request_code).\(event.pointee.minor_code), resource 0x\(String(event.pointee.resourceid, radix: 16)))"
            if n <= errorsLoggedInFull {
                let more = n == errorsLoggedInFull ? "; further errors are counted, logged at 100, 1000, …" : ""
                writeToStandardError("tessera: X protocol error: \(detail)\(more)")
            } else {
                writeToStandardError("tessera: \(n) X protocol errors so far (ignored); latest: \(detail)")
            }
            return 0
        }
        // Xlib requires this handler not to return (it would exit the process itself): there is no
        // way back into the loop from inside a failed Xlib call, so save here and exit with status 1.
        XSetIOErrorHandler { display in
            let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "?"
            writeToStandardError("tessera: lost the connection to the X server on display \(name) "
                + "(the server quit or crashed, or dropped this client); saving the last committed "
                + "arrangement and exiting with status 1")
            if let hook = connectionLostHook {
                connectionLostHook = nil
                MainActor.assumeIsolated { hook() }
            }
            exit(1)
        }
    }

    /// Protocol errors logged or counted since the start.
    static var protocolErrors: Int { protocolErrorCount }

    /// Runs `body`, then syncs with the server; returns false if any X error was raised meanwhile.
    static func trappingErrors(_ display: OpaquePointer, _ body: () -> Void) -> Bool {
        XSync(display, 0)
        errorTrapped = false
        errorTrapActive = true
        body()
        XSync(display, 0)
        errorTrapActive = false
        return !errorTrapped
    }
}
