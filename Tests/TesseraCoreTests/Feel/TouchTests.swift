import CustomDump
import Testing
@testable import TesseraCore

extension EngineScript {
    mutating func touch(_ phase: TouchPhase, _ p: Point, id: UInt32 = 1) { send(.touch(phase, id: id, at: p)) }

    /// A finger already down moves from where it is to `p` in 60 Hz steps over `seconds`.
    mutating func drag(finger id: UInt32 = 1, from a: Point, to b: Point, seconds: Double) {
        let steps = Swift.max(1, Int((seconds * 60).rounded()))
        for k in 1...steps {
            wait(seconds / Double(steps))
            let f = Double(k) / Double(steps)
            touch(.moved, Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), id: id)
        }
    }
}

/// The same story told by the mouse and by a finger: after each step the two engines must be in
/// the same state, but for which of them a finger drives.
private struct Twin {
    var mouse: EngineScript
    var finger: EngineScript

    init(_ make: () -> EngineScript) { mouse = make(); finger = make() }

    mutating func press(_ p: Point) { mouse.down(p); finger.touch(.began, p) }
    mutating func move(_ p: Point) { mouse.move(p); finger.touch(.moved, p) }
    mutating func glide(to p: Point, steps: Int = 10) {
        let from = mouse.engine.pointer ?? p
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            wait(0.01)
            move(Point(x: from.x + (p.x - from.x) * f, y: from.y + (p.y - from.y) * f))
        }
    }
    /// The button released, the finger lifted: a finger leaves no hovering pointer behind.
    mutating func release(_ p: Point) { mouse.up(p); mouse.send(.pointerLeft); finger.touch(.ended, p) }
    mutating func wait(_ s: Double) { mouse.wait(s); finger.wait(s) }

    func expectSame(fingerDown: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let a = mouse.engine, b = finger.engine
        expectNoDifference(b.session.phase, a.session.phase)
        expectNoDifference(b.scroll, a.scroll)
        expectNoDifference(b.navigation, a.navigation)
        expectNoDifference(b.presentation, a.presentation)
        #expect(b.model == a.model, sourceLocation: sourceLocation)
        expectNoDifference(finger.effects, mouse.effects)
        #expect((b.session.finger != nil) == fingerDown, sourceLocation: sourceLocation)
    }
}

@Suite struct TouchDragTests {
    func before(_ s: EngineScript, _ id: ItemID) -> Point { let f = s.frame(id); return Point(x: f.minX + 6, y: f.midY) }

    @Test func aHeldFingerLiftsAndReordersExactlyAsTheMouseDoes() {
        var twin = Twin { EngineScript() }
        twin.press(twin.mouse.center("item-1"))
        twin.wait(0.49)
        #expect(twin.finger.engine.phase.isPressed)
        twin.wait(0.03)
        #expect(twin.finger.engine.draggedID == "item-1")
        #expect(twin.finger.effects.contains(.lifted("item-1")))
        twin.expectSame(fingerDown: true)
        twin.glide(to: before(twin.mouse, "item-4"))
        twin.wait(0.55)
        #expect(twin.finger.ids(0).prefix(4) == ["item-2", "item-3", "item-1", "item-4"])
        twin.expectSame(fingerDown: true)
        twin.release(twin.mouse.engine.pointer!)
        #expect(twin.finger.effects.hasCommit)
        twin.expectSame(fingerDown: false)
        twin.wait(0.5)
        twin.expectSame(fingerDown: false)
        #expect(twin.finger.engine.phase == .idle && twin.finger.engine.pointer == nil)
    }

    @Test func aFingerDwellingOnATileDropsIntoItAsAFolder() {
        var twin = Twin { EngineScript() }
        twin.press(twin.mouse.center("item-1"))
        twin.wait(0.52)
        twin.glide(to: twin.mouse.center("item-8"))
        twin.wait(1.05)
        #expect(twin.finger.engine.openTarget == "item-8")
        twin.release(twin.mouse.engine.pointer!)
        let folder = twin.finger.engine.model.sections[0].items[6]
        #expect(folder.isFolder && folder.children.map(\.id) == ["item-8", "item-1"])
        twin.wait(0.4)
        twin.expectSame(fingerDown: false)
    }

