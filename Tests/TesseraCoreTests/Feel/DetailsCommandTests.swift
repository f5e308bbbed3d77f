import Testing
@testable import TesseraCore

/// The commands that edit the shown item (Ctrl+N, F2, Delete, the menu key) with its details on
/// top: the details close back into the tile first, so the edit happens where the user can see it
/// (the new tile's or the renamed tile's field was opened under the details' dimmed page).
@Suite struct DetailsCommandTests {
    /// Details of item-3 opened by a click.
    func withDetails() -> EngineScript {
        var s = EngineScript()
        s.clickOpen("item-3")
        #expect(s.engine.overlay == .detail("item-3"))
        return s
    }

    @Test func ctrlNClosesTheDetailsAndAddsAfterTheShownItem() throws {
        var s = withDetails()
        s.send(.key(.character("n"), [.control]))
        #expect(s.engine.overlay == nil)
        let ids = s.ids(0)
        let at = try #require(ids.firstIndex(of: "item-3"))
        let added = ItemID(ids[at + 1])
        #expect(added.rawValue.hasPrefix("new-"))
        #expect(s.engine.renaming?.id == added && s.engine.selection == added)
        s.wait(0.6)
        #expect(s.engine.scene().nodes.contains { if case .cell(let c) = $0 { c.id == added } else { false } })
    }

    @Test func f2ClosesTheDetailsAndOpensTheTitleOnTheTile() {
        var s = withDetails()
        s.key(.f2)
        #expect(s.engine.overlay == nil && s.engine.renaming?.id == "item-3")
    }

    @Test func deleteClosesTheDetailsAndDeletesTheShownItem() {
        var s = withDetails()
        s.key(.delete)
        #expect(s.engine.overlay == nil && !s.ids(0).contains("item-3"))
    }

    @Test func theMenuKeyClosesTheDetailsAndOpensTheMenuOnTheTile() {
        var s = withDetails()
        s.key(.menu)
        #expect(s.engine.overlay == nil && s.engine.navigation.menu != nil)
    }

    @Test func inAFolderTheDetailsGoBackToTheFolderAndTheNewItemJoinsIt() throws {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        var s = EngineScript(model: m)
        s.clickOpen("folder-1")
        let child = try #require(s.engine.folderPanel?.children.first?.id)
        let c = try #require(s.folderFrame(child)).center
        s.down(c); s.up(c); s.wait(0.5)
        #expect(s.engine.overlay == .detail(child))
        s.send(.key(.character("n"), [.control]))
        #expect(s.engine.overlay == .folder("folder-1"))
        let children = try #require(s.engine.folderPanel?.children.map(\.id))
        #expect(children.count == 3 && children[0] == child && children[1].rawValue.hasPrefix("new-"))
        #expect(s.engine.renaming?.id == children[1])
    }

    @Test func theArrowsStillMoveNothingBehindTheDetails() {
        var s = withDetails()
        s.key(.right)
        #expect(s.engine.overlay == .detail("item-3") && s.engine.selection == "item-3")
    }
}
