import Foundation
import Testing
import TesseraCore
#if canImport(Glibc)
import Glibc
#endif

/// The store as a user meets it: one writer per store, a state file of the previous version
/// carried over, export and import around a running app.
@Suite("End to end: the store")
struct StoreEndToEndTests {
    @Test("a second tessera on the same store raises the first window and exits 0; every drop of the first survives")
    func secondLaunchRaisesTheFirst() async throws {
        let h = try await Harness.start("second")
        defer { h.close() }
        let layout = try await h.layout()
        let app = try await h.launch()
        var order = layout.ids(inSection: 0)
        func drop(_ id: String, before target: Int) async throws {
            let from = try layout.item(section: 0, index: try #require(order.firstIndex(of: id)))
            let a = try layout.item(section: 0, index: target - 1), b = try layout.item(section: 0, index: target)
            await h.x.drag(from: from.frame.center, to: a.gapAfter(b), dwell: EndToEndTests.gapDwell)
            order = order.moving(id, before: order[target])
        }
        try await drop("s1", before: 4)
        #expect(await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == order }?.ids(inSection: 0) == order)

        let second = try await TesseraBinary.run(["--state", h.statePath], in: h.directory, display: h.xvfb.display)
        #expect(second.status == .exited(0))
        #expect(second.stderr == "tessera: \(h.statePath) is already open in Tessera (pid \(app.process.pid)); raised its window instead of opening a second one\n")
        #expect(h.x.viewableChildren().filter { h.x.title(of: $0) == "Tessera" }.count == 1, "one window")
        #expect(second.stdout.isEmpty)

        // Import refuses while the window has the store; export reads beside it.
        let exported = try await TesseraBinary.run(["export", "--state", h.statePath], in: h.directory)
        #expect(exported.status == .exited(0))
        let doc = try JSONDecoder().decode(StateDocument.self, from: Data(exported.stdout.utf8))
        #expect(doc.ids(inSection: 0) == order)
        try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: h.directory + "/copy.json"))
        let refused = try await TesseraBinary.run(["import", h.directory + "/copy.json", "--state", h.statePath], in: h.directory)
        #expect(refused.status == .exited(1))
        #expect(refused.stderr == "tessera: cannot import into \(h.statePath): it is open in Tessera (pid \(app.process.pid)); close that window first. The collection is unchanged\n")

        // The first window goes on saving.
        try await drop("s2", before: 6)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == order }
        #expect(saved?.ids(inSection: 0) == order, "both drops are in the store")
        app.process.send(SIGTERM)
        #expect(await app.process.waitForExit(timeout: 5) == .exited(0))
        #expect(try await h.layout().ids(inSection: 0) == order, "and a restart shows them")
    }

    @Test("a state file of the previous version at --state becomes a store, and the JSON is kept beside it")
    func oldStateFileIsMigrated() async throws {
        let h = try await Harness.start("migrate")
        defer { h.close() }
        var model = SampleData.model()
        var log = EditLog()
        try model.move("s1", to: IndexPath(section: 1, item: 0), near: nil, log: &log)
        let json = Data(StateFile.encode(model))
        try json.write(to: URL(fileURLWithPath: h.statePath))
        let app = try await h.launch()
        #expect(app.standardError.contains("tessera: \(h.statePath) was a state file of an earlier Tessera: its \(model.allIDs.count) items are now in a store at the same path; the JSON is kept as \(h.statePath).migrated"))
        #expect(StateFileReader.bytes(h.statePath + ".migrated") == json, "the JSON is kept byte for byte")
        #expect(StateFileReader.bytes(h.statePath)?.starts(with: Array("SQLite format 3".utf8)) == false, "read through export")
        #expect(FileManager.default.contents(atPath: h.statePath)?.starts(with: Array("SQLite format 3".utf8)) == true)
        #expect(try StateFileReader.read(h.statePath).ids(inSection: 1).first == "s1")
        app.process.send(SIGTERM)
        _ = await app.process.waitForExit(timeout: 5)
        #expect(try await h.layout().ids(inSection: 1).first == "s1", "what the JSON said is what the window shows")
    }

    @Test("export, then import into a new store, gives the same collection; the previous one is kept")
    func exportImportRoundTrip() async throws {
        let h = try await Harness.start("roundtrip")
        defer { h.close() }
        let model = SampleData.generated(count: 2000, sections: 3, seed: 12)
        let source = h.directory + "/source.json"
        try Data(StateFile.encode(model)).write(to: URL(fileURLWithPath: source))
        let first = try await TesseraBinary.run(["import", source, "--state", h.statePath], in: h.directory)
        #expect(first.status == .exited(0))
        #expect(first.stderr == "tessera: imported \(model.allIDs.count) items from \(source) into \(h.statePath); there was no previous collection\n")
        let out = h.directory + "/out.json"
        let exported = try await TesseraBinary.run(["export", "--state", h.statePath, "--output", out], in: h.directory)
        #expect(exported.status == .exited(0))
        #expect(FileManager.default.contents(atPath: out) == FileManager.default.contents(atPath: source), "byte for byte")
        let again = try await TesseraBinary.run(["import", h.directory + "/out.json", "--state", h.statePath], in: h.directory)
        #expect(again.stderr.hasSuffix("the previous collection is kept as \(h.statePath).before-import-1.json\n"))
        #expect(FileManager.default.contents(atPath: h.statePath + ".before-import-1.json") == FileManager.default.contents(atPath: source))
        let bad = h.directory + "/bad.json"
        try Data(##"{"version":1,"sections":[{"id":"a","title":"A","items":[{"id":"x","title":"X","kind":"item","icon":"/etc/passwd","color":"#ffffff","done":false}]}]}"##.utf8).write(to: URL(fileURLWithPath: bad))
        let refused = try await TesseraBinary.run(["import", bad, "--state", h.statePath], in: h.directory)
        #expect(refused.status == .exited(1))
        #expect(refused.stderr == "tessera: cannot import \(bad): sections[0].items[0].icon is invalid: '/etc/passwd' is a path, not a name (icons are names in the assets' icon folder); the collection is unchanged\n")
        #expect(try StateFileReader.read(h.statePath).flatIDs.count == model.sections.reduce(0) { $0 + $1.items.count })
    }
}
