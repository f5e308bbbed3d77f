import Testing
@testable import TesseraCore

/// A switch into a masonry too large for one frame is laid out a slice per frame
/// (`policy.layoutSliceItems`), the old layout shown and usable meanwhile, and flies only once it
/// is ready; afterwards the masonry's spare memory is warmed the same way. Here the slice is 10
/// items, so a 100-item collection shows what a million do with the app's 100,000.
@Suite struct LayoutSwitchSlicingTests {
    static var slicing: DragPolicy {
        var p = DragPolicy()
        p.layoutSliceItems = 10
        return p
    }

    static func script(count: Int = 100) -> EngineScript {
        EngineScript(model: SampleData.generated(count: count, sections: 3, seed: 4), layout: .grid(FlowLayout()),
                     viewport: Size(width: 800, height: 600), policy: slicing)
    }

    /// A pass run in slices of any size gives the frames, sections and content size of one run at once.
    @Test(arguments: MasonryRelayoutTests.placements)
    func aPassInSlicesEqualsOneAtOnce(_ placement: MasonryLayout.Placement) {
        var layout = MasonryLayout()
        layout.placement = placement
        for seed in 1...8 as ClosedRange<UInt64> {
            let model = MasonryRelayoutTests.model(seed: seed, sections: 6)
            let viewport = Size(width: 400 + Double(seed * 131 % 700), height: 500)
            let whole = layout.snapshot(of: model, viewport: viewport)
            for budget in [1, 3, 7, 40] {
                var pass = MasonryPass(layout, model: model, viewport: viewport)
                var runs = 1
                while !pass.run(budget: budget) { runs += 1 }
                #expect(pass.itemsPlaced == model.topLevelCount)
                #expect(runs >= model.topLevelCount / budget, "seed \(seed): \(runs) slices of \(budget)")
                let sliced = pass.snapshot()
                #expect(Array(sliced.frames) == Array(whole.frames), "seed \(seed), slices of \(budget)")
                #expect(sliced.sections == whole.sections && sliced.contentSize == whole.contentSize, "seed \(seed), slices of \(budget)")
            }
        }
    }

