import Testing
import TesseraCore
@testable import TesseraX11

/// The shell's loop never draws two frames closer than the display's interval less a little
/// timer slack (so the engine's deadlines, one interval apart, are not pushed a turn late).
@Suite struct FramePacingTests {
    @Test(arguments: [60.0, 120.0, 144.0, 165.0, 240.0])
    func theLoopsShortestGapFollowsTheRefresh(hz: Double) {
        let interval = DisplayRate.frameInterval(refresh: hz)
        let gap = X11Shell.minimumFrameInterval(for: interval)
        #expect(gap < interval && gap >= interval * 7 / 8, "\(hz) Hz: \(gap) s between frames")
        // Frames a second the loop allows: the display's, never the old fixed 60.
        #expect(1 / gap >= hz && 1 / gap < hz * 1.15)
    }
}

/// Idle time between frames prepares the cells about to be drawn: while frames are due, until
/// 3 ms before the next (a group's lift pulls fifty tiles into view at once); at rest, a short
/// burst, so input that comes meanwhile does not wait.
@Suite struct IdlePrefetchBudgetTests {
    @Test func whileFramesAreDueItRunsUntilThreeMillisecondsBeforeTheNext() {
        let budget = X11Shell.idlePrefetchBudget(now: 10, nextFrame: 10 + 1.0 / 60)
        #expect(abs(budget.until - (10 + 1.0 / 60 - 0.003)) < 1e-9)
        #expect(budget.cells == 32)
        // At 144 Hz the next frame is 6.9 ms away: 3.9 ms of it.
        #expect(abs(X11Shell.idlePrefetchBudget(now: 10, nextFrame: 10 + 1.0 / 144).until - (10 + 1.0 / 144 - 0.003)) < 1e-9)
    }

    @Test func atRestItIsAShortBurst() {
        let budget = X11Shell.idlePrefetchBudget(now: 10, nextFrame: nil)
        #expect(abs(budget.until - 10.005) < 1e-9)
        #expect(budget.cells == 12)
    }
}
