import Testing
@testable import TesseraCore

/// A folder holding more items than the window can show scrolls them under its title: by the
/// wheel, and by edge autoscroll while one of them is carried, so every item stays reachable.
@Suite struct EngineFolderScrollTests {
    /// folder-1 (the first cell) holding item-1 ... item-25 but the done item-23 (done items do not
    /// move): 24 items, six rows of four, taller than the 400 px window.
    func withBigFolder() throws -> EngineScript {
        var m = SampleData.generated(count: 40, sections: 1, seed: 1)
        try m.drop("item-2", onto: "item-1")
        for k in 3...25 where k != 23 { try m.drop(ItemID("item-\(k)"), onto: "folder-1") }
        var s = EngineScript(model: m)
        let c = s.center("folder-1")
        s.down(c)
        s.wait(0.1)
        s.up(c)
        #expect(s.engine.overlay == .folder("folder-1"))
        return s
    }

    func children(_ s: EngineScript) -> [String] {
        s.engine.model.item(withID: "folder-1")?.children.map(\.id.rawValue) ?? []
    }

    @Test func theWheelBringsTheLastItemsIntoViewAndTheyCanBeOpened() throws {
        var s = try withBigFolder()
        var view = try #require(s.engine.folderView("folder-1"))
        #expect(view.maxOffset > 100, "the panel is clamped to the window: \(view.panel)")
        let last = try #require(s.folderFrame("item-25"))
        #expect(!view.contentFrame.contains(last.center), "the last item starts out of view")
        #expect(view.child(at: last.center, offset: s.folderOffset) == nil, "nothing out of view can be hit")

        s.send(.wheel(dx: 0, dy: 10_000, at: view.panel.center))
        s.wait(1.0 / 60)
        let easing = s.folderOffset
        #expect(easing > 0 && easing < view.maxOffset, "eased, as the surface's wheel scrolling is")
        s.wait(0.5)
        view = try #require(s.engine.folderView("folder-1"))
        #expect(s.folderOffset == view.maxOffset)
        let shown = try #require(s.folderFrame("item-25"))
        #expect(view.contentFrame.minY <= shown.minY && shown.maxY <= view.contentFrame.maxY,
                "scrolled to the end, the last item shows whole")
        #expect(s.engine.drawnFrame(of: "item-25") == shown)
        // Drawn clipped below the title, with an indicator; and a click on it opens it.
        let nodes = s.engine.scene().nodes
        #expect(nodes.contains { if case .pushClip(let r) = $0 { r.minY == view.titleFrame.maxY } else { false } })
        #expect(nodes.contains { if case .box(let b) = $0 { b.frame.minX > view.contentFrame.maxX - 10 && b.frame.height >= 24 } else { false } })
        s.down(shown.center)
        s.wait(0.1)
        s.up(shown.center)
        #expect(s.engine.overlay == .detail("item-25"))

