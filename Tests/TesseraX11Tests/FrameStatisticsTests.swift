import Testing
@testable import TesseraX11

/// The summary `TESSERA_FRAME_STATS=1` writes when the loop ends: the benchmark's motion-to-screen
/// run reads the frame interval and the motion figures from it.
@Suite struct FrameStatisticsTests {
    @Test func theSummaryNamesTheIntervalAndTheTimeFromEachMotionToItsFrame() {
        var stats = FrameStatistics(now: 100, environment: "1")
        stats.frameInterval = 1.0 / 144
        // The server stamped motions at 100,000 and 100,010 ms (CLOCK_MONOTONIC, as ours); the
        // frames that showed them ended 6.5 and 12.25 ms later.
        stats.noteMotionShown(serverTime: 100_000, presentedAt: 100.0065)
        stats.noteMotionShown(serverTime: 100_010, presentedAt: 100.02225)
        let line = stats.summary(now: 101)
        #expect(line.hasPrefix("tessera: frame-stats total "))
        #expect(line.contains(" frame_interval_ms=6.94 "))
        #expect(line.contains(" motion_to_screen_ms_median=12.3 motion_to_screen_ms_p99=12.3 motion_to_screen_ms_max=12.3 "))
        #expect(line.hasSuffix(" motion_to_screen_n=2"))
    }

    @Test func beforeTheLoopKnowsItsIntervalOrAnyMotionTheSummaryLeavesThemOut() {
        let line = FrameStatistics(now: 0, environment: "1").summary(now: 1)
        #expect(!line.contains("frame_interval_ms"))
        #expect(!line.contains("motion_to_screen"))
    }

    @Test func aMotionStampedByAnotherMachinesClockIsNotCounted() {
        var stats = FrameStatistics(now: 0, environment: "1")
        stats.noteMotionShown(serverTime: 5_000_000, presentedAt: 10)
        #expect(stats.motionToScreen.isEmpty)
    }
}
