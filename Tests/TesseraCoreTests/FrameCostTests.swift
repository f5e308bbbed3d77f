import Testing
@testable import TesseraCore

/// Per-frame work must cost what is on screen, never the collection's size. The probe: how many
/// items the engine reads out of the model (`ItemReads`, debug builds), frame by frame, through
/// the same script over 1k and 1M items.
@Suite struct FrameCostTests {
    /// `n` items in a first section, then a last section of 160 items ending in a folder of 40:
    /// scrolled to the end, the window shows the same cells whatever `n` is.
    static func model(bulk n: Int) -> CollectionModel {
        var m = SampleData.generated(count: n, sections: 1, seed: 7)
        let tail = SampleData.generated(count: 200, sections: 1, seed: 8).sections[0].items.map { item in
            var item = item
            item.id = ItemID("tail-" + item.id.rawValue)
            return item
        }
        var last = Array(tail.prefix(160))
        last.append(Item(id: "big-folder", title: "Big folder", icon: "folder", color: Color(hex: "#7f8c8d")!,
                         sizeHint: .square, kind: .folder, children: Array(tail.suffix(40))))
        m.sections.append(Section(id: "last", title: "Last", items: last))
        return m
    }

    /// Item reads of each step of a session with the folder open: frames while idle, the wheel in
    /// the folder, press and lift of a child, a reorder among its siblings, carrying it out of the
    /// panel onto the surface (an edit of the big model), the drop and the settle.
    static func readsPerStep(bulk n: Int) -> [(step: String, reads: Int)] {
        var s = EngineScript(model: model(bulk: n), layout: .grid(FlowLayout()), viewport: Size(width: 1024, height: 720))
        s.key(.end)
        s.wait(1)
        let folder = s.center("big-folder")
        s.down(folder); s.wait(0.05); s.up(folder)
        #expect(s.engine.overlay == .folder("big-folder"))
        var out: [(String, Int)] = []
        func measure(_ step: String, _ body: (inout EngineScript) -> Void) { out.append((step, s.itemReads(body))) }
        measure("idle frame") { $0.wait(1.0 / 60) }
        measure("wheel in the folder") { s in
            s.send(.wheel(dx: 0, dy: 120, at: Point(x: 512, y: 360)))
            s.wait(0.5)
        }
        let panel = s.engine.folderPanel!
        let first = panel.frame(ofChild: panel.visibleChildren(offset: s.folderOffset, margin: 0)[0], offset: s.folderOffset)
        measure("press and lift") { s in
            s.down(first.center)
            s.wait(0.6)
        }
        #expect(s.engine.isDragging)
        let third = panel.frame(ofChild: panel.visibleChildren(offset: s.folderOffset, margin: 0)[2], offset: s.folderOffset)
        measure("reorder in the folder") { s in
            s.glide(to: Point(x: third.maxX - 4, y: third.midY))
            s.wait(0.6)
        }
        measure("carried out onto the surface") { s in
            s.glide(to: Point(x: 40, y: 700))
            s.wait(0.2)
        }
        #expect(s.engine.overlay == nil && s.engine.isDragging)
        measure("drop and settle") { s in
            s.up(s.engine.pointer!)
            s.wait(0.5)
        }
        #expect(s.effects.hasCommit)
        return out
    }

    @Test func aFolderSessionReadsNoMoreItemsOver1MThanOver1k() {
        let small = Self.readsPerStep(bulk: 1_000)
        let large = Self.readsPerStep(bulk: 1_000_000)
        Self.expectNoMoreReads(large, over: "1M", than: small)
    }

    /// Each step of `large` (over the collection called `size`) read no more items than the same
    /// step over 1k (`small`), give or take `slack`, and every step read some (the probe counts).
    static func expectNoMoreReads(_ large: [(step: String, reads: Int)], over size: String,
                                  than small: [(step: String, reads: Int)], slack: Int = 0) {
        #expect(small.map(\.step) == large.map(\.step))
        for (a, b) in zip(small, large) {
            #expect(b.reads <= a.reads + slack, "\(a.step): \(b.reads) item reads over \(size), \(a.reads) over 1k")
            #expect(a.reads > 0, "\(a.step) reads no item at all: the probe is not counting")
        }
    }
}
