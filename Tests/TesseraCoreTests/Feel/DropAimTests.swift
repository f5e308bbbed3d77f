import Testing
@testable import TesseraCore

/// Issue 15: drops land where the pointer aims.
@Suite struct DropAimTests {
    /// The sample data at 1024x720, as a user first sees it.
    func sample() -> EngineScript {
        EngineScript(model: SampleData.model(), layout: .grid(FlowLayout()), viewport: Size(width: 1024, height: 720))
    }

    /// Defect 2: resting right of Today's last item (Movies, alone at the start of the last row)
    /// is the gap at Today's end, not a gap in the row above.
    @Test func theEmptyEndOfASectionsLastRowIsTheGapAtItsEnd() {
        var s = sample()
        let today = s.engine.model.sections[0].items.count
        s.lift("s1")
        s.glide(to: Point(x: 900, y: 300))
        #expect(s.engine.hover?.target == .gap(section: 0, index: today))
        s.wait(0.6)
        s.up(Point(x: 900, y: 300))
        #expect(s.engine.model.sections[0].items.last?.id == "s1")
    }

    /// Below a section's last row, and in an empty section, also the end.
    @Test func belowTheLastRowAndInAnEmptySectionIsTheEnd() {
        var m = SampleData.generated(count: 13, sections: 2, seed: 1)
        m.sections.append(Section(id: "empty", title: "Empty", items: []))
        var s = EngineScript(model: m, layout: .grid(FlowLayout()), viewport: Size(width: 560, height: 900))
        s.lift("item-1")
        let last = s.frame("item-7")                            // alone in section 0's last row? (5 a row)
        let lastRowEnd = s.engine.snapshot.sections[0]
        s.glide(to: Point(x: last.minX + 10, y: last.maxY + 12))  // under the last row, inside the section
        #expect(s.engine.hover?.target == .gap(section: 0, index: lastRowEnd.itemCount), "\(String(describing: s.engine.hover))")
        let empty = s.engine.snapshot.toWindow(s.engine.snapshot.sections[2].itemArea, pane: nil, offsets: s.engine.offsets)
        s.glide(to: Point(x: empty.midX, y: empty.midY))
        #expect(s.engine.hover?.target == .gap(section: 2, index: 0))
    }

    /// On the board, the space under a list's last row is that list's end.
    @Test func underABoardListsLastRowIsItsEnd() {
        var s = EngineScript(model: SampleData.generated(count: 12, sections: 3, seed: 1), layout: .board(BoardLayout()),
                             viewport: Size(width: 1000, height: 700))
        s.lift("item-1")
        let last = s.frame("item-8")                            // the second list's last row
        s.glide(to: Point(x: last.midX, y: last.maxY + 30))
        #expect(s.engine.hover?.target == .gap(section: 1, index: 4))
    }

    /// Defect 8: a board row is a reorder target but for a centred band of at most a third of its
    /// height; a square grid cell keeps the middle half as its centre zone.
    @Test func aBoardRowsCentreZoneIsAThinBand() {
        var s = EngineScript(model: SampleData.generated(count: 12, sections: 3, seed: 1), layout: .board(BoardLayout()),
                             viewport: Size(width: 1000, height: 700))
        s.lift("item-1")
        let row = s.frame("item-6")
        s.glide(to: Point(x: row.midX, y: row.midY - row.height / 6 - 2))   // just above the middle third
        #expect(s.engine.hover?.target == .gap(section: 1, index: 1))
        s.glide(to: Point(x: row.minX + 20, y: row.midY))                    // the middle, even near the row's start
        #expect(s.engine.hover?.target == .into(IndexPath(section: 1, item: 1)))
        var grid = EngineScript()
        grid.lift("item-1")
        let cell = grid.frame("item-8")
        grid.glide(to: Point(x: cell.midX - cell.width / 4 + 2, y: cell.midY))
        #expect(grid.engine.hover?.target == .into(IndexPath(section: 0, item: 7)))
    }

    /// Defect 4: carried off the window, nothing changes where the user cannot see it — no dwell
    /// fires — while the surface may go on scrolling that way.
    @Test func offTheWindowNoDwellFiresButAutoscrollGoesOn() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        let before = s.ids(0)
        s.lift("item-1")
        s.glide(to: Point(x: 200, y: 460))                      // 60 px below the 400 px window
        s.wait(1.5)
        #expect(s.engine.offsets.root.y > 500, "autoscroll at full depth goes on")
        #expect(s.engine.hover == nil)
        #expect(s.ids(0) == before, "no reorder while off the window")
        s.glide(to: Point(x: 700, y: 200))                      // off the right edge: no autoscroll there, no dwell
        s.wait(1.5)
        #expect(s.ids(0) == before)
        s.up(Point(x: 700, y: 200))
        #expect(!s.effects.hasCommit)
    }
}
