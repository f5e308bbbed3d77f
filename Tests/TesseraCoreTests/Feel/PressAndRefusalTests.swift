import Testing
@testable import TesseraCore

/// Issue 15, defects 6 and 7: a press that moves is a drag (as on any desktop); a done item's
/// refusal is seen and felt, with or without motion.
@Suite struct PressAndRefusalTests {
    func cell(_ s: EngineScript, _ id: ItemID) -> CellNode? {
        s.engine.scene().nodes.lazy.compactMap { if case .cell(let c) = $0, c.id == id, !c.isLifted { c } else { nil } }.first
    }

    @Test func aPressThatMovesLiftsAtOnceHeldWhereItWasGrabbed() {
        var s = EngineScript()
        let f = s.frame("item-2")
        let grab = Point(x: f.minX + 30, y: f.minY + 40)
        s.down(grab)
        s.wait(0.1)
        s.move(Point(x: grab.x + 4, y: grab.y))              // within the slop: still a press
        #expect(s.engine.draggedID == nil)
        s.move(Point(x: grab.x + 20, y: grab.y + 5))         // beyond it: lifted now, well before the hold
        #expect(s.engine.draggedID == "item-2" && s.effects == [.lifted("item-2")])
        #expect(s.engine.liftedFrame?.origin == Point(x: f.minX + 20, y: f.minY + 5), "the grab point stays under the pointer")
        // And it carries like any lift: to the gap before item-5, dwell, drop.
        let target = s.frame("item-5")
        s.glide(to: Point(x: target.minX + 6, y: target.midY))
        s.wait(0.6)
        s.up(s.engine.pointer!)
        #expect(s.ids(0).prefix(5) == ["item-1", "item-3", "item-4", "item-2", "item-5"])
        #expect(s.effects.hasCommit)
    }

    @Test func withoutLiftOnMoveThePressedLookLetsGoAsTheSlopIsPassed() {
        var policy = DragPolicy()
        policy.liftOnMove = false
        var s = EngineScript(policy: policy)
        let c = s.center("item-2")
        s.down(c)
        s.wait(0.2)
        #expect(cell(s, "item-2")?.isPressed == true)
        s.move(Point(x: c.x + 8, y: c.y))
        s.wait(0.15)
        #expect(cell(s, "item-2")?.isPressed == false && cell(s, "item-2")?.scale == 1)
        s.move(Point(x: c.x + 250, y: c.y))
        s.wait(0.5)
        #expect(s.engine.draggedID == nil && cell(s, "item-2")?.isPressed == false)
    }

    @Test func aDoneItemRefusesWithTheNotAllowedCursorUntilTheRelease() {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        m.sections[0].items[4].done = true
        var s = EngineScript(model: m)
        let c = s.center("item-5")
        s.down(c)
        #expect(s.engine.scene().cursor == .notAllowed, "pressing a done item")
        s.wait(0.55)
        #expect(s.effects == [.refused("item-5")])
        #expect(cell(s, "item-5")?.isRefused == true)
        s.wait(0.5)
        #expect(s.engine.scene().cursor == .notAllowed, "still, after the shake, while the button is down")
        s.move(Point(x: c.x + 100, y: c.y))
        #expect(s.engine.scene().cursor == .notAllowed && s.engine.draggedID == nil)
        s.up(Point(x: c.x + 100, y: c.y))
        #expect(s.engine.overlay == nil, "a refused press is no click")
        #expect(s.engine.scene().cursor != .notAllowed)
        // Pressed and moved at once: refused the same way.
        s.down(c)
        s.move(Point(x: c.x + 30, y: c.y))
        #expect(s.effects.last == .refused("item-5") && s.engine.draggedID == nil)
        s.up(Point(x: c.x + 30, y: c.y))
    }

    @Test func underReducedMotionARefusalIsAnOutlineThatDoesNotMove() {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        m.sections[0].items[4].done = true
        var policy = DragPolicy()
        policy.reduceMotion = true
        var s = EngineScript(model: m, policy: policy)
        let home = s.frame("item-5")
        s.lift("item-5")
        #expect(s.effects == [.refused("item-5")])
        s.wait(0.05)
        #expect(cell(s, "item-5")?.isRefused == true && cell(s, "item-5")?.frame == home)
        s.wait(0.3)
        #expect(cell(s, "item-5")?.isRefused == false)
    }
}
