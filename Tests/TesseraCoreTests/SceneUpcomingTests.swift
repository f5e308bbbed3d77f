import Testing
@testable import TesseraCore

/// `Scene.upcoming`: the cells just beyond the window, for a renderer to prepare in idle time.
@Suite struct SceneUpcomingTests {
    func engine() -> Engine {
        var flow = FlowLayout()
        flow.itemSizing = .uniform(Size(width: 100, height: 100))
        flow.minimumInteritemSpacing = 0
        flow.minimumLineSpacing = 0
        flow.headerLength = 0
        flow.footerLength = 0
        flow.sectionInsets = Insets(top: 0, left: 0, bottom: 0, right: 0)
        return Engine(model: SampleData.generated(count: 500, sections: 1), layout: flow,
                      viewport: Size(width: 400, height: 300))
    }

    @Test func upcomingCellsLieJustBeyondTheWindowAndAreNotDrawn() {
        var e = engine()
        e.handle(.wheel(dx: 0, dy: 1000, at: Point(x: 200, y: 150)), at: 0)
        e.advance(to: 2)
        let scene = e.scene()
        let drawn = Set(scene.nodes.compactMap { if case .cell(let c) = $0 { c.id } else { nil } })
        let window = Rect(x: 0, y: 0, width: 400, height: 300)
        #expect(!scene.upcoming.isEmpty)
        for c in scene.upcoming {
            #expect(!drawn.contains(c.id), "\(c.id) is drawn and upcoming")
            #expect(!c.frame.insetBy(dx: -CellNode.decorationMargin, dy: -CellNode.decorationMargin).intersects(window))
            #expect(c.frame.insetBy(dx: -172, dy: -172).intersects(window), "\(c.frame) is far from the window")
        }
        // A row above and a row below (4 columns of 100 px).
        #expect(scene.upcoming.count >= 8)
    }

    @Test func noPrefetchWhenTurnedOff() {
        var style = SceneStyle()
        style.prefetchDistance = 0
        #expect(engine().scene(style: style).upcoming.isEmpty)
    }
}
