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

    @Test func aDoneItemRefusesWithTheShakeAndSaysSo() throws {
        var m = SampleData.generated(count: 20, sections: 1, seed: 1)
        var log = EditLog()
        try m.setDone("item-1", true, log: &log)
        var s = EngineScript(model: m)
        s.key(.right)
        s.key(.space)
        #expect(!s.engine.isDragging && s.effects.contains(.refused("item-1")))
        #expect(announcements(s) == ["\(m.item(withID: "item-1")!.title) is done and cannot be moved"], "and says so")
        s.key(.right)
        #expect(s.engine.navigation.selection == "item-2", "the arrows move the selection again")
    }

    @Test func insideAnOpenFolderTheKeysReorderItsItems() throws {
        var m = SampleData.generated(count: 30, sections: 1, seed: 1)
        try m.drop("item-2", onto: "item-1")
        try m.moveIntoFolder("item-3", folder: "folder-1")
        var s = EngineScript(model: m)
        s.clickOpen("folder-1")
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

    func announcements(_ s: EngineScript) -> [String] {
        s.effects.compactMap { if case .announce(let text) = $0 { text } else { nil } }
    }

    func caption(_ s: EngineScript) -> String? {
        s.engine.scene().nodes.lazy.compactMap { if case .label(let l) = $0, l.style == .caption { l.text } else { nil } }.first
    }

    /// Each step of a keyboard move is said in words, and shown in the caption strip until a
    /// little after the move ends.
    @Test func eachStepIsAnnouncedAndCaptioned() throws {
        var s = selectingFirst()
        let m = s.engine.model
        let title = try #require(m.item(withID: "item-1")).title
        let (s0, s1) = (m.sections[0], m.sections[1])
        s.key(.space)
        s.key(.right)
        s.key(.end)
        s.key(.right)
        #expect(caption(s) == "Moved to \(s1.title), position 1 of \(s1.items.count + 1)")
        s.key(.escape)
        #expect(announcements(s) == [
            "Lifted \(title), position 1 of \(s0.items.count) in \(s0.title)",
            "Moved to position 2 of \(s0.items.count)",
            "Moved to position \(s0.items.count) of \(s0.items.count)",
            "Moved to \(s1.title), position 1 of \(s1.items.count + 1)",
            "Cancelled, \(title) returned to position 1 in \(s0.title)",
        ])
        s.wait(2.5)
        #expect(caption(s) == "Cancelled, \(title) returned to position 1 in \(s0.title)", "lingers")
        s.wait(1)
        #expect(caption(s) == nil, "then goes")
    }

    /// With `announce`, a pointer drag speaks too: over a tile, into it.
    @Test func aPointerDragIsAnnouncedWithThePolicy() throws {
        var policy = DragPolicy()
        policy.announce = true
        var s = EngineScript(policy: policy)
        let a = try #require(s.engine.model.item(withID: "item-1")).title, b = try #require(s.engine.model.item(withID: "item-8")).title
        s.lift("item-1")
        s.glide(to: s.center("item-8"))
        s.wait(1.6)
        s.up(s.engine.pointer!)
        let folder = try #require(s.engine.model.sections[0].items.first { $0.isFolder })
        #expect(announcements(s) == [
            "Lifted \(a), position 1 of 20 in \(s.engine.model.sections[0].title)",
            "Over \(b): release to make a folder",
            "Dropped \(a) into \(folder.title)",
        ])
        var quiet = EngineScript()
        quiet.lift("item-1")
        quiet.glide(to: quiet.center("item-8"))
        quiet.wait(1.6)
        quiet.up(quiet.engine.pointer!)
        #expect(announcements(quiet).isEmpty, "without it, a pointer drag is silent")
    }

    /// The one table of words.
    @Test func theWording() {
        let p = Announcement.Place(position: 3, count: 22, container: "Today")
        #expect(Announcement.lifted("Photos", p).text == "Lifted Photos, position 3 of 22 in Today")
        #expect(Announcement.moved(to: p, crossed: false).text == "Moved to position 3 of 22")
        #expect(Announcement.moved(to: p, crossed: true).text == "Moved to Today, position 3 of 22")
        #expect(Announcement.over("Travel", makesFolder: false).text == "Over Travel: release to add")
        #expect(Announcement.over("Mail", makesFolder: true).text == "Over Mail: release to make a folder")
        #expect(Announcement.dropped("Photos", p).text == "Dropped Photos at position 3 of 22 in Today")
        #expect(Announcement.droppedInto("Photos", folder: "Travel").text == "Dropped Photos into Travel")
        #expect(Announcement.cancelled("Photos", p).text == "Cancelled, Photos returned to position 3 in Today")
        #expect(Announcement.refused("Mail").text == "Mail is done and cannot be moved")
    }

    /// In a masonry the keys move it the same way: one place per Left / Right, a row down to the
    /// place of the tile below; Space drops, saved as one step.
    @Test func inAMasonryTheKeysMoveItToo() throws {
        var s = selectingFirst(.masonry(MasonryLayout()), viewport: Size(width: 700, height: 500))
        let start = s.engine.model
        s.key(.space)
        s.key(.right)
        #expect(s.ids(0)[1] == "item-1")
        s.key(.down)
        let at = try #require(s.ids(0).firstIndex(of: "item-1"))
        #expect(at > 1 && s.frame("item-1").minY > 40, "a row down, where the tile below was")
        s.key(.space)
        s.wait(0.5)
        #expect(!s.engine.isDragging && s.effects.commitCount == 1)
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start)
    }
}
