import Testing
@testable import TesseraCore

/// The open-folder view: items inside can be reordered and dragged back out to the surface.
@Suite struct EngineFolderTests {
    /// item-2 and item-3 dropped onto item-1 make folder-1 (first cell) holding item-1, item-2, item-3.
    func withFolder() throws -> EngineScript {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        try m.drop("item-3", onto: "folder-1")
        return EngineScript(model: m)
    }

    func children(_ s: EngineScript) -> [String] {
        s.engine.model.item(withID: "folder-1")?.children.map(\.id.rawValue) ?? []
    }

    func openFolder(_ s: inout EngineScript) {
        let c = s.center("folder-1")
        s.down(c)
        s.wait(0.1)
        s.up(c)
    }

    @Test func clickingAFolderOpensItsViewAndEscapeClosesIt() throws {
        var s = try withFolder()
        openFolder(&s)
        #expect(s.engine.overlay == .folder("folder-1"))
        let cells = s.engine.scene().nodes.compactMap { if case .cell(let c) = $0 { c.id.rawValue } else { nil } }
        #expect(Array(cells.suffix(3)) == ["item-1", "item-2", "item-3"])  // drawn over the surface
        s.key(.escape)
        #expect(s.engine.overlay == nil)
    }

    @Test func clickingOutsideThePanelClosesIt() throws {
        var s = try withFolder()
        openFolder(&s)
        s.down(Point(x: 3, y: 3))
        s.up(Point(x: 3, y: 3))
        #expect(s.engine.overlay == nil)
    }

    @Test func reorderInsideAnOpenFolder() throws {
        var s = try withFolder()
        openFolder(&s)
        s.lift("item-1")
        #expect(s.engine.draggedID == "item-1")
        let last = s.frame("item-3")
        s.glide(to: Point(x: last.maxX - 5, y: last.midY))
        s.wait(0.55)
        #expect(children(s) == ["item-2", "item-3", "item-1"])
        s.up(s.engine.pointer!)
        #expect(s.effects.hasCommit)
        #expect(s.engine.overlay == .folder("folder-1"))
    }

    @Test func draggingOutOfThePanelTakesTheItemBackToTheSurface() throws {
        var s = try withFolder()
        openFolder(&s)
        let panel = s.engine.folderView("folder-1")!.panel
        s.lift("item-2")
        s.glide(to: Point(x: panel.midX, y: panel.maxY + 60))
        // Out of the panel: the folder closes; nothing moves until the item rests somewhere.
        #expect(s.engine.overlay == nil)
        #expect(children(s) == ["item-1", "item-2", "item-3"])
        #expect(s.engine.model.sections[0].items.map(\.id.rawValue).prefix(2) == ["folder-1", "item-4"])
        // Carried on the main surface now: it goes into the gap it rests at, in one move.
        let target = s.engine.snapshot.windowFrame(ofFlat: 4, offsets: s.engine.offsets)
        #expect(s.engine.flatIDs[4] == "item-7")
        s.glide(to: Point(x: target.minX + 5, y: target.midY))
        s.wait(0.55)
        #expect(children(s) == ["item-1", "item-3"])
        s.up(s.engine.pointer!)
        #expect(s.engine.model.sections[0].items.map(\.id.rawValue).prefix(6) == ["folder-1", "item-4", "item-5", "item-6", "item-2", "item-7"])
        #expect(s.effects.hasCommit)
        #expect(s.engine.model.checkInvariants().isEmpty)
    }

    @Test func cancellingADragOutPutsTheItemBackInItsFolder() throws {
        var s = try withFolder()
        let original = s.engine.model
        openFolder(&s)
        let panel = s.engine.folderView("folder-1")!.panel
        s.lift("item-2")
        s.glide(to: Point(x: panel.midX, y: panel.maxY + 60))
        s.wait(0.6)
        s.key(.escape)
        #expect(s.engine.model == original)
        s.wait(0.4)
        #expect(s.engine.draggedID == nil)
        s.wait(1)
        #expect(s.engine.nextDeadline == nil, "\(s.engine.phase) motions \(s.engine.presentation.motions.count) scroll \(s.engine.offsets) \(s.engine.scroll.target)")
    }

    @Test func aFolderWhoseLastItemLeavesDisappears() throws {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        // A folder of one (a state file may hold one; an edit never leaves one).
        let two = m.sections[0].items[1]
        m.sections[0].items[1] = Item(id: "folder-1", title: "Folder", icon: "folder", kind: .folder, children: [two])
        m.sections[0].items.swapAt(0, 1)
        var s = EngineScript(model: m)  // folder-1 holds only item-2
        openFolder(&s)
        let panel = s.engine.folderView("folder-1")!.panel
        s.lift("item-2")
        s.glide(to: Point(x: panel.midX, y: panel.maxY + 60))
        s.up(s.engine.pointer!)
        #expect(s.engine.model.item(withID: "folder-1") == nil)
        #expect(s.engine.model.item(withID: "item-2") != nil)
        #expect(s.engine.model.checkInvariants().isEmpty)
    }
}
