import Testing
@testable import TesseraCore

/// Frames shared between snapshots (`FrameStore`): a pass appends only where no snapshot reads,
/// and an edit at the end of a masonry lays out into the memory of the snapshot shown.
struct FrameStoreTests {
    private static func frames(_ n: Int, seed: UInt64) -> [Rect] {
        var rng = SeededRandom(seed: seed)
        return (0..<n).map { k in Rect(x: 0, y: Double(k), width: 10, height: Double(rng.next() % 1000) / 7) }
    }

    @Test func theTallestOfARangeIsTheTallestFrameInIt() {
        let all = Self.frames(5000, seed: 3)
        let store = FrameStore(all)
        var rng = SeededRandom(seed: 5)
        for _ in 0..<300 {
            let a = Int(rng.next() % 5001), b = Int(rng.next() % 5001)
            let range = min(a, b)..<max(a, b)
            #expect(store.tallest(in: range) == all[range].map(\.height).max() ?? 0, "\(range)")
        }
    }

    @Test func aClaimStartsOnlyWhereNoSnapshotReadsAndOneAtATime() {
        let store = FrameStore(capacity: 100)
        var claim = store.claim(keeping: 0, room: 100)
        #expect(claim != nil && store.claim(keeping: 0, room: 100) == nil, "one pass writes at a time")
        for k in 0..<60 { (store.base + k).initialize(to: Rect(x: 0, y: Double(k), width: 1, height: 1)) }
        store.didWrite(0..<60, claim: claim!)
        store.lease(40)
        store.lease(60)
        claim = nil
        #expect(store.claim(keeping: 50, room: 100) == nil, "a snapshot reads 60 frames")
        #expect(store.claim(keeping: 70, room: 100) == nil, "only 60 are written")
        #expect(store.claim(keeping: 60, room: 101) == nil, "no room")
        store.release(60)
        #expect(!store.isIdle)
        do {
            let again = store.claim(keeping: 50, room: 100)
            #expect(again != nil, "no snapshot reads past 40 now")
            #expect(store.written == 50, "what followed counts as unwritten")
        }
        #expect(store.claim(keeping: 50, room: 100) != nil, "the claim ended with the last copy of it")
        store.release(40)
        #expect(store.isIdle)
    }

    @Test func warmingFaultsInTheRoomAndStopsWhileInUse() {
        let store = FrameStore(capacity: 100)
        #expect(!store.warm(budget: 30) && store.warmedCount == 30)
        #expect(!store.warm(budget: 30) && !store.warm(budget: 30) && store.warm(budget: 30))
        #expect(store.warmedCount == 100)
    }

    /// A masonry larger than the edit's budget, so the relayout adopts the frames before the edit.
    private static func arrangement(count: Int) -> Arrangement {
        Arrangement(model: SampleData.generated(count: count, sections: 3, seed: 4), layout: LayoutChoice.masonry.layout,
                    viewport: Size(width: 800, height: 600))
    }

    private static let deferral = LayoutDeferral(budget: 100, exactThrough: 1200)

