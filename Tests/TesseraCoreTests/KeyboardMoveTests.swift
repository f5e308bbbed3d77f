import Testing
@testable import TesseraCore

/// Moving an item with keys (Space, arrows, Space / Enter, Escape): the pointer drag's own
/// transitions, driven by keys, in every layout and in an open folder.
@Suite struct KeyboardMoveTests {
    func before(_ s: EngineScript, _ id: ItemID) -> Point { let f = s.frame(id); return Point(x: f.minX + 6, y: f.midY) }

    /// item-1 selected (the first arrow selects the first cell).
    func selectingFirst(_ layout: LayoutConfiguration = .grid(EngineScript.grid), viewport: Size = Size(width: 560, height: 400)) -> EngineScript {
        var s = EngineScript(layout: layout, viewport: viewport)
        s.key(.right)
        return s
    }

    @Test func spaceLiftsArrowsMoveSpaceDropsAsOneStep() throws {
        var s = selectingFirst()
        let start = s.engine.model
        s.key(.space)
        #expect(s.engine.isKeyboardLift && s.effects.contains(.lifted("item-1")))
        #expect(s.engine.liftedFrame == s.frame("item-1"), "the snapshot sits over its slot")
        s.key(.right)
        s.key(.right)
        #expect(Array(s.ids(0).prefix(4)) == ["item-2", "item-3", "item-1", "item-4"], "live reorder, one place per key")
        #expect(s.engine.presentation.motions.isMoving("item-2"), "the neighbours slide")
        s.key(.space)
        s.wait(0.5)
        #expect(!s.engine.isDragging && s.effects.commitCount == 1)
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start, "one undo step")
    }

    /// The keyboard path and the pointer path reach the same model for the same move.
    @Test func keysAndThePointerGiveTheSameModel() {
        var keys = selectingFirst()
        keys.key(.space)
        for _ in 0..<3 { keys.key(.right) }
        keys.key(.enter)
        keys.wait(0.5)

        var pointer = EngineScript()
        pointer.lift("item-1")
        pointer.glide(to: before(pointer, "item-5"))
        pointer.wait(0.6)
        pointer.up(pointer.engine.pointer!)
        pointer.wait(0.5)
        #expect(keys.engine.model == pointer.engine.model && keys.ids(0)[3] == "item-1")
    }

    @Test func escapeRestoresTheOrderFromTheLift() {
        var s = selectingFirst()
        let start = s.engine.model
        s.key(.space)
        s.key(.down)
        s.key(.right)
        #expect(s.engine.model != start)
        s.key(.escape)
        s.wait(0.5)
        #expect(s.engine.model == start && !s.engine.isDragging && !s.engine.canUndo)
        #expect(s.effects.contains(.cancelled("item-1")))
    }

    /// Past a section's end it crosses into the next section; Home / End go to its ends; Up / Down
    /// move by a row.
    @Test func crossingSectionsRowsAndEnds() throws {
        var s = selectingFirst()
        s.key(.space)
        s.key(.down)
        let row = s.ids(0).firstIndex(of: "item-1")!
        #expect(row > 1 && s.frame("item-1").minY > s.engine.snapshot.sections[0].itemArea.minY + 10, "a row down")
        s.key(.end)
        let count = s.engine.model.sections[0].items.count
        #expect(s.ids(0).last == "item-1" && s.ids(0).count == count)
        s.key(.right)
        #expect(s.ids(1).first == "item-1", "past the end: the next section's start")
        s.key(.left)
        #expect(s.ids(0).last == "item-1", "and back")
        s.key(.home)
        #expect(s.ids(0).first == "item-1")
        s.key(.space)
        s.wait(0.5)
        #expect(!s.engine.isDragging)
    }

    @Test func onTheBoardLeftAndRightGoToTheNeighbouringListAtTheSameRow() {
        var s = selectingFirst(.board(BoardLayout()), viewport: Size(width: 1000, height: 700))
        s.key(.space)
        s.key(.down)
        #expect(s.ids(0)[1] == "item-1")
        s.key(.right)
        #expect(s.engine.model.sections[1].items[1].id == "item-1", "list two, same row")
        s.key(.up)
        s.key(.up)
        #expect(s.ids(0).last == "item-1", "up past the list's start: the previous list's end")
        s.key(.enter)
        s.wait(0.5)
        #expect(!s.engine.isDragging && s.ids(0).last == "item-1")
    }

    @Test func aDoneItemRefusesWithTheShake() throws {
        var m = SampleData.generated(count: 20, sections: 1, seed: 1)
        var log = EditLog()
        try m.setDone("item-1", true, log: &log)
        var s = EngineScript(model: m)
        s.key(.right)
        s.key(.space)
        #expect(!s.engine.isDragging && s.effects.contains(.refused("item-1")))
        s.key(.right)
        #expect(s.engine.navigation.selection == "item-2", "the arrows move the selection again")
    }

    @Test func insideAnOpenFolderTheKeysReorderItsItems() throws {
        var m = SampleData.generated(count: 30, sections: 1, seed: 1)
        try m.drop("item-2", onto: "item-1")
        try m.moveIntoFolder("item-3", folder: "folder-1")
        var s = EngineScript(model: m)
        let c = s.center("folder-1")
        s.down(c)
        s.up(c)
        s.wait(0.5)
        s.key(.right)   // the folder's first item
        #expect(s.engine.navigation.selection == "item-1")
        s.key(.space)
        #expect(s.engine.isKeyboardLift)
        s.key(.right)
        s.key(.right)
        #expect(s.engine.model.item(withID: "folder-1")?.children.map(\.id) == ["item-2", "item-3", "item-1"])
        s.key(.space)
        s.wait(0.5)
        #expect(!s.engine.isDragging && s.engine.overlay == .folder("folder-1"))
        #expect(s.engine.model.item(withID: "folder-1")?.children.map(\.id) == ["item-2", "item-3", "item-1"])
    }

    /// The pointer does not aim or drop a keyboard lift: moving it and releasing a button change nothing.
    @Test func thePointerLeavesAKeyboardLiftAlone() {
        var s = selectingFirst()
        s.key(.space)
        let order = s.ids(0)
        s.send(.pointerMove(s.center("item-9")))
        s.wait(1.5)
        s.up(s.center("item-9"))
        #expect(s.engine.isKeyboardLift && s.ids(0) == order)
    }
}
