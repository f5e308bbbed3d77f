import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Protocol errors are logged, not fatal; while `errorTrapActive`, they only set `errorTrapped`.
nonisolated(unsafe) private var errorTrapActive = false
nonisolated(unsafe) private var errorTrapped = false
/// Run when the X connection is lost, before the process exits (saves the app's state).
nonisolated(unsafe) var connectionLostHook: (@MainActor () -> Void)?

enum X11ErrorHandling {
    /// Installs the logging protocol-error handler and the connection-lost handler.
    static func install() {
        XSetErrorHandler { display, event in
            guard let event else { return 0 }
            if errorTrapActive {
                errorTrapped = true
                return 0
            }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            writeToStandardError("tessera: X protocol error: \(message) (request \(event.pointee.request_code).\(event.pointee.minor_code), resource 0x\(String(event.pointee.resourceid, radix: 16)))")
            return 0
        }
        XSetIOErrorHandler { _ in
            writeToStandardError("tessera: lost the connection to the X server; saving and quitting")
            if let hook = connectionLostHook {
                connectionLostHook = nil
                MainActor.assumeIsolated { hook() }
            }
            exit(1)
        }
    }

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
