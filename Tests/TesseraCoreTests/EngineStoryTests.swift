import CustomDump
import Testing
@testable import TesseraCore

/// Stories told step by step, each step asserting the engine's whole state: the state before it,
/// changed by exactly what the step should change (The Composable Architecture's TestStore).
/// Reduced motion keeps the looks out of the way (no springs or easing), so every value is exact;
/// the animation tests check the looks.
@Suite struct EngineStoryTests {
    static var still: DragPolicy {
        var p = DragPolicy()
        p.reduceMotion = true
        return p
    }

    /// The left edge band of a cell: "insert before it".
    func before(_ s: EngineScript, _ id: ItemID) -> Point { let f = s.frame(id); return Point(x: f.minX + 6, y: f.midY) }

    @Test func pressHoldDwellAtAGapReorderAndDrop() throws {
        var s = EngineScript(policy: Self.still)
        let start = s.engine
        let c = s.center("item-2")
        let home = s.frame("item-2")

        s.send(.pointerDown(c)) {
            $0.session = DragSession(phase: .pressed(Press(id: "item-2", path: IndexPath(section: 0, item: 1), start: 0, origin: c)),
                                     pointer: c)
            $0.presentation = Presentation(pressed: "item-2", pressScale: Tween(from: 1, to: 0.94, start: 0, duration: 0))
        }

        // Held for the lift delay: lifted where it was grabbed; the pressed look is let go of.
        let lift = Lift(id: "item-2", liftTime: 0.5, grabOffset: c - home.origin, size: home.size, pointer: c,
                        path: IndexPath(section: 0, item: 1), originalPath: IndexPath(section: 0, item: 1))
        s.wait(0.5) {
            $0.session = DragSession(phase: .lifted(lift), pointer: c)
            $0.presentation = Presentation(pressScale: Tween(from: 0.94, to: 1, start: 0.5, duration: 0),
                                           liftScale: Tween(from: 1, to: 1.1, start: 0.5, duration: 0))
            $0.outbox = Outbox(effects: [.lifted("item-2")], needsDisplay: true)
        }
        #expect(s.effects == [.lifted("item-2")])

        // Over the gap before item-4: the dwell clock starts; nothing moves yet.
        let gap = before(s, "item-4")
        var carried = lift
        carried.pointer = gap
        carried.hover = Hover(target: .gap(section: 0, index: 3), place: .surface, since: 0.5)
        s.send(.pointerMove(gap)) {
            $0.session = DragSession(phase: .lifted(carried), pointer: gap)
        }

        // The reorder dwell runs out: item-2 moves between item-3 and item-4, the edit joins the
        // drag's log (to undo on cancel), and nothing is committed before the release.
        var moved = start.model
        var log = EditLog()
        try moved.move("item-2", to: IndexPath(section: 0, item: 2), near: nil, log: &log)
        carried.path = IndexPath(section: 0, item: 2)
        carried.edits = log
        carried.hover = nil
        s.wait(0.55) {
            $0.arrangement = Arrangement(model: moved, layout: start.layout, viewport: start.viewport)
            $0.session = DragSession(phase: .lifted(carried), pointer: gap)
        }
        #expect(s.ids(0).prefix(4) == ["item-1", "item-3", "item-2", "item-4"])

        // Released: committed, and (reduced motion) at once in its slot, idle.
        s.send(.pointerUp(gap)) {
            $0.session = DragSession(phase: .idle, pointer: gap)
            $0.presentation = Presentation(pressScale: Tween(from: 0.94, to: 1, start: 0.5, duration: 0))
            $0.outbox = Outbox(effects: [.commit(log)], needsDisplay: true)
            $0.arrangement.recordCommit(log, summary: "Moved \(SampleData.generated(count: 40, sections: 2, seed: 1).item(withID: "item-2")!.title)")
        }
        #expect(s.engine.nextDeadline == nil)
    }

