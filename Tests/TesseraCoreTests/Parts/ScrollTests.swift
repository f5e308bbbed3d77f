import CustomDump
import Testing
@testable import TesseraCore

/// `Scroll`: every offset clamped to the layout, the travel recorded whatever moved the root.
@Suite struct ScrollTests {
    /// 300 items in one grid section, 560x400: the root scrolls 0...max vertically.
    static let snapshot = FlowLayout().snapshot(of: SampleData.generated(count: 300, sections: 1), viewport: Size(width: 560, height: 400))

    @Test func everyPathClampsToTheLayoutAndRecordsTravel() {
        var s = Scroll(fitting: Self.snapshot)
        let max = Self.snapshot.maxRootOffset.y
        #expect(max > 1000)
        s.scrollRoot(by: Point(x: 0, y: 250), immediately: false)
        expectNoDifference(s, Scroll(offsets: ScrollOffsets(), target: ScrollOffsets(root: Point(x: 0, y: 250)), limits: s.limits))
        s.ease(dt: 0.1, smoothing: 0.06)                           // most of the way, eased
        #expect(s.offsets.root.y > 200 && s.offsets.root.y < 250 && s.travel.y == s.offsets.root.y)
        for _ in 0..<20 { s.ease(dt: 0.1, smoothing: 0.06) }           // lands (within half a pixel it snaps)
        #expect(s.offsets.root.y == 250 && s.travel.y > 0 && !s.isEasing)
        // Beyond either end: clamped, target and offset alike.
        s.scrollRoot(by: Point(x: 500, y: -10_000), immediately: true)
        #expect(s.offsets.root == .zero && s.target.root == .zero && s.travel == Point(x: 0, y: -250))
        s.jumpRoot(along: .vertical, to: 1e9)                     // autoscroll and scrubbing
        #expect(s.offsets.root.y == max && s.target.root.y == max && s.travel.y == max)
        s.scrollRoot(along: .vertical, to: 40, immediately: true) // keys under reduced motion
        #expect(s.offsets.root.y == 40 && s.travel.y == 40 - max)
    }

    @Test func aShorterLayoutPullsTheOffsetBackAndThatIsTravelToo() {
        var s = Scroll(fitting: Self.snapshot)
        s.jumpRoot(along: .vertical, to: 2000)
        let short = FlowLayout().snapshot(of: SampleData.generated(count: 40, sections: 1), viewport: Size(width: 560, height: 400))
        s.fit(to: short)
        #expect(s.offsets.root.y == short.maxRootOffset.y && s.target.root.y == short.maxRootOffset.y)
        #expect(s.travel.y == short.maxRootOffset.y - 2000)
    }

    @Test func boardListsAndTheFolderHaveTheirOwnLimits() {
        let board = BoardLayout().snapshot(of: SampleData.generated(count: 200, sections: 3), viewport: Size(width: 900, height: 400))
        var s = Scroll(fitting: board)
        #expect(s.offsets.panes == [0, 0, 0])
        s.scrollPane(1, by: 1e6, immediately: true)
        #expect(s.offsets.panes == [0, board.panes[1].maxOffset, 0])
        s.scrollPane(7, by: 10, immediately: true)                 // no such list: nothing happens
        #expect(s.offsets.panes == [0, board.panes[1].maxOffset, 0])
        s.openFolder(maxOffset: 300, at: 500)
        #expect(s.folderOffset == 300 && s.folderTarget == 300)
        s.scrollFolder(by: -100, immediately: false)
        #expect(s.folderTarget == 200 && s.folderOffset == 300)
        s.fitFolder(maxOffset: 50)                                  // an item left the folder
        #expect(s.folderTarget == 50 && s.folderOffset == 50)
        s.reset()
        #expect(s.offsets == ScrollOffsets(root: .zero, panes: [0, 0, 0]) && s.target == s.offsets)
    }

    @Test func pagingPicksTheNearestPageOrTheNextOneOnAFlick() {
        let pages = [0.0, 300, 600]
        #expect(BoardPaging.page(from: 140, velocity: 0, pages: pages) == 0)
        #expect(BoardPaging.page(from: 160, velocity: 0, pages: pages) == 300)
        #expect(BoardPaging.page(from: 20, velocity: 1000, pages: pages) == 300)
        #expect(BoardPaging.page(from: 580, velocity: -1000, pages: pages) == 300)
        var p = BoardPaging()
        p.note(dx: 48, at: 1)
        #expect(p.velocity == 0 && p.settleAt == 1 + BoardPaging.quietTime)  // a lone notch says nothing of speed
        p.note(dx: 48, at: 1.016)
        #expect(p.velocity > BoardPaging.flickVelocity)
        #expect(p.takeDue(at: 1.1) == nil)
        #expect(p.takeDue(at: 1.2) == p.velocity && p.settleAt == nil)
    }
}
