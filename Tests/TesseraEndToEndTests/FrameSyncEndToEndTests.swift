import CX11
import Foundation
import Testing

/// Frame synchronisation with a compositing manager, in the real app on Xvfb, read and driven as a
/// window manager does (`_NET_WM_SYNC_REQUEST`): the counters named on the window, even between
/// frames, and a request answered once the window is configured and drawn.
@Suite("End to end: frames synchronised with a compositor")
struct FrameSyncEndToEndTests {
    /// The window's `_NET_WM_SYNC_REQUEST_COUNTER`: basic and extended counters.
    static func counters(_ x: XSession, _ window: Window) -> [XSyncCounter] {
        let property = XInternAtom(x.display, "_NET_WM_SYNC_REQUEST_COUNTER", 0)
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(x.display, window, property, 0, 2, 0, XA_CARDINAL, &type, &format, &count, &after, &data) == Success,
              let data, format == 32 else { return [] }
        defer { XFree(data) }
        // Format 32 properties come back as C longs.
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { p in (0..<Int(count)).map { XSyncCounter(p[$0]) } }
    }

    static func value(_ x: XSession, _ counter: XSyncCounter) -> Int64? {
        var v = XSyncValue()
        guard XSyncQueryCounter(x.display, counter, &v) != 0 else { return nil }
        return Int64(v.hi) << 32 | Int64(v.lo)
    }

    /// Polls `counter` until `done` holds for its value, at most `timeout` seconds; its last value.
    static func waitFor(_ x: XSession, _ counter: XSyncCounter, timeout: Double = 5, _ done: (Int64) -> Bool) async -> Int64? {
        let deadline = Date().addingTimeInterval(timeout)
        var last = value(x, counter)
        while !(last.map(done) ?? false), Date() < deadline {
            try? await Task.sleep(for: .milliseconds(20))
            last = value(x, counter)
        }
        return last
    }

    /// Sends the window manager's `_NET_WM_SYNC_REQUEST` with `value` (for the extended counter or
    /// the basic one) to `window`.
    static func request(_ x: XSession, _ window: Window, value: Int64, extended: Bool) {
        var ev = XEvent()
        ev.xclient.type = ClientMessage
        ev.xclient.window = window
        ev.xclient.message_type = XInternAtom(x.display, "WM_PROTOCOLS", 0)
        ev.xclient.format = 32
        let atom = XInternAtom(x.display, "_NET_WM_SYNC_REQUEST", 0)
        ev.xclient.data.l = (Int(atom), Int(CurrentTime), Int(value & 0xFFFF_FFFF), Int(value >> 32), extended ? 1 : 0)
        XSendEvent(x.display, window, 0, NoEventMask, &ev)
        XSync(x.display, 0)
    }

    @Test("the window names two counters, takes part in the protocol, and ends each frame even")
    func countersAndFrames() async throws {
        let h = try await Harness.start("framesync")
        defer { h.close() }
        try await h.launch(["--items", "60"])
        let window = try await h.x.waitForAppWindow()
        let counters = Self.counters(h.x, window)
        try #require(counters.count == 2, "_NET_WM_SYNC_REQUEST_COUNTER names the basic and the extended counter")
        var protocols: UnsafeMutablePointer<Atom>?
        var count: Int32 = 0
        try #require(XGetWMProtocols(h.x.display, window, &protocols, &count) != 0 && protocols != nil)
        let named = (0..<Int(count)).map { protocols![$0] }
        XFree(protocols)
        #expect(named.contains(XInternAtom(h.x.display, "_NET_WM_SYNC_REQUEST", 0)))
        #expect(named.contains(XInternAtom(h.x.display, "WM_DELETE_WINDOW", 0)))
        // The first frame is on screen (the harness saw it): the extended counter has left its
        // odd start and is even at rest.
        let rest = await Self.waitFor(h.x, counters[1]) { $0 >= 2 && $0 % 2 == 0 }
        #expect(rest.map { $0 >= 2 && $0 % 2 == 0 } == true, "extended counter at rest: \(String(describing: rest))")
        // A frame (a key that changes the layout) moves it on, to even again.
        try h.x.tap(keysym: XK_2)
        let after = await Self.waitFor(h.x, counters[1]) { $0 > rest! && $0 % 2 == 0 }
        #expect(after.map { $0 > rest! && $0 % 2 == 0 } == true, "after a layout switch: \(String(describing: after))")
    }

    @Test("a window manager's request is answered after the resize or move it precedes, on the counter it names")
    func requestsAreAnswered() async throws {
        let h = try await Harness.start("framesync-request")
        defer { h.close() }
        try await h.launch(["--items", "60", "--geometry", "900x600"])
        let window = try await h.x.waitForAppWindow()
        let counters = Self.counters(h.x, window)
        try #require(counters.count == 2)
        _ = await Self.waitFor(h.x, counters[1]) { $0 % 2 == 0 }
        // Extended: a resize, then a frame at the new size takes the counter to the value (even) or past it.
        Self.request(h.x, window, value: 1001, extended: true)
        h.x.resize(window, width: 700, height: 560)
        let extended = await Self.waitFor(h.x, counters[1]) { $0 >= 1002 && $0 % 2 == 0 }
        #expect(extended.map { $0 >= 1002 && $0 % 2 == 0 } == true, "extended counter after the resize: \(String(describing: extended))")
        // Basic: once the re-flow has settled, a move draws nothing new, and the basic counter
        // still reaches the value.
        var settled = Self.value(h.x, counters[1])
        for _ in 0..<40 {
            try await Task.sleep(for: .milliseconds(250))
            let now = Self.value(h.x, counters[1])
            if now == settled { break }
            settled = now
        }
        Self.request(h.x, window, value: 4242, extended: false)
        XMoveWindow(h.x.display, window, 10, 10)
        XSync(h.x.display, 0)
        let basic = await Self.waitFor(h.x, counters[0]) { $0 == 4242 }
        #expect(basic == 4242, "basic counter after the move: \(String(describing: basic))")
    }
}
