import Testing
@testable import TesseraCore

@Suite struct EnginePressTests {
    @Test func holdingLiftsAfterTheLiftDelayAndNotBefore() {
        var s = EngineScript()
        s.down(s.center("item-2"))
        s.wait(0.45)
        #expect(s.engine.draggedID == nil)
        #expect(s.engine.scene().nodes.contains { if case .cell(let c) = $0 { c.id == "item-2" && c.isPressed } else { false } })
        s.wait(0.06)
        #expect(s.engine.draggedID == "item-2")
        #expect(s.effects == [.lifted("item-2")])
    }

    @Test func withoutLiftOnMoveMovingBeyondTheSlopBeforeTheHoldIsNotALift() {
        var policy = DragPolicy()
        policy.liftOnMove = false
        var s = EngineScript(policy: policy)
        let c = s.center("item-2")
        s.down(c)
        s.wait(0.2)
        s.move(Point(x: c.x + 8, y: c.y))
        s.wait(0.6)
        #expect(s.engine.draggedID == nil)
        s.up(Point(x: c.x + 8, y: c.y))
        #expect(s.engine.overlay == nil)  // not a click either
        #expect(s.effects.isEmpty)
    }

    @Test func wobbleWithinTheSlopStillLifts() {
        var s = EngineScript()
        let c = s.center("item-2")
        s.down(c)
        s.wait(0.2)
        s.move(Point(x: c.x + 4, y: c.y - 3))
        s.wait(0.35)
        #expect(s.engine.draggedID == "item-2")
    }

    @Test func aClickSelectsAndOpensTheItem() {
        var s = EngineScript()
        let c = s.center("item-3")
        s.down(c)
        s.wait(0.15)
        s.up(c)
        #expect(s.engine.selection == "item-3")
        #expect(s.engine.overlay == .detail("item-3"))
        #expect(s.effects == [.opened("item-3")])
        // Escape closes the detail view; nothing moved.
        s.key(.escape)
        #expect(s.engine.overlay == nil)
        #expect(s.engine.model == SampleData.generated(count: 40, sections: 2, seed: 1))
    }

    @Test func doneItemsRefuseWithAShake() {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        m.sections[0].items[4].done = true
        var s = EngineScript(model: m)
        let home = s.frame("item-5")
        s.lift("item-5")
        #expect(s.engine.draggedID == nil)
        #expect(s.effects == [.refused("item-5")])
        s.wait(0.05)
        let shaken = s.engine.scene().nodes.compactMap { if case .cell(let c) = $0, c.id == "item-5" { c.frame } else { nil } }.first!
        #expect(shaken.minX != home.minX && shaken.minY == home.minY)
        s.wait(0.5)
        let rest = s.engine.scene().nodes.compactMap { if case .cell(let c) = $0, c.id == "item-5" { c.frame } else { nil } }.first!
        #expect(rest == home)
        #expect(s.engine.nextDeadline == nil)  // idle again: no frames requested
    }

    @Test func theSnapshotFollowsThePointerKeepingTheGrabOffset() {
        var s = EngineScript()
        let f = s.frame("item-1")
        let grab = Point(x: f.minX + 20, y: f.minY + 30)
        s.down(grab)
        s.wait(0.52)
        s.move(Point(x: 300, y: 250))
        let lifted = s.engine.liftedFrame!
        #expect(lifted.minX == 280 && lifted.minY == 220 && lifted.size == f.size)
        let node = s.engine.scene().nodes.compactMap { if case .cell(let c) = $0, c.isLifted { c } else { nil } }
        #expect(node.count == 1)
        #expect(node[0].scale > 1)
        // Its slot stays empty: the cell itself is not drawn.
        #expect(!s.engine.scene().nodes.contains { if case .cell(let c) = $0 { c.id == "item-1" && !c.isLifted } else { false } })
    }

    @Test func wobbleAnglesOverTime() {
        let p = DragPolicy()
        let a = (1 / Double.pi) / 6
        #expect(Wobble.angle(sinceLift: 0, policy: p) == 0)
        #expect(abs(Wobble.angle(sinceLift: 0.05, policy: p) - a) < 1e-9)       // out to +a in 0.05 s
        #expect(abs(Wobble.angle(sinceLift: 0.1, policy: p)) < 1e-9)            // back through zero
        #expect(abs(Wobble.angle(sinceLift: 0.15, policy: p) + a) < 1e-9)       // to -a
        // Then a gentle wobble that never stops while lifted and never exceeds its amplitude.
        let later = stride(from: 0.2, to: 5, by: 0.01).map { Wobble.angle(sinceLift: $0, policy: p) }
        #expect(later.allSatisfy { abs($0) <= p.wobbleAngle + 1e-12 })
        #expect(later.max()! > p.wobbleAngle * 0.95 && later.min()! < -p.wobbleAngle * 0.95)
        var reduced = p
        reduced.reduceMotion = true
        #expect(stride(from: 0.0, to: 2, by: 0.01).allSatisfy { Wobble.angle(sinceLift: $0, policy: reduced) == 0 })
    }

    @Test func aStillLiftedItemKeepsAskingForFrames() {
        var s = EngineScript()
        s.lift("item-7")
        s.wait(2)
        #expect(s.engine.nextDeadline != nil)
        let r1 = s.engine.scene().nodes.compactMap { if case .cell(let c) = $0, c.isLifted { c.rotation } else { nil } }[0]
        s.wait(0.09)
        let r2 = s.engine.scene().nodes.compactMap { if case .cell(let c) = $0, c.isLifted { c.rotation } else { nil } }[0]
        #expect(r1 != r2)
    }
}