    @Test func escapePutsEveryPartBackAsItWasBeforeThePress() {
        var s = EngineScript(policy: Self.still)
        s.key(.right)                                      // a selection, to see it kept
        let before = s.engine
        s.lift("item-7")
        s.glide(to: self.before(s, "item-9"))
        s.wait(0.6)
        #expect(s.engine.model != before.model)
        let pointer = s.engine.pointer
        s.send(.key(.escape)) {
            // The model, selection, scroll and layout are as before the press: only the pointer,
            // the time and the let-go press and lift looks differ.
            $0 = before
            $0.session = DragSession(phase: .idle, pointer: pointer)
            $0.presentation = Presentation(pressScale: Tween(from: 0.94, to: 1, start: 0.5, duration: 0))
            $0.outbox = Outbox(effects: [.cancelled("item-7")], needsDisplay: true)
        }
    }

    @Test func aFolderOpensScrollsAndClosesBackToTheSurface() throws {
        var m = SampleData.generated(count: 40, sections: 1, seed: 1)
        try m.drop("item-2", onto: "item-1")
        for k in 3...25 where k != 23 { try m.drop(ItemID("item-\(k)"), onto: "folder-1") }
        var s = EngineScript(model: m, policy: Self.still)
        let c = s.center("folder-1")
        let folderPath = IndexPath(section: 0, item: 0)
        let panel = try #require(s.engine.folderView("folder-1"))
        #expect(panel.maxOffset > 0)
        s.send(.pointerDown(c))
        s.send(.pointerUp(c)) {
            $0.session = DragSession(phase: .idle, pointer: c)
            $0.presentation = Presentation(pressed: "folder-1", pressScale: Tween(from: 0.94, to: 1, start: 0, duration: 0))
            $0.navigation = Navigation(selection: "folder-1", selectionPath: folderPath, overlay: .folder("folder-1"),
                                       overlayPath: folderPath, marks: Marks(only: "folder-1", at: folderPath))
            $0.scroll = Scroll(offsets: $0.scroll.offsets, target: $0.scroll.target,
                               limits: Scroll.Limits(root: $0.scroll.limits.root, folder: panel.maxOffset))
            $0.outbox = Outbox(effects: [.opened("folder-1")], needsDisplay: true)
        }
        #expect(s.engine.folderPanel == panel)

        // The wheel scrolls the folder's items (the panel is modal), not the surface; clamped at the end.
        s.send(.wheel(dx: 0, dy: 10_000, at: Point(x: 3, y: 3))) {
            $0.presentation = Presentation(pressScale: Tween(from: 0.94, to: 1, start: 0, duration: 0))
            $0.scroll = Scroll(offsets: $0.scroll.offsets, target: $0.scroll.target, folderOffset: panel.maxOffset,
                               folderTarget: panel.maxOffset, limits: $0.scroll.limits)
        }

        s.send(.key(.escape)) {
            $0.navigation = Navigation(selection: "folder-1", selectionPath: folderPath, marks: Marks(only: "folder-1", at: folderPath))
        }
        #expect(s.engine.folderPanel == nil)
    }

    @Test func aDoneItemRefusesWithAShakeAndNothingElseChanges() {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        m.sections[0].items[4].done = true
        var s = EngineScript(model: m)
        let c = s.center("item-5")
        s.down(c)
        // Refused: the press lasts until the release (no click then), marked refused.
        let refused = Press(id: "item-5", path: IndexPath(section: 0, item: 4), start: 0, origin: c, moved: true, refused: true)
        s.wait(0.5) {
            $0.session = DragSession(phase: .pressed(refused), pointer: c)
            $0.presentation = Presentation(pressed: "item-5", pressScale: Tween(from: 0.94, to: 1, start: 0.5, duration: 0.1),
                                           refusals: ["item-5": 0.5])
            $0.outbox = Outbox(effects: [.refused("item-5")], needsDisplay: true)
        }
        // Once the shake and the press have eased out, nothing is left of either.
        s.wait(0.5) {
            $0.presentation = Presentation(pressScale: Tween(from: 0.94, to: 1, start: 0.5, duration: 0.1))
        }
        #expect(s.engine.nextDeadline == nil)
        s.send(.pointerUp(c)) {
            $0.session = DragSession(phase: .idle, pointer: c)
        }
    }
}
