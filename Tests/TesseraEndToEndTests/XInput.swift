import CX11
import CXTest
import Foundation

/// A point in root-window pixels (the app's window sits at (0,0) without a window manager, so these
/// are also window coordinates).
struct Pixel: Equatable, CustomStringConvertible {
    var x: Int
    var y: Int
    init(_ x: Int, _ y: Int) { self.x = x; self.y = y }
    init(_ x: Double, _ y: Double) { self.x = Int(x.rounded()); self.y = Int(y.rounded()) }
    var description: String { "(\(x), \(y))" }
}

/// The test's own connection to its Xvfb: real input through XTest, window lookup, resizing.
/// Every request is followed by `XSync`, so when a call returns the server has queued the event
/// for the app. One connection per test, used by one task (or its gesture thread) at a time.
final class XSession: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Xlib is used from several test threads at once (one connection each): make it thread safe
    /// before the first connection.
    private static let threadsInitialized: Bool = XInitThreads() != 0

    let display: OpaquePointer
    let root: Window
    let screen: Int32
    let width: Int
    let height: Int

    init(displayName: String) throws {
        _ = Self.threadsInitialized
        guard let display = XOpenDisplay(displayName) else {
            throw Failure(description: "cannot open X display \(displayName)")
        }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw Failure(description: "the XTEST extension is missing on \(displayName)")
        }
        self.display = display
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        width = Int(XDisplayWidth(display, screen))
        height = Int(XDisplayHeight(display, screen))
    }

    private var closed = false

    deinit { close() }

    /// Closes the connection; call it before the server goes away (Xlib exits the process on a
    /// connection that breaks under it).
    func close() {
        guard !closed else { return }
        closed = true
        XCloseDisplay(display)
    }

    // MARK: Pointer and keyboard

    func move(to p: Pixel) {
        XTestFakeMotionEvent(display, screen, Int32(p.x), Int32(p.y), 0)
        XSync(display, 0)
    }

    func press(button: UInt32 = 1) {
        XTestFakeButtonEvent(display, button, 1, 0)
        XSync(display, 0)
    }

    func release(button: UInt32 = 1) {
        XTestFakeButtonEvent(display, button, 0, 0)
        XSync(display, 0)
    }

    /// Presses `keysym` with the `modifiers` (keysyms) held, then releases everything.
    func tap(keysym: Int32, modifiers: [Int32] = []) throws {
        let codes = try (modifiers + [keysym]).map { sym -> UInt32 in
            let code = XKeysymToKeycode(display, KeySym(sym))
            guard code != 0 else { throw Failure(description: "no keycode for keysym \(sym)") }
            return UInt32(code)
        }
        for code in codes {
            XTestFakeKeyEvent(display, code, 1, 0)
            XSync(display, 0)
        }
        for code in codes.reversed() {
            XTestFakeKeyEvent(display, code, 0, 0)
            XSync(display, 0)
        }
    }

    /// Presses (`down`) or releases a key by keysym: a modifier held across clicks.
    func key(_ keysym: Int32, down: Bool) throws {
        let code = XKeysymToKeycode(display, KeySym(keysym))
        guard code != 0 else { throw Failure(description: "no keycode for keysym \(keysym)") }
        XTestFakeKeyEvent(display, UInt32(code), down ? 1 : 0, 0)
        XSync(display, 0)
    }

    /// A click at `p` with the modifier `keysym` held (Ctrl+click).
    func click(at p: Pixel, holding keysym: Int32) throws {
        move(to: p)
        try key(keysym, down: true)
        press()
        release()
        try key(keysym, down: false)
        pause(0.1)
    }

    /// Types `text` as a keyboard would, one character at a time, each through a spare keycode
    /// mapped to that character's keysym (as `xdotool type` does). Each character gets a keycode of
    /// its own, kept for the session: the app reads a key's symbol from the mapping as it is when it
    /// reads the key, so remapping one keycode per character (xdotool) turns a character into a later
    /// one whenever the app reads the key late (as under a full suite on two cores). Only when the
    /// spare keycodes run out is one remapped, after `pause` seconds for the app to read the last key.
    func type(_ text: String, pause: Double = 0.25) throws {
        var mapped = false
        let codes = try text.unicodeScalars.map { scalar -> UInt32 in
            let (code, fresh) = try typingCode(for: scalar, pause: pause)
            mapped = mapped || fresh
            return code
        }
        if mapped { Thread.sleep(forTimeInterval: pause / 3) }
        for code in codes {
            XTestFakeKeyEvent(display, code, 1, 0)
            XTestFakeKeyEvent(display, code, 0, 0)
            XSync(display, 0)
            Thread.sleep(forTimeInterval: pause / 5)
        }
    }

    /// Keycodes mapped by `type`, by the Unicode scalar each types, in the order they were mapped.
    private var typingCodes: [(scalar: UInt32, code: UInt32)] = []

    /// The keycode that types `scalar` (and whether it was mapped just now): one already mapped,
    /// else a keycode with no symbols, else the one mapped longest ago.
    private func typingCode(for scalar: Unicode.Scalar, pause: Double) throws -> (UInt32, Bool) {
        if let known = typingCodes.first(where: { $0.scalar == scalar.value }) { return (known.code, false) }
        let code: UInt32
        if let spare = try spareKeycode() {
            code = spare
        } else if let oldest = typingCodes.first {
            Thread.sleep(forTimeInterval: pause)         // the app reads the oldest's last key first
            typingCodes.removeFirst()
            code = oldest.code
        } else {
            throw Failure(description: "no spare keycode to type with")
        }
        let sym: KeySym = scalar.value < 0x100 ? KeySym(scalar.value) : KeySym(0x100_0000 + scalar.value)
        var syms = [sym, sym]
        XChangeKeyboardMapping(display, Int32(code), 2, &syms, 1)
        XSync(display, 0)
        typingCodes.append((scalar.value, code))
        return (code, true)
    }

    /// The highest keycode with no symbols at all, or nil when every keycode has some.
    private func spareKeycode() throws -> UInt32? {
        var minCode: Int32 = 0, maxCode: Int32 = 0
        XDisplayKeycodes(display, &minCode, &maxCode)
        var perCode: Int32 = 0
        guard let map = XGetKeyboardMapping(display, KeyCode(minCode), maxCode - minCode + 1, &perCode) else {
            throw Failure(description: "no keyboard mapping")
        }
        defer { XFree(map) }
        return (minCode...maxCode).reversed().first(where: { code in
            (0..<Int(perCode)).allSatisfy { map[Int(code - minCode) * Int(perCode) + $0] == 0 }
        }).map { UInt32($0) }
    }

    // MARK: Gestures with timing
    //
    // A gesture's timing must not depend on the test runner: under a full `swift test` the
    // cooperative thread pool (one thread per core) is often fully busy with synchronous tests, and
    // an `await Task.sleep` between two motion steps can then last seconds, which would turn a glide
    // into a dwell at the wrong place. So gestures run on a thread of their own with plain sleeps;
    // the test awaits them without holding a pool thread.

    /// Runs `body` on a fresh thread with this session and returns when it is done.
    func gesture(_ body: @escaping @Sendable (XSession) -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread { [self] in
                body(self)
                done.resume()
            }
            thread.name = "tessera-e2e-gesture"
            thread.start()
        }
    }

    /// Sleeps the calling (gesture) thread.
    func pause(_ seconds: Double) {
        usleep(UInt32(max(0, seconds) * 1_000_000))
    }

    /// Moves in `steps` equal steps to `to` over `duration` seconds, like a hand would.
    func glideNow(from: Pixel, to: Pixel, steps: Int = 10, duration: Double = 0.2) {
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            move(to: Pixel(Double(from.x) + Double(to.x - from.x) * t, Double(from.y) + Double(to.y - from.y) * t))
            pause(duration / Double(steps))
        }
    }

    /// Press and hold at `from` (0.8 s for the 0.5 s lift), glide to `to`. The button stays down.
    func liftNow(at from: Pixel, thenGlideTo to: Pixel, hold: Double = 0.8) {
        move(to: from)
        pause(0.05)
        press()
        pause(hold)
        glideNow(from: from, to: to)
    }

    /// ``liftNow(at:thenGlideTo:hold:)`` on a gesture thread.
    func lift(at from: Pixel, thenGlideTo to: Pixel, hold: Double = 0.8) async {
        await gesture { $0.liftNow(at: from, thenGlideTo: to, hold: hold) }
    }

    /// The whole gesture: press and hold at `from`, glide to `to`, stay `dwell` seconds, release.
    func drag(from: Pixel, to: Pixel, dwell: Double) async {
        await gesture { x in
            x.liftNow(at: from, thenGlideTo: to)
            x.pause(dwell)
            x.release()
        }
    }

    // MARK: Windows

    /// Top-level windows that are mapped and viewable.
    func viewableChildren() -> [Window] {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return (0..<Int(count)).map { children[$0] }.filter { window in
            var attributes = XWindowAttributes()
            return XGetWindowAttributes(display, window, &attributes) != 0 && attributes.map_state == IsViewable
        }
    }

    func title(of window: Window) -> String? {
        var name: UnsafeMutablePointer<CChar>?
        guard XFetchName(display, window, &name) != 0, let name else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }

    func geometry(of window: Window) -> (x: Int, y: Int, width: Int, height: Int)? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0 else { return nil }
        return (Int(attributes.x), Int(attributes.y), Int(attributes.width), Int(attributes.height))
    }

    /// Polls up to `timeout` seconds for the app's window ("Tessera") to be mapped.
    func waitForAppWindow(timeout: Double = 10) async throws -> Window {
        let deadline = Date().addingTimeInterval(timeout)
        while true {  // look first, then check the clock: a starved task still gets one last look
            if let w = viewableChildren().first(where: { title(of: $0) == "Tessera" }) { return w }
            if Date() >= deadline { break }
            try? await Task.sleep(for: .milliseconds(25))
        }
        throw Failure(description: "no mapped \"Tessera\" window within \(timeout) s")
    }

    func resize(_ window: Window, width: Int, height: Int) {
        XResizeWindow(display, window, UInt32(width), UInt32(height))
        XSync(display, 0)
    }
}
