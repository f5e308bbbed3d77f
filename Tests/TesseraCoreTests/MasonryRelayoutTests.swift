import Testing
@testable import TesseraCore

/// The masonry's pass without an index beside its frames (`SpatialIndex.Shape`), and the
/// arrangement's relayouts writing into a retired snapshot's memory: what a user sees must be what
/// a layout from scratch gives, whatever the sections' sizes and however many relayouts came before.
@Suite struct MasonryRelayoutTests {
    /// Sections of 0 to 40 items (fewer than the columns, none, many), aspects from 0.3 to 2.2.
    static func model(seed: UInt64, sections: Int = 5) -> CollectionModel {
        var rng = SeededRandom(seed: seed)
        var n = 0
        return CollectionModel(sections: (0..<sections).map { s in
            let count = Int(rng.next() % 41)
            return Section(id: "s\(s)", title: "S\(s)", items: (0..<count).map { _ in
                n += 1
                return Item(id: ItemID("m\(n)"), title: "Item \(n)", icon: "star",
                            sizeHint: SizeHint(aspect: 0.3 + Double(rng.next() % 190) / 100))
            })
        })
    }

    static let placements: [MasonryLayout.Placement] = [.shortestColumn, .roundRobin]

    @Test(arguments: placements)
    func rectQueriesAndHitsMatchBruteForce(_ placement: MasonryLayout.Placement) {
        var layout = MasonryLayout()
        layout.placement = placement
        for seed in 1...12 as ClosedRange<UInt64> {
            let model = Self.model(seed: seed)
            let width = 300 + Double(seed * 97 % 900)
            let l = layout.snapshot(of: model, viewport: Size(width: width, height: 500))
            var rng = SeededRandom(seed: seed + 100)
            Self.expectQueriesMatchFrames(l, count: 150, "\(placement) seed \(seed)", &rng)
        }
    }

    /// Random rects and points asked of `l` (whole, and a section at a time) against a scan of
    /// its own frames.
    static func expectQueriesMatchFrames(_ l: LayoutSnapshot, count: Int, _ what: String, _ rng: inout SeededRandom) {
        for _ in 0..<count {
            let r = Rect(x: Double(rng.next() % UInt64(l.viewport.width + 300)) - 50, y: Double(rng.next() % UInt64(l.contentSize.height + 200)) - 100,
                         width: Double(rng.next() % 500), height: Double(rng.next() % 900))
            let slow = l.frames.indices.filter { l.frames[$0].intersects(r) }
            #expect(l.items(in: r, pane: nil) == slow, "\(what): rect \(r)")
            let p = Point(x: r.minX, y: r.minY)
            let hit = l.frames.indices.last { l.frames[$0].contains(p) }
            #expect(l.item(at: p, offsets: ScrollOffsets()) == hit.map(l.indexPath(ofFlat:)), "\(what): point \(p)")
            for (s, geo) in l.sections.enumerated() {
                var got: [Int] = []
                l.forEachItem(in: r, section: s) { got.append($0) }
                #expect(got.sorted() == slow.filter { $0 >= geo.firstItem && $0 < geo.firstItem + geo.itemCount }, "\(what): section \(s), rect \(r)")
            }
        }
    }

