import Testing
@testable import TesseraCore

/// A masonry too large for one frame, laid out again after an edit: what is on screen (and two
/// screens past the change) is placed at once, the items after it borrow their frames from the
/// layout before, and the exact layout lands a few frames later (`LayoutDeferral`,
/// `BorrowedTail`). Here the budget is 10 items, so collections of a few hundred show what a million do
/// with the app's 100,000.
@Suite struct MasonryDeferredRelayoutTests {
    static let viewport = Size(width: 700, height: 300)

    static func model(seed: UInt64) -> CollectionModel {
        var rng = SeededRandom(seed: seed)
        var n = 0
        return CollectionModel(sections: [300, 0, 220, 3, 150].enumerated().map { s, count in
            Section(id: "s\(s)", title: "S\(s)", items: (0..<count).map { _ in
                n += 1
                return Item(id: ItemID("m\(n)"), title: "Item \(n)", icon: "star",
                            sizeHint: SizeHint(aspect: 0.4 + Double(rng.next() % 150) / 100))
            })
        })
    }

    /// One random edit of the kinds a user makes: a move (within or across sections), an
    /// insert, a delete, a drop onto another item (a folder made: a replacement), several
    /// inserted together (a drop of files).
    @discardableResult
    /// `nearTop`: among the first 40 items of the first section (what a user sees first).
    static func randomEdit(_ a: inout Arrangement, _ rng: inout SeededRandom, step: Int, deferral: LayoutDeferral?,
                           nearTop: Bool = false) -> EditLog {
        let ids = nearTop ? Array(a.model.sections[0].items.prefix(40).map(\.id)) : a.model.sections.flatMap { $0.items.map(\.id) }
        let id = ids[Int(rng.next() % UInt64(ids.count))]
        let other = ids[Int(rng.next() % UInt64(ids.count))]
        let s = nearTop ? 0 : Int(rng.next() % UInt64(a.model.sections.count))
        let to = IndexPath(section: s, item: Int(rng.next() % UInt64(nearTop ? 41 : a.model.sections[s].items.count + 1)))
        let fresh = { (k: Int) in Item(id: ItemID("new\(step)-\(k)"), title: "New", icon: "star", sizeHint: SizeHint(aspect: 0.5 + Double(k % 3) / 2)) }
        return a.edit(deferring: deferral) { (u: inout ModelUpdates) throws(ModelEditError) in
            switch step % 5 {
            case 0, 1: try u.move(id, to: to)
            case 2: try u.insert(contentsOf: (0..<4).map(fresh), at: to)
            case 3: _ = try u.delete(id)
            default: if id != other { try u.drop(id, onto: other) } else { try u.move(id, to: to) }
            }
        }.log
    }

