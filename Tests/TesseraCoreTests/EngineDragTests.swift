import Testing
@testable import TesseraCore

@Suite struct EngineDragTests {
    /// The left edge band of a cell: "insert before it".
    func before(_ s: EngineScript, _ id: ItemID) -> Point { let f = s.frame(id); return Point(x: f.minX + 6, y: f.midY) }

    @Test func hoveringAtAGapReordersAfterTheDwellAndNotBefore() {
        var s = EngineScript()
        s.lift("item-1")
        s.glide(to: before(s, "item-4"))
        s.wait(0.4)
        #expect(s.ids(0).prefix(5) == ["item-1", "item-2", "item-3", "item-4", "item-5"])
        s.wait(0.15)
        #expect(s.ids(0).prefix(5) == ["item-2", "item-3", "item-1", "item-4", "item-5"])
        #expect(s.engine.model.checkInvariants().isEmpty)
        #expect(!s.effects.hasCommit)  // live order is committed on release
        s.up(s.engine.pointer!)
        #expect(s.effects.last.map { [$0].hasCommit } == true)
    }

    @Test func neighboursAnimateFromOldToNewFramesWithoutJumping() {
        var s = EngineScript()
        let oldItem2 = s.frame("item-2")
        s.lift("item-1")
        s.glide(to: before(s, "item-4"))
        s.wait(0.5 - 1.0 / 60)
        let justBefore = s.frame("item-2")
        s.wait(1.0 / 60)  // the reorder fires in this frame
        let justAfter = s.frame("item-2")
        #expect(justBefore == oldItem2)
        // Drawn where it was, then on its way: no jump to the new slot.
        #expect(abs(justAfter.minX - oldItem2.minX) < 1)
        s.wait(0.1)
        let midway = s.frame("item-2")
        #expect(midway.minX < oldItem2.minX - 5)
        s.wait(1)
        let settled = s.frame("item-2")
        let slot = s.engine.snapshot.windowFrame(ofFlat: 0, offsets: s.engine.offsets)
        #expect(settled == slot)
    }

    @Test func retargetedNeighboursContinueFromWhereTheyAre() {
        var policy = DragPolicy()
        policy.reorderDwell = 0.1  // shorter than the neighbours' slide, so the second move lands mid-flight
        var s = EngineScript(policy: policy)
        s.lift("item-1")
        s.glide(to: before(s, "item-4"))
        s.wait(0.1 + 0.05)  // reordered: item-2 and item-3 are sliding left
        // Back to the front: item-3 gets a new destination while still moving.
        let slot0 = s.engine.snapshot.windowFrame(ofFlat: 0, offsets: s.engine.offsets)
        s.move(Point(x: slot0.minX + 6, y: slot0.midY))
        var xs: [Double] = [s.frame("item-3").minX]
        var retargetFrame: Int?
        for k in 0..<60 {
            s.wait(1.0 / 60)
            xs.append(s.frame("item-3").minX)
            if retargetFrame == nil && s.ids(0)[0] == "item-1" { retargetFrame = k + 1 }
        }
        let r = try! #require(retargetFrame)
        #expect(abs(xs[r - 1] - xs[r - 2]) > 1, "item-3 should still be moving when retargeted")
        let stepBefore = abs(xs[r - 1] - xs[r - 2]), stepAt = abs(xs[r] - xs[r - 1])
        // Same pace through the retarget: a jump would show as a step far larger than the one before.
        #expect(stepAt <= stepBefore * 1.5 + 1, "step \(stepAt) after \(stepBefore)")
        #expect(s.ids(0).prefix(3) == ["item-1", "item-2", "item-3"])
        #expect(xs.last == s.engine.snapshot.windowFrame(ofFlat: 2, offsets: s.engine.offsets).minX)
    }

    @Test func hoveringOverACellCentreOpensItAsAFolderAfterTheLongerDwell() {
        var s = EngineScript()
        s.lift("item-1")
        s.glide(to: s.center("item-8"))
        s.wait(0.6)
        #expect(s.engine.openTarget == nil)  // not at the reorder dwell
        let progress = s.engine.scene().nodes.compactMap { if case .cell(let c) = $0, c.id == "item-8" { c.dwellProgress } else { nil } }
        #expect(progress.count == 1 && progress[0] > 0.5 && progress[0] < 0.7)
        s.wait(0.42)
        #expect(s.engine.openTarget == "item-8")
        s.wait(0.5)
        let grown = s.engine.scene().nodes.compactMap { if case .cell(let c) = $0, c.id == "item-8" { c } else { nil } }[0]
        #expect(abs(grown.scale - 1.3) < 1e-6 && grown.isDropTarget)
        // Release: both become a new folder in item-8's place.
        s.up(s.engine.pointer!)
        let folder = s.engine.model.sections[0].items[6]
        #expect(folder.isFolder && folder.children.map(\.id) == ["item-8", "item-1"])
        #expect(s.effects.hasCommit)
        #expect(s.engine.model.checkInvariants().isEmpty)
    }

    @Test func leavingTheCentreCancelsTheOpenTargetAndItShrinksBack() {
        var s = EngineScript()
        s.lift("item-1")
        s.glide(to: s.center("item-8"))
        s.wait(1.6)
        #expect(s.engine.openTarget == "item-8")
        let f = s.engine.snapshot.windowFrame(ofFlat: 7, offsets: s.engine.offsets)
        s.move(Point(x: f.maxX + 40, y: f.maxY + 40))  // far from it
        #expect(s.engine.openTarget == nil)
        s.wait(0.12)
        let node = s.engine.scene().nodes.compactMap { if case .cell(let c) = $0, c.id == "item-8" { c } else { nil } }[0]
        #expect(node.scale == 1 && !node.isDropTarget)
        s.up(s.engine.pointer!)
        #expect(s.engine.model.item(withID: "item-1")?.isFolder == false)
        #expect(s.engine.model.sections.allSatisfy { $0.items.allSatisfy { !$0.isFolder } })
    }