    @Test func aFingerLiftedOutsideTheWindowCancelsTheDrag() {
        var twin = Twin { EngineScript() }
        let original = twin.finger.engine.model
        twin.press(twin.mouse.center("item-1"))
        twin.wait(0.52)
        twin.glide(to: before(twin.mouse, "item-4"))
        twin.wait(0.55)
        twin.glide(to: Point(x: -30, y: 200))
        twin.release(Point(x: -30, y: 200))
        twin.wait(0.4)
        twin.expectSame(fingerDown: false)
        #expect(twin.finger.engine.model == original)
        #expect(twin.finger.effects.contains(.cancelled("item-1")) && !twin.finger.effects.hasCommit)
    }

    @Test func aCancelledTouchCancelsTheDragAndCommitsNothing() {
        var s = EngineScript()
        let original = s.engine.model
        s.touch(.began, s.center("item-1"))
        s.wait(0.52)
        s.drag(from: s.center("item-1"), to: before(s, "item-4"), seconds: 0.2)
        s.wait(0.55)
        #expect(s.ids(0)[2] == "item-1")
        s.touch(.cancelled, s.engine.pointer!)
        s.wait(0.4)
        #expect(s.engine.model == original && !s.effects.hasCommit)
        #expect(s.engine.phase == .idle && s.engine.session.finger == nil)
    }

    @Test func aTapSelectsAndOpensAsAClickDoes() {
        var twin = Twin { EngineScript() }
        let c = twin.mouse.center("item-7")
        twin.press(c)
        twin.wait(0.08)
        twin.move(Point(x: c.x + 4, y: c.y - 3))  // a fingertip wavers, within the slop
        twin.wait(0.04)
        twin.release(Point(x: c.x + 4, y: c.y - 3))
        #expect(twin.finger.engine.overlay == .detail("item-7") && twin.finger.engine.selection == "item-7")
        twin.expectSame(fingerDown: false)
    }

    @Test func aSecondFingerDuringADragChangesNothing() {
        func story(second: Bool) -> EngineScript {
            var s = EngineScript()
            s.touch(.began, s.center("item-1"))
            s.wait(0.52)
            if second { s.touch(.began, s.center("item-9"), id: 2) }
            s.drag(from: s.center("item-1"), to: before(s, "item-4"), seconds: 0.2)
            if second { s.touch(.moved, Point(x: 10, y: 390), id: 2); s.touch(.ended, Point(x: 10, y: 390), id: 2) }
            s.wait(0.55)
            if second { s.touch(.began, Point(x: 500, y: 300), id: 3); s.touch(.cancelled, Point(x: 500, y: 300), id: 3) }
            s.touch(.ended, s.engine.pointer!)
            s.wait(0.5)
            return s
        }
        let one = story(second: false), two = story(second: true)
        expectNoDifference(two.engine, one.engine)
        expectNoDifference(two.effects, one.effects)
        #expect(one.ids(0).prefix(3) == ["item-2", "item-3", "item-1"])
    }

    @Test func theMouseWaitsWhileAFingerIsDownAndAFingerWhileTheMouseIsPressed() {
        // A finger's drag with the mouse clicking and moving meanwhile: as without it.
        func story(mouse: Bool) -> EngineScript {
            var s = EngineScript()
            s.touch(.began, s.center("item-1"))
            s.wait(0.52)
            if mouse { s.down(s.center("item-12")); s.move(Point(x: 300, y: 300)); s.send(.pointerLeft) }
            s.drag(from: s.center("item-1"), to: before(s, "item-4"), seconds: 0.2)
            if mouse { s.up(Point(x: 300, y: 300)) }
            s.wait(0.55)
            s.touch(.ended, s.engine.pointer!)
            s.wait(0.5)
            return s
        }
        expectNoDifference(story(mouse: true).engine, story(mouse: false).engine)

        // The mouse pressing an item: a finger coming down is ignored, and the click goes through.
        var s = EngineScript()
        s.down(s.center("item-3"))
        s.touch(.began, s.center("item-5"))
        s.touch(.moved, Point(x: 100, y: 100))
        #expect(s.engine.session.finger == nil)
        s.touch(.ended, Point(x: 100, y: 100))
        s.up(s.center("item-3"))
        #expect(s.engine.selection == "item-3")
        // Then a finger works again, and the mouse after it.
        s.wait(0.5)
        s.key(.escape)
        s.touch(.began, s.center("item-5"))
        s.touch(.ended, s.center("item-5"))
        #expect(s.engine.selection == "item-5")
    }
}

