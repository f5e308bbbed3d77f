import CustomDump
import Testing
@testable import TesseraCore

/// `Navigation` follows its ids across edits; `FolderPanel` answers from its own children.
@Suite struct NavigationAndPanelTests {
    @Test func followedPathsTrackMovesAndAVanishedFolderCloses() throws {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        var n = Navigation()
        n.select("item-3", at: IndexPath(section: 0, item: 2))
        n.open(.detail("item-3"), at: IndexPath(section: 0, item: 2), over: nil)
        try m.move("item-3", to: IndexPath(section: 1, item: 4))
        n.follow(m)
        expectNoDifference(n, Navigation(selection: "item-3", selectionPath: IndexPath(section: 1, item: 4),
                                         overlay: .detail("item-3"), overlayPath: IndexPath(section: 1, item: 4)))
        #expect(n.close() == nil && n.overlay == nil)

        try m.drop("item-2", onto: "item-1")                          // folder-1 holding two
        n.open(.folder("folder-1"), at: IndexPath(section: 0, item: 0), over: nil)
        try m.moveOutOfFolder("item-1", to: IndexPath(section: 0, item: 3))   // left with one: it dissolves
        n.follow(m)
        #expect(n.overlay == nil, "the folder is gone, so is its panel")
    }

    @Test func closingDetailsOpenedFromAFolderGoesBackToIt() {
        var n = Navigation()
        let back = Navigation.FolderReturn(folder: "f", path: IndexPath(section: 0, item: 0), offset: 120)
        n.open(.detail("c"), at: IndexPath(section: 0, item: 0, child: 3), over: back)
        #expect(n.close() == back && n.overlay == nil && n.beneath == nil)
    }

    @Test func thePanelHitTestsAndListsOnlyWhatShows() throws {
        let children = (1...30).map { Item(id: ItemID("c\($0)"), title: "C\($0)") }
        let folder = Item(id: "f", title: "F", kind: .folder, children: children)
        let panel = FolderPanel(folder: folder, at: IndexPath(section: 0, item: 4), viewport: Size(width: 800, height: 500))
        #expect(panel.maxOffset > 0 && panel.panel.maxY <= 500 - 16)
        for offset in [0.0, 37, panel.maxOffset] {
            let shown = panel.visibleChildren(offset: offset, margin: 0)
            #expect(shown.count < children.count)
            for c in 0..<children.count {
                let f = panel.frame(ofChild: c, offset: offset)
                #expect(shown.contains(c) == f.intersects(panel.contentFrame), "child \(c) at \(offset)")
                let hit = panel.child(at: f.center, offset: offset)
                #expect(hit == (panel.contentFrame.contains(f.center) ? c : nil))
            }
        }
        let first = panel.frame(ofChild: 0, offset: 0)
        #expect(panel.gap(at: Point(x: first.minX + 3, y: first.midY), offset: 0) == 0)
        #expect(panel.holds(Point(x: panel.panel.maxX + FolderPanel.exitMargin - 1, y: panel.panel.midY)))
        #expect(!panel.holds(Point(x: panel.panel.maxX + FolderPanel.exitMargin + 1, y: panel.panel.midY)))
    }

    @Test func anArrangementLaysOutAgainOnlyWhenSomethingChanged() throws {
        var a = Arrangement(model: SampleData.generated(count: 20, sections: 1), layout: .grid(FlowLayout()),
                            viewport: Size(width: 500, height: 400))
        let first = a.snapshot
        #expect(!a.resize(to: Size(width: 500, height: 400)) && !a.resize(to: Size(width: 0, height: 400)) && a.snapshot === first)
        let (result, log) = a.edit { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.move("item-1", to: IndexPath(section: 0, item: 5))
            try u.move("nope", to: IndexPath(section: 0, item: 0))
        }
        #expect(throws: ModelEditError.self) { try result.get() }
        #expect(!log.isEmpty && a.snapshot !== first, "the edit before the failing one stays, laid out")
        #expect(a.model.sections[0].items[5].id == "item-1")
        #expect(!a.switchLayout(to: .grid(FlowLayout())) && a.switchLayout(to: .board(BoardLayout())))
        #expect(a.snapshot.panes.count == 1)
    }
}
