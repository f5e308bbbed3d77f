import Testing
@testable import TesseraCore

/// The inspector (F12) draws what the engine decides from, in the scene like everything else.
@Suite struct InspectorTests {
    func texts(_ s: EngineScript) -> [String] {
        s.engine.scene().nodes.compactMap { if case .label(let l) = $0, l.style == .inspector { l.text } else { nil } }
    }
    func boxes(_ s: EngineScript, _ color: Color) -> [Rect] {
        s.engine.scene().nodes.compactMap { if case .box(let b) = $0, b.color == color { b.frame } else { nil } }
    }

    @Test func f12TogglesItAndItSaysWhatThePointerIsDoing() {
        var s = EngineScript()
        #expect(texts(s).isEmpty)
        s.key(.f12)
        #expect(texts(s).first == "Inspector (F12) · idle")
        let c = s.center("item-2")
        s.down(c)
        // The slop circle around the press, and when it will lift.
        #expect(boxes(s, Engine.inspectorSlop) == [Rect(x: c.x - 6, y: c.y - 6, width: 12, height: 12)])
        #expect(texts(s).contains("press: lifts in 0.50 s unless it moves 6 px"))
        s.key(.f12)
        #expect(texts(s).isEmpty && boxes(s, Engine.inspectorSlop).isEmpty)
    }

    @Test func whileCarryingItShowsTheZonesTheDwellAndTheAutoscroll() {
        var s = EngineScript()
        s.key(.f12)
        s.lift("item-1")
        let target = s.frame("item-8")
        s.glide(to: target.center)
        s.wait(0.3)
        // item-8's centre zone (the middle half of it, grown by the hysteresis now that it is the
        // target) and the edge bands of the cells around the pointer; the carried item has none.
        let into = boxes(s, Engine.inspectorInto)
        let grown = 0.5 + 0.15
        #expect(into.contains(Rect(x: target.midX - target.width * grown / 2, y: target.midY - target.height * grown / 2,
                                   width: target.width * grown, height: target.height * grown)))
        let bands = boxes(s, Engine.inspectorGap)
        #expect(bands.contains(target) && bands.count >= 4 && !bands.contains(s.engine.snapshot.windowFrame(ofFlat: 0, offsets: s.engine.offsets)))
        let lines = texts(s)
        #expect(lines.contains { $0.hasPrefix("dwell: 0.3") && $0.hasSuffix("then open [0, 7] as a drop target") }, "\(lines)")
        #expect(lines.contains("autoscroll: surface 0 px/s"))
        #expect(boxes(s, Engine.inspectorScroll).count == 2, "the top and bottom edge zones")
    }

    @Test func theAutoscrollLineGivesTheSpeedNow() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        s.key(.f12)
        s.lift("item-1")
        // speed = 1600 px/s · (depth / 64)² · min(1, held / 0.5 s); the zone's clock starts at the
        // first frame after the pointer enters it.
        func speed(depth: Double, held: Double) -> Int { Int((1600 * (depth / 64) * (depth / 64) * Swift.min(1, held / 0.5)).rounded()) }
        s.move(Point(x: 280, y: 398))                 // 62 px into the 64 px bottom zone
        s.wait(0.25)
        #expect(texts(s).contains("autoscroll: surface \(speed(depth: 62, held: 0.25 - 1.0 / 60)) px/s"), "\(texts(s))")
        s.wait(0.75)
        s.move(Point(x: 280, y: 200))                // out of the zones: the clock stops
        s.wait(0.1)
        s.move(Point(x: 280, y: 2))                  // the top zone: backwards
        s.wait(0.1)
        #expect(texts(s).contains("autoscroll: surface -\(speed(depth: 62, held: 0.1 - 1.0 / 60)) px/s"), "\(texts(s))")
    }

    @Test func frameIntervalsAreKeptOnlyWhileItIsOnAndFramesAreAskedFor() {
        var s = EngineScript()
        s.wait(0.5)
        #expect(s.engine.inspector.frameIntervals.isEmpty)
        s.key(.f12)
        s.wait(0.5)                                  // idle: no frames asked for, none counted
        #expect(s.engine.inspector.frameIntervals.isEmpty)
        s.lift("item-3")                             // the cell eases in (frames), then the hold waits (none)
        s.wait(0.5)                                  // carried: a frame every 1/60 s
        let n = s.engine.inspector.frameIntervals.count
        #expect(n >= 30 && n <= 45, "\(n) intervals: the press's easing and the carry")
        #expect(s.engine.inspector.frameIntervals.allSatisfy { $0 <= 1.0 / 60 + 1e-9 }, "the hold's wait is not a frame interval")
        #expect(texts(s).contains { $0.hasPrefix("frames: interval median 16.7 ms, max 16.7 ms") })
    }
}
