import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// 10,000 pointer motions a second during a drag: the loop must coalesce them (the engine sees one
/// position per frame), keep drawing frames, and keep its memory flat.
///
/// In the suite the flood lasts 1.5 s and only what cannot depend on timing is asserted (motions
/// coalesced, the dwell under the flood still reorders, the drop lands). The long run,
/// `scripts/reliability/flood.sh` (`TESSERA_FLOOD_SECONDS=10`), prints the figures: frames per
/// second and the longest gap between frames during the flood (from the app's
/// `TESSERA_FRAME_STATS` lines), motions sent / received / delivered, and the app's RSS.
@Suite("End to end: pointer flood")
struct FloodTests {
    static var seconds: Double {
        ProcessInfo.processInfo.environment["TESSERA_FLOOD_SECONDS"].flatMap(Double.init) ?? 1.5
    }
    static let rate = 10_000

    @Test("10,000 motions a second during a drag are coalesced; the dwell still reorders and the drop lands")
    func motionFloodDuringDrag() async throws {
        let seconds = Self.seconds
        let long = seconds > 5
        let h = try await Harness.start("flood")
        defer { h.close() }
        let layout = try await h.layout()
        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        let gap = fourth.gapAfter(fifth)
        let app = try await FaultApp(h, environment: ["TESSERA_FRAME_STATS": "1"])
        defer { app.stop() }

        await h.x.lift(at: s1.frame.center, thenGlideTo: gap)
        let rssBefore = ProcessProbe.residentKilobytes(app.pid) ?? 0
        let sent = Counter()
        let session = h.x
        let flood = Task {
            await session.gesture { x in sent.value = x.floodMotion(between: gap, and: Pixel(gap.x + 2, gap.y + 1), rate: Self.rate, seconds: seconds) }
        }
        var rss: [Int] = []
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            try await Task.sleep(for: .milliseconds(500))
            rss.append(ProcessProbe.residentKilobytes(app.pid) ?? 0)
        }
        await flood.value
        await h.x.gesture { x in x.pause(0.2); x.release() }

        let expected = layout.ids(inSection: 0).moving("s1", before: fifth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected, "the reorder dwell fired under the flood and the drop landed")
        try await Task.sleep(for: .milliseconds(400))
        let rssAfter = ProcessProbe.residentKilobytes(app.pid) ?? 0
        #expect(app.stop() == .exited(0), "stderr: \(app.standardError)")
        // The drag and the flood came through XInput 2 (XTest's pointer is an XI2 device), as a
        // desktop's mouse does.
        #expect(app.standardError.contains("tessera: frame-stats input=xi2."), "stderr: \(app.standardError)")

        let total = try #require(app.frameStatsTotal, "no frame-stats summary; stderr: \(app.standardError)")
        let motions = Int(total["motions"] ?? 0), delivered = Int(total["motions_delivered"] ?? 0)
        #expect(motions >= sent.value / 2, "the app received \(motions) of \(sent.value) motions")
        #expect(delivered * 5 < motions, "coalesced: \(delivered) of \(motions) motions reached the engine")

        // Intervals of the app's own periodic lines that fell inside the flood.
        let busy = FrameStatsInterval.parse(app.standardError).filter { Double($0.motions) > 0.5 * Double(Self.rate) * $0.seconds }
        let frames = busy.reduce(0) { $0 + $1.frames }, span = busy.reduce(0.0) { $0 + $1.seconds }
        let fps = span > 0 ? Double(frames) / span : 0
        let maxGap = busy.map(\.maxGapMs).max() ?? 0
        let maxFrame = busy.map(\.maxFrameMs).max() ?? 0
        let maxPresent = busy.map(\.maxPresentMs).max() ?? 0
        print("""
            flood: \(Self.rate)/s for \(seconds) s during a drag: sent \(sent.value) motions, app received \(motions), \
            delivered \(delivered) to the engine (\(String(format: "%.1f", Double(motions) / Double(max(delivered, 1)))) per delivery); \
            during the flood \(frames) frames in \(String(format: "%.1f", span)) s = \(String(format: "%.1f", fps)) fps, \
            longest gap between frames \(maxGap) ms, longest frame \(maxFrame) ms (longest wait for the X server in a \
            present \(maxPresent) ms), longest drain \(Int(total["max_drain_ms"] ?? 0)) ms \
            (\(Int(total["max_drain_events"] ?? 0)) events); RSS before \(rssBefore) kB, during \(rss.min() ?? 0)–\(rss.max() ?? 0) kB, \
            after \(rssAfter) kB
            """)
        if long {
            // Generous sanity bounds for the long run only (the suite's machines may be busy).
            #expect(fps > 20, "frames kept pace: \(fps) fps under the flood")
            #expect((rss.max() ?? 0) - rssBefore < 20_000, "memory stays flat: RSS \(rssBefore) -> max \(rss.max() ?? 0) kB")
        }
    }
}

/// A shared count written by a gesture thread and read after it ends.
final class Counter: @unchecked Sendable {
    var value = 0
}

/// One `tessera: frame-stats interval …` line.
struct FrameStatsInterval {
    var seconds: Double
    var events: Int
    var motions: Int
    var frames: Int
    var maxFrameMs: Int
    var maxPresentMs: Int
    var maxGapMs: Int
    var rssKilobytes: Int

    static func parse(_ stderr: String) -> [FrameStatsInterval] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("tessera: frame-stats interval") }.map { line in
            var f: [String: Double] = [:]
            for part in line.split(separator: " ") {
                let kv = part.split(separator: "=", maxSplits: 1)
                if kv.count == 2, let v = Double(kv[1]) { f[String(kv[0])] = v }
            }
            return FrameStatsInterval(seconds: f["s"] ?? 0, events: Int(f["events"] ?? 0), motions: Int(f["motions"] ?? 0),
                                      frames: Int(f["frames"] ?? 0), maxFrameMs: Int(f["max_frame_ms"] ?? 0),
                                      maxPresentMs: Int(f["max_present_ms"] ?? 0),
                                      maxGapMs: Int(f["max_gap_ms"] ?? 0), rssKilobytes: Int(f["rss_kb"] ?? 0))
        }
    }
}
