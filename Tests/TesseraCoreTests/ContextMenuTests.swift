import Testing
@testable import TesseraCore

/// The context menu: opened by a right-click, the Menu key or Shift+F10; driven by arrows, first
/// letters, Enter, Escape, the pointer; every entry an ordinary undoable edit.
@Suite struct ContextMenuTests {
    /// A grid with a folder ("folder-1": item-1, item-2, item-3) at the front of section 0.
    func withFolder() throws -> EngineScript {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        try m.moveIntoFolder("item-3", folder: "folder-1")
        return EngineScript(model: m)
    }

    func titles(_ s: EngineScript) -> [String] { s.engine.contextMenu?.entries.map(\.title) ?? [] }

    /// Opens item `id`'s menu with a right-click and chooses the entry titled `title`.
    func choose(_ s: inout EngineScript, _ id: ItemID, _ title: String) throws {
        s.send(.contextClick(s.center(id)))
        let k = try #require(s.engine.contextMenu?.entries.firstIndex { $0.title == title }, "\(title) in \(titles(s))")
        let row = ContextMenu.row(k, in: s.engine.contextMenu!.frame).center
        s.down(row)
        s.up(row)
        #expect(s.engine.contextMenu == nil)
        s.wait(0.5)   // the tiles slide to their new places
    }

