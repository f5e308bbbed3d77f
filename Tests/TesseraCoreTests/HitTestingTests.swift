import Testing
@testable import TesseraCore

/// Rect queries, point hits and drop-target classification, checked against brute force and by hand.
@Suite struct HitTestingTests {
    static let layouts: [(String, any CollectionLayout)] = {
        var h = FlowLayout(); h.scrollDirection = .horizontal
        var rr = MasonryLayout(); rr.placement = .roundRobin
        var hint = FlowLayout(); hint.itemSizing = .fromHint(width: 90)
        return [("grid", FlowLayout()), ("grid-h", h), ("grid-hint", hint), ("masonry", MasonryLayout()),
                ("masonry-rr", rr), ("board", BoardLayout())]
    }()

    @Test(arguments: layouts.indices)
    func rectQueriesMatchBruteForce(_ k: Int) {
        let (name, layout) = Self.layouts[k]
        let model = SampleData.generated(count: 700, sections: 4, seed: 11)
        let l = layout.snapshot(of: model, viewport: Size(width: 900, height: 600))
        var rng = SeededRandom(seed: 5)
        for _ in 0..<300 {
            let r = Rect(x: Double(rng.next() % 3000) - 100, y: Double(rng.next() % 20000) - 100,
                         width: Double(rng.next() % 700), height: Double(rng.next() % 700))
            let pane: Int? = l.panes.isEmpty ? nil : Int(rng.next() % UInt64(l.panes.count))
            let fast = l.items(in: r, pane: pane)
            let slow = l.frames.indices.filter { i in
                l.sections[l.indexPath(ofFlat: i).section].pane == pane && l.frames[i].intersects(r)
            }
            #expect(fast == slow, "\(name): rect \(r)")
        }
    }

    @Test(arguments: layouts.indices)
    func pointHitsMatchBruteForceAfterScrolling(_ k: Int) {
        let (name, layout) = Self.layouts[k]
        let model = SampleData.generated(count: 300, sections: 3, seed: 12)
        let l = layout.snapshot(of: model, viewport: Size(width: 700, height: 500))
        var rng = SeededRandom(seed: 6)
        for _ in 0..<300 {
            let offsets = ScrollOffsets(root: Point(x: Double(rng.next() % 800), y: Double(rng.next() % 3000)),
                                        panes: [Double(rng.next() % 900), Double(rng.next() % 900), 0]).clamped(to: l)
            let p = Point(x: Double(rng.next() % 700), y: Double(rng.next() % 500))
            let hit = l.item(at: p, offsets: offsets)
            let pane = l.pane(at: p, offsets: offsets)
            let slow = l.frames.indices.first { i in
                let s = l.sections[l.indexPath(ofFlat: i).section]
                return s.pane == pane && (l.panes.isEmpty || pane != nil)
                    && l.windowFrame(ofFlat: i, offsets: offsets).contains(p)
            }
            #expect(hit == slow.map(l.indexPath(ofFlat:)), "\(name) at \(p)")
        }
    }

    @Test func visibleItemsAreThoseOnScreen() {
        let model = SampleData.generated(count: 1000, sections: 3, seed: 2)
        let l = FlowLayout().snapshot(of: model, viewport: Size(width: 800, height: 600))
        let offsets = ScrollOffsets(root: Point(x: 0, y: 5000))
        let visible = l.visibleItems(offsets: offsets)
        let view = Rect(x: 0, y: 0, width: 800, height: 600)
        #expect(visible == l.frames.indices.filter { l.windowFrame(ofFlat: $0, offsets: offsets).intersects(view) })
        #expect(!visible.isEmpty && visible.count < 100)
    }

    // MARK: Drop targets

    /// One section of six 96x96 items, three per line, no header: centres at x = 64, 190, 316.
    func grid() -> (CollectionModel, LayoutSnapshot) {
        var f = FlowLayout()
        f.headerLength = 0; f.footerLength = 0
        f.sectionInsets = Insets(all: 16)
        f.minimumInteritemSpacing = 30
        let m = SampleData.generated(count: 6, sections: 1, seed: 1)
        return (m, f.snapshot(of: m, viewport: Size(width: 380, height: 400)))
    }

    @Test func centreOfACellIsIntoAndItsEdgesAreGaps() throws {
        let (_, l) = grid()
        let f = try #require(l.frame(of: IndexPath(section: 0, item: 1)))
        let o = ScrollOffsets()
        #expect(l.dropTarget(at: f.center, offsets: o, previous: nil) == .into(IndexPath(section: 0, item: 1)))
        // Left edge band: before item 1; right edge band: after it (before item 2).
        #expect(l.dropTarget(at: Point(x: f.minX + 5, y: f.midY), offsets: o, previous: nil) == .gap(section: 0, index: 1))
        #expect(l.dropTarget(at: Point(x: f.maxX - 5, y: f.midY), offsets: o, previous: nil) == .gap(section: 0, index: 2))
        // Top and bottom bands count too (seed 001 only looked at dx).
        #expect(l.dropTarget(at: Point(x: f.midX - 10, y: f.minY + 4), offsets: o, previous: nil) == .gap(section: 0, index: 1))
        #expect(l.dropTarget(at: Point(x: f.midX + 10, y: f.maxY - 4), offsets: o, previous: nil) == .gap(section: 0, index: 2))
        // In the spacing between two cells: the same insertion point from either side.
        let between = Point(x: f.maxX + 15, y: f.midY)
        #expect(l.dropTarget(at: between, offsets: o, previous: nil) == .gap(section: 0, index: 2))
    }

