import Testing
@testable import TesseraCore

/// A masonry laid out again after an edit keeps the frames of the items before the first one the
/// edit touched, read or copied from the layout before (`MasonryPass(adoptingFrom:through:)`), and places
/// only the rest: the layout a pass from the first item gives, for a fraction of the work. (The
/// pictures of a drop at the end of 100,000 items re-flowed all 110,000 for each batch.)
@Suite struct MasonryAdoptionTests {
    static let viewport = MasonryDeferredRelayoutTests.viewport

    /// Frames, sections and the rect index, all of it.
    static func expectSameLayout(_ a: LayoutSnapshot, _ b: LayoutSnapshot, _ what: String) {
        #expect(a.tail == nil && b.tail == nil, "\(what): exact layouts")
        #expect(Array(a.frames) == Array(b.frames), "\(what): frames")
        #expect(a.sections == b.sections && a.contentSize == b.contentSize, "\(what): sections")
        #expect(a.index.runs == b.index.runs && a.index.bands == b.index.bands && a.index.order == b.index.order, "\(what): index")
    }

    /// Moves, inserts, deletes, folders made, a few in a row; the pass run in random slices.
    @Test(arguments: MasonryRelayoutTests.placements)
    func aPassFromTheFirstItemTouchedEqualsOneFromTheStart(_ placement: MasonryLayout.Placement) {
        var layout = MasonryLayout()
        layout.placement = placement
        var rng = SeededRandom(seed: 21)
        var adopting = 0
        for round in 0..<60 {
            var a = Arrangement(model: MasonryDeferredRelayoutTests.model(seed: UInt64(round)), layout: .masonry(layout), viewport: Self.viewport)
            let old = a.snapshot
            var log = EditLog()
            for step in 0..<(1 + round % 3) {
                log.append(contentsOf: MasonryDeferredRelayoutTests.randomEdit(&a, &rng, step: step + round, deferral: nil))
            }
            let through = log.untouchedHead().map { old.sections[$0.section].firstItem + $0.index } ?? old.itemCount
            var pass = MasonryPass(layout, model: a.model, viewport: a.viewport, adoptingFrom: old, through: through)
            // Most of the old frames: read where they are (the new snapshot's head), no work;
            // fewer: copied, half the work each.
            let copying = through * 2 >= old.itemCount ? 0 : (through + 1) / 2
            #expect(pass.workLeft == copying + a.model.topLevelCount - through,
                    "round \(round): the \(through) items before the edit adopted")
            while !pass.run(budget: 1 + Int(rng.next() % 60)) {}
            #expect(pass.workLeft == 0)
            Self.expectSameLayout(pass.snapshot(), layout.snapshot(of: a.model, viewport: a.viewport), "round \(round)")
            if through > 0 { adopting += 1 }
        }
        #expect(adopting >= 50, "most edits leave some items before them alone")
    }

    /// An unlimited budget (a relayout run to its end at once) copies and places everything.
    @Test func anUnlimitedBudgetRunsItAllAtOnce() {
        let model = MasonryDeferredRelayoutTests.model(seed: 5)
        let old = MasonryLayout().snapshot(of: model, viewport: Self.viewport)
        var pass = MasonryPass(MasonryLayout(), model: model, viewport: Self.viewport, adoptingFrom: old, through: 500)
        let finished = pass.run(budget: .max)
        #expect(finished)
        Self.expectSameLayout(pass.snapshot(), old, "all at once")
    }

    /// A layout of another width lends nothing: every item is placed.
    @Test func anotherWidthLendsNothing() {
        let model = MasonryDeferredRelayoutTests.model(seed: 4)
        let narrow = MasonryLayout().snapshot(of: model, viewport: Size(width: 500, height: 300))
        var pass = MasonryPass(MasonryLayout(), model: model, viewport: Self.viewport, adoptingFrom: narrow, through: 400)
        #expect(pass.workLeft == model.topLevelCount)
        _ = pass.run(budget: .max)
        Self.expectSameLayout(pass.snapshot(), MasonryLayout().snapshot(of: model, viewport: Self.viewport), "another width")
    }

    /// The last items of a collection larger than a frame's budget measured (a drop's pictures
    /// at its end): copying the frames before them and placing them fits the budget, so the
    /// wall re-flows in the frame the measures came in. Near the top, it still takes frames.
    @Test func picturesMeasuredAtTheEndOfALargeMasonryReflowInTheirFrame() throws {
        var a = Arrangement(model: MasonryDeferredRelayoutTests.model(seed: 7), layout: .masonry(MasonryLayout()), viewport: Self.viewport)
        let count = a.model.topLevelCount   // 673
        let last = a.model.sections.count - 1
        let tail = a.model.sections[last].items.suffix(20).map(\.id)
        // 653 copied (327 placements' worth) and 20 placed: within 400; the whole pass is not.
        let (_, atOnce) = a.editShapes(budget: 400) { u in
            for id in tail { try? u.setAspect(1.7, of: id) }
        }
        #expect(atOnce && !a.hasLayoutWork, "re-flowed in its frame (\(count) items, budget 400)")
        Self.expectSameLayout(a.snapshot, MasonryLayout().snapshot(of: a.model, viewport: Self.viewport), "at the end")

        let first = a.model.sections[0].items[2].id
        let (_, nearTop) = a.editShapes(budget: 400) { u in try? u.setAspect(0.5, of: first) }
        #expect(!nearTop && a.hasLayoutWork, "near the top: over the next frames")
        Self.land(&a, budget: 400)
        Self.expectSameLayout(a.snapshot, MasonryLayout().snapshot(of: a.model, viewport: Self.viewport), "near the top")
    }

    /// Shapes measured while a re-flow is under way get one more pass once it lands, from the
    /// first item changed since it began, whether that is before or after the ones it re-flows.
    @Test(arguments: [(500, 40), (40, 500), (300, 300)])
    func shapesMeasuredDuringAReflowLandInTheNext(_ places: (Int, Int)) throws {
        var a = Arrangement(model: MasonryDeferredRelayoutTests.model(seed: 9), layout: .masonry(MasonryLayout()), viewport: Self.viewport)
        let flat = a.model.sections.flatMap { $0.items.map(\.id) }
        let (_, atOnce) = a.editShapes(budget: 10) { u in try? u.setAspect(2.1, of: flat[places.0]) }
        try #require(!atOnce)
        a.continueLayoutWork(budget: 10)
        a.continueLayoutWork(budget: 10)
        // Two batches while it runs: the next pass starts at the first of both.
        let (_, again) = a.editShapes(budget: 10) { u in try? u.setAspect(0.4, of: flat[places.1 + 1]) }
        let (_, third) = a.editShapes(budget: 10) { u in try? u.setAspect(1.9, of: flat[places.0 + 2]) }
        #expect(!again && !third)
        Self.land(&a, budget: 10)
        #expect(a.model.item(at: try #require(a.model.indexPath(of: flat[places.1 + 1])))?.sizeHint.aspect == 0.4)
        Self.expectSameLayout(a.snapshot, MasonryLayout().snapshot(of: a.model, viewport: Self.viewport), "\(places)")
    }

    /// Slices until no layout work is left, each ready re-flow shown before the next slice (as
    /// the engine's frames do).
    static func land(_ a: inout Arrangement, budget: Int) {
        var frames = 0
        while (a.hasLayoutWork || a.isReshapeReady) && frames < 1_000 {
            if a.isReshapeReady { a.applyReshape() }
            a.continueLayoutWork(budget: budget)
            frames += 1
        }
        #expect(frames < 1_000)
    }
}
