import Testing
@testable import TesseraCore

/// Issue 15, polish: scrolling that keeps its manners.
@Suite struct ScrollFeelTests {
    @Test func aSelectedTileScrolledIntoViewKeepsAMarginFromTheEdge() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        s.key(.right)
        for _ in 0..<6 { s.key(.down) }
        s.wait(0.6)
        let f = s.frame(s.engine.selection!)
        #expect(f.maxY <= 400 - 16 + 0.5 && f.maxY >= 400 - 16 - 0.5, "\(f): 16 px clear of the bottom edge")
        for _ in 0..<20 { s.key(.down) }
        s.wait(0.6)
        for _ in 0..<6 { s.key(.up) }
        s.wait(0.6)
        let g = s.frame(s.engine.selection!)
        #expect(g.minY >= 15.5 && g.minY <= 16.5, "\(g): 16 px clear of the top edge")
    }

    @Test func aSidewaysWheelOverABoardListScrollsTheBoard() {
        var s = EngineScript(model: SampleData.generated(count: 100, sections: 5, seed: 1), layout: .board(BoardLayout()),
                             viewport: Size(width: 700, height: 500))
        let list = s.engine.snapshot.toWindow(s.engine.snapshot.panes[0].frame, pane: nil, offsets: s.engine.offsets)
        s.send(.wheel(dx: 48, dy: 0, at: list.center))       // Shift+wheel, as the shell turns it
        s.wait(0.1)
        #expect(s.engine.offsets.root.x > 0 && s.engine.offsets.pane(0) == 0)
    }
}