    @Test func theGridStaysUntilTheMasonryIsLaidOutThenEveryTileFlies() {
        var s = Self.script()
        let gridFrames = Array(s.engine.snapshot.frames)
        s.key(.character("2"))
        #expect(s.engine.layoutChoice == .grid && s.engine.arrangement.pendingLayout?.choice == .masonry)
        #expect(Array(s.engine.snapshot.frames) == gridFrames, "the grid is still what is shown and hit")
        #expect(s.engine.nextDeadline == s.t + s.engine.policy.frameInterval, "the rest is laid out frame by frame")
        #expect(s.engine.presentation.motions.isEmpty)
        // 100 items in slices of 10, one a frame from the key's (none with the key itself: its
        // frame runs one, not two), and the flight in the frame after the last slice, not with it.
        var frames = 0
        while s.engine.layoutChoice == .grid && frames < 20 {
            s.wait(1.0 / 60)
            frames += 1
            if frames == 10 { #expect(s.engine.arrangement.isSwitchReady && s.engine.presentation.motions.isEmpty, "laid out, not flying yet") }
        }
        #expect(frames == 11)
        #expect(s.engine.layoutChoice == .masonry && s.engine.arrangement.pendingLayout == nil)
        #expect(s.effects.filter { $0 == .layoutChanged(.masonry) }.count == 1)
        #expect(!s.engine.presentation.motions.isEmpty, "the tiles fly from where the grid drew them")
        let fresh = s.engine.layout.snapshot(of: s.engine.model, viewport: s.engine.viewport)
        #expect(Array(s.engine.snapshot.frames) == Array(fresh.frames))
        s.wait(1)
        #expect(s.engine.nextDeadline == nil, "then idle: the spare memory warmed, no more wake-ups")
    }

    /// A layout that fits one slice is laid out after the frame that asked for it is shown
    /// (`finishFrame()`), not in it: the tiles fly from the frame after. Why: the layout and
    /// the flight's first frame made one 8.6 ms frame at 100,000 items, and the layout in the
    /// key's frame 3.5 ms more; and the key's frame names the new layout's label styles, whose
    /// faces idle time loads before the flight's first frame draws them (the bold face of a
    /// masonry's headers: 2.4 ms inside that frame).
    @Test func aLayoutThatFitsASliceIsLaidOutAfterTheKeysFrameAndFliesInTheNext() {
        for budget in [400, 1000] {
            var policy = DragPolicy()
            policy.layoutSliceItems = budget
            var s = EngineScript(model: SampleData.generated(count: 100, sections: 3, seed: 4), layout: .grid(FlowLayout()),
                                 viewport: Size(width: 800, height: 600), policy: policy)
            #expect(s.engine.scene().upcomingLabelStyles.isEmpty)
            s.key(.character("2"))
            #expect(!s.engine.arrangement.isSwitchReady && s.engine.arrangement.pendingLayout?.choice == .masonry,
                    "budget \(budget): nothing laid out with the key")
            #expect(s.engine.scene().upcomingLabelStyles == [.header, .footer], "budget \(budget): the masonry's labels")
            s.t += 1.0 / 60
            s.engine.beginFrame(at: s.t)
            #expect(s.engine.layoutChoice == .grid && !s.engine.arrangement.isSwitchReady, "budget \(budget): the key's frame")
            s.engine.finishFrame()
            #expect(s.engine.arrangement.isSwitchReady, "budget \(budget): laid out once that frame is shown")
            s.wait(1.0 / 60)
            #expect(s.engine.layoutChoice == .masonry && !s.engine.presentation.motions.isEmpty, "budget \(budget): flying")
            #expect(s.engine.scene().upcomingLabelStyles.isEmpty, "budget \(budget): shown, no longer upcoming")
        }
        // A board's list titles and "Add task" rows.
        var s = EngineScript(model: SampleData.generated(count: 100, sections: 3, seed: 4))
        s.key(.character("3"))
        s.wait(1.0 / 60)
        #expect(s.engine.layoutChoice == .grid && s.engine.scene().upcomingLabelStyles == [.listTitle, .addRow])
    }

    /// On a faster display a slice is smaller, so a slice and a frame still fit one interval: at
    /// 120 Hz the same switch takes twice the frames, the same time.
    @Test func aFasterDisplayTakesSmallerSlicesInTheSameTime() {
        var s = Self.script()
        s.send(.frameInterval(1.0 / 120))
        #expect(s.engine.policy.frameInterval == 1.0 / 120 && s.engine.layoutSliceBudget == 5)
        s.key(.character("2"))
        var frames = 0
        while s.engine.layoutChoice == .grid && frames < 40 {
            s.wait(1.0 / 120)
            frames += 1
        }
        #expect(frames == 21, "100 items, 5 a frame, then the flight: \(frames) frames")
        #expect(s.engine.layoutChoice == .masonry)
    }

    /// Events between frames bring time forward but run no layout: a pointer moving over the
    /// window (a motion event every 2 ms, eight a frame) leaves the switch a slice per frame,
    /// as still as a pointer at rest. A slice per event ran eight passes in one frame.
    @Test func eventsBetweenFramesRunNoSlices() {
        var s = Self.script()
        s.key(.character("2"))
        var frames = 0
        while s.engine.layoutChoice == .grid && frames < 20 {
            for k in 1...8 {
                s.t += 0.002
                s.move(Point(x: 200 + Double(k * 10), y: 300))
            }
            s.t += 1.0 / 60 - 0.016
            s.engine.advance(to: s.t)
            frames += 1
        }
        #expect(frames == 11, "\(frames) frames: as many as without the pointer moving")
        #expect(s.engine.layoutChoice == .masonry && s.engine.arrangement.pendingLayout == nil)
    }

