import Testing
@testable import TesseraCore

/// Issue 15, defect 1: a dwell shows whatever the grip. Held by its middle, the carried snapshot
/// (1.1x a cell) covers the gap bar and most of a target; so the cells beside the gap part as the
/// reorder dwell fills, a target grows out from under the snapshot as the folder dwell fills, and
/// the snapshot thins over a target. Nothing jumps when a dwell fires or the pointer moves on.
@Suite struct DwellFeedbackTests {
    func drawn(_ s: EngineScript, _ id: ItemID) -> CellNode? {
        s.engine.scene().nodes.lazy.compactMap { if case .cell(let c) = $0, c.id == id, !c.isLifted { c } else { nil } }.first
    }
    func carried(_ s: EngineScript) -> CellNode? {
        s.engine.scene().nodes.lazy.compactMap { if case .cell(let c) = $0, c.isLifted { c } else { nil } }.first
    }
    /// The carried snapshot's drawn extent (its frame scaled about its centre).
    func extent(_ c: CellNode) -> Rect { c.frame.scaled(by: c.scale) }

    @Test func theCellsBesideADwellingGapPartOutFromUnderTheSnapshot() {
        var s = EngineScript()
        s.lift("item-1")
        // Grabbed by the middle, resting on the gap between item-3 and item-4.
        let a = s.frame("item-3"), b = s.frame("item-4")
        let gap = Point(x: (a.maxX + b.minX) / 2, y: a.midY)
        s.glide(to: gap)
        let snapshot = extent(carried(s)!)
        #expect(snapshot.contains(Point(x: a.maxX - 2, y: a.midY)) && snapshot.contains(Point(x: b.minX + 2, y: b.midY)),
                "the snapshot covers the gap and the neighbours' near edges")
        s.wait(0.05)
        #expect(drawn(s, "item-3")!.frame == a, "a pointer passing over a gap sets nothing moving")
        s.wait(0.1)
        let early = (drawn(s, "item-3")!.frame.minX, drawn(s, "item-4")!.frame.minX)
        s.wait(0.2)
        let late = (drawn(s, "item-3")!.frame.minX, drawn(s, "item-4")!.frame.minX)
        #expect(early.0 < a.minX && early.1 > b.minX, "parting from early in the dwell")
        #expect(late.0 < early.0 - 3 && late.1 > early.1 + 3, "more as it fills")
        #expect(a.minX - late.0 >= 0.1 * a.width, "by a visible amount: \(a.minX - late.0) px")
        #expect(drawn(s, "item-2")!.frame == s.engine.snapshot.windowFrame(ofFlat: 1, offsets: s.engine.offsets), "only the two beside it")
        // The reorder fires: item-1 goes into the gap; the neighbours go on from where they were drawn.
        var lastBefore = drawn(s, "item-3")!.frame
        var fired = false
        for _ in 0..<20 {
            s.wait(1.0 / 60)
            let now = drawn(s, "item-3")!.frame
            if s.ids(0)[1] == "item-3" && !fired {
                fired = true
                #expect(abs(now.minX - lastBefore.minX) < 4, "no jump as the dwell fires: \(lastBefore.minX) -> \(now.minX)")
            }
            lastBefore = now
        }
        #expect(fired)
    }

    @Test func movingOnFromAGapLetsItsNeighboursSlideBack() {
        var s = EngineScript()
        s.lift("item-1")
        let a = s.frame("item-3"), b = s.frame("item-4")
        s.glide(to: Point(x: (a.maxX + b.minX) / 2, y: a.midY))
        s.wait(0.4)
        let parted = drawn(s, "item-3")!.frame
        s.move(Point(x: 58, y: 58))                          // back over its own slot: no target
        s.wait(1.0 / 60)
        let next = drawn(s, "item-3")!.frame
        #expect(abs(next.minX - parted.minX) < 4, "slides back, no jump: \(parted.minX) -> \(next.minX)")
        s.wait(0.6)
        #expect(drawn(s, "item-3")!.frame == a)
    }

    @Test func aCentreTargetGrowsOutFromUnderTheSnapshotAndTheSnapshotThins() {
        var s = EngineScript()
        s.lift("item-1")
        let target = s.frame("item-8")
        s.glide(to: target.center)                           // grabbed by the middle: the snapshot covers the target
        #expect(extent(carried(s)!).contains(target.origin))
        s.wait(0.05)
        #expect(carried(s)!.alpha == 1 - (1 - 0.72) * 0.5 || carried(s)!.alpha < 1)
        s.wait(0.45)
        let half = drawn(s, "item-8")!
        #expect(half.scale > 1.05 && half.scale < 1.15 && half.dwellProgress != nil)
        #expect(carried(s)!.alpha == 0.72)
        // At full dwell the target reaches past the snapshot on every side.
        s.wait(0.49)
        let grown = drawn(s, "item-8")!
        #expect(extent(grown).minX < extent(carried(s)!).minX && extent(grown).maxX > extent(carried(s)!).maxX)
        // It opens without a jump, on to the open scale.
        let before = grown.scale
        s.wait(1.0 / 30)
        #expect(s.engine.openTarget == "item-8")
        let after = drawn(s, "item-8")!.scale
        #expect(after >= before && after - before < 0.05, "\(before) -> \(after)")
        s.wait(0.6)
        #expect(abs(drawn(s, "item-8")!.scale - 1.3) < 1e-6)
    }

    @Test func leavingAGrowingTargetShrinksItBackWithoutAJump() {
        var s = EngineScript()
        s.lift("item-1")
        let target = s.frame("item-8")
        s.glide(to: target.center)
        s.wait(0.6)
        let grown = drawn(s, "item-8")!.scale
        s.move(Point(x: 58, y: 58))                          // back over its own slot: no target
        s.wait(1.0 / 60)
        let next = drawn(s, "item-8")!.scale
        #expect(grown > 1.05 && next <= grown && grown - next < 0.1, "\(grown) -> \(next)")
        s.wait(0.3)
        #expect(drawn(s, "item-8")!.scale == 1)
        #expect(carried(s)!.alpha == 1)
    }

    @Test func underReducedMotionTheCuesStandStill() {
        var policy = DragPolicy()
        policy.reduceMotion = true
        var s = EngineScript(policy: policy)
        s.lift("item-1")
        let a = s.frame("item-3"), b = s.frame("item-4")
        s.move(Point(x: (a.maxX + b.minX) / 2, y: a.midY))
        s.wait(0.12)
        let first = drawn(s, "item-3")!.frame.minX
        s.wait(0.3)
        #expect(first < a.minX && drawn(s, "item-3")!.frame.minX == first, "parted at once, not moving")
        s.move(s.frame("item-8").center)
        s.wait(0.5)
        #expect(drawn(s, "item-8")!.scale == 1 && carried(s)!.alpha == 0.72)
    }
}
