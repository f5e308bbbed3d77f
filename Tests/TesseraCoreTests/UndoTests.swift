import Testing
@testable import TesseraCore

/// Undo and redo of every committed edit: whole-model assertions after each step, the keys, the
/// rules for a gesture in flight, and the property that undoing everything gives the first model.
@Suite struct UndoTests {
    func before(_ s: EngineScript, _ id: ItemID) -> Point { let f = s.frame(id); return Point(x: f.minX + 6, y: f.midY) }

    func ctrl(_ s: inout EngineScript, _ letter: String, shift: Bool = false) {
        s.send(.key(.character(letter), shift ? [.control, .shift] : [.control]))
    }

    /// A pointer drag that makes a folder (item-1 onto item-8) is one step: Ctrl+Z gives back the
    /// model from before the lift, Ctrl+Shift+Z the one after the drop, Ctrl+Y too.
    @Test func aDropIntoAFolderIsOneStepBackAndForth() {
        var s = EngineScript()
        let before = s.engine.model
        s.lift("item-1")
        s.glide(to: s.center("item-8"))
        s.wait(1.6)
        s.up(s.engine.pointer!)
        s.wait(0.5)
        let after = s.engine.model
        #expect(after != before && s.engine.canUndo && !s.engine.canRedo)
        let folder = after.sections[0].items[6]
        #expect(folder.isFolder)
        let folderFrame = s.frame(folder.id)
        s.effects = []
        ctrl(&s, "z")
        #expect(s.engine.model == before)
        #expect(s.frame("item-1") == folderFrame, "item-1 comes out of the folder's cell")
        s.wait(1)
        #expect(s.frame("item-1") == s.engine.snapshot.windowFrame(ofFlat: 0, offsets: s.engine.offsets))
        #expect(s.effects.hasCommit, "the undo is saved like any edit")
        #expect(!s.engine.canUndo && s.engine.canRedo)
        ctrl(&s, "z", shift: true)
        #expect(s.engine.model == after)
        ctrl(&s, "z")
        #expect(s.engine.model == before)
        ctrl(&s, "y")
        #expect(s.engine.model == after)
    }

    /// Undo animates: the item taken back slides from where it is drawn to its old slot.
    @Test func undoneItemsSlideBack() throws {
        var s = EngineScript()
        try s.engine.move("item-1", to: IndexPath(section: 0, item: 6), at: s.t)
        s.wait(1)
        let at6 = s.frame("item-1")
        ctrl(&s, "z")
        #expect(s.ids(0).first == "item-1")
        s.wait(0.05)
        let moving = s.frame("item-1")
        s.wait(1)
        let home = s.frame("item-1")
        #expect(moving != at6 && moving != home, "on its way: \(moving)")
        #expect(home == s.engine.snapshot.windowFrame(ofFlat: 0, offsets: s.engine.offsets))
    }

    /// A new edit after an undo: what was undone can no longer be redone.
    @Test func aNewEditClearsTheRedoSteps() throws {
        var s = EngineScript()
        try s.engine.move("item-1", to: IndexPath(section: 0, item: 3), at: 0)
        ctrl(&s, "z")
        #expect(s.engine.canRedo)
        try s.engine.move("item-2", to: IndexPath(section: 1, item: 0), at: 0)
        #expect(!s.engine.canRedo)
        ctrl(&s, "z", shift: true)
        #expect(s.ids(1).first == "item-2")
    }

    /// A drag in flight is cancelled first, not undone: the carried item goes home, the earlier
    /// edit stays, and the next Ctrl+Z undoes it.
    @Test func ctrlZDuringADragCancelsItAndUndoesNothing() throws {
        var s = EngineScript()
        try s.engine.move("item-5", to: IndexPath(section: 1, item: 0), at: 0)
        let moved = s.engine.model
        s.lift("item-1")
        s.glide(to: before(s, "item-4"))
        s.wait(0.6)
        #expect(s.ids(0).first != "item-1", "reordered live")
        ctrl(&s, "z")
        #expect(!s.engine.isDragging && s.engine.model == moved)
        s.wait(1)
        ctrl(&s, "z")
        #expect(s.engine.model == SampleData.generated(count: 40, sections: 2, seed: 1))
    }

