import Testing
@testable import TesseraCore

@Suite struct EngineScrollTests {
    @Test func autoscrollSpeedGrowsWithDepthAndRampsUpOverTime() {
        let p = DragPolicy()
        #expect(Autoscroll.speed(depth: 0, held: 1, policy: p) == 0)
        let shallow = Autoscroll.speed(depth: 16, held: 1, policy: p)
        let deep = Autoscroll.speed(depth: 64, held: 1, policy: p)
        #expect(shallow > 0 && deep > shallow * 10)  // squared: a quarter the depth, a sixteenth the speed
        #expect(deep == p.autoscrollMaxSpeed)
        #expect(Autoscroll.speed(depth: 500, held: 1, policy: p) == p.autoscrollMaxSpeed)  // past the edge: clamped
        // The ramp: gentle at first even when pushed deep.
        #expect(Autoscroll.speed(depth: 64, held: 0.05, policy: p) == p.autoscrollMaxSpeed * 0.1)
        #expect(Autoscroll.speed(depth: 64, held: 0.25, policy: p) == p.autoscrollMaxSpeed * 0.5)
    }

    @Test func aStillPointerNearTheBottomKeepsScrollingFrameByFrame() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        s.lift("item-1")
        s.glide(to: Point(x: 280, y: 396))  // 4 px from the bottom edge
        let start = s.engine.offsets.root.y
        s.wait(0.25)
        let early = s.engine.offsets.root.y - start
        s.wait(0.5)
        let mid = s.engine.offsets.root.y - start
        s.wait(0.5)
        let late = s.engine.offsets.root.y - start
        #expect(early > 0)
        // Ramping up: the second half second covers more than the first quarter.
        #expect(mid - early > early)
        #expect(late - mid > mid - early * 2 - 1)
        // No pointer motion was needed: only frames.
        #expect(s.engine.pointer == Point(x: 280, y: 396))
    }

    @Test func autoscrollIsIndependentOfTheFrameRate() {
        func distance(frame: Double) -> Double {
            var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
            s.lift("item-1")
            s.move(Point(x: 280, y: 390))
            let start = s.engine.offsets.root.y
            s.wait(1, frame: frame)
            return s.engine.offsets.root.y - start
        }
        let at60 = distance(frame: 1.0 / 60), at144 = distance(frame: 1.0 / 144), at30 = distance(frame: 1.0 / 30)
        #expect(abs(at60 - at144) / at60 < 0.03)
        #expect(abs(at60 - at30) / at60 < 0.05)
    }

    @Test func autoscrollStopsAtTheContentsEnds() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        s.lift("item-1")
        s.move(Point(x: 280, y: 399))
        s.wait(12)
        #expect(s.engine.offsets.root.y == s.engine.snapshot.maxRootOffset.y)
        s.move(Point(x: 280, y: 1))
        s.wait(12)
        #expect(s.engine.offsets.root.y == 0)
    }

    @Test func dropTargetIsReEvaluatedWhileScrollingWithAStillPointer() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        s.lift("item-1")
        s.glide(to: Point(x: 60, y: 396))
        s.wait(1.5)
        s.move(Point(x: 16, y: 200))  // out of the edge zone: scrolling stops, the gap is read here
        s.wait(0.6)
        let index = s.ids(0).firstIndex(of: "item-1")!
        #expect(index > 30, "carried down the list to \(index)")
        s.up(Point(x: 16, y: 200))
        #expect(s.effects.hasCommit)
    }

    @Test func theWheelScrollsDuringADragAndTheDropLandsUnderThePointer() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        s.lift("item-1")
        s.glide(to: Point(x: 16, y: 200))
        for _ in 0..<10 { s.send(.wheel(dx: 0, dy: 96, at: Point(x: 16, y: 200))); s.wait(0.05) }
        s.wait(0.3)
        #expect(s.engine.offsets.root.y > 800)
        let dwell = s.dwellLandsBesideItself("item-1", at: Point(x: 16, y: 201))
        #expect(dwell.landsBeside)
        #expect(dwell.index > 30)
    }

    @Test func boardListsAutoscrollVerticallyAndTheBoardSideways() {
        let m = SampleData.generated(count: 240, sections: 5, seed: 1)
        var s = EngineScript(model: m, layout: .board(BoardLayout()), viewport: Size(width: 700, height: 500))
        s.lift("item-1")
        let pane = s.engine.snapshot.toWindow(s.engine.snapshot.panes[0].frame, pane: nil, offsets: s.engine.offsets)
        s.glide(to: Point(x: pane.midX, y: pane.maxY - 4))
        s.wait(1)
        #expect(s.engine.offsets.pane(0) > 100)
        #expect(s.engine.offsets.root.x == 0)
        s.glide(to: Point(x: 698, y: 250))
        s.wait(1)
        #expect(s.engine.offsets.root.x > 100)
    }

    @Test func wheelScrollsSmoothlyAndIdlesWhenDone() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        s.send(.wheel(dx: 0, dy: 120, at: Point(x: 100, y: 100)))
        s.wait(1.0 / 60)
        let first = s.engine.offsets.root.y
        #expect(first > 0 && first < 120)
        s.wait(1)
        #expect(s.engine.offsets.root.y == 120)
        #expect(s.engine.nextDeadline == nil)
    }

    @Test func resizeReflowsAnimated() {
        var s = EngineScript()
        let before = s.frame("item-6")  // first of the second line at 5 per line
        s.send(.resize(Size(width: 800, height: 400)))
        #expect(s.frame("item-6") == before)  // drawn where it was…
        s.wait(1)
        let after = s.frame("item-6")           // …then at its new place: 7 per line now
        #expect(after.minY == before.minY - 106 || after.minY < before.minY)
        #expect(s.engine.nextDeadline == nil)
    }

    @Test func keysSwitchLayoutsAndMoveTheSelection() {
        var s = EngineScript()
        // Each switch flies from the frame after the key's (`Engine.setLayout`).
        s.key(.character("2"))
        s.wait(2.0 / 60)
        #expect(s.engine.layoutChoice == .masonry)
        s.key(.character("3"))
        s.wait(2.0 / 60)
        #expect(s.engine.layoutChoice == .board)
        s.key(.character("1"))
        s.wait(2.0 / 60)
        #expect(s.effects == [.layoutChanged(.masonry), .layoutChanged(.board), .layoutChanged(.grid)])
        s.key(.right)
        #expect(s.engine.selection == "item-1")
        s.key(.right)
        s.key(.down)
        #expect(s.engine.selection == "item-7")
        s.key(.enter)
        #expect(s.engine.overlay == .detail("item-7"))
    }
}