    private static func expectExact(_ a: Arrangement, _ what: String) {
        let fresh = a.layout.snapshot(of: a.model, viewport: a.viewport)
        #expect(Array(a.snapshot.frames) == Array(fresh.frames), "\(what)")
        #expect(a.snapshot.sections == fresh.sections && a.snapshot.contentSize == fresh.contentSize, "\(what)")
        #expect(a.snapshot.visibleItems(offsets: ScrollOffsets(root: Point(x: 0, y: fresh.contentSize.height - 600)))
                == fresh.visibleItems(offsets: ScrollOffsets(root: Point(x: 0, y: fresh.contentSize.height - 600))), "\(what)")
    }

    /// Items added at the end, undone and redone: each layout reads the memory of the one before
    /// (no frame copied), the first frames never written again, and every layout is the one a
    /// pass from the first item makes.
    @Test func anEditAtTheEndLaysOutIntoTheShownSnapshotsMemory() throws {
        var a = Self.arrangement(count: 3000)
        let shown = try #require(a.snapshot.store)
        let first = Array(a.snapshot.frames)
        let end = IndexPath(section: 2, item: a.model.sections[2].items.count)
        let (_, log) = a.edit(deferring: Self.deferral) { (u: inout ModelUpdates) throws(ModelEditError) in
            for k in 0..<20 {
                try u.insert(Item(id: ItemID("dropped\(k)"), title: "Dropped", icon: "photo", sizeHint: SizeHint(aspect: 0.5 + Double(k) / 10)),
                             at: IndexPath(section: 2, item: end.item + k))
            }
        }
        a.recordCommit(log)
        #expect(a.snapshot.store === shown && a.snapshot.itemCount == 3020, "appended after the frames shown")
        Self.expectExact(a, "dropped")
        let dropped = a.snapshot
        #expect(a.travel(.undo, deferring: Self.deferral) != nil)
        #expect(a.snapshot.store === shown && a.snapshot.itemCount == 3000, "the first frames of the same memory")
        Self.expectExact(a, "undone")
        #expect(Array(a.snapshot.frames) == first)
        // The drop's snapshot still reads past the end: the redo may not write there.
        #expect(a.travel(.redo, deferring: Self.deferral) != nil)
        #expect(a.snapshot.store !== shown && a.snapshot.head === shown && a.snapshot.headCount == 3000,
                "while the drop's snapshot is held: its first frames read where they are, the rest elsewhere")
        Self.expectExact(a, "redone, with a head")
        #expect(Array(dropped.frames) == Array(a.snapshot.frames), "the held snapshot's frames untouched")
        #expect(a.travel(.undo, deferring: Self.deferral) != nil)
        Self.expectExact(a, "undone again")
        let undone = a.snapshot.store
        #expect(a.travel(.redo, deferring: Self.deferral) != nil)
        #expect(a.snapshot.store === undone, "nothing reads past the end now: appended in place")
        Self.expectExact(a, "redone in place")
    }

    /// Items dropped before the last few, undone, redone, their shapes changed: every layout reads
    /// the first frames from the memory of the first (its head) and writes only what follows.
    @Test func anEditNearTheEndReadsTheFramesBeforeItWhereTheyAre() throws {
        var a = Self.arrangement(count: 3000)
        let shown = try #require(a.snapshot.store)
        let first = a.snapshot
        let at = IndexPath(section: 2, item: a.model.sections[2].items.count - 5)
        let p = try #require(a.snapshot.flatIndex(of: at))
        let (_, log) = a.edit(deferring: Self.deferral) { (u: inout ModelUpdates) throws(ModelEditError) in
            for k in 0..<20 {
                try u.insert(Item(id: ItemID("dropped\(k)"), title: "Dropped", icon: "photo"), at: IndexPath(section: 2, item: at.item + k))
            }
        }
        a.recordCommit(log)
        func expectHead(_ what: String) {
            #expect(a.snapshot.head === shown && a.snapshot.headCount == p && a.snapshot.store !== shown, "\(what)")
            Self.expectExact(a, what)
        }
        expectHead("dropped")
        let dropped = Array(a.snapshot.frames)
        #expect(a.travel(.undo, deferring: Self.deferral) != nil)
        expectHead("undone")
        #expect(Array(a.snapshot.frames) == Array(first.frames))
        #expect(a.travel(.redo, deferring: Self.deferral) != nil)
        expectHead("redone")
        #expect(Array(a.snapshot.frames) == dropped)
        let id = a.model.sections[2].items[at.item + 3].id
        let (_, laidOut) = a.editShapes(budget: 100) { u in try? u.setAspect(2.5, of: id, near: IndexPath(section: 2, item: at.item + 3)) }
        #expect(laidOut)
        expectHead("a shape changed")
    }

    /// A move near the top changes every frame after it: that layout goes to other memory, and
    /// the snapshot shown keeps its frames.
    @Test func anEditNearTheTopLeavesTheShownFramesAlone() throws {
        var a = Self.arrangement(count: 3000)
        let before = a.snapshot
        let frames = Array(before.frames)
        let id = a.model.sections[0].items[5].id
        _ = a.edit(deferring: Self.deferral) { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.move(id, to: IndexPath(section: 0, item: 0))
        }
        #expect(a.snapshot.store !== before.store)
        #expect(Array(before.frames) == frames)
        while a.hasLayoutWork { _ = a.continueLayoutWork(budget: 100); if a.isReshapeReady { a.applyReshape() } }
        Self.expectExact(a, "moved")
    }
}

extension FrameStoreTests {
    /// A copy in pieces, as a pass adopts a slice a frame: the same frames and the same tallest
    /// of every range as the source's.
    @Test func aCopyInPiecesKeepsTheTallestOfEveryRange() {
        let all = Self.frames(5000, seed: 8)
        let source = FrameStore(all)
        let copy = FrameStore(capacity: 6000)
        let claim = copy.claim(keeping: 0, room: 6000)!
        let cuts = [0, 700, 1024, 3000, 3001, 5000]
        for k in 1..<cuts.count { copy.copy(cuts[k - 1]..<cuts[k], from: source, claim: claim) }
        #expect(Array(UnsafeBufferPointer(start: copy.base, count: 5000)) == all)
        var rng = SeededRandom(seed: 2)
        for _ in 0..<300 {
            let a = Int(rng.next() % 5001), b = Int(rng.next() % 5001)
            let range = min(a, b)..<max(a, b)
            #expect(copy.tallest(in: range) == all[range].map(\.height).max() ?? 0, "\(range)")
        }
    }
}