    @Test func theTwoTimersCancelEachOther() {
        var s = EngineScript()
        s.lift("item-1")
        s.glide(to: s.center("item-8"))
        s.wait(0.8)
        s.move(before(s, "item-8"))  // edge: the folder timer stops, the reorder timer starts anew
        s.wait(0.3)
        s.move(s.center("item-8"))   // back to the centre: the reorder timer stops; folder restarts from zero
        s.wait(0.9)
        #expect(s.engine.openTarget == nil)
        #expect(s.ids(0)[0] == "item-1")
        s.wait(0.15)
        #expect(s.engine.openTarget == "item-8")
    }

    @Test func dropIntoAnExistingFolder() throws {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        try m.drop("item-9", onto: "item-10")  // folder-1 at index 8
        var s = EngineScript(model: m)
        s.lift("item-2")
        s.glide(to: s.center("folder-1"))
        s.wait(1.05)
        s.up(s.engine.pointer!)
        #expect(s.engine.model.item(withID: "folder-1")?.children.map(\.id) == ["item-10", "item-9", "item-2"])
        #expect(s.engine.model.sections[0].items.count == 18)
        s.wait(0.3)
        #expect(s.engine.scene().nodes.contains { if case .cell(let c) = $0 { c.id == "folder-1" && c.folderCount == 3 } else { false } })
    }

    @Test func escapeCancelsAndRestoresTheOrderFromTheLift() {
        var s = EngineScript()
        let before0 = s.engine.model
        s.lift("item-1")
        s.glide(to: before(s, "item-5"))
        s.wait(0.6)
        #expect(s.engine.model != before0)
        s.key(.escape)
        #expect(s.engine.model == before0)
        #expect(s.effects.contains(.cancelled("item-1")) && !s.effects.hasCommit)
        s.wait(0.3)
        #expect(s.engine.draggedID == nil)
        #expect(s.frame("item-1") == s.engine.snapshot.windowFrame(ofFlat: 0, offsets: s.engine.offsets))
    }

    @Test func releaseOutsideTheWindowCancels() {
        var s = EngineScript()
        let before0 = s.engine.model
        s.lift("item-1")
        s.glide(to: before(s, "item-5"))
        s.wait(0.6)
        s.up(Point(x: 700, y: 100))  // past the 560 px wide window
        #expect(s.engine.model == before0)
        #expect(!s.effects.hasCommit)
    }

    @Test func aLostGrabCancels() {
        var s = EngineScript()
        let before0 = s.engine.model
        s.lift("item-1")
        s.glide(to: before(s, "item-5"))
        s.wait(0.6)
        s.send(.grabLost)
        #expect(s.engine.model == before0)
    }

    @Test func theSnapshotFliesHomeBeforeTheCellReappears() {
        var s = EngineScript()
        s.lift("item-1")
        s.glide(to: Point(x: 400, y: 300))
        s.up(Point(x: 400, y: 300))
        s.wait(0.1)
        let flying = s.engine.scene().nodes.compactMap { if case .cell(let c) = $0, c.isLifted { c.frame } else { nil } }
        #expect(flying.count == 1)
        let home = s.engine.snapshot.windowFrame(ofFlat: 0, offsets: s.engine.offsets)
        #expect(flying[0].minX > home.minX && flying[0].minX < 400)
        s.down(home.center)  // input waits for the end animation (seed 001)
        #expect({ if case .pressed = s.engine.phase { false } else { true } }())
        s.up(home.center)
        s.wait(0.2)
        #expect(s.engine.scene().nodes.contains { if case .cell(let c) = $0 { c.id == "item-1" && !c.isLifted } else { false } })
        #expect(s.engine.nextDeadline == nil)
    }

    @Test func movesAcrossSections() {
        var s = EngineScript(viewport: Size(width: 560, height: 900))
        s.lift("item-3")
        s.glide(to: before(s, "item-22"))
        s.wait(0.55)
        #expect(s.ids(1).prefix(3) == ["item-21", "item-3", "item-22"])
        #expect(s.ids(0).count == 19)
        s.up(s.engine.pointer!)
        #expect(s.effects.hasCommit)
    }

    @Test func dropIntoAnEmptySection() {
        var m = SampleData.generated(count: 10, sections: 2, seed: 1)
        m.sections[1].items = []
        var s = EngineScript(model: m)
        s.lift("item-2")
        let area = s.engine.snapshot.sections[1].itemArea
        s.glide(to: Point(x: 200, y: area.midY))
        s.wait(0.55)
        #expect(s.ids(1) == ["item-2"])
    }

    @Test func boardMovesBetweenLists() {
        let m = SampleData.generated(count: 30, sections: 3, seed: 1)
        var s = EngineScript(model: m, layout: .board(BoardLayout()), viewport: Size(width: 1000, height: 600))
        s.lift("item-2")
        let target = s.frame("item-14")
        s.glide(to: Point(x: target.midX, y: target.minY + 5))
        s.wait(0.55)
        #expect(s.ids(1).prefix(5) == ["item-11", "item-12", "item-13", "item-2", "item-14"])
        #expect(s.ids(0).count == 9)
    }

    @Test func foldersCannotBeDroppedIntoFolders() throws {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        try m.drop("item-1", onto: "item-2")  // folder-1 at index 0
        var s = EngineScript(model: m)
        s.lift("folder-1")
        s.glide(to: s.center("item-8"))
        s.wait(1.2)
        #expect(s.engine.openTarget == nil)
    }
}
