import Testing
@testable import TesseraCore

/// The curve a released finger's content follows (`Fling`), on its own.
@Suite struct FlingTests {
    @Test func aFlingDeceleratesByTheRatePerMillisecondAndStopsBelowAFewPixelsASecond() {
        var f = Fling(offset: 100, velocity: 2000, limit: 100_000)
        f.advance(by: 0.001)
        #expect(abs(f.velocity - 2000 * 0.998) < 1e-9)
        f.advance(by: 0.999)
        // One second: 0.998^1000 of the speed is left (13.5 %).
        #expect(abs(f.velocity - 2000 * Double.pow(0.998, 1000)) < 1e-6)
        // The distance is the integral of the speed: v·(d^t − 1)/ln d, t in ms.
        let oneSecond = 2000 * (Double.pow(0.998, 1000) - 1) / (1000 * Double.log(0.998))
        #expect(abs(f.offset - (100 + oneSecond)) < 1e-6)
        var frames = 0
        while !f.isFinished { f.advance(by: 1.0 / 60); frames += 1 }
        // From 2000 px/s to 5 px/s: ln(5/2000)/ln(0.998) ≈ 2.99 s.
        #expect(abs(Double(frames + 60) / 60 - 2.99) < 0.03)
        #expect(f.velocity < Touch.stopSpeed)
        // It never coasts further than its whole run: v/(1000·−ln d) ≈ 999 px.
        #expect(f.offset < 100 + 2000 / (1000 * -Double.log(0.998)))
    }

    @Test func theCurveIsTheSameAtAnyFrameRate() {
        func offset(frame: Double, limit: Double) -> Double {
            var f = Fling(offset: 500, velocity: 2500, limit: limit)
            var t = 0.0
            while t < 0.7 - 1e-9 { let dt = Swift.min(frame, 0.7 - t); f.advance(by: dt); t += dt }
            return f.offset
        }
        #expect(abs(offset(frame: 1.0 / 60, limit: 10_000) - offset(frame: 1.0 / 144, limit: 10_000)) < 1e-9)
        // Through a bounce too: the crossing is found exactly, not at the frame after it.
        #expect(abs(offset(frame: 1.0 / 60, limit: 900) - offset(frame: 1.0 / 144, limit: 900)) < 1e-6)
    }

    @Test func aFlingPastTheEndOvershootsAndSpringsBackToIt() {
        var f = Fling(offset: 900, velocity: 3000, limit: 1000)
        var furthest = 0.0, frames = 0
        while !f.isFinished && frames < 300 { f.advance(by: 1.0 / 60); furthest = Swift.max(furthest, f.offset); frames += 1 }
        #expect(f.isFinished && f.offset == 1000)
        // It went past, by less than the undamped v/(ωe) bound for the speed it hit the end with.
        #expect(furthest > 1010 && furthest < 1000 + 3000 / (Touch.bounceFrequency * 2.718281828))
        #expect(frames < 60, "back at the end in under a second, took \(frames) frames")
    }

    @Test func letGoPastAnEndItComesBackWithoutSwingingThrough() {
        var f = Fling(offset: -120, velocity: 0, limit: 1000)
        var offsets: [Double] = []
        while !f.isFinished { f.advance(by: 1.0 / 60); offsets.append(f.offset) }
        #expect(offsets.last == 0)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }, "critically damped: straight back")
        #expect(offsets.allSatisfy { $0 <= 0 })
        #expect(offsets.count < 45)
    }

    @Test func theRubberBandGivesLessTheFurtherItIsPulledAndUndoesExactly() {
        let extent = 400.0
        let at100 = Touch.rubberBanded(-100, limit: 500, extent: extent)
        let at300 = Touch.rubberBanded(-300, limit: 500, extent: extent)
        #expect(at100 < 0 && at100 > -55 && at300 > -extent)
        #expect(abs(at300 - -(1 - 1 / (300 * 0.55 / extent + 1)) * extent) < 1e-9)
        #expect(at300 - at100 > -(300 - 100) * 0.55)  // the second 200 px give less than the first 100 did per px
        #expect(Touch.rubberBanded(250, limit: 500, extent: extent) == 250)
        #expect(Touch.rubberBanded(560, limit: 500, extent: extent) > 500)
        for raw in [-300.0, -1, 0, 250, 501, 900] {
            let shown = Touch.rubberBanded(raw, limit: 500, extent: extent)
            #expect(abs(Touch.unbanded(shown, limit: 500, extent: extent) - raw) < 1e-6)
        }
    }

    @Test func aFingersVelocityIsItsLatestMotionAndNoneAfterAPause() {
        var v = VelocitySamples()
        for k in 0...20 { v.add(Double(k) * 10, at: Double(k) / 100) }  // 1000 px/s
        #expect(abs(v.velocity - 1000) < 1e-6)
        v.add(200, at: 0.4)  // held still 0.2 s, then lifted
        #expect(v.velocity == 0)
    }
}