    @Test func theLayoutInUseAskedForAgainDropsThePendingSwitch() {
        var s = Self.script()
        s.key(.character("2"))
        s.wait(2.0 / 60)
        s.key(.character("1"))
        #expect(s.engine.arrangement.pendingLayout == nil && s.engine.layoutChoice == .grid)
        s.wait(0.5)
        #expect(s.engine.layoutChoice == .grid && !s.effects.contains(.layoutChanged(.masonry)))
        #expect(s.engine.nextDeadline == nil)
        // And another layout asked for on the way replaces it: a board is laid out at once, and
        // flies from the frame after the key's.
        s.key(.character("2"))
        s.key(.character("3"))
        #expect(s.engine.arrangement.isSwitchReady && s.engine.arrangement.pendingLayout?.choice == .board)
        s.wait(2.0 / 60)
        #expect(s.engine.layoutChoice == .board && s.engine.arrangement.pendingLayout == nil)
    }

    /// An edit while the masonry is laid out (here a delete) starts its pass again on the edited
    /// collection: what lands is the masonry of the collection as it is, never of one before.
    @Test func anEditOnTheWayRestartsThePassOnTheEditedCollection() throws {
        var s = Self.script()
        s.key(.character("2"))
        s.wait(3.0 / 60)
        let id = s.engine.flatIDs[0]
        s.send(.pointerDown(s.center(id)))
        s.send(.pointerUp(s.center(id)))
        s.key(.delete)
        #expect(s.engine.model.topLevelCount == 99)
        #expect(s.engine.layoutChoice == .grid, "started again: 99 items, ten slices")
        s.wait(1)
        #expect(s.engine.layoutChoice == .masonry)
        let fresh = s.engine.layout.snapshot(of: s.engine.model, viewport: s.engine.viewport)
        #expect(Array(s.engine.snapshot.frames) == Array(fresh.frames))
        #expect(s.engine.snapshot.frames.count == 99)
    }

    /// A tile pressed while the masonry is laid out is not pulled from under the pointer: the
    /// switch waits for the press, the lift and the drop to be over.
    @Test func aReadySwitchWaitsForTheDragToEnd() {
        var s = Self.script()
        s.key(.character("2"))
        let id = s.engine.flatIDs[1]
        s.down(s.center(id))
        s.wait(0.3)
        #expect(s.engine.arrangement.isSwitchReady && s.engine.layoutChoice == .grid, "pressed, not yet lifted")
        s.wait(0.3)
        #expect(s.engine.isDragging)
        #expect(s.engine.arrangement.isSwitchReady && s.engine.layoutChoice == .grid)
        s.up(s.engine.pointer!)
        s.wait(1)
        #expect(s.engine.layoutChoice == .masonry)
        #expect(s.engine.nextDeadline == nil)
    }

    /// A switch out of a masonry lets go of its frames (a million: 32 MB): they are freed when
    /// the host says (after the frame is on screen), not inside the switch's frame, where handing
    /// them back to the system took ~2.5 ms.
    @Test func memoryASwitchLetsGoOfIsFreedWhenTheHostSays() {
        var a = Arrangement(model: SampleData.generated(count: 100, sections: 3, seed: 4), layout: LayoutChoice.masonry.layout,
                            viewport: Size(width: 800, height: 600))
        weak var masonry = a.snapshot.store
        a.beginSwitch(to: LayoutChoice.board.layout, budget: 30)
        a.applySwitch()
        #expect(masonry != nil && !a.hasDiscardedMemory, "kept for a switch back into masonry")
        a.beginSwitch(to: LayoutChoice.grid.layout, budget: 30)
        a.applySwitch()
        #expect(a.layout.choice == .grid)
        #expect(masonry != nil && a.hasDiscardedMemory, "let go of, not yet freed")
        a.releaseDiscarded()
        #expect(masonry == nil && !a.hasDiscardedMemory, "freed")

        // The engine lets go of it in the frame that lands the switch and frees it once that
        // frame is shown (`finishFrame()`).
        var s = Self.script()
        s.key(.character("2"))
        while s.engine.layoutChoice != .masonry { s.wait(1.0 / 60) }
        s.wait(1)
        weak var shown = s.engine.snapshot.store
        s.key(.character("3"))
        s.wait(1)
        s.key(.character("1"))
        s.wait(1.0 / 60)   // the key's frame: the grid is laid out after it
        s.t += 1.0 / 60
        s.engine.beginFrame(at: s.t)
        #expect(s.engine.layoutChoice == .grid && s.engine.arrangement.hasDiscardedMemory, "let go of in the frame that lands")
        s.engine.finishFrame()
        #expect(!s.engine.arrangement.hasDiscardedMemory, "freed once that frame is shown")
        s.wait(1)
        #expect(shown == nil)
    }