@Suite struct BoardPagingTests {
    func board() -> EngineScript {
        EngineScript(model: SampleData.generated(count: 100, sections: 5, seed: 1), layout: .board(BoardLayout()),
                     viewport: Size(width: 700, height: 500))
    }

    @Test func aSmallSidewaysScrollSettlesBackOnTheNearestList() {
        var s = board()
        let pages = BoardLayout.pageOffsets(of: s.engine.snapshot)
        s.send(.wheel(dx: 60, dy: 0, at: Point(x: 350, y: 10)))
        s.wait(1)
        #expect(pages.contains(s.engine.offsets.root.x))
        #expect(s.engine.offsets.root.x == 0)
        #expect(s.engine.nextDeadline == nil)
    }

    @Test func aQuickFlickGoesToTheNextList() {
        var s = board()
        let pages = BoardLayout.pageOffsets(of: s.engine.snapshot)
        for _ in 0..<3 { s.send(.wheel(dx: 48, dy: 0, at: Point(x: 350, y: 10))); s.wait(0.016) }
        s.wait(1)
        #expect(s.engine.offsets.root.x == pages[1])
    }

    @Test func theBoardSettlesOnAListAfterADrag() {
        var s = board()
        s.lift("item-1")
        s.glide(to: Point(x: 696, y: 250))
        s.wait(0.4)
        s.move(Point(x: 400, y: 250))
        s.up(Point(x: 400, y: 250))
        s.wait(1.5)
        #expect(BoardLayout.pageOffsets(of: s.engine.snapshot).contains(s.engine.offsets.root.x))
        #expect(s.engine.offsets.root.x > 0)
    }
}

