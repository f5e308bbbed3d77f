import Foundation
import Testing

/// The app on X screens of other colour depths: Cairo paints 8 bits a channel and the back buffer
/// converts to the visual (pixman) as each rect is sent. At depth 16 and 30 a drag reorders as at
/// depth 24, and the screen after it matches depth 24's to within what the depth can show.
@Suite("End to end: depth 16, 24 and 30 screens")
struct ColourDepthEndToEndTests {
    /// The screen once it has stopped changing (the drop's animations have ended).
    static func settled(_ h: Harness) async throws -> Screenshot {
        var last = try Screenshot(h.x)
        for _ in 0..<40 {
            try await Task.sleep(for: .milliseconds(250))
            let next = try Screenshot(h.x)
            if next.pixelsEqual(last) { return next }
            last = next
        }
        return last
    }

    /// Launches on a screen of `depth`, drags s1 to the gap after the fourth tile, and returns the
    /// settled screen.
    static func reorder(atDepth depth: Int) async throws -> (Screenshot, tolerance: Int) {
        let h = try await Harness.start("depth\(depth)", depth: depth)
        defer { h.close() }
        let layout = try await h.layout()
        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        let app = try await h.launch()
        await h.x.drag(from: s1.frame.center, to: fourth.gapAfter(fifth), dwell: EndToEndTests.gapDwell)
        let expected = layout.ids(inSection: 0).moving("s1", before: fifth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected, "depth \(depth): the drag's reorder was saved; stderr: \(app.standardError)")
        h.x.move(to: Pixel(h.xvfb.width - 1, h.xvfb.height - 1))   // no hover look on any tile
        return (try await settled(h), h.colourTolerance)
    }

    /// Levels a pixel of antialiased text may differ between a frame that repainted it whole and
    /// one that repainted it through a damage rect cutting the line (Cairo composites clipped
    /// glyphs through a mask and rounds once more): seen as #fcfcfc against #ffffff at depth 24.
    static let clippedTextRounding = 3

    @Test("at depth 16 and 30 a drag reorders, and the screen matches depth 24's within the depth's precision")
    func everyTrueColorDepthDrawsTheSameCollection() async throws {
        let (reference, _) = try await Self.reorder(atDepth: 24)
        for depth in [16, 30] {
            let (shot, tolerance) = try await Self.reorder(atDepth: depth)
            let off = shot.pixelsFartherThan(tolerance + Self.clippedTextRounding, from: reference)
            let where_ = off == 0 ? "" : "\(shot.save(name: "depth\(depth)")) against \(reference.save(name: "depth24"))"
            #expect(off == 0, "depth \(depth): \(off) pixels differ from depth 24's by more than \(tolerance + Self.clippedTextRounding) levels \(where_)")
            #expect(shot.distinctColorCount > 100, "depth \(depth) drew a real frame")
        }
    }

    @Test("a PseudoColor screen (depth 8) gets one line saying what is needed, and exit status 1")
    func pseudoColorIsRefusedWithAReason() async throws {
        let directory = NSTemporaryDirectory() + "tessera-e2e-depth8-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await XvfbServer.start(depth: 8, logPath: directory + "/xvfb.log")
        defer { server.stop() }
        let run = try await TesseraBinary.run(["--state", directory + "/state.db"], in: directory, display: server.display)
        #expect(run.status == .exited(1))
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("PseudoColor, depth 8") && lines[0].contains("TrueColor"),
                "stderr: \(run.stderr)")
    }
}