    @Test func aRightClickOpensTheItemsMenuWithItsEntries() throws {
        var s = try withFolder()
        let sections = s.engine.model.sections
        s.send(.contextClick(s.center("item-4")))
        let menu = try #require(s.engine.contextMenu)
        let next = try #require(s.engine.model.sections[0].items[2].title as String?)
        #expect(menu.item == "item-4" && s.engine.selection == "item-4")
        #expect(titles(s) == ["Open", "Move to top", "Move to bottom", "Move to \(sections[1].title)", "Add to folder",
                              "Create folder with \(next)", "Rename", "Mark done", "Delete"])
        #expect(menu.entries[4].children.map(\.title) == [s.engine.model.item(withID: "folder-1")!.title])
        #expect(s.engine.scene().nodes.contains { if case .label(let l) = $0 { l.style == .menuItem && l.text == "Open" } else { false } })
        // A click outside closes it and does nothing else.
        let start = s.engine.model
        s.down(Point(x: 5, y: 395))
        s.up(Point(x: 5, y: 395))
        #expect(s.engine.contextMenu == nil && s.engine.model == start && s.engine.overlay == nil)
    }

    @Test func theMenuKeyAndShiftF10OpenItAtTheSelectedTileAndKeysChoose() throws {
        var s = try withFolder()
        s.key(.right)
        s.key(.right)   // item-4
        s.key(.menu)
        #expect(s.engine.contextMenu?.item == "item-4")
        let tile = s.frame("item-4")
        #expect(s.engine.contextMenu!.frame.minY >= tile.minY && s.engine.contextMenu!.frame.minX >= tile.minX, "at its tile")
        s.key(.escape)
        #expect(s.engine.contextMenu == nil)
        s.send(.key(.f10, [.shift]))
        #expect(s.engine.contextMenu != nil)
        // Down to "Add to folder" (first letter "a"), Right opens the submenu on its first folder, Enter chooses.
        s.send(.key(.character("a")))
        #expect(s.engine.contextMenu?.highlighted == 4)
        s.key(.right)
        #expect(s.engine.contextMenu?.submenu?.highlighted == 0)
        s.key(.enter)
        #expect(s.engine.contextMenu == nil)
        #expect(s.engine.model.item(withID: "folder-1")?.children.map(\.id) == ["item-1", "item-2", "item-3", "item-4"])
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model.item(withID: "folder-1")?.children.count == 3, "one undo step")
    }

    @Test func upAndDownSkipDisabledEntriesAndWrap() throws {
        var s = try withFolder()
        s.send(.contextClick(s.center("folder-1")))
        // The first tile: "Move to top" is disabled; a folder has no Add to folder, Create folder or Mark done.
        #expect(titles(s) == ["Open", "Move to top", "Move to bottom", "Move to \(s.engine.model.sections[1].title)", "Rename", "Delete"])
        #expect(s.engine.contextMenu?.entries[1].isEnabled == false)
        s.key(.down)
        s.key(.down)
        #expect(s.engine.contextMenu?.highlighted == 2, "past the disabled Move to top")
        s.key(.up)
        #expect(s.engine.contextMenu?.highlighted == 0)
        s.key(.up)
        #expect(s.engine.contextMenu?.highlighted == 5, "wraps to Delete")
    }

    @Test func everyMoveEntry() throws {
        var s = try withFolder()
        let start = s.engine.model
        try choose(&s, "item-5", "Move to top")
        #expect(s.ids(0).first == "item-5")
        try choose(&s, "item-5", "Move to bottom")
        #expect(s.ids(0).last == "item-5")
        try choose(&s, "item-5", "Move to \(start.sections[1].title)")
        #expect(s.ids(1).last == "item-5" && !s.ids(0).contains("item-5"))
        let next = s.ids(0)[2]
        try choose(&s, "item-4", "Create folder with \(s.engine.model.item(withID: ItemID(next))!.title)")
        let made = try #require(s.engine.model.sections[0].items[1...].first { $0.isFolder })
        #expect(made.children.map(\.id.rawValue) == [next, "item-4"] || made.children.map(\.id.rawValue) == ["item-4", next])
        #expect(s.engine.renaming?.id == made.id, "its suggested name open for typing")
        s.key(.enter)
        for _ in 0..<4 { s.send(.key(.character("z"), [.control])) }
        #expect(s.engine.model == start, "each entry was one undo step")
    }

    @Test func inAnOpenFolderItsItemsMoveWithinItAndOut() throws {
        var s = try withFolder()
        s.clickOpen("folder-1")
        s.send(.contextClick(s.center("item-3")))
        #expect(titles(s) == ["Open", "Move to top", "Move to bottom", "Remove from folder", "Rename", "Mark done", "Delete"])
        s.key(.escape)
        try choose(&s, "item-3", "Move to top")
        #expect(s.engine.model.item(withID: "folder-1")?.children.map(\.id) == ["item-3", "item-1", "item-2"])
        try choose(&s, "item-3", "Remove from folder")
        #expect(s.ids(0).prefix(2) == ["folder-1", "item-3"], "next to its folder")
        #expect(s.engine.model.item(withID: "folder-1")?.children.map(\.id) == ["item-1", "item-2"])
        #expect(s.engine.model.item(withID: "item-3") != nil && s.engine.model.checkInvariants().isEmpty)
    }

    @Test func renameDoneAndDeleteFromTheMenu() throws {
        var s = try withFolder()
        try choose(&s, "item-4", "Rename")
        #expect(s.engine.renaming?.id == "item-4")
        s.key(.escape)
        try choose(&s, "item-4", "Mark done")
        #expect(s.engine.model.item(withID: "item-4")?.done == true)
        s.send(.contextClick(s.center("item-4")))
        #expect(titles(s).contains("Mark not done") && s.engine.contextMenu?.entries[1].isEnabled == false, "a done tile cannot move")
        s.key(.escape)
        try choose(&s, "item-4", "Delete")
        #expect(s.engine.model.item(withID: "item-4") == nil)
        try choose(&s, "item-5", "Open")
        #expect(s.engine.overlay == .detail("item-5"))
    }

    /// Hovering a row highlights it; hovering "Add to folder" opens its submenu; a click in the
    /// submenu chooses.
    @Test func thePointerHighlightsOpensTheSubmenuAndChooses() throws {
        var s = try withFolder()
        s.send(.contextClick(s.center("item-4")))
        let frame = s.engine.contextMenu!.frame
        s.send(.pointerMove(ContextMenu.row(1, in: frame).center))
        #expect(s.engine.contextMenu?.highlighted == 1)
        s.send(.pointerMove(ContextMenu.row(4, in: frame).center))
        let sub = try #require(s.engine.contextMenu?.submenu)
        let row = ContextMenu.row(0, in: sub.frame).center
        s.send(.pointerMove(row))
        s.down(row)
        s.up(row)
        #expect(s.engine.model.item(withID: "folder-1")?.children.last?.id == "item-4")
    }

    func cell(_ s: EngineScript, _ id: ItemID) -> CellNode? {
        s.engine.scene().nodes.lazy.compactMap { if case .cell(let c) = $0, c.id == id { c } else { nil } }.first
    }

    /// An item an edit sends into a folder flies from its tile into the folder's cell, shrinking
    /// and fading (as a drop does); a deleted one shrinks away where it was. Neither just vanishes.
    @Test func anItemSentIntoAFolderFliesThereAndADeletedOneShrinksAway() throws {
        var s = try withFolder()
        let from = s.frame("item-4"), folder = s.frame("folder-1")
        s.send(.contextClick(s.center("item-4")))
        s.send(.key(.character("a")))
        s.key(.right)
        s.key(.enter)
        #expect(s.engine.presentation.departures.map(\.item.id) == ["item-4"] && s.engine.presentation.departures.first?.into == "folder-1")
        s.wait(0.1)
        let flying = try #require(cell(s, "item-4"))
        #expect(flying.frame.width < from.width && flying.alpha < 1)
        #expect(flying.frame.center.distance(to: folder.center) < from.center.distance(to: folder.center), "on its way to the folder")
        #expect(flying.restingSize == from.size, "drawn as its image at the size it left at, not painted afresh at each size")
        s.wait(0.4)
        #expect(cell(s, "item-4") == nil && s.engine.presentation.departures.isEmpty, "then gone")

        let doomed = s.frame("item-5")
        s.send(.contextClick(s.center("item-5")))
        s.send(.key(.character("d")))
        s.key(.enter)
        #expect(s.engine.model.item(withID: "item-5") == nil)
        s.wait(0.1)
        let shrinking = try #require(cell(s, "item-5"))
        #expect(shrinking.frame.center == doomed.center && shrinking.frame.width < doomed.width && shrinking.alpha < 1)
        #expect(shrinking.restingSize == doomed.size)
        s.wait(0.4)
        #expect(cell(s, "item-5") == nil)
    }

    /// Add to folder offers every folder: its own section's first, others named with their section.
    @Test func addToFolderOffersFoldersOfEverySection() throws {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        let other = m.sections[1].items[0].id, next = m.sections[1].items[1].id
        let made = try m.drop(next, onto: other)
        var s = EngineScript(model: m)
        s.send(.contextClick(s.center("item-4")))
        let sub = try #require(s.engine.contextMenu?.entries.first { $0.title == "Add to folder" })
        #expect(sub.children.map(\.title) == [m.item(withID: "folder-1")!.title, "\(m.item(withID: made)!.title) — \(m.sections[1].title)"])
        s.send(.key(.character("a")))
        s.key(.right)
        s.key(.down)
        s.key(.enter)
        #expect(s.engine.model.item(withID: made)?.children.last?.id == "item-4", "into a folder of the next section")
    }
}