    /// Whatever the edits, the run each section ends with is the same entries as before, in the
    /// same order, `shift` places on.
    @Test func untouchedTailsAreTheEntriesTheEditsLeftAlone() {
        var rng = SeededRandom(seed: 5)
        for round in 0..<60 {
            var a = Arrangement(model: Self.model(seed: UInt64(round)), layout: .masonry(MasonryLayout()), viewport: Self.viewport)
            let before = a.model
            var log = EditLog()
            for step in 0..<(1 + round % 4) {
                log.append(contentsOf: Self.randomEdit(&a, &rng, step: step + round, deferral: nil))
            }
            let tails = log.untouchedTails(sectionCount: before.sections.count)
            for (s, tail) in tails.enumerated() {
                let now = a.model.sections[s].items.map(\.id), was = before.sections[s].items.map(\.id)
                #expect(tail.from >= 0 && tail.from <= now.count, "round \(round), section \(s)")
                #expect(tail.from - tail.shift >= 0 && now.count - tail.from == was.count - (tail.from - tail.shift),
                        "round \(round), section \(s): \(tail)")
                if tail.from <= now.count, tail.from - tail.shift >= 0, tail.from - tail.shift <= was.count {
                    #expect(Array(now[tail.from...]) == Array(was[(tail.from - tail.shift)...]), "round \(round), section \(s)")
                }
            }
        }
    }

    /// Single edits: the run left alone starts right after the last place they touched.
    @Test func untouchedTailsStartRightAfterTheLastPlaceTouched() throws {
        let model = Self.model(seed: 3)
        let id = { (s: Int, i: Int) in model.sections[s].items[i].id }
        func tails(_ body: (inout ModelUpdates) throws(ModelEditError) -> Void) throws -> [(from: Int, shift: Int)] {
            var u = ModelUpdates(model: model)
            try body(&u)
            return u.log.untouchedTails(sectionCount: model.sections.count)
        }
        func expectTails(_ got: [(from: Int, shift: Int)], _ want: [Int: (Int, Int)], _ what: String) {
            for s in got.indices {
                let w = want[s] ?? (0, 0)
                #expect(got[s].from == w.0 && got[s].shift == w.1, "\(what), section \(s): \(got[s])")
            }
        }
        expectTails(try tails { (u: inout ModelUpdates) throws(ModelEditError) in try u.move(id(0, 2), to: IndexPath(section: 0, item: 7)) },
                    [0: (8, 0)], "2 → 7")
        expectTails(try tails { (u: inout ModelUpdates) throws(ModelEditError) in try u.move(id(0, 7), to: IndexPath(section: 0, item: 2)) },
                    [0: (8, 0)], "7 → 2")
        expectTails(try tails { (u: inout ModelUpdates) throws(ModelEditError) in _ = try u.delete(id(2, 3)) }, [2: (3, -1)], "a delete")
        let four = (0..<4).map { Item(id: ItemID("x\($0)"), title: "X", icon: "star") }
        expectTails(try tails { (u: inout ModelUpdates) throws(ModelEditError) in try u.insert(contentsOf: four, at: IndexPath(section: 4, item: 5)) },
                    [4: (9, 4)], "four inserted")
        expectTails(try tails { (u: inout ModelUpdates) throws(ModelEditError) in try u.move(id(0, 3), to: IndexPath(section: 2, item: 1)) },
                    [0: (3, -1), 2: (2, 1)], "across sections")
        expectTails(try tails { (u: inout ModelUpdates) throws(ModelEditError) in try u.drop(id(0, 9), onto: id(0, 4)) },
                    [0: (9, -1)], "a folder made of 9 on 4: 9 taken out, 4 replaced")
    }

    /// A provisional snapshot: every item starting above `exactThrough` (and every item up to the
    /// last one changed) where the exact layout puts it; its rect queries and hits agree with its
    /// own frames, borrowed ones included; once the pass lands, the layout from scratch.
    @Test func whatIsOnScreenIsExactAtOnceAndTheRestLandsExact() {
        var rng = SeededRandom(seed: 11)
        var provisionalSeen = 0
        for round in 0..<40 {
            var a = Arrangement(model: Self.model(seed: UInt64(round + 100)), layout: .masonry(MasonryLayout()), viewport: Self.viewport)
            let through = Double(rng.next() % 900)
            let deferral = LayoutDeferral(budget: 10, exactThrough: through)
            // Several edits in a row, the pass landing between some and not others.
            for step in 0..<(1 + round % 3) {
                Self.randomEdit(&a, &rng, step: step + round, deferral: deferral, nearTop: (step + round) % 4 != 3)
                let exact = a.layout.snapshot(of: a.model, viewport: a.viewport)
                let shown = a.snapshot
                #expect(shown.itemCount == exact.itemCount, "round \(round)")
                if let tail = shown.tail {
                    provisionalSeen += 1
                    // The first borrowed item starts where the exact layout starts it: the rest follow on.
                    #expect(abs(shown.frames[tail.from].minY - exact.frames[tail.from].minY) < 1e-6, "round \(round), step \(step)")
                    for i in 0..<exact.itemCount where i < tail.from || exact.frames[i].minY < through {
                        #expect(shown.frames[i] == exact.frames[i], "round \(round), step \(step): item \(i) of \(exact.itemCount), borrowed from \(tail.from)")
                    }
                    Self.expectQueriesAgreeWithFrames(shown, "round \(round), step \(step)", &rng)
                }
                if step % 2 == 1 { land(&a) }
            }
            land(&a)
            let exact = a.layout.snapshot(of: a.model, viewport: a.viewport)
            #expect(a.snapshot.tail == nil, "round \(round)")
            #expect(Array(a.snapshot.frames) == Array(exact.frames), "round \(round)")
            #expect(a.snapshot.sections == exact.sections && a.snapshot.contentSize == exact.contentSize, "round \(round)")
        }
        #expect(provisionalSeen >= 30, "most edits near the top of ~670 items with a budget of 10 borrow a tail")
    }

    /// An edit places what it needs inside its frame and leaves the rest of its pass to the frames
    /// after: the frame the edit came in runs no slice of it. (The drop of 10,000 files onto
    /// 100,000 items made and placed its items, ~10 ms, then placed 100,000 more, ~3.5 ms.)
    @Test func anEditsFrameRunsNoSliceOfItsPass() throws {
        var a = Arrangement(model: Self.model(seed: 3), layout: .masonry(MasonryLayout()), viewport: Self.viewport)
        let id = a.model.sections[0].items[5].id
        _ = a.edit(deferring: LayoutDeferral(budget: 10, exactThrough: 300)) { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.move(id, to: IndexPath(section: 0, item: 1))
        }
        let placed = try #require(a.reshapeItemsPlaced, "a provisional snapshot, its pass under way")
        #expect(a.snapshot.tail != nil && a.hasLayoutWork)
        a.continueLayoutWork(budget: 10)       // the edit's own frame
        #expect(a.reshapeItemsPlaced == placed)
        a.continueLayoutWork(budget: 10)
        #expect(a.reshapeItemsPlaced == placed + 10)
        land(&a)
        #expect(Array(a.snapshot.frames) == Array(a.layout.snapshot(of: a.model, viewport: a.viewport).frames))
    }

    /// Runs the exact pass to its end, a budget a frame, and shows it.
    func land(_ a: inout Arrangement) {
        var frames = 0
        while a.hasLayoutWork && frames < 100 {
            a.continueLayoutWork(budget: 10)
            frames += 1
        }
        a.applyReshape()
    }

    static func expectQueriesAgreeWithFrames(_ l: LayoutSnapshot, _ what: String, _ rng: inout SeededRandom) {
        MasonryRelayoutTests.expectQueriesMatchFrames(l, count: 60, what, &rng)
        // The borrowed items of a section start at or below every exact one before them.
        if let t = l.tail {
            let s = l.section(ofFlat: t.from)
            let first = l.sections[s].firstItem
            if t.from > first && t.from < first + l.sections[s].itemCount {
                let before = (first..<t.from).map { l.frames[$0].minY }.max()!
                #expect(l.frames[t.from].minY >= before - 1e-6, "\(what)")
            }
        }
    }

    /// A switch away while the exact layout is computed drops it: it describes a masonry no
    /// longer shown.
    @Test func aSwitchAwayDropsTheExactLayoutOnItsWay() throws {
        var a = Arrangement(model: Self.model(seed: 2), layout: .masonry(MasonryLayout()), viewport: Self.viewport)
        let id = a.model.sections[0].items[3].id
        _ = a.edit(deferring: LayoutDeferral(budget: 10, exactThrough: 0)) { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.move(id, to: IndexPath(section: 0, item: 0))
        }
        try #require(a.snapshot.isProvisional && a.hasLayoutWork)
        a.beginSwitch(to: LayoutChoice.grid.layout, budget: 10)
        a.applySwitch()
        land(&a)
        #expect(a.layout == LayoutChoice.grid.layout && !a.hasLayoutWork)
        let grid = a.snapshot.frames.elementsEqual(a.layout.snapshot(of: a.model, viewport: a.viewport).frames)
        #expect(grid, "the grid's frames are shown")
    }

    /// Round-robin columns and small collections are laid out whole, as before.
    @Test func roundRobinAndSmallCollectionsAreLaidOutWhole() throws {
        var rr = MasonryLayout()
        rr.placement = .roundRobin
        var a = Arrangement(model: Self.model(seed: 1), layout: .masonry(rr), viewport: Self.viewport)
        let id = a.model.sections[0].items[0].id
        _ = a.edit(deferring: LayoutDeferral(budget: 10, exactThrough: 0)) { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.move(id, to: IndexPath(section: 0, item: 5))
        }
        #expect(a.snapshot.tail == nil && !a.hasLayoutWork)
        var b = Arrangement(model: Self.model(seed: 1), layout: .masonry(MasonryLayout()), viewport: Self.viewport)
        _ = b.edit(deferring: LayoutDeferral(budget: 1_000, exactThrough: 0)) { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.move(id, to: IndexPath(section: 0, item: 5))
        }
        #expect(b.snapshot.tail == nil && !b.hasLayoutWork)
        #expect(Array(b.snapshot.frames) == Array(b.layout.snapshot(of: b.model, viewport: b.viewport).frames))
    }
}

