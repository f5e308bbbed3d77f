import Testing
@testable import TesseraCore

/// A drop of files at the end of a large collection costs what it dropped, not what comes before
/// it: the drop, a batch of its pictures measured, its undo and its redo, and the same files
/// dropped again after an undo, read no more items over 200k than over 1k (`ItemReads`, debug builds). Before, a batch of pictures looked for its items
/// from the first one (~90 ms a batch at the end of 1M) and the redo searched every item for the
/// selected first file (~14 ms).
@Suite struct DropCostTests {
    static let dropped = 300

    #if DEBUG
    static func readsPerStep(bulk n: Int) -> [(step: String, reads: Int)] {
        var s = EngineScript(model: FrameCostTests.model(bulk: n), layout: .grid(FlowLayout()),
                             viewport: Size(width: 1024, height: 720))
        s.key(.end)
        s.wait(1)
        let spot = s.frame(ItemID(s.ids(1)[150]))
        let files = (0..<Self.dropped).map { IncomingItem(title: "IMG_\($0).jpg", icon: "camera", location: "file:///p/IMG_\($0).jpg") }
        var out: [(String, Int)] = []
        func measure(_ step: String, _ body: (inout EngineScript) -> Void) { out.append((step, s.itemReads(body))) }
        measure("drop") { $0.send(.dropIn(files, at: Point(x: spot.minX + 3, y: spot.midY))) }
        #expect(s.ids(1).filter { $0.hasPrefix("dropped-") }.count == Self.dropped)
        measure("pictures measured") { s in
            s.send(.artwork(files.prefix(120).map { ArtworkReport(location: $0.location!, state: nil, aspect: 1.5) }))
            s.wait(1.0 / 60)
        }
        measure("undo") { $0.send(.key(.character("z"), [.control])) }
        #expect(!s.ids(1).contains("dropped-1"))
        measure("redo") { $0.send(.key(.character("z"), [.control, .shift])) }
        #expect(s.ids(1).contains("dropped-1") && s.engine.selection == "dropped-1")
        // Undone, then the same files dropped again: the undone items keep their locations (for a
        // redo), so their pictures are looked for too, and are not there.
        s.send(.key(.character("z"), [.control]))
        measure("dropped again") { $0.send(.dropIn(files, at: Point(x: spot.minX + 3, y: spot.midY))) }
        measure("their pictures measured") { s in
            s.send(.artwork(files.prefix(120).map { ArtworkReport(location: $0.location!, state: nil, aspect: 0.75) }))
            s.wait(1.0 / 60)
        }
        return out
    }

    @Test func aDropAtTheEndReadsNoMoreItemsOver200kThanOver1k() {
        let small = Self.readsPerStep(bulk: 1_000)
        let large = Self.readsPerStep(bulk: 200_000)
        FrameCostTests.expectNoMoreReads(large, over: "200k", than: small, slack: 100)
    }
    #endif
}