@Suite struct TouchPanTests {
    /// 300 items in one section: a grid that scrolls.
    func long() -> EngineScript { EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1)) }

    @Test func aFingerMovedBeforeTheHoldPansTheSurfaceUnderItAndNeitherLiftsNorClicks() {
        var s = long()
        s.touch(.began, Point(x: 280, y: 300))
        s.touch(.moved, Point(x: 282, y: 292))  // within the slop: nothing yet
        #expect(s.engine.offsets.root.y == 0 && s.engine.phase.isPressed)
        s.drag(from: Point(x: 282, y: 292), to: Point(x: 280, y: 250), seconds: 0.05)
        guard case .panning(let pan)? = Optional(s.engine.phase) else { Issue.record("not panning: \(s.engine.phase)"); return }
        #expect(pan.zone == .root(.vertical) && pan.engaged)
        let anchor = pan.anchor.y
        s.drag(from: Point(x: 280, y: 250), to: Point(x: 300, y: 100), seconds: 0.2)
        // The content under the finger stays under it (no jump by the slop), sideways ignored.
        #expect(s.engine.offsets.root.y == anchor - 100 && s.engine.offsets.root.x == 0)
        s.wait(0.8)  // long past the hold: a pan never lifts
        #expect(s.engine.draggedID == nil && s.engine.nextDeadline == nil)
        s.touch(.ended, Point(x: 300, y: 100))
        #expect(s.engine.selection == nil && s.engine.overlay == nil && s.engine.phase == .idle)
        // Held still before lifting: no fling.
        #expect(s.engine.scroll.momentum == nil && s.engine.offsets.root.y == anchor - 100)
        #expect(!s.effects.contains { if case .opened = $0 { true } else { false } })
    }

    @Test func aFlickFlingsAlongUIScrollViewsCurveAndComesToRest() throws {
        var s = long()
        s.touch(.began, Point(x: 280, y: 380))
        s.drag(from: Point(x: 280, y: 380), to: Point(x: 280, y: 180), seconds: 0.2)  // 1000 px/s up
        s.touch(.ended, Point(x: 280, y: 180))
        let m = try #require(s.engine.scroll.momentum)
        #expect(m.zone == .root(.vertical))
        #expect(abs(m.fling.velocity - 1000) < 1, "release velocity \(m.fling.velocity)")
        let from = s.engine.offsets.root.y, v = m.fling.velocity
        s.wait(0.5)
        #expect(abs(s.engine.offsets.root.y - (from + Touch.coastDistance(velocity: v, time: 0.5))) < 1e-6)
        #expect(s.engine.nextDeadline != nil)
        s.wait(3)
        #expect(s.engine.scroll.momentum == nil && s.engine.nextDeadline == nil)
        // The whole run: v/(1000·−ln 0.998) ≈ 500 px, to within the last few px/s.
        #expect(abs(s.engine.offsets.root.y - from - v / (1000 * -Double.log(0.998))) < 3)
    }

    @Test func aTouchStopsAFlingWhereItIsAndIsNoTap() throws {
        var s = long()
        s.touch(.began, Point(x: 280, y: 380))
        s.drag(from: Point(x: 280, y: 380), to: Point(x: 280, y: 180), seconds: 0.2)
        s.touch(.ended, Point(x: 280, y: 180))
        s.wait(0.2)
        let c = Point(x: 280, y: 200)
        s.touch(.began, c)
        let stopped = s.engine.offsets.root.y
        #expect(s.engine.scroll.momentum == nil)
        s.wait(0.7)  // held past the hold time: it only stopped the fling
        #expect(s.engine.offsets.root.y == stopped && s.engine.draggedID == nil)
        s.touch(.ended, c)
        #expect(s.engine.selection == nil && s.engine.overlay == nil)
        // The next tap is a tap again.
        s.touch(.began, c)
        s.touch(.ended, c)
        #expect(s.engine.selection != nil)
    }

    @Test func pulledPastTheTopTheContentRubberBandsAndSpringsBack() {
        var s = long()
        s.touch(.began, Point(x: 280, y: 60))
        s.drag(from: Point(x: 280, y: 60), to: Point(x: 280, y: 80), seconds: 0.03)
        let anchor = s.engine.session.pan!.anchor.y
        s.drag(from: Point(x: 280, y: 80), to: Point(x: 280, y: 80 + 300), seconds: 0.3)
        let raw = -(80 + 300 - anchor)
        #expect(abs(s.engine.offsets.root.y - Touch.rubberBanded(raw, limit: 1e9, extent: 400)) < 1e-9)
        #expect(s.engine.offsets.root.y < -80 && s.engine.offsets.root.y > raw * 0.55)
        // The thumb stays in its track, pressed to the top and shortened.
        let thumb = s.engine.scrollIndicators[0].thumb
        #expect(thumb.minY == 0 && thumb.height >= 8)
        s.wait(0.2)
        s.touch(.ended, Point(x: 280, y: 380))
        var last = s.engine.offsets.root.y
        for _ in 0..<60 {
            s.wait(1.0 / 60)
            #expect(s.engine.offsets.root.y >= last && s.engine.offsets.root.y <= 0)
            last = s.engine.offsets.root.y
        }
        #expect(s.engine.offsets.root.y == 0 && s.engine.scroll.momentum == nil && s.engine.nextDeadline == nil)
    }

    @Test func aFlingIntoTheBottomOvershootsThenLandsOnTheEnd() {
        var s = long()
        let limit = s.engine.snapshot.maxRootOffset.y
        s.send(.scroll(dx: 0, dy: limit - 150, at: Point(x: 280, y: 200)))
        s.touch(.began, Point(x: 280, y: 380))
        s.drag(from: Point(x: 280, y: 380), to: Point(x: 280, y: 80), seconds: 0.1)  // 3000 px/s
        s.touch(.ended, Point(x: 280, y: 80))
        var furthest = s.engine.offsets.root.y
        for _ in 0..<90 { s.wait(1.0 / 60); furthest = Swift.max(furthest, s.engine.offsets.root.y) }
        #expect(furthest > limit + 10)
        #expect(s.engine.offsets.root.y == limit && s.engine.scroll.momentum == nil)
    }

    @Test func onTheBoardTheFirstWayTheFingerGoesLocksTheAxis() {
        func board() -> EngineScript {
            EngineScript(model: SampleData.generated(count: 100, sections: 5, seed: 1), layout: .board(BoardLayout()),
                         viewport: Size(width: 700, height: 500))
        }
        // Sideways: the board pages, the lists stay; a slow pan settles on the nearest list.
        var s = board()
        let pages = BoardLayout.pageOffsets(of: s.engine.snapshot)
        s.touch(.began, Point(x: 500, y: 250))
        s.drag(from: Point(x: 500, y: 250), to: Point(x: 300, y: 330), seconds: 0.3)
        #expect(s.engine.session.pan?.zone == .root(.horizontal))
        #expect(s.engine.offsets.root.x > 150 && s.engine.offsets.panes.allSatisfy { $0 == 0 })
        s.wait(0.2)
        s.touch(.ended, Point(x: 300, y: 330))
        s.wait(1)
        #expect(pages.contains(s.engine.offsets.root.x) && s.engine.offsets.root.x == pages[1])
        // A flick turns one page, whichever list is nearer.
        s.touch(.began, Point(x: 500, y: 250))
        s.drag(from: Point(x: 500, y: 250), to: Point(x: 440, y: 250), seconds: 0.05)
        s.touch(.ended, Point(x: 440, y: 250))
        s.wait(1)
        #expect(s.engine.offsets.root.x == pages[2])

        // Up and down: the list under the finger scrolls, the board stays on its page.
        var v = board()
        let k = v.engine.snapshot.pane(at: Point(x: 100, y: 300), offsets: v.engine.offsets)!
        v.touch(.began, Point(x: 100, y: 400))
        v.drag(from: Point(x: 100, y: 400), to: Point(x: 160, y: 150), seconds: 0.3)
        #expect(v.engine.session.pan?.zone == .pane(k))
        #expect(v.engine.offsets.pane(k) > 200 && v.engine.offsets.root.x == 0)
        #expect(v.engine.offsets.panes.indices.allSatisfy { $0 == k || v.engine.offsets.pane($0) == 0 })
    }

    @Test func aSecondFingerDuringAPanIsIgnored() {
        func story(second: Bool) -> EngineScript {
            var s = long()
            s.touch(.began, Point(x: 280, y: 380))
            if second { s.touch(.began, Point(x: 100, y: 100), id: 7) }
            for k in 1...12 {
                s.wait(1.0 / 60)
                s.touch(.moved, Point(x: 280, y: 380 - Double(k) * 15))
                if second { s.touch(.moved, Point(x: 100, y: 100 + Double(k) * 20), id: 7) }
            }
            if second { s.touch(.ended, Point(x: 100, y: 340), id: 7) }
            s.touch(.ended, Point(x: 280, y: 200))
            s.wait(1)
            return s
        }
        let one = story(second: false), two = story(second: true)
        expectNoDifference(two.engine, one.engine)
        #expect(one.engine.offsets.root.y > 180)  // it flung on past the finger
    }

    @Test func anOpenFoldersItemsPanUnderTheFinger() throws {
        var m = SampleData.generated(count: 80, sections: 1, seed: 1)
        let movable = m.sections[0].items.filter(\.isMovable).map(\.id)
        let folder = try m.drop(movable[1], onto: movable[0])
        for id in movable[2..<40] { _ = try m.drop(id, onto: folder) }
        var s = EngineScript(model: m)
        s.clickOpen(folder)
        let panel = try #require(s.engine.folderPanel)
        #expect(panel.maxOffset > 0)
        let start = Point(x: panel.contentFrame.midX, y: panel.contentFrame.maxY - 10)
        s.touch(.began, start)
        s.drag(from: start, to: Point(x: start.x, y: start.y - 120), seconds: 0.3)
        #expect(s.engine.session.pan?.zone == .folder)
        #expect(s.folderOffset > 90 && s.engine.offsets.root.y == 0)
        s.wait(0.2)
        s.touch(.ended, Point(x: start.x, y: start.y - 120))
        #expect(s.engine.overlay == .folder(folder))
    }
}

