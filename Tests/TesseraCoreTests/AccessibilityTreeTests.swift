import Testing
@testable import TesseraCore

/// The accessible tree the engine answers from: every node's place, name, role, states, frame
/// and actions, following the state (selection, an open folder, the menu, the field, the caption).
@Suite struct AccessibilityTreeTests {
    func withFolder() throws -> EngineScript {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        return EngineScript(model: m)
    }

    @Test func theFrameHoldsOneListPerSectionThenTheCaption() throws {
        let s = try withFolder()
        let e = s.engine
        #expect(e.accessibleChildCount(.frame) == 3)
        #expect(e.accessibleChild(.frame, at: 0)?.0 == .section(0) && e.accessibleChild(.frame, at: 2)?.0 == .caption)
        let list = try #require(e.accessibleInfo(.section(1)))
        #expect(list.role == .list && list.name == e.model.sections[1].title)
        #expect(e.accessibleChildCount(.section(0)) == e.model.sections[0].items.count)
        let (first, path) = try #require(e.accessibleChild(.section(0), at: 0))
        #expect(first == .item("folder-1") && path == IndexPath(section: 0, item: 0))
        #expect(e.accessibleParent(.item("item-5"), near: nil)?.0 == .section(0))
        #expect(e.accessibleParent(.item("item-5"), near: nil)?.1 == e.model.indexPath(of: "item-5")?.item)
    }

    @Test func itemsSayWhatTheyAreAndWhereTheyAre() throws {
        var s = try withFolder()
        let folder = try #require(s.engine.accessibleInfo(.item("folder-1")))
        #expect(folder.role == .listItem && folder.description == "folder, 2 items" && folder.actions == ["activate", "menu"])
        #expect(folder.frame == s.frame("folder-1") && folder.states.contains(.showing) && !folder.states.contains(.selected))
        try s.engine.update(at: 0) { (u: inout ModelUpdates) throws(ModelEditError) in try u.setDone("item-3", true) }
        let done = try #require(s.engine.accessibleInfo(.item("item-3")))
        #expect(done.description == "done" && done.states.contains(.checked))
        s.key(.right)
        #expect(s.engine.accessibleInfo(.item("folder-1"))?.states.isSuperset(of: [.selected, .focused]) == true)
        #expect(s.engine.accessibleFocus == .item("folder-1"))
        // Far down the list: not showing.
        let last = try #require(s.engine.model.sections[1].items.last)
        #expect(s.engine.accessibleInfo(.item(last.id))?.states.contains(.showing) == false)
    }

    @Test func anOpenFolderIsADialogOfItsItems() throws {
        var s = try withFolder()
        s.clickOpen("folder-1")
        #expect(s.engine.accessibleChildCount(.frame) == 4 && s.engine.accessibleChild(.frame, at: 3)?.0 == .folder("folder-1"))
        let dialog = try #require(s.engine.accessibleInfo(.folder("folder-1")))
        #expect(dialog.role == .dialog && dialog.name == s.engine.model.item(withID: "folder-1")?.title)
        #expect(s.engine.accessibleChildCount(.folder("folder-1")) == 2)
        #expect(s.engine.accessibleChild(.folder("folder-1"), at: 1)?.0 == .item("item-2"))
        #expect(s.engine.accessibleParent(.item("item-2"))?.0 == .folder("folder-1"))
        #expect(s.engine.accessibleInfo(.item("item-2"))?.states.contains(.showing) == true)
    }

    @Test func theMenuAndTheFieldAreThereWhileOpen() throws {
        var s = try withFolder()
        s.send(.contextClick(s.center("item-4")))
        #expect(s.engine.accessibleChild(.frame, at: 3)?.0 == .menu)
        #expect(s.engine.accessibleInfo(.menuEntry(0))?.name == "Open" && s.engine.accessibleInfo(.menuEntry(0))?.role == .menuItem)
        s.key(.down)
        #expect(s.engine.accessibleFocus == .menuEntry(0))
        s.key(.escape)
        s.key(.f2)
        #expect(s.engine.accessibleFocus == .field && s.engine.accessibleInfo(.field)?.role == .editableText)
        #expect(s.engine.accessibleInfo(.field)?.name == s.engine.model.item(withID: "item-4")?.title)
    }

    @Test func actionsOpenAndShowTheMenu() throws {
        var s = try withFolder()
        let menu = s.engine.performAccessibleAction(1, on: .item("item-4"), at: 1)
        #expect(menu && s.engine.contextMenu?.item == "item-4")
        let open = s.engine.performAccessibleAction(0, on: .menuEntry(0), at: 1.1)
        #expect(open && s.engine.overlay == .detail("item-4"), "Open chosen")
        s.key(.escape)
        s.wait(0.5)
        let activated = s.engine.performAccessibleAction(0, on: .item("folder-1"), at: s.engine.now + 0.1)
        #expect(activated && s.engine.overlay == .folder("folder-1"))
    }

    @Test func theCaptionCarriesTheLatestAnnouncement() {
        var s = EngineScript()
        s.key(.right)
        s.key(.space)
        let caption = s.engine.accessibleInfo(.caption)
        #expect(caption?.role == .liveRegion && caption?.name.hasPrefix("Lifted ") == true)
    }
}