    /// A drop still flying home lands at once, then the drop is undone.
    @Test func undoRightAfterADropLandsItFirst() {
        var s = EngineScript()
        let start = s.engine.model
        s.lift("item-1")
        s.glide(to: before(s, "item-4"))
        s.wait(0.6)
        s.up(s.engine.pointer!)
        #expect(s.engine.session.isSettling && s.engine.model != start)
        ctrl(&s, "z")
        #expect(!s.engine.session.isSettling && s.engine.model == start)
    }

    /// Undo scrolls to show what changed: a move made far down, undone from the top.
    @Test func undoRevealsTheChange() throws {
        var s = EngineScript(model: SampleData.generated(count: 400, sections: 1, seed: 2))
        try s.engine.move("item-1", to: IndexPath(section: 0, item: 390), at: 0)
        s.key(.home)
        s.wait(1)
        try s.engine.move("item-399", to: IndexPath(section: 0, item: 395), at: s.t)
        s.key(.end)
        s.wait(1)
        ctrl(&s, "z")   // item-399 back: near the end, in view
        ctrl(&s, "z")   // item-1 back to the top: the view follows
        s.wait(1)
        #expect(s.engine.offsets.root.y < 20)
        #expect(s.ids(0).first == "item-1")
    }

    @Test func nothingToUndoOrRedoChangesNothing() {
        var s = EngineScript()
        let start = s.engine
        ctrl(&s, "z")
        ctrl(&s, "y")
        #expect(s.engine.model == start.model && !s.effects.hasCommit)
    }

    /// The steps kept are bounded by the items they hold, the oldest forgotten first.
    @Test func theHistoryForgetsItsOldestStepsPastItsBudget() {
        var history = EditHistory()
        let big = Item(id: "f", title: "F", kind: .folder,
                       children: (0..<(EditHistory.itemBudget / 2)).map { Item(id: ItemID("c\($0)"), title: "c") })
        for k in 0..<3 {
            var log = EditLog()
            log.append(.replaced(section: 0, index: k, old: big))
            history.record(log)
        }
        #expect(history.undoSteps.count == 1, "three steps of half the budget each: two forgotten")
        #expect(history.undoSteps.last?.log.steps.first == .replaced(section: 0, index: 2, old: big))
    }

    /// Delete removes the selected item and selects the next; Ctrl+Z puts it back; Ctrl+D marks
    /// the selection done and again not done; each is one step.
    @Test func deleteAndDoneFromTheKeyboardAreStepsToo() {
        var s = EngineScript()
        let start = s.engine.model
        s.key(.right)
        #expect(s.engine.navigation.selection == "item-1")
        s.key(.delete)
        #expect(s.engine.model.item(withID: "item-1") == nil && s.ids(0).first == "item-2")
        #expect(s.engine.navigation.selection == "item-2", "the next one is selected")
        #expect(s.effects.hasCommit)
        ctrl(&s, "d")
        #expect(s.engine.model.item(withID: "item-2")?.done == true)
        ctrl(&s, "d")
        #expect(s.engine.model.item(withID: "item-2")?.done == false)
        ctrl(&s, "z")
        ctrl(&s, "z")
        #expect(s.engine.model.item(withID: "item-2")?.done == false)
        ctrl(&s, "z")
        #expect(s.engine.model == start)
    }

    func toastNode(_ s: EngineScript) -> LabelNode? {
        s.engine.scene().nodes.lazy.compactMap { if case .label(let l) = $0, l.style == .toast { l } else { nil } }.first
    }

