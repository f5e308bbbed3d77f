import Testing
@testable import TesseraCore

/// Issue 15, defect 9: the keyboard keeps its place.
@Suite struct KeyboardFeelTests {
    /// folder-1 (the first cell) holds six items: four in its first row, two in its second.
    func withFolder() throws -> EngineScript {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        for k in 3...6 { try m.drop(ItemID("item-\(k)"), onto: "folder-1") }
        var s = EngineScript(model: m)
        let c = s.center("folder-1")
        s.down(c); s.wait(0.05); s.up(c)
        return s
    }

    @Test func closingAFolderKeepsTheSelectionOnIt() throws {
        var s = try withFolder()
        s.key(.right)
        s.key(.right)
        #expect(s.engine.selection == "item-2")
        s.key(.escape)
        #expect(s.engine.overlay == nil && s.engine.selection == "folder-1")
        #expect(s.engine.scene().nodes.contains { if case .cell(let c) = $0 { c.id == "folder-1" && c.isSelected } else { false } })
        s.key(.right)                                        // and the arrows go on from there
        #expect(s.engine.selection == "item-7")
    }

    @Test func downIntoAShorterRowGoesToItsLastItem() throws {
        var s = try withFolder()
        for _ in 0..<4 { s.key(.right) }                     // the fourth child: last of the first row
        #expect(s.engine.selection == s.engine.folderPanel?.children[3].id)
        s.key(.down)
        #expect(s.engine.selection == s.engine.folderPanel?.children[5].id, "the second row's last item")
        s.key(.down)
        #expect(s.engine.selection == s.engine.folderPanel?.children[5].id, "no row below: stays")
    }

    @Test func theArrowsDoNotMoveTheSelectionBehindOpenDetails() {
        var s = EngineScript()
        let c = s.center("item-3")
        s.down(c); s.wait(0.05); s.up(c)
        #expect(s.engine.overlay == .detail("item-3"))
        let offsets = s.engine.offsets
        for k in [Key.right, .down, .pageDown, .end] { s.key(k) }
        s.wait(0.5)
        #expect(s.engine.selection == "item-3" && s.engine.offsets == offsets)
        s.key(.escape)
        s.key(.right)
        #expect(s.engine.selection == "item-4")
    }

    @Test func switchingLayoutKeepsTheSelectedItemInView() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 3, seed: 1), layout: .grid(FlowLayout()),
                             viewport: Size(width: 800, height: 600))
        s.key(.right)
        for _ in 0..<20 { s.key(.down) }                     // far down the grid
        s.wait(0.6)
        let selected = s.engine.selection!
        let window = Rect(origin: .zero, size: s.engine.viewport)
        #expect(window.contains(s.frame(selected).center) && s.engine.offsets.root.y > 1000)
        for choice in [Key.character("2"), .character("3"), .character("1")] {
            s.key(choice)
            s.wait(1)
            let f = s.frame(selected)
            #expect(window.contains(f.center), "\(choice): the selected item is at \(f), scrolled \(s.engine.offsets)")
        }
    }
}
