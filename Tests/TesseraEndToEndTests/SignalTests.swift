import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT (Ctrl+C in a terminal) ends the app like SIGTERM: the drag in flight is cancelled, what
/// was committed is on disk, and the exit status is 0. (SIGTERM during a drag: EndToEndTests.)
@Suite("End to end: signals")
struct SignalTests {
    @Test("SIGINT during a drag exits 0 and the file keeps only committed changes")
    func sigintDuringDrag() async throws {
        let h = try await Harness.start("sigint")
        defer { h.close() }
        let layout = try await h.layout()
        let original = layout.ids(inSection: 0)
        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        let app = try await h.launch()

        await h.x.drag(from: s1.frame.center, to: fourth.gapAfter(fifth), dwell: EndToEndTests.gapDwell)
        let committed = original.moving("s1", before: fifth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == committed }
        #expect(saved?.ids(inSection: 0) == committed)
        let committedBytes = try #require(StateFileReader.bytes(h.statePath))
        try await Task.sleep(for: .milliseconds(400))

        // A second drag, lifted and moved live, never released.
        let now = try await h.layout()
        let carried = try now.item(section: 0, index: 5)
        let sixth = try now.item(section: 0, index: 6), seventh = try now.item(section: 0, index: 7)
        await h.x.lift(at: carried.frame.center, thenGlideTo: sixth.gapAfter(seventh))
        try await Task.sleep(for: .seconds(EndToEndTests.gapDwell))

        app.process.send(SIGINT)
        let status = await app.process.waitForExit(timeout: 5)
        h.x.release()
        #expect(status == .exited(0), "SIGINT during a drag: \(status?.description ?? "still running after 5 s")")
        #expect(StateFileReader.bytes(h.statePath) == committedBytes, "the state file holds only the committed drop")
        #expect(!app.standardError.contains("could not save"), "stderr: \(app.standardError)")
    }

    @Test("SIGINT while idle after a drop exits 0 with the drop on disk")
    func sigintIdle() async throws {
        let h = try await Harness.start("sigint-idle")
        defer { h.close() }
        let layout = try await h.layout()
        let s8 = try layout.item("s8"), first = try layout.item(section: 0, index: 0)
        let app = try await h.launch()
        await h.x.drag(from: s8.frame.center, to: Pixel(first.frame.x + 4, first.frame.midY), dwell: EndToEndTests.gapDwell)
        let expected = layout.ids(inSection: 0).moving("s8", before: "s1")
        _ = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        try await Task.sleep(for: .milliseconds(400))
        app.process.send(SIGINT)
        let status = await app.process.waitForExit(timeout: 5)
        #expect(status == .exited(0), "\(status?.description ?? "still running after 5 s")")
        #expect(try await h.layout().ids(inSection: 0) == expected)
    }

    @Test("a SIGTERM that arrives before the window is up is held, then saves and exits 0")
    func sigtermDuringStartup() async throws {
        let h = try await Harness.start("sigterm-early")
        defer { h.close() }
        // Spawned with SIGTERM blocked (as from a test runner's thread) and sent it at once: it is
        // pending from the first instruction. The app must let it through once its handler is in
        // place; without that it would never see it and run on.
        let app = try AppProcess(display: h.xvfb.display, arguments: ["--state", h.statePath],
                                 directory: h.directory, blocking: [SIGTERM, SIGINT])
        defer { app.process.terminate(grace: 0) }
        kill(app.process.pid, SIGTERM)
        let status = await app.process.waitForExit(timeout: 10)
        #expect(status == .exited(0), "\(status?.description ?? "still running after 10 s") stderr: \(app.standardError)")
    }

    @Test("an app spawned with SIGINT blocked still quits on SIGINT once its window is up")
    func sigintWithInheritedMask() async throws {
        let h = try await Harness.start("sigint-mask")
        defer { h.close() }
        let app = try AppProcess(display: h.xvfb.display, arguments: ["--state", h.statePath],
                                 directory: h.directory, blocking: [SIGTERM, SIGINT])
        defer { app.process.terminate(grace: 0) }
        _ = try await h.x.waitForAppWindow(timeout: 10)
        app.process.send(SIGINT)
        let status = await app.process.waitForExit(timeout: 5)
        #expect(status == .exited(0), "\(status?.description ?? "still running after 5 s")")
    }
}