    /// Every relayout — moves, inserts, deletes, a resize, a switch away and back — equals a
    /// layout from scratch of the same model, though from the third on each writes over the
    /// frames of the one two before.
    @Test(arguments: placements)
    func relayoutsInRetiredMemoryEqualFreshLayouts(_ placement: MasonryLayout.Placement) throws {
        var masonry = MasonryLayout()
        masonry.placement = placement
        var a = Arrangement(model: Self.model(seed: 3, sections: 4), layout: .masonry(masonry), viewport: Size(width: 800, height: 600))
        var rng = SeededRandom(seed: 9)
        var reused = 0
        var earlier: [UnsafeRawPointer] = []
        func check(_ what: String) {
            let fresh = a.layout.snapshot(of: a.model, viewport: a.viewport)
            #expect(Array(a.snapshot.frames) == Array(fresh.frames), "\(what)")
            #expect(a.snapshot.contentSize == fresh.contentSize && a.snapshot.sections == fresh.sections, "\(what)")
            let base = a.snapshot.store.map { UnsafeRawPointer($0.base) }
            if let base, earlier.contains(base) { reused += 1 }
            if let base { earlier.append(base) }
        }
        for step in 0..<40 {
            let ids = a.model.sections.flatMap { $0.items.map(\.id) }
            let id = ids[Int(rng.next() % UInt64(ids.count))]
            let s = Int(rng.next() % UInt64(a.model.sections.count))
            let to = IndexPath(section: s, item: Int(rng.next() % UInt64(a.model.sections[s].items.count + 1)))
            switch step % 4 {
            case 0, 1:
                _ = a.edit { (u: inout ModelUpdates) throws(ModelEditError) in try u.move(id, to: to) }
            case 2:
                _ = a.edit { (u: inout ModelUpdates) throws(ModelEditError) in
                    try u.insert(Item(id: ItemID("new\(step)"), title: "New", icon: "star", sizeHint: SizeHint(aspect: 1.7)), at: to)
                }
            default:
                _ = a.edit { (u: inout ModelUpdates) throws(ModelEditError) -> IndexPath in try u.delete(id) }
            }
            check("step \(step)")
            if step == 20 {
                _ = a.resize(to: Size(width: 520, height: 600))
                check("resize")
                _ = a.switchLayout(to: LayoutChoice.grid.layout)
                _ = a.switchLayout(to: .masonry(masonry))
                check("switched back")
            }
        }
        // Nothing else holds a retired snapshot here, so nearly every relayout found one to reuse.
        #expect(reused >= 30)
    }

    /// Each item's frame, placed as the layout's documentation says and written as plainly as
    /// possible: the shortest column (the first of equals), or every n-th with round-robin.
    /// Only the sections' items; headers and footers are the pass's own.
    static func plainFrames(_ model: CollectionModel, _ layout: MasonryLayout, width: Double,
                            itemsTop: (Int) -> Double) -> [Rect] {
        let n = layout.columnCount(for: width)
        let w = (width - layout.spacing * Double(n + 1)) / Double(n)
        var out: [Rect] = []
        for (s, section) in model.sections.enumerated() {
            var tops = [Double](repeating: itemsTop(s) + layout.spacing, count: n)
            for (k, item) in section.items.enumerated() {
                let col = layout.placement == .roundRobin ? k % n : tops.firstIndex(of: tops.min()!)!
                let h = w * item.sizeHint.aspect
                out.append(Rect(x: layout.spacing + Double(col) * (w + layout.spacing), y: tops[col], width: w, height: h))
                tops[col] += h + layout.spacing
            }
        }
        return out
    }

    /// Sections of thousands of items (across the list's chunks and the pass's blocks of frames),
    /// with aspects from a handful of values so columns often tie: the pass places every item
    /// where the plain placement does, whole or in slices of odd sizes.
    @Test(arguments: placements)
    func largeSectionsWithTiesMatchThePlainPlacement(_ placement: MasonryLayout.Placement) {
        var layout = MasonryLayout()
        layout.placement = placement
        var rng = SeededRandom(seed: 77)
        var n = 0
        let model = CollectionModel(sections: [3_000, 0, 2_500, 1, 1_100].enumerated().map { s, count in
            Section(id: "s\(s)", title: "S\(s)", items: (0..<count).map { _ in
                n += 1
                return Item(id: ItemID("m\(n)"), title: "", icon: "star", sizeHint: SizeHint(aspect: [0.5, 1, 1, 1.5][Int(rng.next() % 4)]))
            })
        })
        let viewport = Size(width: 1000, height: 700)
        let whole = layout.snapshot(of: model, viewport: viewport)
        let plain = Self.plainFrames(model, layout, width: viewport.width) { whole.sections[$0].itemArea.minY }
        #expect(whole.itemCount == plain.count)
        // The first frame that differs, if any (not two arrays of 6,601 frames in a failure).
        func firstDifference(_ frames: ItemFrames) -> Int? { plain.indices.first { frames[$0] != plain[$0] } }
        #expect(firstDifference(whole.frames) == nil)
        for budget in [1_023, 1_025, 4_999] {
            var pass = MasonryPass(layout, model: model, viewport: viewport)
            while !pass.run(budget: budget) {}
            #expect(firstDifference(pass.snapshot().frames) == nil, "slices of \(budget)")
        }
    }
}
