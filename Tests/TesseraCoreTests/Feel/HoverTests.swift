import Testing
@testable import TesseraCore

/// Issue 15, polish: the tile under a resting pointer shows it, subtly; nothing else does.
@Suite struct HoverTests {
    func hovered(_ s: EngineScript) -> [ItemID] {
        s.engine.scene().nodes.compactMap { if case .cell(let c) = $0, c.isHovered { c.id } else { nil } }
    }

    @Test func theTileUnderThePointerIsHoveredWhileNothingIsPressedOrCarried() {
        var s = EngineScript()
        s.move(s.center("item-3"))
        #expect(hovered(s) == ["item-3"])
        let redraw = s.engine.takeNeedsDisplay()
        #expect(redraw)
        s.move(s.center("item-4"))
        #expect(hovered(s) == ["item-4"])
        s.send(.pointerLeft)
        #expect(hovered(s).isEmpty)
        s.move(s.center("item-4"))
        s.down(s.center("item-4"))
        #expect(hovered(s).isEmpty, "pressed: no hover")
        s.wait(0.6)
        #expect(hovered(s).isEmpty, "carried: no hover")
        s.up(s.engine.pointer!)
        s.wait(0.4)
        #expect(hovered(s) == ["item-4"])
    }

    @Test func inAnOpenFolderItsItemsAreHoveredNotTheSurfaceBelow() throws {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        try m.drop("item-3", onto: "folder-1")
        var s = EngineScript(model: m)
        let c = s.center("folder-1")
        s.down(c); s.wait(0.05); s.up(c)
        s.wait(0.4)
        s.move(s.folderFrame("item-2")!.center)
        #expect(hovered(s) == ["item-2"])
        s.move(Point(x: 5, y: 390))                          // over the scrim, a surface cell below it
        #expect(hovered(s).isEmpty)
    }
}