/// The same in the engine: a drag's reorder in a masonry larger than a frame's budget shows
/// the exact layout on screen at once, and when the exact layout of the rest lands a few frames
/// later, nothing on screen moves.
@Suite struct EngineDeferredRelayoutTests {
    static var slicing: DragPolicy {
        var p = DragPolicy()
        p.layoutSliceItems = 10
        return p
    }

    @Test func aReorderShowsExactTilesAtOnceAndTheRestLandsWithoutAMove() throws {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 1, seed: 3), layout: .masonry(MasonryLayout()),
                             viewport: Size(width: 640, height: 900), policy: Self.slicing)
        s.wait(0.5)   // the memory for relayouts warmed
        let moving = s.engine.model.sections[0].items[1].id
        let target = s.frame(s.engine.model.sections[0].items[6].id)
        s.lift(moving)
        // The gap under item 6, in its column (as `MasonryAimTests` aims).
        s.glide(to: Point(x: target.midX, y: target.maxY - 4), steps: 12, seconds: 0.2)
        s.wait(s.engine.policy.reorderDwell + 0.1)
        let order = s.ids(0)
        #expect(order.firstIndex(of: moving.rawValue)! > 1, "the dwell reordered")
        #expect(s.engine.snapshot.isProvisional, "300 items with a budget of 10: the rest is borrowed")
        func onScreen() -> [Int: Rect] {
            var out: [Int: Rect] = [:]
            for i in s.engine.snapshot.visibleItems(offsets: s.engine.offsets) { out[i] = s.engine.snapshot.frames[i] }
            return out
        }
        let exact = s.engine.layout.snapshot(of: s.engine.model, viewport: s.engine.viewport)
        for (i, f) in onScreen() { #expect(f == exact.frames[i], "tile \(i) on screen is where the exact layout puts it") }
        var shown = onScreen()
        var frames = 0
        while s.engine.snapshot.isProvisional && frames < 90 {
            s.wait(1.0 / 60)
            frames += 1
            #expect(onScreen() == shown, "frame \(frames): the tiles on screen stay put")
            shown = onScreen()
        }
        // The rest of 300 items, 10 a frame after each is shown (the whole slice even while the
        // neighbours slide: it no longer adds to those frames), the slice the edit rested first.
        let placedAtOnce = 300 - 10 * (frames - 2)
        #expect(!s.engine.snapshot.isProvisional && frames >= 20 && frames <= 30 + 2, "landed in \(frames) frames")
        #expect(placedAtOnce > 0 && placedAtOnce < 100, "\(placedAtOnce) placed with the edit")
        #expect(Array(s.engine.snapshot.frames) == Array(exact.frames))
        #expect(s.ids(0) == order, "landing the layout is not an edit")
        s.up(s.engine.pointer!)
        s.wait(1)
        #expect(s.effects.hasCommit)
        #expect(Array(s.engine.snapshot.frames) == Array(s.engine.layout.snapshot(of: s.engine.model, viewport: s.engine.viewport).frames))
    }
}