    /// A drop into a folder shows "Moved … into … — Undo" at the bottom (at the top when the drop
    /// was there); a click on it undoes and shows "Undid: … — Redo", whose click redoes; it
    /// fades after 5 s and is gone.
    @Test func aToastAfterADropUndoesAndRedoesWhenClicked() throws {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        try m.drop("item-9", onto: "item-10")  // folder-1 at index 8
        var s = EngineScript(model: m)
        let title = try #require(m.item(withID: "item-2")).title
        let before = s.engine.model
        s.lift("item-2")
        s.glide(to: s.center("folder-1"))
        s.wait(1.05)
        s.up(s.engine.pointer!)
        let after = s.engine.model
        let toast = try #require(toastNode(s))
        #expect(toast.text == "Moved \(title) into Folder 1 — Undo")
        #expect(toast.frame.maxY == 400 - 20 && toast.frame.midX == 280, "bottom centre, the drop being near the top")
        s.wait(0.5)
        s.down(toast.frame.center)
        s.up(toast.frame.center)
        #expect(s.engine.model == before)
        let undid = try #require(toastNode(s))
        #expect(undid.text == "Undid: Moved \(title) into Folder 1 — Redo")
        s.down(undid.frame.center)
        s.up(undid.frame.center)
        #expect(s.engine.model == after)
        s.wait(4.7)
        let fading = try #require(toastNode(s))
        #expect(fading.opacity > 0 && fading.opacity < 1)
        s.wait(0.4)
        #expect(toastNode(s) == nil && s.engine.presentation.toast == nil)
        #expect(s.engine.nextDeadline == nil, "an idle engine again")
    }

    /// A toast never covers where the item was dropped: a drop near the bottom puts it at the top.
    @Test func theToastAvoidsTheDropPoint() throws {
        // Four rows of five, all in the window: the last row's centres are in the toast's place.
        var s = EngineScript(model: SampleData.generated(count: 20, sections: 1, seed: 4), viewport: Size(width: 560, height: 440))
        let target = s.engine.model.sections[0].items[15].id
        #expect(s.center(target).y > 440 - 20 - 40 - 24)
        s.lift("item-1")
        s.glide(to: s.center(target))
        s.wait(1.6)
        let drop = s.engine.pointer!
        s.up(drop)
        let toast = try #require(toastNode(s))
        #expect(toast.text.hasPrefix("Made a folder of "))
        #expect(!toast.frame.insetBy(dx: -24, dy: -24).contains(drop))
    }

    /// Plain moves and done marks show no toast; deletes do.
    @Test func onlyEditsEasyToMissOrRegretShowAToast() throws {
        var s = EngineScript()
        try s.engine.move("item-1", to: IndexPath(section: 0, item: 3), at: 0)
        #expect(toastNode(s) == nil)
        s.key(.right)
        ctrl(&s, "d")
        #expect(toastNode(s) == nil)
        s.key(.delete)
        #expect(toastNode(s)?.text.hasPrefix("Deleted ") == true)
    }

    /// An item coming back (an undone delete) or added grows out of its slot instead of appearing.
    @Test func anUndoneDeleteGrowsBackIntoItsSlot() {
        var s = EngineScript()
        s.key(.right)
        let slot = s.frame("item-1")
        s.key(.delete)
        s.wait(1)
        s.send(.key(.character("z"), [.control]))
        let first = s.frame("item-1")
        #expect(first.width < slot.width * 0.5 && first.center == slot.center, "starts small, centred: \(first)")
        s.wait(1)
        #expect(s.frame("item-1") == slot)
    }

