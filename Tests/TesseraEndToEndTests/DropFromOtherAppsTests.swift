import Foundation
import Testing

/// Files dragged from another app (a test XDND source, as a file manager drags them) onto the
/// window land at the gap where they are let go, in order, as one step; a drag that leaves adds
/// nothing.
@Suite("End to end: drops from other apps (XDND)")
struct DropFromOtherAppsTests {
    @Test("three files dropped on a gap land there in order; undo takes them back; a drag that leaves adds nothing")
    func filesDroppedOnAGapLandThere() async throws {
        let h = try await Harness.start("xdnd")
        defer { h.close() }
        let layout = try await h.layout()
        let second = try layout.item(section: 0, index: 1), third = try layout.item(section: 0, index: 2)
        let app = try await h.launch()
        let target = try await h.x.waitForAppWindow()
        let files = try ["Beach day 海.png", "Hills.jpg", "notes.txt"].map { name -> String in
            let path = h.directory + "/" + name
            try Data("x".utf8).write(to: URL(fileURLWithPath: path))
            return "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
        }
        let source = try XdndSource(displayName: h.xvfb.display)
        let gap = second.gapAfter(third)
        let result = source.drag(files, onto: target, path: [Pixel(gap.x - 30, gap.y - 20), gap])
        #expect(result.accepted && result.finished && result.succeeded, "\(result); stderr: \(app.standardError)")
        let ids = layout.ids(inSection: 0)
        let expected = Array(ids[..<2]) + ["dropped-1", "dropped-2", "dropped-3"] + Array(ids[2...])
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected, "stderr: \(app.standardError)")
        let titles = try await h.layout().items.filter { $0.id.hasPrefix("dropped-") }.map(\.title)
        #expect(titles == ["Beach day 海.png", "Hills.jpg", "notes.txt"])

        // A drag that leaves the window (XdndLeave) adds nothing.
        let left = source.drag([files[0]], onto: target, path: [gap], cancel: true)
        #expect(!left.finished)
        try await Task.sleep(for: .milliseconds(300))
        // Ctrl+Z takes the three back in one step.
        try h.x.tap(keysym: 0x7a, modifiers: [0xffe3])   // z with Control_L
        let undone = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == ids }
        #expect(undone?.ids(inSection: 0) == ids, "one undo removes the drop")
        #expect(app.standardError.isEmpty, "stderr: \(app.standardError)")
    }
}