        // Escape goes back to the folder as it was scrolled, and again to the surface.
        s.key(.escape)
        #expect(s.engine.overlay == .folder("folder-1") && s.folderOffset == view.maxOffset)
        s.key(.escape)
        #expect(s.engine.overlay == nil)
        // The wheel goes no further than either end, and a folder opens at its top again.
        let c = s.center("folder-1")
        s.down(c); s.wait(0.1); s.up(c)
        #expect(s.folderOffset == 0)
        s.send(.wheel(dx: 0, dy: -50, at: c))
        s.wait(0.5)
        #expect(s.folderOffset == 0)
    }

    @Test func carryingAnItemToTheFoldersBottomEdgeScrollsItAndDropsItAtTheEnd() throws {
        var s = try withBigFolder()
        let view = try #require(s.engine.folderView("folder-1"))
        s.lift("item-1")
        #expect(s.engine.draggedID == "item-1")
        // Held still in the bottom edge zone: the items scroll frame by frame up to the end.
        s.glide(to: Point(x: view.contentFrame.midX, y: view.contentFrame.maxY - 4))
        let before = s.folderOffset
        s.wait(0.25)
        let during = s.folderOffset
        #expect(during > before, "autoscroll runs with the pointer standing still")
        s.wait(3)
        let end = try #require(s.engine.folderView("folder-1"))
        #expect(s.folderOffset == end.maxOffset)
        #expect(s.engine.offsets == ScrollOffsets(root: .zero, panes: []), "the surface under the scrim stays put")
        // Now the end of the folder is in reach: after its last item, dwell, release.
        let last = try #require(s.folderFrame("item-25"))
        s.glide(to: Point(x: last.maxX - 4, y: last.midY))
        s.wait(0.6)
        s.up(s.engine.pointer!)
        #expect(children(s).last == "item-1")
        #expect(children(s).count == 24)
        #expect(s.effects.hasCommit)
        #expect(s.engine.model.checkInvariants().isEmpty)
    }

    @Test func pagingKeysPageTheOpenFoldersItemsNotTheSurface() throws {
        var s = try withBigFolder()
        let view = try #require(s.engine.folderView("folder-1"))
        s.key(.pageDown)
        s.wait(0.5)
        let paged = s.folderOffset
        #expect(paged > 0 && paged <= view.contentFrame.height)
        s.key(.end)
        s.wait(0.5)
        #expect(s.folderOffset == view.maxOffset)
        s.key(.home)
        s.wait(0.5)
        #expect(s.folderOffset == 0)
        #expect(s.engine.offsets.root == .zero, "the surface under the scrim stays put")
    }

    @Test func arrowKeysWalkTheOpenFoldersItemsAndKeepTheSelectedOneInView() throws {
        var s = try withBigFolder()
        s.key(.right)                                                  // nothing selected in it yet
        #expect(s.engine.selection == "item-1")
        s.key(.right)
        #expect(s.engine.selection == "item-2")
        s.key(.left)
        #expect(s.engine.selection == "item-1")
        for _ in 0..<5 { s.key(.down) }                                 // the last row, out of view
        s.wait(0.5)
        let view = try #require(s.engine.folderView("folder-1"))
        let selected = try #require(s.engine.selection)
        #expect(selected == view.children[20].id, "five rows down, four to a row")
        let f = try #require(s.folderFrame(selected))
        #expect(view.contentFrame.minY <= f.minY && f.maxY <= view.contentFrame.maxY, "scrolled into view")
        #expect(s.engine.scene().nodes.contains { if case .cell(let c) = $0 { c.id == selected && c.isSelected } else { false } })
        s.key(.down)                                                   // no row below: stays
        #expect(s.engine.selection == selected)
        let scrolled = s.folderOffset
        #expect(scrolled > 0)
        s.key(.enter)                                                  // opens it, as a click does
        #expect(s.engine.overlay == .detail(selected))
        s.key(.escape)                                                 // back to the folder, as it was
        #expect(s.engine.overlay == .folder("folder-1"))
        #expect(s.folderOffset == scrolled)
        s.key(.escape)
        #expect(s.engine.overlay == nil)
    }

    @Test func aFolderThatFitsDoesNotScroll() throws {
        var m = SampleData.generated(count: 10, sections: 1, seed: 1)
        try m.drop("item-2", onto: "item-1")
        var s = EngineScript(model: m)
        let c = s.center("folder-1")
        s.down(c); s.wait(0.1); s.up(c)
        let view = try #require(s.engine.folderView("folder-1"))
        #expect(view.maxOffset == 0)
        s.send(.wheel(dx: 0, dy: 200, at: view.panel.center))
        s.wait(0.5)
        #expect(s.folderOffset == 0)
        #expect(!s.engine.scene().nodes.contains { if case .box(let b) = $0 { b.frame.width == 4 && b.frame.minX > view.contentFrame.maxX - 10 } else { false } })
    }
}
