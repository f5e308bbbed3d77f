import CX11
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What the X server and other clients can do to the app mid-drag: go away, kill its connection,
/// destroy, unmap or resize its window, take the keyboard or the focus, refuse its requests. Each
/// test carries s1 with a live reorder under way (so a wrong save or a lost cancel shows in the
/// state file) and checks the state file and how the app ended.
@Suite("End to end: X faults")
struct XFaultTests {
    enum ConnectionLoss: String, CaseIterable, CustomTestStringConvertible {
        /// The X server quits (SIGTERM to Xvfb).
        case serverStopped
        /// Another client kills the app's connection (`xkill`).
        case clientKilled
        var testDescription: String { rawValue }
    }

    /// A committed drop of s1 before the fifth item, then an unreleased drag with a live reorder
    /// (the item at index 4 carried to before index 7). Returns the committed order and bytes.
    private static func commitThenCarry(_ h: Harness, _ app: ChildProcess) async throws -> (order: [String], bytes: Data) {
        let layout = try await h.layout()
        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        await h.x.drag(from: s1.frame.center, to: fourth.gapAfter(fifth), dwell: EndToEndTests.gapDwell)
        let committed = layout.ids(inSection: 0).moving("s1", before: fifth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == committed }
        try #require(saved?.ids(inSection: 0) == committed, "the committed drop was not saved")
        let bytes = try #require(StateFileReader.bytes(h.statePath))
        try await Task.sleep(for: .milliseconds(400))        // settle over: input is taken again

        let now = try await h.layout()
        let carried = try now.item(section: 0, index: 4), next = try now.item(section: 0, index: 5)
        let sixth = try now.item(section: 0, index: 6), seventh = try now.item(section: 0, index: 7)
        await h.x.lift(at: carried.frame.center, thenGlideTo: sixth.gapAfter(seventh))
        try await Task.sleep(for: .seconds(EndToEndTests.gapDwell))
        // The live reorder happened: the carried item's old cell shows its right-hand neighbour.
        let nextFill = try EndToEndTests.sampleFill(next.id)
        let shot = try await Screenshot.waitFor(h.x, timeout: 3) { $0.color(at: carried.frame.fillProbe).isClose(to: nextFill) }
        try #require(shot.color(at: carried.frame.fillProbe).isClose(to: nextFill),
                     "no live reorder before the fault: \(shot.save(name: "xfault-no-live-reorder"))")
        #expect(app.isRunning)
        return (committed, bytes)
    }

    @Test("losing the X connection mid-drag saves only the committed order and exits 1 with a clear message",
          arguments: ConnectionLoss.allCases)
    func connectionLostMidDrag(_ loss: ConnectionLoss) async throws {
        let h = try await Harness.start("xlost-\(loss.rawValue)")
        defer { h.close() }
        let app = try await h.launch()
        let window = try await h.x.waitForAppWindow()
        let (committed, bytes) = try await Self.commitThenCarry(h, app.process)

        switch loss {
        case .serverStopped:
            h.x.close()                          // ours first: Xlib would exit the test on a dead server
            h.xvfb.stop()
        case .clientKilled:
            h.x.killClient(owning: window)
        }
        let status = await app.process.waitForExit(timeout: 10)
        if loss == .clientKilled { h.x.release() }
        #expect(status == .exited(1), "\(status?.description ?? "still running 10 s after the loss"); stderr: \(app.standardError)")
        let lines = app.standardError.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("tessera: lost the connection to the X server on display \(h.xvfb.display)") },
                "stderr: \(app.standardError)")
        #expect(StateFileReader.bytes(h.statePath) == bytes, "the state file holds only the committed drop")
        #expect(try await h.layout().ids(inSection: 0) == committed)
    }

    @Test("another client destroying the window mid-drag: the app saves the committed order and exits 0")
    func windowDestroyedMidDrag() async throws {
        let h = try await Harness.start("xdestroyed")
        defer { h.close() }
        let app = try await h.launch()
        let window = try await h.x.waitForAppWindow()
        let (committed, bytes) = try await Self.commitThenCarry(h, app.process)

        h.x.destroy(window)
        let status = await app.process.waitForExit(timeout: 10)
        h.x.release()
        #expect(status == .exited(0), "\(status?.description ?? "still running 10 s after its window was destroyed"); stderr: \(app.standardError)")
        #expect(app.standardError.contains("tessera: the window was destroyed by another X client; saving and quitting"),
                "stderr: \(app.standardError)")
        #expect(StateFileReader.bytes(h.statePath) == bytes, "the state file holds only the committed drop")
        #expect(try await h.layout().ids(inSection: 0) == committed)
    }

    @Test("a protocol error every frame is logged ten times then counted, and the app keeps working")
    func protocolErrorsAreNotFatal() async throws {
        let h = try await Harness.start("xerrors")
        defer { h.close() }
        let layout = try await h.layout()
        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        let app = try await FaultApp(h, environment: ["TESSERA_INJECT_X_ERRORS": "1"])
        defer { app.stop() }

        await h.x.drag(from: s1.frame.center, to: fourth.gapAfter(fifth), dwell: EndToEndTests.gapDwell)
        let expected = layout.ids(inSection: 0).moving("s1", before: fifth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected, "the drop is saved while every frame draws an X error")
        try await Task.sleep(for: .milliseconds(500))
        #expect(app.stop() == .exited(0), "stderr: \(app.standardError)")

        let lines = app.standardError.split(separator: "\n")
        let full = lines.filter { $0.hasPrefix("tessera: X protocol error: BadPixmap") }
        let counted = lines.filter { $0.contains("X protocol errors so far") }
        #expect(full.count == 10, "the first ten errors in full; stderr: \(app.standardError)")
        #expect(counted.count <= 3, "then one line per tenfold count; stderr: \(app.standardError)")
    }

    @Test("a window resized to 1x1, to 8000x8000 and 60 times in a row mid-drag keeps the drag; the drop lands")
    func resizesDuringDrag() async throws {
        let h = try await Harness.start("xresize")
        defer { h.close() }
        // No autoscroll (the pointer is outside a 1x1 window) and no folder dwell, so only the final
        // gap decides where s1 goes.
        let options = ["--autoscroll-speed", "0", "--folder-dwell", "60"]
        let layout = try await h.layout(options)
        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        let app = try await h.launch(options)
        let window = try await h.x.waitForAppWindow()
        let middle = Pixel(500, 400)

        await h.x.lift(at: s1.frame.center, thenGlideTo: middle)
        h.x.resize(window, width: 1, height: 1)
        try await Task.sleep(for: .milliseconds(300))
        h.x.move(to: Pixel(520, 410))
        h.x.resize(window, width: 8000, height: 8000)
        try await Task.sleep(for: .milliseconds(1500))       // a full 8000x8000 frame, tile by tile
        h.x.move(to: middle)
        await h.x.gesture { x in
            var rng = SystemRandomNumberGenerator()
            for _ in 0..<60 {
                x.resize(window, width: Int.random(in: 1...3000, using: &rng), height: Int.random(in: 1...3000, using: &rng))
                x.pause(0.01)
            }
            x.resize(window, width: 1024, height: 720)
            x.pause(0.5)
            x.glideNow(from: middle, to: fourth.gapAfter(fifth))
            x.pause(EndToEndTests.gapDwell)
            x.release()
        }

        let saved = await StateFileReader.waitFor(h.statePath) { [3, 4].contains($0.ids(inSection: 0).firstIndex(of: "s1")) }
        let doc = try #require(saved, "no drop saved after the resizes; stderr: \(app.standardError)")
        // Wherever a dwell may have moved s1 meanwhile, it is dropped at the gap in the first row,
        // and every other item kept its order.
        let index = doc.ids(inSection: 0).firstIndex(of: "s1")
        #expect(index == 3 || index == 4, "s1 at \(index.map(String.init) ?? "nowhere") in section 0")
        #expect(doc.flatIDs.filter { $0 != "s1" } == layout.items.map(\.id).filter { $0 != "s1" })
        #expect(ProcessProbe.mappedSharedSegments(app.process.pid) ?? 0 <= 1, "one shared back buffer at most")
        #expect(ProcessProbe.existingSegmentsCreated(by: app.process.pid) <= 1, "no shared-memory segment left behind")
        #expect(app.process.isRunning, "stderr: \(app.standardError)")
        #expect(app.stop() == .exited(0))
    }

    enum InputLoss: String, CaseIterable, CustomTestStringConvertible {
        /// Another client grabs the keyboard (FocusOut, mode NotifyGrab).
        case keyboardGrabbed
        /// A new window takes the focus (FocusOut, mode NotifyNormal).
        case focusTaken
        /// The window is unmapped, which ends the implicit pointer grab (UnmapNotify).
        case windowUnmapped
        var testDescription: String { rawValue }
    }

    @Test("a lost keyboard, lost focus or broken pointer grab mid-drag cancels: nothing is saved, the order comes back")
    func inputLossCancels() async throws {
        let h = try await Harness.start("xinputloss")
        defer { h.close() }
        let layout = try await h.layout()
        let original = layout.ids(inSection: 0)
        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        let app = try await h.launch()
        let window = try await h.x.waitForAppWindow()
        let s2Fill = try EndToEndTests.sampleFill("s2")

        for loss in InputLoss.allCases {
            await h.x.lift(at: s1.frame.center, thenGlideTo: fourth.gapAfter(fifth))
            try await Task.sleep(for: .seconds(EndToEndTests.gapDwell))
            let moved = try await Screenshot.waitFor(h.x, timeout: 3) { $0.color(at: s1.frame.fillProbe).isClose(to: s2Fill) }
            try #require(moved.color(at: s1.frame.fillProbe).isClose(to: s2Fill), "\(loss): no live reorder before the fault")

            var helper: Window = 0
            switch loss {
            case .keyboardGrabbed: #expect(h.x.grabKeyboard(), "\(loss): grab refused")
            case .focusTaken: helper = h.x.focusNewWindow()
            case .windowUnmapped: h.x.unmap(window)
            }
            try await Task.sleep(for: .milliseconds(300))
            h.x.release()                                       // at the gap: a live drag would drop here
            try await Task.sleep(for: .milliseconds(600))       // settle
            switch loss {
            case .keyboardGrabbed: h.x.ungrabKeyboard()
            case .focusTaken: h.x.restoreFocus(destroying: helper)
            case .windowUnmapped: h.x.map(window)
            }
            try await Task.sleep(for: .milliseconds(400))
            #expect(!StateFileReader.exists(h.statePath), "\(loss): the release after the loss must not drop")
            #expect(app.process.isRunning, "\(loss): stderr \(app.standardError)")
        }

        // Each cancel put s1 back: a plain drag now gives exactly the order from the first layout.
        await h.x.drag(from: s1.frame.center, to: fourth.gapAfter(fifth), dwell: EndToEndTests.gapDwell)
        let expected = original.moving("s1", before: fifth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected)
    }
}
