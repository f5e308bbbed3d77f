import Testing
@testable import TesseraCore

/// Text snapshots of every layout: frames for a small model, diffed line by line.
@Suite struct LayoutSnapshotTests {
    let model = SampleData.generated(count: 14, sections: 3, seed: 7)

    /// The seed's justified flow: full lines spread to the insets.
    var justified: FlowLayout { var f = FlowLayout(); f.lineAlignment = .justified; return f }

    @Test func flowGridVerticalWithHeadersAndFooters() {
        let l = justified.snapshot(of: model, viewport: Size(width: 480, height: 400))
        assertSnapshot(dump(l, model: model), named: "flow-vertical-480")
    }

    @Test func flowGridReflowsWhenNarrower() {
        let l = justified.snapshot(of: model, viewport: Size(width: 300, height: 400))
        assertSnapshot(dump(l, model: model), named: "flow-vertical-300")
    }

    /// The default: columns centred, gaps at most 28 px, every line (and section) on them.
    @Test(arguments: [300.0, 480, 1024])
    func flowGridCentredColumns(width: Double) {
        let l = FlowLayout().snapshot(of: model, viewport: Size(width: width, height: 400))
        assertSnapshot(dump(l, model: model), named: "flow-centred-\(Int(width))")
        // Gaps within the band, the block centred, columns the same in every section.
        let columns = Set(l.frames.map(\.minX)).sorted()
        let gaps = zip(columns, columns.dropFirst()).map { $1 - $0 - 96 }
        #expect(gaps.allSatisfy { $0 >= 10 - 1e-9 && $0 <= 28 + 1e-9 }, "\(gaps)")
        // A full line would hold n columns; the block of n is centred between the 16 px insets.
        let available = width - 32, n = Double(Int((available + 10) / 106))
        let spacing = Swift.min(28, Swift.max(10, (available - n * 96) / Swift.max(1, n - 1)))
        let lead = (available - (n * 96 + (n - 1) * spacing)) / 2
        #expect(abs(columns.first! - (16 + lead)) < 1e-6, "centred: first column at \(columns.first!), block lead \(lead)")
    }

    @Test func flowGridHorizontal() {
        var f = FlowLayout()
        f.scrollDirection = .horizontal
        f.itemSizing = .uniform(Size(width: 80, height: 60))
        let l = f.snapshot(of: model, viewport: Size(width: 400, height: 260))
        assertSnapshot(dump(l, model: model), named: "flow-horizontal")
    }

    @Test func flowGridExactlyThreePerRowWithHintedHeights() {
        var f = FlowLayout()
        f.itemsPerLine = 3
        f.itemSizing = .fromHint(width: 100)
        f.headerLength = 0
        f.footerLength = 0
        let l = f.snapshot(of: model, viewport: Size(width: 332, height: 400))
        assertSnapshot(dump(l, model: model), named: "flow-three-per-row")
    }

    @Test func masonryShortestColumn() {
        var m = MasonryLayout()
        m.columns = .count(3)
        let l = m.snapshot(of: model, viewport: Size(width: 360, height: 500))
        assertSnapshot(dump(l, model: model), named: "masonry-shortest")
    }

    @Test func masonryRoundRobin() {
        var m = MasonryLayout()
        m.columns = .count(3)
        m.placement = .roundRobin
        let l = m.snapshot(of: model, viewport: Size(width: 360, height: 500))
        assertSnapshot(dump(l, model: model), named: "masonry-round-robin")
    }

    @Test func boardNarrowWindowScrollsSideways() {
        let l = BoardLayout().snapshot(of: model, viewport: Size(width: 400, height: 360))
        assertSnapshot(dump(l, model: model), named: "board-narrow")
        #expect(l.contentSize.width > 400)
    }

    @Test func boardWideWindowSharesWidth() {
        let l = BoardLayout().snapshot(of: model, viewport: Size(width: 1280, height: 360))
        assertSnapshot(dump(l, model: model), named: "board-wide")
        #expect(l.contentSize.width == 1280)
    }

    @Test func emptySectionKeepsRoomForADrop() {
        var m = model
        m.sections[1].items = []
        let l = FlowLayout().snapshot(of: m, viewport: Size(width: 480, height: 400))
        #expect(l.sections[1].itemArea.height >= 96)
        #expect(l.sections[1].itemCount == 0)
    }
}
