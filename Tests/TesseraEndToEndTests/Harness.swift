import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One test's world: a temporary directory (state file, logs), a fresh Xvfb, the test's X
/// connection, and the app windows it launches. ``close()`` (call it in a `defer`) stops the app,
/// closes the connection, stops Xvfb and removes the directory; nothing outlives the test.
final class Harness {
    let name: String
    let directory: String
    let xvfb: XvfbServer
    let x: XSession
    private(set) var apps: [AppProcess] = []
    /// Levels a colour on this screen may differ from the 8-bit colour painted: 0 at depth 24,
    /// up to 8 where a channel keeps 5 bits (depth 15 and 16, dithered).
    let colourTolerance: Int

    /// The test's state file; it does not exist until the app commits a change. A test may point
    /// it elsewhere (a tiny tmpfs) before launching.
    lazy var statePath: String = directory + "/state.json"

    private init(name: String, directory: String, xvfb: XvfbServer, x: XSession, depth: Int) {
        colourTolerance = depth >= 24 ? (depth > 24 ? 1 : 0) : 8
        self.name = name
        self.directory = directory
        self.xvfb = xvfb
        self.x = x
    }

    /// `depth`: the X screen's (see ``XvfbServer/start(width:height:depth:logPath:)``).
    static func start(_ name: String, depth: Int = 24) async throws -> Harness {
        _ = try TesseraBinary.require()
        var template = Array((NSTemporaryDirectory() + "tessera-e2e-\(name)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw XSession.Failure(description: "mkdtemp failed: errno \(errno)") }
        let directory = String(cString: made)
        let xvfb: XvfbServer
        do {
            xvfb = try await XvfbServer.start(depth: depth, logPath: directory + "/xvfb.log")
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        do {
            return Harness(name: name, directory: directory, xvfb: xvfb, x: try XSession(displayName: xvfb.display), depth: depth)
        } catch {
            xvfb.stop()
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// Starts `tessera --state <statePath> <arguments>` and returns once its window is mapped and
    /// the first frame is on screen (the surface background shows at the window's corner).
    ///
    /// Every session is recorded (`--record <label>.trace`); `close()` replays each headlessly and
    /// records an issue unless the replay ends on the collection the app ended on.
    @discardableResult
    /// `timeout`: for the window, and again for its first frame. `record: false` for a session too
    /// large to replay in a debug build within the replay's time (a million items).
    /// `firstFrame`: the colour the window's corner shows once the first frame is on screen (the
    /// light palette's surface unless the test made the desktop dark).
    func launch(_ arguments: [String] = [], label: String = "app", environment: [String: String] = [:],
                timeout: Double = 10, record: Bool = true, firstFrame: RGB = .surface) async throws -> AppProcess {
        let recording = record ? ["--record", tracePath(label)] : []
        let app = try AppProcess(display: xvfb.display, arguments: ["--state", statePath] + recording + arguments,
                                 directory: directory, name: label, environment: environment)
        apps.append(app)
        do {
            _ = try await x.waitForAppWindow(timeout: timeout)
        } catch {
            throw XSession.Failure(description: "\(error); app \(app.process.status?.description ?? "running"), "
                + "stderr: \(app.standardError)")
        }
        let tolerance = colourTolerance
        let shot = try await Screenshot.waitFor(x, timeout: timeout) { $0.color(at: Pixel(2, 2)).isClose(to: firstFrame, tolerance: tolerance) }
        guard shot.color(at: Pixel(2, 2)).isClose(to: firstFrame, tolerance: tolerance) else {
            throw XSession.Failure(description: "the first frame did not appear within \(timeout) s (corner is \(shot.color(at: Pixel(2, 2))), "
                + "screenshot \(shot.save(name: "\(name)-no-first-frame")))")
        }
        return app
    }

    func close() {
        for app in apps { app.stop() }
        checkReplays()
        x.close()
        xvfb.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Where the session of the app launched as `label` is recorded.
    func tracePath(_ label: String) -> String { directory + "/\(label).trace" }

    /// Replays every recorded session that ended normally (a killed app's trace has no end to
    /// compare with; `tessera replay` says so and exits 0) and records an issue for one that ends
    /// elsewhere or cannot be read.
    func checkReplays() {
        for app in apps {
            let trace = tracePath(app.name)
            guard access(trace, R_OK) == 0 else { continue }
            let result = TesseraBinary.replay(trace, in: directory)
            print("replay \(name)/\(app.name): \(result.stderr.split(separator: "\n").last ?? "")")
            if result.status != .exited(0) {
                Issue.record("replaying \(name)/\(app.name): \(result.status?.description ?? "did not finish"): \(result.stderr)")
            }
        }
    }

    /// `tessera layout --state <statePath> <arguments>`. Only for a missing or valid state file: a
    /// bad one would be set aside by the subcommand too.
    func layout(_ arguments: [String] = []) async throws -> LayoutDocument {
        try await TesseraBinary.layout(["--state", statePath] + arguments, in: directory)
    }
}

/// Where to aim: a little inside frames, the spacing between neighbours.
extension LayoutDocument.Frame {
    var center: Pixel { Pixel(midX, midY) }
    /// A spot of plain tile fill: left of the centred icon, above the label.
    var fillProbe: Pixel { Pixel(x + 6, y + height / 2) }
}

extension LayoutDocument.Item {
    /// The middle of the spacing between this cell and the next one on its row.
    func gapAfter(_ next: LayoutDocument.Item) -> Pixel {
        Pixel((frame.maxX + next.frame.x) / 2, frame.midY)
    }
}

extension LayoutDocument {
    /// The item at `index` of section `section`.
    func item(section: Int, index: Int) throws -> Item {
        guard let item = items.first(where: { $0.section == section && $0.index == index }) else {
            throw XSession.Failure(description: "no item at \(section).\(index) in the layout")
        }
        return item
    }
}

extension Array where Element == String {
    /// This order with `id` taken out and put back just before `before`.
    func moving(_ id: String, before: String) -> [String] {
        var result = filter { $0 != id }
        result.insert(id, at: result.firstIndex(of: before) ?? result.count)
        return result
    }
}