    /// Into a masonry from a grid there is no earlier masonry snapshot to reuse: memory for the
    /// next relayout is faulted in a slice a frame, and that relayout writes into it.
    @Test func theFirstMasonryRelayoutWritesIntoWarmedMemory() {
        var a = Arrangement(model: SampleData.generated(count: 100, sections: 3, seed: 4), layout: .grid(FlowLayout()),
                            viewport: Size(width: 800, height: 600))
        a.beginSwitch(to: LayoutChoice.masonry.layout, budget: 30)
        #expect(!a.isSwitchReady, "100 items, slices of 30: none placed when asked, four frames")
        var slices = 0
        while !a.isSwitchReady { #expect(a.continueLayoutWork(budget: 30) == .switching); slices += 1 }
        #expect(slices == 4)
        a.applySwitch()
        #expect(a.layout.choice == .masonry && a.hasLayoutWork && a.spareCapacity == 0)
        while a.hasLayoutWork { _ = a.continueLayoutWork(budget: 30) }
        #expect(a.spareCapacity >= 100)
        let warmed = a.spareAddress
        let switched = a.snapshot.store.map { UnsafeRawPointer($0.base) }
        let id = a.model.sections[0].items[0].id
        _ = a.edit { (u: inout ModelUpdates) throws(ModelEditError) in try u.move(id, to: IndexPath(section: 1, item: 3)) }
        #expect(a.snapshot.store.map { UnsafeRawPointer($0.base) } == warmed)
        #expect(a.spareAddress == switched, "the switch's memory is the next relayout's spare")
        #expect(Array(a.snapshot.frames) == Array(a.layout.snapshot(of: a.model, viewport: a.viewport).frames))
    }

    /// Pictures measured (shapes only) in a masonry too large for a frame: the re-flow is computed
    /// across frames, the snapshot before kept meanwhile (every index right, shapes old); shapes
    /// changed again on the way get one more pass; an edit that moves items overtakes it.
    @Test func newShapesReflowAcrossFramesAndLandTogether() throws {
        var a = Arrangement(model: SampleData.generated(count: 100, sections: 3, seed: 4), layout: LayoutChoice.masonry.layout,
                            viewport: Size(width: 800, height: 600))
        func fresh() -> [Rect] { Array(a.layout.snapshot(of: a.model, viewport: a.viewport).frames) }
        func setAspect(_ k: Int, _ aspect: Double) -> (log: EditLog, laidOut: Bool) {
            let id = a.model.sections[0].items[k].id
            return a.editShapes(budget: 30) { u in try? u.setAspect(aspect, of: id, near: IndexPath(section: 0, item: k)) }
        }
        let shown = Array(a.snapshot.frames)
        let first = setAspect(0, 2.0)
        #expect(!first.log.isEmpty && !first.laidOut)
        #expect(Array(a.snapshot.frames) == shown, "the old shapes stay until the re-flow lands")
        _ = a.continueLayoutWork(budget: 30)
        let second = setAspect(1, 0.5)        // while the first pass runs
        #expect(!second.laidOut)
        var slices = 0
        while !a.isReshapeReady && slices < 10 { _ = a.continueLayoutWork(budget: 30); slices += 1 }
        a.applyReshape()
        #expect(Array(a.snapshot.frames) != shown && Array(a.snapshot.frames) != fresh(), "the first re-flow: item 0's new shape only")
        #expect(a.hasLayoutWork, "and one more for the shape that came on the way")
        while !a.isReshapeReady { _ = a.continueLayoutWork(budget: 30) }
        a.applyReshape()
        #expect(Array(a.snapshot.frames) == fresh())
        // A move while a re-flow runs lays out at once, shapes and all.
        _ = setAspect(2, 1.8)
        let id = a.model.sections[0].items[5].id
        _ = a.edit { (u: inout ModelUpdates) throws(ModelEditError) in try u.move(id, to: IndexPath(section: 1, item: 0)) }
        #expect(Array(a.snapshot.frames) == fresh() && !a.isReshapeReady)
        while a.hasLayoutWork { _ = a.continueLayoutWork(budget: 30) }
        #expect(!a.isReshapeReady && Array(a.snapshot.frames) == fresh())
        // Within one slice (the app's 100,000 here) it lands at once, as before.
        let small = a.editShapes(budget: 1000) { u in try? u.setAspect(0.7, of: id, near: IndexPath(section: 1, item: 0)) }
        #expect(small.laidOut && Array(a.snapshot.frames) == fresh())
    }

    /// A report of new shapes starts the re-flow and leaves its slices to the frames: the frame the
    /// report came in runs one (its own), not two. 100 items in slices of 30: four frames.
    @Test func aLargeReflowIsSlicedByFramesOnly() {
        var a = Arrangement(model: SampleData.generated(count: 100, sections: 3, seed: 4), layout: LayoutChoice.masonry.layout,
                            viewport: Size(width: 800, height: 600))
        let id = a.model.sections[0].items[0].id
        let report = a.editShapes(budget: 30) { u in try? u.setAspect(2, of: id, near: IndexPath(section: 0, item: 0)) }
        #expect(!report.laidOut && a.hasLayoutWork)
        var frames = 0
        while !a.isReshapeReady && frames < 10 { _ = a.continueLayoutWork(budget: 30); frames += 1 }
        #expect(frames == 4)
        a.applyReshape()
        #expect(Array(a.snapshot.frames) == Array(a.layout.snapshot(of: a.model, viewport: a.viewport).frames))
    }

    /// Shapes that changed while a re-flow was computed get one more pass, written into the
    /// memory of the snapshot the first one replaced, once the engine has let go of that snapshot
    /// (it holds it while the tiles' slides are made from it). Begun at once, the pass met fresh
    /// pages: every other re-flow of a drop's batches ran its slices at twice the cost.
    @Test func aSecondReflowWritesIntoTheMemoryTheFirstFreed() {
        var a = Arrangement(model: SampleData.generated(count: 100, sections: 3, seed: 4), layout: LayoutChoice.masonry.layout,
                            viewport: Size(width: 800, height: 600))
        func address(_ l: LayoutSnapshot) -> UnsafeRawPointer? { l.store.map { UnsafeRawPointer($0.base) } }
        func setAspect(_ k: Int, _ aspect: Double) {
            let id = a.model.sections[0].items[k].id
            _ = a.editShapes(budget: 30) { u in try? u.setAspect(aspect, of: id, near: IndexPath(section: 0, item: k)) }
        }
        let original = address(a.snapshot)
        setAspect(0, 2.0)
        _ = a.continueLayoutWork(budget: 30)
        setAspect(1, 0.5)                      // on the way: one more pass
        while !a.isReshapeReady { _ = a.continueLayoutWork(budget: 30) }
        do {
            let before = a.snapshot            // as the engine holds it across the landing
            a.applyReshape()
            #expect(before.itemCount == 100)
        }
        #expect(a.hasLayoutWork && !a.isReshapeReady)
        while !a.isReshapeReady { _ = a.continueLayoutWork(budget: 30) }
        a.applyReshape()
        #expect(address(a.snapshot) == original)
        #expect(Array(a.snapshot.frames) == Array(a.layout.snapshot(of: a.model, viewport: a.viewport).frames))
    }
}