    /// The property: after any sequence of committed edits of every kind (moves, drops, folders
    /// made and left, deletes, renames of items and sections, added items, done marks), undoing all of them gives back the
    /// first model exactly (each undo the model before that edit), and redoing all gives the last.
    /// 2,000 seeded sequences.
    @Test(arguments: 0..<20 as Range<UInt64>)
    func undoingEverythingGivesTheFirstModel(batch: UInt64) throws {
        for seed in batch * 100 ..< batch * 100 + 100 {
            var rng = SeededRandom(seed: seed)
            var engine = Engine(model: SampleData.generated(count: 24, sections: 3, seed: seed), layout: .grid(EngineScript.grid),
                                viewport: Size(width: 560, height: 400))
            var models = [engine.model]
            for _ in 0..<12 {
                let all = engine.model.allIDs
                let id = all[Int(rng.next() % UInt64(all.count))], other = all[Int(rng.next() % UInt64(all.count))]
                let s = Int(rng.next() % 3), i = Int(rng.next() % 9)
                do {
                    try engine.update(at: 0, animated: rng.next() % 2 == 0) { (u: inout ModelUpdates) throws(ModelEditError) in
                        switch rng.next() % 9 {
                        case 0: try u.move(id, to: IndexPath(section: s, item: i))
                        case 1: try u.moveIntoFolder(id, folder: other)
                        case 2: try u.drop(id, onto: other)
                        case 3: try u.moveOutOfFolder(id, to: IndexPath(section: s, item: i))
                        case 4: try u.delete(id)
                        case 5: try u.rename(id, to: "t\(rng.next() % 5)")
                        case 6: try u.insert(Item(id: u.model.freshID(prefix: "new-"), title: "n", icon: ""),
                                             at: IndexPath(section: s, item: Swift.min(i, u.model.sections[s].items.count)))
                        case 7: try u.retitleSection(s, to: "s\(rng.next() % 3)")
                        default: try u.setDone(id, !(u.model.item(withID: id)?.done ?? false))
                        }
                    }
                } catch { continue }
                // A step is recorded for each commit; a move to where the item already is commits none.
                if engine.arrangement.history.undoSteps.count == models.count { models.append(engine.model) }
                #expect(engine.arrangement.history.undoSteps.count == models.count - 1, "seed \(seed)")
            }
            for k in stride(from: models.count - 2, through: 0, by: -1) {
                let undone = engine.undo(at: 1)
                #expect(undone, "seed \(seed)")
                #expect(engine.model == models[k], "seed \(seed): undo to step \(k)")
            }
            let nothingLeft = !engine.undo(at: 1)
            #expect(nothingLeft)
            for k in 1..<models.count {
                let redone = engine.redo(at: 2)
                #expect(redone, "seed \(seed)")
                #expect(engine.model == models[k], "seed \(seed): redo to step \(k)")
            }
            #expect(engine.model.checkInvariants().isEmpty)
        }
    }
}

/// The done check a mouse can reach: drawn on the hovered or selected tile (and on every board
/// row), and a press on it marks the item done or not done without opening or lifting it.
@Suite struct CheckMarkTests {
    func cell(_ s: EngineScript, _ id: ItemID) -> CellNode? {
        s.engine.scene().nodes.lazy.compactMap { if case .cell(let c) = $0, c.id == id { c } else { nil } }.first
    }

    @Test func aPressOnTheCheckMarksDoneAndAgainUndone() throws {
        var s = EngineScript()
        let frame = s.frame("item-3")
        #expect(cell(s, "item-3")?.showsCheck == false, "not hovered, not selected")
        s.move(frame.center)
        #expect(cell(s, "item-3")?.showsCheck == true, "hovered: the empty circle shows")
        let check = CheckMark.circle(in: frame)
        s.down(Point(x: check.midX, y: check.midY))
        s.up(Point(x: check.midX, y: check.midY))
        #expect(s.engine.model.item(withID: "item-3")?.done == true)
        #expect(s.engine.overlay == nil && s.engine.navigation.selection == "item-3", "selected, not opened")
        #expect(s.effects.hasCommit)
        s.wait(1)
        #expect(!s.engine.isDragging)
        s.down(Point(x: check.midX, y: check.midY))
        s.up(Point(x: check.midX, y: check.midY))
        #expect(s.engine.model.item(withID: "item-3")?.done == false)
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model.item(withID: "item-3")?.done == true)
        // A press elsewhere on the tile still opens it.
        s.down(frame.center)
        s.up(frame.center)
        #expect(s.engine.overlay == .detail("item-3"))
    }

    @Test func boardRowsShowTheirCheckAtTheirStart() throws {
        var s = EngineScript(layout: .board(BoardLayout()), viewport: Size(width: 900, height: 600))
        s.wait(0.1)
        let rows = s.engine.scene().nodes.compactMap { if case .cell(let c) = $0 { c } else { nil } }
        #expect(!rows.isEmpty && rows.allSatisfy { CheckMark.isRow($0.frame) && ($0.showsCheck || $0.isDone || $0.isFolder) })
        let first = try #require(rows.first { !$0.isDone && !$0.isFolder })
        let check = CheckMark.circle(in: first.frame)
        #expect(check.minX - first.frame.minX == 10 && abs(check.midY - first.frame.midY) < 1e-9)
        s.down(Point(x: check.midX, y: check.midY))
        s.up(Point(x: check.midX, y: check.midY))
        #expect(s.engine.model.item(withID: first.id)?.done == true)
    }
}
