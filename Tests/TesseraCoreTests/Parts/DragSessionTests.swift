import CustomDump
import Testing
@testable import TesseraCore

/// `DragSession`: the transitions, each allowed only from the phase it applies to.
@Suite struct DragSessionTests {
    let policy = DragPolicy()
    let press = Press(id: "a", path: IndexPath(section: 0, item: 0), start: 1, origin: Point(x: 10, y: 10))
    func lift(_ hover: Hover? = nil) -> Lift {
        Lift(id: "a", liftTime: 1.5, grabOffset: Point(x: 5, y: 5), size: Size(width: 96, height: 96), pointer: Point(x: 10, y: 10),
             path: IndexPath(section: 0, item: 0), originalPath: IndexPath(section: 0, item: 0), hover: hover)
    }

    @Test func aHoldIsDueAfterTheLiftDelayUnlessThePressMovedBeyondTheSlop() {
        var s = DragSession()
        s.begin(press)
        #expect(s.dueHold(at: 1.49, liftDelay: 0.5) == nil && s.dueHold(at: 1.5, liftDelay: 0.5) == press)
        #expect(s.track(Point(x: 14, y: 13), slop: 6) == false)     // within the slop
        #expect(s.track(Point(x: 17, y: 10), slop: 6) == true)      // beyond it: once
        #expect(s.track(Point(x: 30, y: 10), slop: 6) == false)
        #expect(s.dueHold(at: 2, liftDelay: 0.5) == nil)
        s.end()
        expectNoDifference(s, DragSession(phase: .idle, pointer: Point(x: 30, y: 10)))
    }

    @Test func whileCarryingNoPressScrubOrEndTakesOver() {
        var s = DragSession()
        s.begin(press)
        s.lift(lift())
        let carrying = s
        s.begin(press)
        s.end()
        s.pointerLeft()
        expectNoDifference(s, carrying)
        s.place(Point(x: 50, y: 60))
        #expect(s.lift?.pointer == Point(x: 50, y: 60) && s.pointer == Point(x: 50, y: 60))
    }

    @Test func aNewTargetRestartsTheDwellAndTheSameOneDoesNot() {
        var s = DragSession(phase: .lifted(lift()), pointer: nil)
        #expect(s.hover(.gap(section: 0, index: 3), in: .surface, at: 2) == nil)
        _ = s.hover(.gap(section: 0, index: 3), in: .surface, at: 2.3)
        #expect(s.lift?.hover == Hover(target: .gap(section: 0, index: 3), since: 2))
        #expect(s.dueDwell(at: 2.49, policy: policy) == nil)
        #expect(s.dueDwell(at: 2.5, policy: policy)?.target == .gap(section: 0, index: 3))
        // The same gap among an open folder's items is another target.
        _ = s.hover(.gap(section: 0, index: 3), in: .folder("f"), at: 2.6)
        #expect(s.lift?.hover == Hover(target: .gap(section: 0, index: 3), place: .folder("f"), since: 2.6))
        _ = s.hover(nil, in: .surface, at: 2.7)
        #expect(s.lift?.hover == nil && s.dueDwell(at: 9, policy: policy) == nil)
    }

    @Test func aCentreOpensOnceAndLeavingItReturnsTheTargetToClose() {
        let into = DropTarget.into(IndexPath(section: 0, item: 7))
        var s = DragSession(phase: .lifted(lift()), pointer: nil)
        _ = s.hover(into, in: .surface, at: 2)
        #expect(s.dueDwell(at: 2.99, policy: policy) == nil && s.dueDwell(at: 3, policy: policy) != nil)
        s.opened(OpenTarget(id: "t", path: IndexPath(section: 0, item: 7)))
        #expect(s.dueDwell(at: 4, policy: policy) == nil)            // open: the dwell does not fire again
        #expect(s.hover(into, in: .surface, at: 4) == nil)            // still over it
        #expect(s.hover(.gap(section: 0, index: 7), in: .surface, at: 4.1) == "t")
        #expect(s.lift?.open == nil)
    }

    @Test func aSettleLandsAfterItsDuration() {
        var s = DragSession(phase: .lifted(lift()), pointer: nil)
        let item = Item(id: "a", title: "A")
        s.settle(Settle(id: "a", item: item, path: nil, start: 3, from: .zero, fromRotation: 0, fromScale: 1.1, destination: .slot))
        #expect(s.isSettling && !s.settleDone(at: 3.2, duration: 0.25) && s.settleDone(at: 3.25, duration: 0.25))
        s.landed()
        #expect(s.phase == .idle)
    }
}
