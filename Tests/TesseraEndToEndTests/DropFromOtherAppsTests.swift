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
        let files = try Self.files(["Beach day 海.png", "Hills.png", "notes.txt"], in: h)
        let source = try XdndSource(displayName: h.xvfb.display)
        let gap = second.gapAfter(third)
        nonisolated(unsafe) var during: Screenshot?
        let session = h.x
        let result = source.drag(files, onto: target, path: [Pixel(gap.x - 30, gap.y - 20), gap], dwell: 0.4,
                                 whileOver: { during = try? Screenshot(session) })
        #expect(result.accepted && result.finished && result.succeeded, "\(result); stderr: \(app.standardError)")
        // While it was over the gap, the accent bar marked it (between the second and third tiles).
        let shot = try #require(during)
        let bar = (Int(second.frame.maxX) + Int(third.frame.x)) / 2
        let blue = (bar - 4...bar + 4).map { shot.color(at: Pixel($0, Int(third.frame.midY))) }.filter { $0.b > $0.r + 80 }
        #expect(!blue.isEmpty, "the gap bar shows under another app's drag: \(shot.save(name: "xdnd-gap-bar"))")
        let ids = layout.ids(inSection: 0)
        let expected = Array(ids[..<2]) + ["dropped-1", "dropped-2", "dropped-3"] + Array(ids[2...])
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected, "stderr: \(app.standardError)")
        let titles = try await h.layout().items.filter { $0.id.hasPrefix("dropped-") }.map(\.title)
        #expect(titles == ["Beach day 海.png", "Hills.png", "notes.txt"])
        // Each keeps where it came from (the file's URI, percent-encoded), in the saved collection.
        #expect(saved?.entry("dropped-1")?.location == files[0] && saved?.entry("dropped-3")?.location == files[2],
                "\(saved?.entry("dropped-1")?.location ?? "none") vs \(files[0])")

        // A drag given up (Escape in the source app, which then sends XdndLeave) adds nothing.
        let left = source.drag([files[0]], onto: target, path: [gap], cancel: true)
        #expect(!left.finished)
        try await Task.sleep(for: .milliseconds(300))
        // Ctrl+Z takes the three back in one step.
        try h.x.tap(keysym: 0x7a, modifiers: [0xffe3])   // z with Control_L
        let undone = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == ids }
        #expect(undone?.ids(inSection: 0) == ids, "one undo removes the drop")
        #expect(app.standardError.isEmpty, "stderr: \(app.standardError)")
    }

    /// Files for a drop, made in the test's folder (a `.png` a real image: 120x60, red); their
    /// `file://` URIs.
    static func files(_ names: [String], in h: Harness) throws -> [String] {
        try names.map { name in
            let path = h.directory + "/" + name
            let bytes = name.hasSuffix(".png") ? TestImages.png(width: 120, height: 60, red: 220, green: 40, blue: 30) : Array("x".utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
        }
    }

    @Test("a drop held over a folder through its dwell goes into the folder")
    func aDwellOverAFolderDropsIntoIt() async throws {
        let h = try await Harness.start("xdnd-folder")
        defer { h.close() }
        let layout = try await h.layout()
        let folder = try #require(layout.items.first { $0.kind == "folder" && $0.section == 0 })
        let app = try await h.launch()
        let target = try await h.x.waitForAppWindow()
        let source = try XdndSource(displayName: h.xvfb.display)
        let c = folder.frame.center
        let result = source.drag(try Self.files(["Dune.pdf", "Song.mp3"], in: h), onto: target,
                                 path: [Pixel(c.x - 20, c.y), c], dwell: 1.4)
        #expect(result.succeeded, "\(result); stderr: \(app.standardError)")
        let saved = await StateFileReader.waitFor(h.statePath) { doc in
            doc.entry(folder.id)?.children?.map(\.id).suffix(2) == ["dropped-1", "dropped-2"]
        }
        #expect(saved?.entry(folder.id)?.children?.suffix(2).map(\.title) == ["Dune.pdf", "Song.mp3"], "into \(folder.title)")
        #expect(saved?.ids(inSection: 0) == layout.ids(inSection: 0), "nothing added beside it")
    }

    @Test("a drag resting near the bottom edge scrolls the window, and the drop lands where it was let go")
    func restingAtTheBottomEdgeAutoscrolls() async throws {
        let h = try await Harness.start("xdnd-autoscroll")
        defer { h.close() }
        let app = try await h.launch()
        let target = try await h.x.waitForAppWindow()
        let before = try Screenshot(h.x)
        let source = try XdndSource(displayName: h.xvfb.display)
        let edge = Pixel(500, h.xvfb.height > 720 ? 712 : h.xvfb.height - 8)
        let result = source.drag(try Self.files(["Far.txt"], in: h), onto: target, path: [Pixel(500, 600), edge], dwell: 1.5)
        #expect(result.succeeded, "\(result); stderr: \(app.standardError)")
        #expect(!(try Screenshot(h.x)).pixelsEqual(before), "the window scrolled")
        let saved = await StateFileReader.waitFor(h.statePath) { $0.flatIDs.contains("dropped-1") }
        let flat = saved?.flatIDs ?? []
        let index = try #require(flat.firstIndex(of: "dropped-1"))
        let firstScreen = try await h.layout().items.filter(\.visible).count
        #expect(index > firstScreen, "dropped past what the first screen showed (at \(index) of \(flat.count))")
    }

    @Test("a source that never hands its data over: after 5 s the drop fails, nothing is added, the window goes on")
    func aSilentSourceTimesOut() async throws {
        let h = try await Harness.start("xdnd-silent")
        defer { h.close() }
        let layout = try await h.layout()
        let first = try layout.item(section: 0, index: 0)
        let app = try await h.launch()
        let target = try await h.x.waitForAppWindow()
        let source = try XdndSource(displayName: h.xvfb.display)
        let started = Date()
        let result = source.drag(try Self.files(["Lost.txt"], in: h), onto: target, path: [first.frame.center], silent: true)
        #expect(result.finished && !result.succeeded, "the target told the source the drop failed: \(result)")
        #expect(Date().timeIntervalSince(started) >= 4.5, "after the 5 s the source had")
        #expect(!StateFileReader.exists(h.statePath), "nothing was added (nothing to save)")
        // The window still answers: a drag of its own reorders as ever.
        let second = try layout.item(section: 0, index: 1), third = try layout.item(section: 0, index: 2)
        await h.x.drag(from: first.frame.center, to: second.gapAfter(third), dwell: EndToEndTests.gapDwell)
        let moved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0).firstIndex(of: first.id) == 1 }
        #expect(moved != nil, "stderr: \(app.standardError)")
    }
}
