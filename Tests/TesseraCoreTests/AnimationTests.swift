import Testing
@testable import TesseraCore

@Suite struct AnimationTests {
    @Test func springSettlesInItsSettleTimeAtAnyFrameRate() {
        let s = Spring(displacement: 100, start: 0, omega: Spring.omega(settleTime: 0.3))
        #expect(s.value(at: 0) == 100)
        #expect(abs(s.value(at: 0.3)) <= 1.0)
        #expect(s.isSettled(at: 0.6))
        // Closed form: sampling at 30 Hz or 144 Hz lands on the same curve.
        #expect(s.value(at: 0.1) == Spring(displacement: 100, start: 0, omega: s.omega).value(at: 0.1))
    }

    @Test func retargetingKeepsPositionAndVelocity() {
        let s = Spring(displacement: 100, start: 0, omega: 20)
        let r = s.retargeted(by: 50, at: 0.1)
        #expect(abs(r.value(at: 0.1) - (s.value(at: 0.1) + 50)) < 1e-9)
        #expect(abs(r.velocity(at: 0.1) - s.velocity(at: 0.1)) < 1e-9)
    }

    @Test func itemMotionsRetargetWithoutAJump() {
        var m = ItemMotions()
        let a = Rect(x: 0, y: 0, width: 50, height: 50), b = Rect(x: 200, y: 0, width: 50, height: 50)
        let c = Rect(x: 100, y: 100, width: 50, height: 50)
        m.animate("x", from: a, to: b, at: 0, omega: 20)
        let mid = m.drawn("x", frame: b, at: 0.1)
        #expect(mid.minX > 0 && mid.minX < 200)
        m.animate("x", from: mid, to: c, at: 0.1, omega: 20)
        #expect(m.drawn("x", frame: c, at: 0.1) == mid)
        #expect(abs(m.drawn("x", frame: c, at: 2).minX - 100) < 0.01)
        let moving = m.prune(at: 3)
        #expect(!moving && m.isEmpty)
    }

    @Test func tweenRetargetsFromItsCurrentValue() {
        let grow = Tween(from: 1, to: 1.3, start: 0, duration: 0.5)
        #expect(grow.value(at: 0.5) == 1.3)
        let shrink = grow.retargeted(to: 1, at: 0.25, duration: 0.1)
        #expect(shrink.value(at: 0.25) == grow.value(at: 0.25))
        #expect(shrink.value(at: 0.35) == 1)
    }
}
