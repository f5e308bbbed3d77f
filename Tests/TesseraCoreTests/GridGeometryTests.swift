import Testing
@testable import TesseraCore

/// Computed grid frames against the stored, line-by-line pass (the reference), and the grid's
/// arithmetic queries against brute force over its own frames, on random sizes and configurations.
@Suite struct GridGeometryTests {
    func randomFlow(_ rng: inout SeededRandom) -> FlowLayout {
        var f = FlowLayout()
        f.itemSizing = .uniform(Size(width: Double(1 + rng.next() % 200), height: Double(1 + rng.next() % 200)))
        f.minimumInteritemSpacing = Double(rng.next() % 30) * 0.7
        f.minimumLineSpacing = Double(rng.next() % 30) * 1.3
        f.sectionInsets = Insets(top: Double(rng.next() % 20), left: Double(rng.next() % 40),
                                 bottom: Double(rng.next() % 20), right: Double(rng.next() % 40))
        f.headerLength = rng.next() % 2 == 0 ? 0 : 36
        f.footerLength = rng.next() % 2 == 0 ? 0 : 24
        f.scrollDirection = rng.next() % 3 == 0 ? .horizontal : .vertical
        f.itemsPerLine = rng.next() % 4 == 0 ? Int(1 + rng.next() % 6) : nil
        f.lineAlignment = rng.next() % 2 == 0 ? .centered : .justified
        f.maximumInteritemSpacing = Double(rng.next() % 60)
        return f
    }

    func close(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }

    @Test func computedFramesAreTheLineByLineFrames() {
        var rng = SeededRandom(seed: 31)
        for round in 0..<300 {
            let f = randomFlow(&rng)
            let model = SampleData.generated(count: Int(rng.next() % 120), sections: 1 + Int(rng.next() % 4), seed: rng.next())
            let size = Size(width: Double(1 + rng.next() % 1300), height: Double(1 + rng.next() % 900))
            let grid = f.snapshot(of: model, viewport: size, computed: true)
            let reference = f.snapshot(of: model, viewport: size, computed: false)
            #expect(grid.storedCount == 0 && grid.itemCount == reference.itemCount, "round \(round)")
            #expect(abs(grid.contentSize.width - reference.contentSize.width) < 1e-6
                    && abs(grid.contentSize.height - reference.contentSize.height) < 1e-6, "round \(round)")
            #expect(grid.sections.map(\.firstItem) == reference.sections.map(\.firstItem))
            #expect(grid.sections.map(\.reach) == reference.sections.map(\.reach), "round \(round)")
            #expect(zip(grid.sections, reference.sections).allSatisfy { close($0.background, $1.background) && close($0.itemArea, $1.itemArea) },
                    "round \(round)")
            for i in 0..<grid.itemCount where !close(grid.frames[i], reference.frames[i]) {
                Issue.record("round \(round) item \(i): \(grid.frames[i]) vs \(reference.frames[i])")
                break
            }
        }
    }

    @Test func gridQueriesAreBruteForceOverItsFrames() {
        var rng = SeededRandom(seed: 32)
        for round in 0..<150 {
            let f = randomFlow(&rng)
            let model = SampleData.generated(count: Int(rng.next() % 400), sections: 1 + Int(rng.next() % 3), seed: rng.next())
            let size = Size(width: Double(50 + rng.next() % 1200), height: Double(50 + rng.next() % 800))
            let l = f.snapshot(of: model, viewport: size)
            let frames = Array(l.frames)
            for _ in 0..<20 {
                // Rects anywhere, some of zero size, some on cell edges.
                let r = Rect(x: Double(Int(rng.next() % 3000)) - 200 + (rng.next() % 2 == 0 ? 0 : 0.5),
                             y: Double(Int(rng.next() % 6000)) - 200, width: Double(rng.next() % 500), height: Double(rng.next() % 500))
                let slow = frames.indices.filter { frames[$0].intersects(r) }
                #expect(l.items(in: r, pane: nil) == slow, "round \(round) rect \(r)")
                let offsets = ScrollOffsets(root: Point(x: Double(rng.next() % 2000), y: Double(rng.next() % 5000))).clamped(to: l)
                let p = Point(x: Double(rng.next() % UInt64(size.width)), y: Double(rng.next() % UInt64(size.height)))
                let hit = frames.indices.first { l.windowFrame(ofFlat: $0, offsets: offsets).contains(p) }
                #expect(l.item(at: p, offsets: offsets) == hit.map(l.indexPath(ofFlat:)), "round \(round) point \(p)")
                let visible = frames.indices.filter { l.windowFrame(ofFlat: $0, offsets: offsets).intersects(Rect(origin: .zero, size: size)) }
                #expect(l.visibleItems(offsets: offsets) == visible, "round \(round)")
            }
        }
    }

    @Test func dropTargetsMatchTheLineByLineLayout() {
        var rng = SeededRandom(seed: 33)
        for round in 0..<100 {
            let f = randomFlow(&rng)
            let model = SampleData.generated(count: Int(rng.next() % 200), sections: 1 + Int(rng.next() % 3), seed: rng.next())
            let size = Size(width: Double(100 + rng.next() % 1200), height: Double(100 + rng.next() % 800))
            let grid = f.snapshot(of: model, viewport: size, computed: true)
            let reference = f.snapshot(of: model, viewport: size, computed: false)
            for _ in 0..<30 {
                // Off the half-pixel grid, so sub-ulp differences between the two passes cannot tip a boundary.
                let p = Point(x: Double(rng.next() % UInt64(size.width)) + 0.37, y: Double(rng.next() % UInt64(size.height)) + 0.37)
                let o = ScrollOffsets(root: Point(x: Double(rng.next() % 500), y: Double(rng.next() % 3000))).clamped(to: grid)
                #expect(grid.dropTarget(at: p, offsets: o, previous: nil) == reference.dropTarget(at: p, offsets: o, previous: nil),
                        "round \(round) at \(p)")
            }
        }
    }
}
