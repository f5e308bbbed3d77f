import Testing
@testable import TesseraCore

/// Issue 15, defect 5: a layout switch or a resize moves the sections' chrome with their tiles,
/// and a live resize re-flows at once instead of trailing a pile of flying tiles.
@Suite struct RelayoutAnimationTests {
    func boxes(_ s: EngineScript) -> [Rect] {
        s.engine.scene().nodes.compactMap { if case .box(let b) = $0, b.cornerRadius >= 12 { b.frame } else { nil } }
    }
    func clips(_ s: EngineScript) -> [Rect] {
        s.engine.scene().nodes.compactMap { if case .pushClip(let r) = $0 { r } else { nil } }
    }

    @Test func switchingToTheBoardGrowsItsListsOutOfTheOldSections() {
        var s = EngineScript(model: SampleData.model(), layout: .grid(FlowLayout()), viewport: Size(width: 1024, height: 720))
        let gridToday = s.engine.snapshot.toWindow(s.engine.snapshot.sections[0].background, pane: nil, offsets: s.engine.offsets)
        s.key(.character("3"))
        s.wait(2.0 / 60)
        // The first frame: the lists start where the grid's sections were (the band at the top),
        // so no tile flying in is cut off by a list already at its final size.
        let first = clips(s)
        #expect(!first.isEmpty)
        #expect(abs(first[0].minY - gridToday.minY) < 1 && abs(first[0].width - gridToday.width) < 1, "\(first[0]) vs \(gridToday)")
        s.wait(0.15)
        let mid = clips(s)[0]
        let final = s.engine.snapshot.toWindow(s.engine.snapshot.panes[0].frame, pane: nil, offsets: s.engine.offsets)
        #expect(mid.width < gridToday.width && mid.width > final.width, "on its way: \(mid)")
        s.wait(1)
        #expect(clips(s)[0] == final)
        #expect(s.engine.nextDeadline == nil)
    }

    /// Switched at the top of the grid, every layout starts at its top: the first tile on screen
    /// is in view unscrolled, so nothing is scrolled a few pixels to hold it exactly where it was
    /// (the board's first list was, by 26 px, its first card cut off). Back in the grid, the top.
    @Test func aSwitchAtTheTopStartsEveryLayoutAtItsTop() {
        var s = EngineScript(model: SampleData.model(), layout: .grid(FlowLayout()), viewport: Size(width: 1024, height: 720))
        for key in ["3", "2", "3", "1"] {
            s.key(.character(key))
            s.wait(1)
            let o = s.engine.offsets
            #expect(o.root == .zero && o.panes.allSatisfy { $0 == 0 }, "after \(key): scrolled \(o)")
        }
    }

    @Test func aSwitchMovesSectionHeadersWithTheirTiles() {
        var s = EngineScript(model: SampleData.model(), layout: .grid(FlowLayout()), viewport: Size(width: 1024, height: 720))
        func header(_ text: String) -> Rect? {
            s.engine.scene().nodes.lazy.compactMap { if case .label(let l) = $0, l.text.hasPrefix(text) { l.frame } else { nil } }.first
        }
        let before = header("Next")!
        s.key(.character("2"))
        #expect(abs(header("Next")!.minY - before.minY) < 1, "the header starts where it was")
        s.wait(0.1)
        let moving = header("Next")
        #expect(moving == nil || moving!.minY > before.minY + 5, "and slides down with its tiles")
    }

    @Test func aLoneResizeAnimatesALiveResizeReflowsAtOnce() {
        var s = EngineScript(model: SampleData.generated(count: 60, sections: 2, seed: 1))
        s.send(.resize(Size(width: 800, height: 400)))
        #expect(!s.engine.presentation.motions.isEmpty, "a lone resize slides the cells")
        s.wait(1)
        // A live resize: the window's edge dragged, a size every 35 ms.
        for k in 1...12 {
            s.wait(0.035)
            s.send(.resize(Size(width: 800 - Double(k) * 20, height: 400)))
        }
        #expect(s.engine.presentation.motions.isEmpty && s.engine.presentation.chrome.isEmpty, "re-flowed at once")
        let id = s.engine.flatIDs[7]
        #expect(s.frame(id) == s.engine.snapshot.windowFrame(ofFlat: 7, offsets: s.engine.offsets))
        s.wait(0.2)
        s.send(.resize(Size(width: 900, height: 500)))          // settled, then another: animated again
        #expect(!s.engine.presentation.motions.isEmpty)
    }
}
