import CX11
import Testing
@testable import TesseraX11

/// The counters a compositor reads (`_NET_WM_SYNC_REQUEST`): odd while a frame is being sent, even
/// when all of it is there; a window manager's request answered by the frame after its configure.
@Suite struct FrameSyncTests {
    @Test("the window starts mid-frame, so nothing of it shows until the first frame is all there")
    func startsOddAndTheFirstFrameEndsIt() {
        var s = FrameSyncCounter()
        #expect(s.value == 1)
        #expect(s.beginFrame() == nil)                  // odd already: nothing to set
        #expect(s.endFrame() == (extended: 2, basic: nil))
    }

    @Test("each frame makes the counter odd before its pixels and even after them")
    func framesAlternate() {
        var s = FrameSyncCounter()
        _ = s.endFrame()
        var seen: [Int64] = []
        for _ in 0..<3 {
            if let v = s.beginFrame() { seen.append(v) }
            if let v = s.endFrame().extended { seen.append(v) }
        }
        #expect(seen == [3, 4, 5, 6, 7, 8])
    }

    @Test("an extended request is answered by the frame after the configure, ending at or past its value")
    func extendedRequest() {
        var s = FrameSyncCounter()
        _ = s.endFrame()
        s.request(.init(value: 241, extended: true))
        // Not before the window has been configured: a frame in between answers nothing.
        #expect(!s.awaitsFrame)
        #expect(s.beginFrame() == 3)
        #expect(s.endFrame() == (extended: 4, basic: nil))
        s.windowConfigured()
        #expect(s.awaitsFrame)
        // Odd values are rounded up to even first: the frame is 243 while sent, 244 once there.
        #expect(s.beginFrame() == 243)
        #expect(s.endFrame() == (extended: 244, basic: nil))
        #expect(!s.awaitsFrame)
        // A request below the counter never sends it back.
        s.request(.init(value: 100, extended: true))
        s.windowConfigured()
        #expect(s.beginFrame() == 245)
        #expect(s.endFrame().extended == 246)
    }

    @Test("a basic request sets the basic counter to its value after the frame")
    func basicRequest() {
        var s = FrameSyncCounter()
        _ = s.endFrame()
        s.request(.init(value: 77, extended: false))
        s.windowConfigured()
        #expect(s.beginFrame() == 3)
        #expect(s.endFrame() == (extended: 4, basic: 77))
        #expect(!s.awaitsFrame)
        #expect(s.endFrame() == (extended: nil, basic: nil))
    }

    @Test("a configure with nothing new to draw is answered at once, as by an empty frame")
    func answeredWithoutAFrame() {
        var s = FrameSyncCounter()
        _ = s.endFrame()
        s.request(.init(value: 500, extended: true))
        s.windowConfigured()
        #expect(s.answerWithoutFrame() == (extended: 502, basic: nil))
        #expect(!s.awaitsFrame)
        s.request(.init(value: 9, extended: false))
        s.windowConfigured()
        #expect(s.answerWithoutFrame() == (extended: 504, basic: 9))
    }

    @Test("the request message's words become a 64-bit value; other protocols are not it")
    func translatorReadsTheRequest() {
        var t = EventTranslator(scale: 1, window: 7, wmProtocols: 30, wmDeleteWindow: 31)
        t.syncRequest = 32
        var ev = XEvent()
        ev.type = ClientMessage
        ev.xclient.window = 7
        ev.xclient.message_type = 30
        ev.xclient.format = 32
        ev.xclient.data.l = (32, 0, Int(bitPattern: 0xFFFF_FFF0), 2, 1)
        guard case let .syncRequest(low, high, extended) = t.translate(&ev) else {
            Issue.record("not read as a sync request")
            return
        }
        let sync = FrameSyncCounter.Request(value: FrameSync.value(low: low, high: high), extended: extended != 0)
        #expect(sync == .init(value: 0x2_FFFF_FFF0, extended: true))
        ev.xclient.data.l.0 = 31
        guard case .quit = t.translate(&ev) else {
            Issue.record("WM_DELETE_WINDOW is the close button")
            return
        }
        // A window that takes no part in frame synchronisation ignores the request.
        t.syncRequest = nil
        ev.xclient.data.l.0 = 32
        guard case .ignored = t.translate(&ev) else {
            Issue.record("ignored without frame sync")
            return
        }
    }
}