    @Test func intoZoneScalesWithTheCell() throws {
        var f = FlowLayout()
        f.headerLength = 0; f.footerLength = 0
        f.itemSizing = .uniform(Size(width: 200, height: 200))
        let m = SampleData.generated(count: 2, sections: 1, seed: 1)
        let l = f.snapshot(of: m, viewport: Size(width: 600, height: 400))
        let r = try #require(l.frame(of: IndexPath(section: 0, item: 0)))
        // 45 px from the centre: inside the middle half of a 200 px cell (a fixed 20 px band would say edge at 80).
        #expect(l.dropTarget(at: Point(x: r.midX + 45, y: r.midY), offsets: ScrollOffsets(), previous: nil) == .into(IndexPath(section: 0, item: 0)))
        #expect(l.dropTarget(at: Point(x: r.midX + 55, y: r.midY), offsets: ScrollOffsets(), previous: nil) == .gap(section: 0, index: 1))
    }

    @Test func hysteresisKeepsAnOpenTargetOnItsBoundary() throws {
        let (_, l) = grid()
        let f = try #require(l.frame(of: IndexPath(section: 0, item: 1)))
        let o = ScrollOffsets()
        let justOutside = Point(x: f.midX + f.width * 0.25 + 3, y: f.midY)
        let into = DropTarget.into(IndexPath(section: 0, item: 1))
        #expect(l.dropTarget(at: justOutside, offsets: o, previous: nil) == .gap(section: 0, index: 2))
        #expect(l.dropTarget(at: justOutside, offsets: o, previous: into) == into)
        let farOutside = Point(x: f.maxX - 2, y: f.midY)
        #expect(l.dropTarget(at: farOutside, offsets: o, previous: into) == .gap(section: 0, index: 2))
    }

    @Test func cellsThatRefuseDropsReadAsGaps() throws {
        let (_, l) = grid()
        let f = try #require(l.frame(of: IndexPath(section: 0, item: 1)))
        let t = l.dropTarget(at: f.center, offsets: ScrollOffsets(), previous: nil, accepts: { $0.item != 1 })
        #expect(t == .gap(section: 0, index: 2))
    }

    @Test func pastTheLastItemIsTheEnd() {
        let (_, l) = grid()
        #expect(l.dropTarget(at: Point(x: 370, y: 390), offsets: ScrollOffsets(), previous: nil) == .gap(section: 0, index: 6))
    }

    @Test func emptySectionAcceptsAtZero() {
        var m = SampleData.generated(count: 8, sections: 2, seed: 1)
        m.sections[1].items = []
        let l = FlowLayout().snapshot(of: m, viewport: Size(width: 500, height: 800))
        let area = l.sections[1].itemArea
        #expect(l.dropTarget(at: area.center, offsets: ScrollOffsets(), previous: nil) == .gap(section: 1, index: 0))
    }

    @Test func masonryCellsOfAnySize() throws {
        var mm = MasonryLayout()
        mm.columns = .count(3)
        let m = SampleData.generated(count: 12, sections: 1, seed: 3)
        let l = mm.snapshot(of: m, viewport: Size(width: 400, height: 900))
        for i in 0..<12 {
            let f = try #require(l.frame(of: IndexPath(section: 0, item: i)))
            #expect(l.dropTarget(at: f.center, offsets: ScrollOffsets(), previous: nil) == .into(IndexPath(section: 0, item: i)))
            #expect(l.dropTarget(at: Point(x: f.midX, y: f.minY + 3), offsets: ScrollOffsets(), previous: nil) == .gap(section: 0, index: i))
            #expect(l.dropTarget(at: Point(x: f.midX, y: f.maxY - 3), offsets: ScrollOffsets(), previous: nil) == .gap(section: 0, index: i + 1))
        }
    }

    @Test func boardListsAreTargetsAcrossAndScrolled() throws {
        let m = SampleData.generated(count: 60, sections: 3, seed: 4)
        let l = BoardLayout().snapshot(of: m, viewport: Size(width: 1000, height: 500))
        var o = ScrollOffsets(root: .zero, panes: [0, 300, 0]).clamped(to: l)
        // Row 6 of list 1 is at pane y 10 + 6 * 68 = 418; scrolled by 300 it shows at window y 60 + 16 + 118.
        let row = try #require(l.frame(of: IndexPath(section: 1, item: 6)))
        let w = l.toWindow(row, pane: 1, offsets: o)
        #expect(w.minY == l.panes[1].frame.minY + row.minY - 300)
        #expect(l.dropTarget(at: w.center, offsets: o, previous: nil) == .into(IndexPath(section: 1, item: 6)))
        #expect(l.dropTarget(at: Point(x: w.midX, y: w.minY + 3), offsets: o, previous: nil) == .gap(section: 1, index: 6))
        // Between two lists: the nearer list.
        let gapX = (l.panes[0].frame.maxX + l.panes[1].frame.minX) / 2 + 3
        #expect(l.section(near: Point(x: gapX, y: 200), offsets: o) == 1)
        o.panes[1] = 0
        #expect(l.dropTarget(at: w.center, offsets: o, previous: nil) != .into(IndexPath(section: 1, item: 6)))
    }
}