@Suite struct PreciseScrollTests {
    @Test func touchpadPixelsApplyAtOnceWhileWheelNotchesEase() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        s.send(.scroll(dx: 0, dy: 7.25, at: Point(x: 200, y: 200)))
        #expect(s.engine.offsets.root.y == 7.25 && !s.engine.scroll.isEasing)
        s.send(.scroll(dx: 0, dy: 0.5, at: Point(x: 200, y: 200)))
        #expect(s.engine.offsets.root.y == 7.75)  // fractions kept
        s.send(.wheel(dx: 0, dy: 48, at: Point(x: 200, y: 200)))
        #expect(s.engine.offsets.root.y == 7.75 && s.engine.scroll.target.root.y == 55.75)
    }

    @Test func aTouchpadsSidewaysScrollMovesTheBoardAtOnceThenSettlesOnAList() {
        var s = EngineScript(model: SampleData.generated(count: 100, sections: 5, seed: 1), layout: .board(BoardLayout()),
                             viewport: Size(width: 700, height: 500))
        let pages = BoardLayout.pageOffsets(of: s.engine.snapshot)
        for _ in 0..<10 { s.send(.scroll(dx: 12.5, dy: 0, at: Point(x: 350, y: 10))); s.wait(1.0 / 60) }
        #expect(s.engine.offsets.root.x == 125)  // followed the fingers, pixel for pixel
        s.wait(1)
        #expect(pages.contains(s.engine.offsets.root.x))
    }

    @Test func aTouchpadScrollsDuringADragAndTheDropLandsUnderThePointer() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        s.lift("item-1")
        s.glide(to: Point(x: 16, y: 200))
        s.send(.scroll(dx: 0, dy: 300.5, at: Point(x: 16, y: 200)))
        #expect(s.engine.offsets.root.y == 300.5 && s.engine.draggedID == "item-1")
        let dwell = s.dwellLandsBesideItself("item-1", at: Point(x: 16, y: 201))
        #expect(dwell.landsBeside)
        #expect(dwell.index > 10)
        s.up(Point(x: 16, y: 201))
        #expect(s.effects.hasCommit)
    }

    @Test func theWheelStopsAFling() {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 1))
        s.touch(.began, Point(x: 280, y: 380))
        s.drag(from: Point(x: 280, y: 380), to: Point(x: 280, y: 180), seconds: 0.2)
        s.touch(.ended, Point(x: 280, y: 180))
        s.wait(0.1)
        let y = s.engine.offsets.root.y
        s.send(.scroll(dx: 0, dy: -3, at: Point(x: 280, y: 200)))
        #expect(s.engine.scroll.momentum == nil && s.engine.offsets.root.y == y - 3)
    }
}

extension DragPhase {
    var isPressed: Bool { if case .pressed = self { true } else { false } }
}
