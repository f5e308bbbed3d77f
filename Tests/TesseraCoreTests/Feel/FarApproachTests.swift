import Testing
@testable import TesseraCore

/// Tiles sliding to or from places far beyond the window travel only a little way past its edge,
/// so a big edit never leaves the window standing empty while they cross it.
@Suite struct FarApproachTests {
    let view = Rect(x: 0, y: 0, width: 1000, height: 700)

    @Test func farEndsOnEachSideComeNearAsOneGroupAndNearOnesStay() {
        let far = [Rect(x: 10, y: 50_700, width: 100, height: 100),    // 50,000 below the window
                   Rect(x: 120, y: 50_900, width: 100, height: 100),   // 200 further: keeps its spacing
                   Rect(x: 10, y: -40_100, width: 100, height: 100),   // 40,000 above
                   Rect(x: 300, y: 300, width: 100, height: 100),      // in view
                   Rect(x: 1_500, y: 300, width: 100, height: 100)]    // beyond only across the axis
        let d = FarApproach.shifts(far, view: view, axis: .vertical, reach: 175)
        #expect(d == [Point(x: 0, y: -49_825), Point(x: 0, y: -49_825), Point(x: 0, y: 39_825), .zero, .zero])
        // From nearer than the reach, every tile starts where it was.
        let near = [Rect(x: 10, y: 800, width: 100, height: 100), Rect(x: 10, y: -150, width: 100, height: 100)]
        #expect(FarApproach.shifts(near, view: view, axis: .vertical, reach: 175) == [.zero, .zero])
        // Along a horizontal scroll axis, the same across x.
        #expect(FarApproach.shifts([Rect(x: 9_000, y: 0, width: 100, height: 100)], view: view, axis: .horizontal, reach: 250)
                == [Point(x: -7_750, y: 0)])
    }

    /// How much of the window drawn tiles cover (their clipped areas under their alpha, summed).
    static func covered(_ e: Engine) -> Double {
        var area = 0.0
        for case .cell(let c) in e.scene().nodes {
            let w = Swift.max(0, Swift.min(c.frame.maxX, e.viewport.width) - Swift.max(c.frame.minX, 0))
            let h = Swift.max(0, Swift.min(c.frame.maxY, e.viewport.height) - Swift.max(c.frame.minY, 0))
            area += w * h * c.alpha
        }
        return area / (e.viewport.width * e.viewport.height)
    }

    /// A drop of 10,000 files at the top of a masonry, its undo and its redo: in every frame the
    /// window shows tiles. Before, the drop pushed the tiles in view 10,000 places down and they
    /// left within a frame (4% of the window covered while the new ones grew in), and the undo
    /// brought them back from there: the window stood empty for 0.2 s, then they shot in.
    @Test func aBigDropItsUndoAndItsRedoNeverLeaveTheWindowEmpty() {
        var s = EngineScript(model: SampleData.generated(count: 3000, sections: 1, seed: 2), layout: .masonry(MasonryLayout()),
                             viewport: Size(width: 1024, height: 720))
        s.wait(1)
        let spot = s.frame(ItemID(s.ids(0)[0]))
        let files = (0..<10_000).map { IncomingItem(title: "IMG_\($0).jpg", icon: "camera", location: "file:///p/IMG_\($0).jpg") }
        func leastCoveredOverHalfASecond() -> Double {
            var least = 1.0
            for _ in 0..<30 {
                s.wait(1.0 / 60)
                least = Swift.min(least, Self.covered(s.engine))
            }
            s.wait(2)
            return least
        }
        let settled = Self.covered(s.engine)
        #expect(settled > 0.7)
        s.send(.dropIn(files, at: Point(x: spot.minX + 3, y: spot.minY + 3)))
        #expect(s.ids(0).prefix(2) == ["dropped-1", "dropped-2"])
        #expect(leastCoveredOverHalfASecond() > 0.3)
        s.send(.key(.character("z"), [.control]))
        #expect(!s.ids(0).contains("dropped-1"))
        #expect(leastCoveredOverHalfASecond() > 0.2)
        s.send(.key(.character("z"), [.control, .shift]))
        #expect(leastCoveredOverHalfASecond() > 0.3)
        #expect(Self.covered(s.engine) > 0.7)
    }

    /// A switch to masonry with the view sent to the end in the same turn (Home, 2, End): the
    /// tiles at the masonry's end fly in from the grid's end, far below what was in view (the old
    /// tiles at the top are not in the new view). The window stood empty for 17 frames before
    /// they came in; now for at most three (they start an eighth of the window below its edge).
    @Test func aSwitchThatAlsoJumpsFarShowsTilesAtOnce() {
        var s = EngineScript(model: SampleData.generated(count: 3000, sections: 1, seed: 2), layout: .grid(FlowLayout()),
                             viewport: Size(width: 1024, height: 720))
        s.wait(1)
        let files = (0..<10_000).map { IncomingItem(title: "IMG_\($0).jpg", icon: "camera", location: "file:///p/IMG_\($0).jpg") }
        s.send(.dropIn(files, at: s.frame(ItemID(s.ids(0)[0])).center))
        s.wait(2)
        for k in [Key.home, .character("2"), .end] { s.send(.key(k)) }
        var empty = 0
        for _ in 0..<40 {
            s.wait(1.0 / 60)
            if Self.covered(s.engine) < 0.05 { empty += 1 }
        }
        #expect(s.engine.layoutChoice == .masonry)
        #expect(empty <= 3, "\(empty)")
        #expect(Self.covered(s.engine) > 0.7)
    }
}
