import Testing
@testable import TesseraCore

/// Typing a title: F2 opens the field on the selection (or the open folder), every key goes to
/// it, Enter or a click elsewhere commits one undoable step, Escape cancels, empty is refused.
@Suite struct RenameTests {
    func field(_ s: EngineScript) -> FieldNode? {
        s.engine.scene().nodes.lazy.compactMap { if case .field(let f) = $0 { f } else { nil } }.first
    }

    /// folder-1 (item-1, item-2) first in the grid, clicked open.
    func withFolderOpen() throws -> EngineScript {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        var s = EngineScript(model: m)
        let c = s.center("folder-1")
        s.down(c)
        s.up(c)
        s.wait(0.5)
        return s
    }

    func type(_ s: inout EngineScript, _ text: String) {
        for c in text { s.send(.key(.character(String(c)))) }
    }

    @Test func f2TypeEnterRenamesAndCtrlZTakesItBack() throws {
        var s = EngineScript()
        let start = s.engine.model
        s.key(.right)
        s.key(.f2)
        let opened = try #require(field(s))
        #expect(opened.text == start.item(withID: "item-1")?.title && opened.selection == 0..<opened.text.count)
        #expect(opened.frame.maxY <= s.frame("item-1").maxY + 2, "over the tile's title")
        type(&s, "旅行 2026")
        s.key(.left)
        s.key(.backspace)
        #expect(field(s)?.text == "旅行 206" && field(s)?.caret == 5)
        s.key(.enter)
        #expect(field(s) == nil && s.engine.renaming == nil)
        #expect(s.engine.model.item(withID: "item-1")?.title == "旅行 206")
        #expect(s.effects.hasCommit)
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start)
    }

    @Test func escapeKeepsTheOldTitleAndEmptyIsRefused() {
        var s = EngineScript()
        let start = s.engine.model
        s.key(.right)
        s.key(.f2)
        type(&s, "Other")
        s.key(.escape)
        #expect(s.engine.model == start && s.engine.renaming == nil)
        s.key(.f2)
        s.key(.backspace)
        s.send(.key(.space))
        s.key(.enter)
        #expect(s.engine.model == start, "an empty (or blank) title is refused")
        #expect(!s.engine.canUndo)
    }

    @Test func aClickElsewhereCommits() {
        var s = EngineScript()
        s.key(.right)
        s.key(.f2)
        type(&s, "New")
        let elsewhere = s.center("item-9")
        s.down(elsewhere)
        s.up(elsewhere)
        #expect(s.engine.model.item(withID: "item-1")?.title == "New")
    }

    @Test func whileTypingKeysAreTheFieldsNotTheSurfaces() {
        var s = EngineScript()
        s.key(.right)
        s.key(.f2)
        s.send(.key(.character("3")))   // not the board
        s.key(.delete)                  // not a delete of the item
        #expect(s.engine.layoutChoice == .grid || s.engine.snapshot.panes.isEmpty)
        #expect(s.engine.model.item(withID: "item-1") != nil && field(s)?.text == "3")
    }

    @Test func f2InAnOpenFolderRenamesTheFolderInItsTitleLine() throws {
        var s = try withFolderOpen()
        s.key(.f2)
        let f = try #require(field(s))
        #expect(f.frame == s.engine.folderPanel?.titleFrame && f.text == "Folder 1")
        type(&s, "Trips")
        s.key(.enter)
        #expect(s.engine.model.item(withID: "folder-1")?.title == "Trips" && s.engine.overlay == .folder("folder-1"))
    }

    /// A new folder is named from a word its items share, else "Folder N", never a sibling's
    /// title; its name is open for typing right after the drop, and Enter keeps it.
    @Test func aNewFolderGetsASuggestedNameOpenForTyping() throws {
        var m = CollectionModel(sections: [Section(id: "s", title: "S", items: [
            Item(id: "a", title: "Task 4"), Item(id: "b", title: "Task 9"), Item(id: "c", title: "Task"),
            Item(id: "d", title: "日历"), Item(id: "e", title: "Mail"), Item(id: "f", title: "Folder 1"),
        ])])
        var log = EditLog()
        let f1 = try m.drop("b", onto: "a", near: nil, targetNear: nil, log: &log)
        #expect(m.item(withID: f1)?.title == "Task 2", "the shared word, but a sibling is called Task")
        let f2 = try m.drop("e", onto: "d", near: nil, targetNear: nil, log: &log)
        #expect(m.item(withID: f2)?.title == "Folder 2", "nothing shared; Folder 1 is taken")

        var s = EngineScript()
        s.lift("item-1")
        s.glide(to: s.center("item-8"))
        s.wait(1.6)
        s.up(s.engine.pointer!)
        let folder = try #require(s.engine.model.sections[0].items.first { $0.isFolder })
        let opened = try #require(field(s))
        #expect(opened.text == folder.title && opened.selection == 0..<folder.title.count)
        type(&s, "Trips")
        s.key(.enter)
        #expect(s.engine.model.item(withID: folder.id)?.title == "Trips")
    }

    /// Ctrl+N adds "New item" after the selection with its title open; typing and Enter name it;
    /// two Ctrl+Z take back the name, then the item. With nothing selected: the first section's end.
    @Test func ctrlNAddsAnItemAfterTheSelectionToType() throws {
        var s = EngineScript()
        let start = s.engine.model
        s.send(.key(.character("n"), [.control]))
        #expect(s.engine.model.sections[0].items.last?.id == "new-1", "nothing selected: the first section's end")
        s.key(.escape)
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start)
        s.key(.right)
        s.send(.key(.character("n"), [.control]))
        #expect(s.ids(0).prefix(2) == ["item-1", "new-1"])
        let item = try #require(s.engine.model.item(withID: "new-1"))
        #expect(item.title == "New item" && item.icon == "" && !item.done && s.engine.navigation.selection == "new-1")
        #expect(field(s)?.text == "New item" && field(s)?.selection == 0..<8)
        type(&s, "Zoo 动物园")
        s.key(.enter)
        #expect(s.engine.model.item(withID: "new-1")?.title == "Zoo 动物园")
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model.item(withID: "new-1")?.title == "New item")
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start)
    }

    /// After a click marked a tile (its ring and check), Ctrl+N makes the new item the only
    /// selection: the clicked tile is unmarked, and a Shift range starts at the new item.
    @Test func ctrlNMakesTheNewItemTheOnlySelection() throws {
        var s = EngineScript()
        s.ctrlClick("item-3")
        s.ctrlClick("item-5")
        #expect(s.engine.navigation.marks.count == 2)
        s.send(.key(.character("n"), [.control]))
        #expect(s.engine.navigation.selection == "new-1")
        #expect(s.engine.navigation.marks.isEmpty, "nothing but the new item looks selected")
        #expect(s.engine.navigation.marks.anchor == "new-1")
    }

    /// A double-click on an open folder's title opens its name for typing; one click does not.
    @Test func aDoubleClickOnAnOpenFoldersTitleRenamesIt() throws {
        var s = try withFolderOpen()
        let title = try #require(s.engine.folderPanel?.titleFrame).center
        s.down(title)
        s.up(title)
        #expect(field(s) == nil && s.engine.overlay == .folder("folder-1"), "one click: nothing")
        s.wait(0.6)
        s.down(title)
        s.up(title)
        #expect(field(s) == nil, "two clicks far apart: nothing")
        s.wait(0.1)
        s.down(title)
        s.up(title)
        #expect(field(s)?.text == "Folder 1" && s.engine.renaming?.id == "folder-1")
    }

    /// A double-click on a section's header types its title; Enter keeps it (one step, undone by
    /// Ctrl+Z); the items are untouched.
    @Test func aDoubleClickOnASectionHeaderRenamesTheSection() throws {
        var s = EngineScript(layout: .grid(FlowLayout()))   // the app's grid: sections with headers
        let start = s.engine.model
        let header = try #require(s.engine.snapshot.sections[1].header)
        let p = s.engine.snapshot.toWindow(header, pane: nil, offsets: s.engine.offsets).center
        s.down(p)
        s.up(p)
        #expect(field(s) == nil, "one click: nothing")
        s.wait(0.1)
        s.down(p)
        s.up(p)
        let f = try #require(field(s))
        #expect(f.text == start.sections[1].title && f.selection == 0..<f.text.count && s.engine.renaming?.sectionID == start.sections[1].id)
        #expect(f.frame.midY == p.y, "over the header")
        type(&s, "Reading 读书 📚")
        s.key(.enter)
        var expected = start
        expected.sections[1].title = "Reading 读书 📚"
        #expect(s.engine.model == expected && s.effects.hasCommit)
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start)
        s.send(.key(.character("y"), [.control]))
        #expect(s.engine.model == expected)
    }

    /// On the board, a list's title is renamed the same way; Escape keeps the old one.
    @Test func aBoardListsTitleRenamesAndEscapeCancels() throws {
        var s = EngineScript(layout: .board(BoardLayout()))
        let start = s.engine.model
        let header = try #require(s.engine.snapshot.sections[0].header)
        let p = s.engine.snapshot.toWindow(header, pane: nil, offsets: s.engine.offsets).center
        for _ in 0..<2 { s.down(p); s.up(p); s.wait(0.05) }
        #expect(field(s)?.text == start.sections[0].title)
        type(&s, "Now")
        s.key(.escape)
        #expect(s.engine.model == start && field(s) == nil)
        for _ in 0..<2 { s.down(p); s.up(p); s.wait(0.05) }
        type(&s, "Now")
        s.key(.enter)
        #expect(s.engine.model.sections[0].title == "Now" && s.engine.model.sections[0].items == start.sections[0].items)
    }

    /// Each board list ends in an "Add task" row: under the pointer it lights and the pointer
    /// becomes a hand; a click adds "New item" at that list's end with its title open; typing and
    /// Enter name it; Ctrl+Z twice takes both back.
    @Test func theBoardsAddTaskRowAddsToItsList() throws {
        var s = EngineScript(layout: .board(BoardLayout()), viewport: Size(width: 900, height: 1600))
        let start = s.engine.model
        let geo = s.engine.snapshot.sections[1]
        let row = s.engine.snapshot.toWindow(try #require(geo.addRow), pane: 1, offsets: s.engine.offsets)
        func label(_ s: EngineScript) -> LabelNode? {
            s.engine.scene().nodes.lazy.compactMap { if case .label(let l) = $0, l.style == .addRow, row.contains(l.frame.center) { l } else { nil } }.first
        }
        #expect(label(s)?.text == "+  Add task")
        #expect(row.minY > s.frame(start.sections[1].items.last!.id).maxY, "after the list's last row")
        s.send(.pointerMove(row.center))
        #expect(s.engine.scene().cursor == .pointingHand)
        #expect(s.engine.scene().nodes.contains { if case .box(let b) = $0 { b.frame == row } else { false } }, "lit under the pointer")
        s.down(row.center)
        s.up(row.center)
        let added = try #require(s.engine.model.sections[1].items.last)
        #expect(added.id == "new-1" && added.title == "New item" && s.engine.model.sections[1].items.count == start.sections[1].items.count + 1)
        #expect(s.engine.renaming?.id == "new-1" && field(s)?.selection == 0..<8)
        type(&s, "Call 妈妈")
        s.key(.enter)
        #expect(s.engine.model.item(withID: "new-1")?.title == "Call 妈妈")
        s.wait(0.5)
        let moved = s.engine.snapshot.toWindow(try #require(s.engine.snapshot.sections[1].addRow), pane: 1, offsets: s.engine.offsets)
        #expect(moved.minY == row.minY + BoardLayout().rowHeight + BoardLayout().rowSpacing, "the row moved down by one")
        s.send(.key(.character("z"), [.control]))
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start)
    }

    /// Ctrl+C and Ctrl+X put the selected text on the host's clipboard (Ctrl+X takes it out);
    /// Ctrl+V asks the host for the clipboard, whose text goes in cleaned: line breaks become
    /// spaces, control characters go.
    @Test func copyCutAndPasteGoThroughTheHostsClipboard() throws {
        var s = EngineScript()
        s.key(.right)
        s.key(.f2)
        type(&s, "旅行 plans")
        s.send(.key(.home, [.shift]))
        s.effects = []
        s.send(.key(.character("c"), [.control]))
        #expect(s.effects == [.copy("旅行 plans")] && field(s)?.text == "旅行 plans")
        s.key(.end)
        s.send(.key(.left, [.shift]))
        s.send(.key(.left, [.shift]))
        s.effects = []
        s.send(.key(.character("x"), [.control]))
        #expect(s.effects == [.copy("ns")] && field(s)?.text == "旅行 pla")
        s.effects = []
        s.send(.key(.character("c"), [.control]))
        #expect(s.effects.isEmpty, "nothing selected, nothing copied")
        s.send(.key(.character("v"), [.control]))
        #expect(s.effects == [.paste])
        s.send(.paste("n\r\nB\u{7}\tC"))
        #expect(field(s)?.text == "旅行 plan B C" && field(s)?.caret == 11)
        s.key(.enter)
        #expect(s.engine.model.item(withID: "item-1")?.title == "旅行 plan B C")
        s.send(.paste("late"))
        #expect(s.engine.model.item(withID: "item-1")?.title == "旅行 plan B C", "no field open: a late answer changes nothing")
    }

    /// A paste longer than the title limit is cut at a character, with a notice that says so; a
    /// clipboard that cannot be read gives a notice with the reason; a click on a notice only
    /// dismisses it.
    @Test func aLongPasteIsCutWithANoticeAndARefusalSaysWhy() throws {
        var s = EngineScript()
        let start = s.engine.model
        s.key(.right)
        s.key(.f2)
        s.send(.paste(String(repeating: "ab👍🏽", count: 2000)))
        let text = try #require(field(s)?.text)
        #expect(text.count == StateFile.maximumTitleLength && text.hasSuffix("b👍🏽a"), "cut after a whole character")
        let notice = try #require(toastNode(s))
        #expect(notice.text == "Pasted text cut to the 4096-character limit")
        s.key(.escape)
        s.key(.f2)
        s.send(.pasteRefused("Nothing pasted: the clipboard's text is not valid UTF-8"))
        #expect(toastNode(s)?.text == "Nothing pasted: the clipboard's text is not valid UTF-8")
        let p = try #require(toastNode(s)).frame.center
        s.key(.escape)
        s.down(p)
        s.up(p)
        #expect(toastNode(s) == nil && s.engine.model == start && !s.engine.canUndo)
    }

    func toastNode(_ s: EngineScript) -> LabelNode? {
        s.engine.scene().nodes.lazy.compactMap { if case .label(let l) = $0, l.style == .toast { l } else { nil } }.first
    }

    /// A press in the field (measured by the host) moves the caret there and keeps the field
    /// open; a drag with the button held selects from the press; typing replaces the selection.
    @Test func aPressInTheFieldPlacesTheCaretAndADragSelects() throws {
        var s = EngineScript()
        s.key(.right)
        s.key(.f2)
        type(&s, "Summer trip")
        s.send(.caret(7, extending: false))
        #expect(field(s)?.caret == 7 && field(s)?.selection == 7..<7 && s.engine.renaming != nil)
        s.send(.caret(11, extending: true))
        #expect(field(s)?.selection == 7..<11)
        type(&s, "camp")
        s.key(.enter)
        #expect(s.engine.model.item(withID: "item-1")?.title == "Summer camp")
    }
}
