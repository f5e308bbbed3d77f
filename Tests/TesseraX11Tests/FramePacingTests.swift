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
