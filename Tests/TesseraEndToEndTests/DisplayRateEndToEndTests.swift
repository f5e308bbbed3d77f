import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Frames at the display's pace, in the real app: the interval it reads from RandR (and tells the
/// engine, as the session's recording shows) on Xvfb, whose modes have no timings (60 Hz), capped
/// by --max-fps, and on Xorg's dummy driver with a 143.95 Hz mode.
@Suite("End to end: frames at the display's refresh rate")
struct DisplayRateEndToEndTests {
    /// The `frameInterval` entries of a recorded session.
    static func intervals(_ trace: String) throws -> [Double] {
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> Double? in
            guard line.contains("\"e\":\"frameInterval\""), let r = line.range(of: "\"interval\":") else { return nil }
            return Double(line[r.upperBound...].prefix { $0 != "}" && $0 != "," })
        }
    }

    /// Until the app has recorded its interval (before its first frame), at most 20 s: the window
    /// is not awaited on a server without the harness's screenshots.
    static func waitForInterval(in trace: String) async throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, (try? intervals(trace))?.isEmpty ?? true { try await Task.sleep(for: .milliseconds(50)) }
    }

    @Test("on Xvfb (RandR gives no rate) frames are paced at 60 Hz; --max-fps 30 paces them at 30")
    func xvfbIsSixtyAndMaxFPSCaps() async throws {
        let h = try await Harness.start("rate")
        defer { h.close() }
        let plain = try await h.launch(["--items", "40"], label: "plain")
        _ = plain.stop()
        #expect(try Self.intervals(h.tracePath("plain")) == [1 / 60.0])
        let capped = try await h.launch(["--items", "40", "--max-fps", "30"], label: "capped")
        _ = capped.stop()
        #expect(try Self.intervals(h.tracePath("capped")) == [1 / 30.0])
    }

    @Test("on Xorg's dummy driver with one 143.95 Hz mode, frames are paced at its rate",
          .enabled(if: XvfbServer.xorgDummyAvailable, "needs root and xserver-xorg-video-dummy"))
    func aHighRefreshDisplaySetsThePace() async throws {
        let directory = NSTemporaryDirectory() + "tessera-e2e-xorg-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await XvfbServer.startXorgDummy(directory: directory)
        defer { server.stop() }
        let trace = directory + "/app.trace"
        let app = try AppProcess(display: server.display,
                                 arguments: ["--state", directory + "/store.db", "--items", "40", "--record", trace],
                                 directory: directory)
        try await Self.waitForInterval(in: trace)
        _ = app.stop()
        let found = try Self.intervals(trace)
        #expect(found.count == 1 && abs(1 / found[0] - 143.95) < 0.01, "recorded \(found), stderr: \(app.standardError)")
        let capped = try AppProcess(display: server.display,
                                    arguments: ["--state", directory + "/store.db", "--max-fps", "90", "--record", directory + "/capped.trace"],
                                    directory: directory, name: "capped")
        try await Self.waitForInterval(in: directory + "/capped.trace")
        _ = capped.stop()
        #expect(try Self.intervals(directory + "/capped.trace") == [1 / 90.0])
    }
}
