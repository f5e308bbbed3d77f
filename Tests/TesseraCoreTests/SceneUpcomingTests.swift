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
        return Engine(model: SampleData.generated(count: 500, sections: 1), layout: .grid(flow),
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
        // Scrolled down: the row coming in from below (4 columns of 100 px), not the one above.
        #expect(scene.upcoming.count == 4)
        #expect(scene.upcoming.allSatisfy { $0.frame.minY >= window.maxY })

        // Scrolling back up: the row above is the one coming in.
        e.handle(.wheel(dx: 0, dy: -450, at: Point(x: 200, y: 150)), at: 2)
        e.advance(to: 4)
        let up = e.scene().upcoming
        #expect(up.count == 4 && up.allSatisfy { $0.frame.maxY <= window.minY }, "\(up.map(\.frame))")
    }

    @Test func noPrefetchWhenTurnedOff() {
        var style = SceneStyle()
        style.prefetchDistance = 0
        #expect(engine().scene(style: style).upcoming.isEmpty)
    }

    /// Prefetch looks the way the surface moved however it moved: a scrubbed scroll thumb and a
    /// wheel under reduced motion (both jump the offset without easing) count as travel too.
    @Test func scrubbingAndReducedMotionWheelingLookAhead() throws {
        var e = engine()
        let thumb = try #require(e.scrollIndicators.first).thumb
        e.handle(.pointerDown(thumb.center), at: 0)
        e.handle(.pointerMove(Point(x: thumb.midX, y: thumb.midY + 40)), at: 0.1)
        e.handle(.pointerUp(Point(x: thumb.midX, y: thumb.midY + 40)), at: 0.2)
        #expect(e.offsets.root.y > 0 && e.scroll.travel.y > 0)
        let window = Rect(x: 0, y: 0, width: 400, height: 300)
        let scrubbed = e.scene().upcoming
        #expect(!scrubbed.isEmpty && scrubbed.allSatisfy { $0.frame.minY >= window.maxY }, "\(scrubbed.map(\.frame))")

        var policy = DragPolicy()
        policy.reduceMotion = true
        var still = Engine(model: SampleData.generated(count: 500, sections: 1), layout: e.layout,
                           viewport: Size(width: 400, height: 300), policy: policy)
        still.handle(.wheel(dx: 0, dy: 250, at: Point(x: 200, y: 150)), at: 0)
        #expect(still.offsets.root.y == 250)
        let wheeled = still.scene().upcoming
        #expect(!wheeled.isEmpty && wheeled.allSatisfy { $0.frame.minY >= window.maxY }, "\(wheeled.map(\.frame))")
    }
}
