import Foundation
import Testing
import TesseraCore
import TesseraStore
#if canImport(Glibc)
import Glibc
#endif

/// A million items through the real app: made with --items, rearranged, saved to the store,
/// restarted from it and shown as left. The store is read directly here (its first screen): with
/// a million items, `tessera export` in a debug build would take longer than the rest together.
@Suite("End to end: a million items")
struct MillionItemsTests {
    static let count = 1_000_000

    /// The first ids of section `s` in the store at `path` (nil while there is no store yet).
    static func storedPrefix(_ path: String, section s: Int, count: Int) -> [String]? {
        guard let store = try? CollectionStore(path: path, readOnly: true) else { return nil }
        defer { store.close() }
        guard let first = try? store.firstScreen(limit: count), first.model.sections.indices.contains(s) else { return nil }
        return first.model.sections[s].items.map(\.id.rawValue)
    }

    @Test("a million items: a drop is saved, a restart shows it, and the whole collection is in the store")
    func aMillionItemsSavedRestartedAndShown() async throws {
        let started = Date()
        let h = try await Harness.start("million")
        defer { h.close() }
        // The first rows of a million generated items are those of a few hundred: the same ids and
        // frames, and `tessera layout` of 300 is quick where one of a million lists them all.
        let layout = try await h.layout(["--items", "300"])
        let before = Array(layout.ids(inSection: 0).prefix(8))
        let first = try layout.item(section: 0, index: 0)
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        let expected = before.moving(before[0], before: before[4])

        // A debug build makes and lays out a million items far slower than a release build.
        let app = try await h.launch(["--items", String(Self.count)], label: "million", timeout: 120, record: false)
        print("million: window shown \(Date().timeIntervalSince(started)) s after the start")
        await h.x.drag(from: first.frame.center, to: fourth.gapAfter(fifth), dwell: EndToEndTests.gapDwell)
        // The first save of a generated collection writes all of it (seconds in a debug build).
        let deadline = Date().addingTimeInterval(120)
        var saved: [String]?
        while Date() < deadline {
            saved = Self.storedPrefix(h.statePath, section: 0, count: 8)
            if saved == expected { break }
            try await Task.sleep(for: .milliseconds(250))
        }
        #expect(saved == expected, "the drop is in the store")
        print("million: saved \(Date().timeIntervalSince(started)) s after the start")
        app.process.send(SIGTERM)
        #expect(await app.process.waitForExit(timeout: 30) == .exited(0))

        // Restarted from the store: the window shows the saved order (the moved item's colour in its
        // new cell, its neighbour's in its old one) without waiting for the million rows.
        let generated = SampleData.generated(count: 300, sections: 3, seed: 1)
        func fill(_ id: String) throws -> RGB {
            let item = try #require(generated.item(withID: ItemID(id)))
            return .tileFill(try #require(RGB(hex: item.color.hex)))
        }
        let movedFill = try fill(before[0]), nextFill = try fill(before[1])
        try #require(!movedFill.isClose(to: nextFill, tolerance: 12), "need distinguishable neighbours")
        let again = try await h.launch([], label: "million-again", timeout: 60, record: false)
        print("million: restarted window shown \(Date().timeIntervalSince(started)) s after the start")
        let shot = try await Screenshot.waitFor(h.x, timeout: 10) {
            $0.color(at: fourth.frame.fillProbe).isClose(to: movedFill) && $0.color(at: first.frame.fillProbe).isClose(to: nextFill)
        }
        #expect(shot.color(at: fourth.frame.fillProbe).isClose(to: movedFill), "the moved item is drawn where it was dropped")
        #expect(shot.color(at: first.frame.fillProbe).isClose(to: nextFill), "its old cell shows its neighbour")
        #expect(!again.standardError.contains("could not"), "\(again.standardError)")

        // Every row is there and reads back as a sound collection.
        let store = try CollectionStore(path: h.statePath, readOnly: true)
        defer { store.close() }
        let whole = try store.readAll(partitions: 2)
        #expect(whole.sections.map(\.items.count).reduce(0, +) == Self.count)
        #expect(Array(whole.sections[0].items.prefix(8).map(\.id.rawValue)) == expected)
        again.process.send(SIGTERM)
        #expect(await again.process.waitForExit(timeout: 30) == .exited(0))
    }
}