@Suite struct ScrollIndicatorTests {
    @Test func draggingTheThumbScrollsInProportion() throws {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        let ind = try #require(s.engine.scrollIndicators.first)
        #expect(ind.pane == nil && ind.axis == .vertical && ind.thumb.minY == 0)
        s.down(ind.thumb.center)
        s.move(Point(x: ind.thumb.midX, y: ind.thumb.midY + 100))
        let expected = 100 * ind.offsetPerPixel
        #expect(abs(s.engine.offsets.root.y - expected) < 0.001)
        s.move(Point(x: ind.thumb.midX, y: 5000))
        #expect(s.engine.offsets.root.y == s.engine.snapshot.maxRootOffset.y)  // clamped at the end
        s.up(Point(x: ind.thumb.midX, y: 5000))
        #expect(s.engine.draggedID == nil && s.engine.selection == nil)  // not a click on a cell
        let after = try #require(s.engine.scrollIndicators.first)
        #expect(after.thumb.maxY == ind.track.maxY)
    }

    @Test func boardListsHaveTheirOwnThumbs() throws {
        var s = EngineScript(model: SampleData.generated(count: 100, sections: 3, seed: 1), layout: .board(BoardLayout()),
                             viewport: Size(width: 900, height: 500))
        let thumbs = s.engine.scrollIndicators.filter { $0.pane != nil }
        #expect(thumbs.count == 3)
        let second = thumbs[1]
        s.down(second.thumb.center)
        s.move(Point(x: second.thumb.midX, y: second.thumb.midY + 50))
        s.up(Point(x: second.thumb.midX, y: second.thumb.midY + 50))
        #expect(s.engine.offsets.pane(1) > 0 && s.engine.offsets.pane(0) == 0)
    }
}

/// In a layout switch a tile shows what it will show at rest, whatever its in-between shape.
@Suite struct LayoutSwitchLooksTests {
    /// The cells of the scene mid-switch (a few frames after the key) that are changing size on
    /// their way to a place in view (not those flying out of it, drawn as they were).
    func flying(_ s: EngineScript) -> [CellNode] {
        let leaving = Set(s.engine.presentation.departures.map(\.item.id))
        return s.engine.scene().nodes.compactMap { if case .cell(let c) = $0, c.restingSize != nil, !leaving.contains(c.id) { c } else { nil } }
    }

    @Test("board rows becoming grid tiles do not show the row's check; grid tiles becoming rows do")
    func theCheckFollowsTheRestingShape() {
        var s = EngineScript(model: SampleData.generated(count: 60, sections: 3, seed: 2), layout: .board(BoardLayout()),
                             viewport: Size(width: 1024, height: 720))
        s.wait(0.5)
        s.key(.character("1"))
        s.wait(4.0 / 60)
        let toGrid = flying(s)
        #expect(!toGrid.isEmpty, "tiles in flight")
        // Still wide early in the flight, on their way to squares: no check unless focused.
        #expect(toGrid.contains { CheckMark.isRow($0.frame) }, "some still row-shaped")
        #expect(toGrid.filter { !$0.isSelected && !$0.isHovered && $0.showsCheck }.map(\.id) == [])
        s.wait(1)
        s.key(.character("3"))
        s.wait(4.0 / 60)
        let toBoard = flying(s)
        #expect(!toBoard.isEmpty)
        #expect(toBoard.filter { !$0.isDone && !$0.isFolder && !$0.showsCheck }.map(\.id) == [])
    }
}
