import CustomDump
import Testing
@testable import TesseraCore

/// `Presentation`: looks that animate, and nothing left of them once they have finished.
@Suite struct PresentationTests {
    let policy = DragPolicy()

    @Test func thePressedCellIsForgottenOnceItIsBackAtRest() {
        var p = Presentation()
        p.press("a", at: 0, policy: policy)
        #expect(p.prune(at: 0.2, policy: policy) == false && p.pressed == "a")   // held in: still pressed
        p.releasePress(at: 0.3, policy: policy)
        #expect(p.prune(at: 0.35, policy: policy) && p.pressed == "a")           // easing back out
        _ = p.prune(at: 0.41, policy: policy)
        expectNoDifference(p, Presentation(pressScale: Tween(from: 0.94, to: 1, start: 0.3, duration: 0.1)))
        #expect(!p.isAnimating(at: 0.41))
    }

    @Test func targetsGrowShrinkAndAreForgottenAtRest() {
        var p = Presentation()
        p.openTarget("t", at: 0, policy: policy)
        #expect(p.targetScales["t"]?.value(at: 0.5) == policy.folderOpenScale)
        p.closeTarget("t", at: 1, policy: policy)
        p.moveTarget(from: "t", to: "folder-1")
        #expect(p.targetScales["t"] == nil && p.targetScales["folder-1"]?.to == 1)
        _ = p.prune(at: 1.2, policy: policy)
        expectNoDifference(p, Presentation())
    }

    @Test func aRefusalShakesForItsDurationAndEnds() {
        var p = Presentation()
        p.refuse("d", at: 2)
        #expect(p.isAnimating(at: 2.1))
        _ = p.prune(at: 2 + policy.refuseDuration - 0.01, policy: policy)
        #expect(p.refusals == ["d": 2])
        _ = p.prune(at: 2 + policy.refuseDuration, policy: policy)
        expectNoDifference(p, Presentation())
    }

    @Test func theLiftGrowsAndLandingHandsOverItsScale() {
        var p = Presentation()
        p.lift(at: 0, policy: policy)
        #expect(p.liftScale.value(at: 1) == policy.liftScale)
        #expect(p.land(at: 1) == policy.liftScale && p.liftScale == .at(1))
    }
}
