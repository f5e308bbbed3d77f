import Testing
@testable import TesseraCore

/// Frames at the display's pace: the refresh of the monitor showing the window, from RandR's
/// answer (faked here as a list of monitors), capped by --max-fps, 60 Hz when the display says nothing.
@Suite struct DisplayRateTests {
    @Test func aModeLinesRefreshIsItsDotClockOverItsWholeFrame() throws {
        // Xorg's dummy driver with `Modeline "1280x1024_144" 283.00 1280 1384 1520 1760 1024 1027 1034 1117`.
        let hz = try #require(DisplayRate.refresh(dotClock: 283_000_000, hTotal: 1760, vTotal: 1117))
        #expect(abs(hz - 143.95) < 0.01)
        let standard = try #require(DisplayRate.refresh(dotClock: 148_500_000, hTotal: 2200, vTotal: 1125))   // 1080p60
        #expect(abs(standard - 60) < 0.001)
        #expect(DisplayRate.refresh(dotClock: 74_250_000, hTotal: 2200, vTotal: 1125, interlaced: true).map { abs($0 - 60) < 0.001 } == true)
        #expect(DisplayRate.refresh(dotClock: 0, hTotal: 0, vTotal: 0) == nil, "Xvfb's mode has no timings")
        #expect(DisplayRate.refresh(dotClock: 1_000_000, hTotal: 2200, vTotal: 1125) == nil, "0.4 Hz is a wrong mode line, not a display")
    }

    @Test func theMonitorHoldingMostOfTheWindowSetsThePace() {
        let left = DisplayRate.Monitor(frame: Rect(x: 0, y: 0, width: 1920, height: 1080), refresh: 60)
        let right = DisplayRate.Monitor(frame: Rect(x: 1920, y: 0, width: 2560, height: 1440), refresh: 144)
        let monitors = [left, right]
        #expect(DisplayRate.monitor(for: Rect(x: 100, y: 100, width: 800, height: 600), among: monitors) == left)
        // Straddling: 300 px on the left, 500 on the right.
        #expect(DisplayRate.monitor(for: Rect(x: 1620, y: 100, width: 800, height: 600), among: monitors) == right)
        #expect(abs(DisplayRate.frameInterval(for: Rect(x: 1620, y: 100, width: 800, height: 600), among: monitors) - 1 / 144.0) < 1e-12)
        #expect(DisplayRate.monitor(for: Rect(x: -900, y: 0, width: 800, height: 600), among: monitors) == nil)
        #expect(DisplayRate.frameInterval(for: Rect(x: -900, y: 0, width: 800, height: 600), among: monitors) == 1 / 60.0,
                "off every monitor: 60 Hz")
    }

    @Test func maxFPSCapsTheDisplayAndUnknownIsSixty() {
        #expect(DisplayRate.frameInterval(refresh: 144, maxFPS: 90) == 1 / 90.0)
        #expect(DisplayRate.frameInterval(refresh: 60, maxFPS: 90) == 1 / 60.0, "a cap never speeds a display up")
        #expect(DisplayRate.frameInterval(refresh: nil) == 1 / 60.0)
        #expect(DisplayRate.frameInterval(refresh: nil, maxFPS: 30) == 1 / 30.0)
    }

    @Test func theEngineAsksForFramesAtTheDisplaysInterval() {
        var s = EngineScript()
        let id = ItemID(s.ids(0)[2])
        s.send(.frameInterval(1 / 144.0))
        s.lift(id)
        #expect(s.engine.isDragging)
        let now = s.engine.now
        #expect(abs((s.engine.nextDeadline ?? 0) - (now + 1 / 144.0)) < 1e-9, "a 144 Hz display gets 144 frames a second")
        s.send(.frameInterval(1 / 60.0))
        #expect(abs((s.engine.nextDeadline ?? 0) - (s.engine.now + 1 / 60.0)) < 1e-9)
        // A bad reading is kept out: the pace stays.
        s.send(.frameInterval(0))
        s.send(.frameInterval(5))
        #expect(s.engine.policy.frameInterval == 1 / 60.0)
    }
}
