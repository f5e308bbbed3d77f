import CX11
import Foundation
import TesseraCore
import Testing

/// `tessera --record` / `tessera replay`: a session in the real window, with real X input, replays
/// headlessly to the collection the app saved. (Every other end-to-end session is recorded and
/// replayed too, by `Harness.close`; this one also compares with the state file itself.)
@Suite("End to end: record and replay")
struct ReplayEndToEndTests {
    @Test("a recorded session (a reorder, a drop into a folder, a cancelled drag) replays headlessly to the saved collection")
    func aRecordedSessionReplaysToTheSavedCollection() async throws {
        let h = try await Harness.start("replay")
        defer { h.close() }
        let layout = try await h.layout()
        let s1 = try layout.item("s1"), s2 = try layout.item("s2")
        let fifth = try layout.item(section: 0, index: 4), sixth = try layout.item(section: 0, index: 5)
        let app = try await h.launch()

        // s1 to the gap after the fifth cell; then s2 (first now) into Travel; then lift the new
        // first cell, carry it and press Escape.
        await h.x.drag(from: s1.frame.center, to: fifth.gapAfter(sixth), dwell: EndToEndTests.gapDwell)
        _ = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0).first == "s2" }
        let moved = try await h.layout()
        try await Task.sleep(for: .milliseconds(300))
        await h.x.drag(from: try moved.item("s2").frame.center, to: try moved.item("travel").frame.center,
                       dwell: EndToEndTests.centreDwell)
        try await Task.sleep(for: .milliseconds(400))
        await h.x.lift(at: s1.frame.center, thenGlideTo: s2.frame.center)
        try await Task.sleep(for: .seconds(EndToEndTests.gapDwell))
        try h.x.tap(keysym: XK_Escape)
        try await Task.sleep(for: .milliseconds(100))
        h.x.release()
        try await Task.sleep(for: .milliseconds(500))
        #expect(app.stop() == .exited(0))

        let saved = try StateFile.decode(Array(try #require(StateFileReader.bytes(h.statePath))))
        #expect(saved.item(withID: "travel")?.children.last?.id == "s2", "s2 went into Travel")
        #expect(saved.sections[0].items.map(\.id).prefix(5) != SampleData.model().sections[0].items.map(\.id).prefix(5))

        let trace = try String(contentsOfFile: h.tracePath("app"), encoding: .utf8)
        #expect(trace.components(separatedBy: "\"e\":\"down\"").count - 1 == 3, "three presses recorded")
        #expect(trace.contains("\"key\":\"escape\"") && trace.contains("\"e\":\"end\""))

        let replay = TesseraBinary.replay(h.tracePath("app"), in: h.directory)
        #expect(replay.status == .exited(0), "\(replay.stderr)")
        #expect(replay.stderr.contains("ends on the recorded collection"), "\(replay.stderr)")
        let replayed = try StateFile.decode(Array(replay.stdout.utf8))
        #expect(replayed == saved)
    }
}
