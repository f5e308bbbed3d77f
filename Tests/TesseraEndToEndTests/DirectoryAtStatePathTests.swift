import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A directory where the state file should be: nothing to lose, so the app starts on the sample
/// data and keeps trying to save; each failure is on screen and in stderr, and once the directory
/// is gone the next change is saved.
@Suite("End to end: a directory at the state path")
struct DirectoryAtStatePathTests {
    @Test("the app starts, saves fail with a banner and one stderr line, and succeed once the directory is gone")
    func directoryAtStatePath() async throws {
        let h = try await Harness.start("dirpath")
        defer { h.close() }
        let layout = try await h.layout()           // before the directory: the sample data
        try FileManager.default.createDirectory(atPath: h.statePath, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: h.statePath + "/keep.txt", contents: Data("mine".utf8)))
        let app = try await h.launch()
        #expect(app.standardError.split(separator: "\n") == [
            "tessera: state file \(h.statePath) could not be loaded: it is a directory; started on the sample data, and saving will fail until it is removed",
        ])

        var order = layout.ids(inSection: 0)
        func drag(_ id: String, before target: Int) async throws {
            let i = try #require(order.firstIndex(of: id))
            let a = try layout.item(section: 0, index: target - 1), b = try layout.item(section: 0, index: target)
            await h.x.drag(from: try layout.item(section: 0, index: i).frame.center, to: a.gapAfter(b), dwell: EndToEndTests.gapDwell)
            order = order.moving(id, before: order[target])
            try await Task.sleep(for: .milliseconds(400))
        }

        try await drag("s1", before: 4)
        let failures = app.standardError.split(separator: "\n").filter { $0.hasPrefix("tessera: could not save") }
        #expect(failures == ["tessera: could not save: saving to \(h.statePath) failed: it is a directory; the arrangement is kept in memory"])
        #expect(StateFileReader.bytes(h.statePath + "/keep.txt") == Data("mine".utf8), "the directory is left alone")

        try FileManager.default.removeItem(atPath: h.statePath)
        try await drag("s2", before: 6)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == order }
        #expect(saved?.ids(inSection: 0) == order, "both moves are saved once the path is free")
        #expect(app.standardError.contains("tessera: saved \(h.statePath) again"))
    }
}
