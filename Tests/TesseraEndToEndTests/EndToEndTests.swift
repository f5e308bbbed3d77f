import CX11
import CXTest
import Foundation
import TesseraCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real `tessera` binary on its own Xvfb, driven with real X input (XTest), checked through the
/// state file it writes, `tessera layout` and the pixels on screen. Each test has its own server,
/// state path and app, so they run in parallel. Needs `swift build --product tessera` first.
///
/// Timing: defaults are a 0.5 s lift, 0.5 s reorder dwell and 1.0 s folder dwell; gestures hold
/// 0.8 s, dwell 0.9 s at a gap and 1.6 s over a centre, and results are polled for seconds.
@Suite("End to end: the app under Xvfb")
struct EndToEndTests {
    /// Dwell at a gap after the glide: reorder dwell 0.5 s + margin.
    static let gapDwell = 0.9
    /// Dwell over a cell's centre: folder dwell 1.0 s + margin.
    static let centreDwell = 1.6

    /// The sample data's colour for `id`, as a tile fill.
    static func sampleFill(_ id: String) throws -> RGB {
        let item = try #require(SampleData.model().item(withID: ItemID(id)), "no \(id) in the sample data")
        return .tileFill(try #require(RGB(hex: item.color.hex)))
    }

    @Test("press, hold and drag to a gap reorders; the state file records the new order")
    func dragReorders() async throws {
        let h = try await Harness.start("reorder")
        defer { h.close() }
        let layout = try await h.layout()
        let original = layout.ids(inSection: 0)
        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        try await h.launch()

        await h.x.drag(from: s1.frame.center, to: fourth.gapAfter(fifth), dwell: Self.gapDwell)

        let expected = original.moving("s1", before: fifth.id)
        #expect(expected[3] == "s1" && expected[4] == fifth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected, "state file section 0 after dropping s1 before \(fifth.id)")
        #expect(saved?.version == 1)
    }

    @Test("dwelling over a folder's centre, then releasing, drops the item into the folder")
    func dwellDropsIntoFolder() async throws {
        let h = try await Harness.start("folder")
        defer { h.close() }
        let layout = try await h.layout()
        let s1 = try layout.item("s1"), travel = try layout.item("travel")
        #expect(travel.kind == "folder")
        let originalChildren = try #require(SampleData.model().item(withID: "travel")).children.map(\.id.rawValue)
        try await h.launch()

        await h.x.drag(from: s1.frame.center, to: travel.frame.center, dwell: Self.centreDwell)

        let saved = await StateFileReader.waitFor(h.statePath) { $0.entry("travel")?.children?.last?.id == "s1" }
        let children = saved?.entry("travel")?.children?.map(\.id)
        #expect(children == originalChildren + ["s1"], "travel's children after the drop")
        #expect(saved.map { !$0.flatIDs.contains("s1") } == true, "s1 is no longer a top-level item")
    }

    @Test("holding the pointer still near the bottom edge autoscrolls the dragged item far down")
    func edgeAutoscrollCarriesItemDown() async throws {
        let h = try await Harness.start("autoscroll")
        defer { h.close() }
        let options = ["--items", "400", "--geometry", "800x600"]
        let layout = try await h.layout(options)
        let item1 = try layout.item("item-1")
        #expect(item1.section == 0 && item1.index == 0)
        // Middle of the window, in the spacing between the third and fourth columns.
        let third = try layout.item("item-3"), fourth = try layout.item("item-4")
        let middle = Pixel((third.frame.maxX + fourth.frame.x) / 2, 300)
        try await h.launch(options)

        let nearBottom = Pixel(item1.frame.center.x, 596)   // 4 px from the bottom: deep in the 64 px zone
        await h.x.gesture { x in
            x.liftNow(at: item1.frame.center, thenGlideTo: nearBottom)
            x.pause(2.5)                                      // still pointer: the surface keeps scrolling
            x.glideNow(from: nearBottom, to: middle)
            x.pause(0.7)                                      // reorder dwell at the gap
            x.release()
        }

        let saved = await StateFileReader.waitFor(h.statePath) { ($0.flatIDs.firstIndex(of: "item-1") ?? 0) > 60 }
        let doc = try #require(saved, "no state file saved after the autoscrolled drop")
        let flat = try #require(doc.flatIDs.firstIndex(of: "item-1"), "item-1 vanished from the top level")
        #expect(flat > 60, "item-1 ended at flat index \(flat) (section-major over all sections)")
        #expect(doc.flatIDs.count == 400 && Set(doc.flatIDs).count == 400, "no item lost or duplicated")
    }

    @Test("Escape during a drag cancels: nothing is committed, the order comes back")
    func escapeCancels() async throws {
        let h = try await Harness.start("escape")
        defer { h.close() }
        let layout = try await h.layout()
        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        let app = try await h.launch()

        await h.x.lift(at: s1.frame.center, thenGlideTo: fourth.gapAfter(fifth))
        try await Task.sleep(for: .seconds(Self.gapDwell))
        // The live reorder happened (so there is something to cancel): s2 slid into s1's cell.
        let s1Fill = try Self.sampleFill("s1"), s2Fill = try Self.sampleFill("s2")
        try #require(!s1Fill.isClose(to: s2Fill, tolerance: 12), "need distinguishable neighbours")
        let moved = try await Screenshot.waitFor(h.x, timeout: 2) { $0.color(at: s1.frame.fillProbe).isClose(to: s2Fill) }
        #expect(moved.color(at: s1.frame.fillProbe).isClose(to: s2Fill),
                "live reorder before Escape: s1's old cell shows \(moved.color(at: s1.frame.fillProbe)), expected s2's \(s2Fill)")
        try h.x.tap(keysym: XK_Escape)
        try await Task.sleep(for: .milliseconds(100))
        h.x.release()

        // s1 flies home: its original cell shows its colour again.
        let shot = try await Screenshot.waitFor(h.x, timeout: 3) { $0.color(at: s1.frame.fillProbe).isClose(to: s1Fill) }
        let seen = shot.color(at: s1.frame.fillProbe)
        if !seen.isClose(to: s1Fill) { shot.save(name: "escape-order-not-restored") }
        #expect(seen.isClose(to: s1Fill), "s1's cell shows \(seen), expected s1's fill \(s1Fill)")

        try await Task.sleep(for: .seconds(0.5))
        #expect(!StateFileReader.exists(h.statePath), "a cancelled drag must not write the state file")
        #expect(app.stop() == .exited(0))
        #expect(!StateFileReader.exists(h.statePath), "quitting after a cancelled drag must not write the state file")
        #expect(try await h.layout().ids(inSection: 0) == layout.ids(inSection: 0))
    }

    @Test("after Ctrl+Q the saved order is what a restart shows")
    func restartShowsSavedOrder() async throws {
        let h = try await Harness.start("restart")
        defer { h.close() }
        let layout = try await h.layout()
        let original = layout.ids(inSection: 0)
        let first = try layout.item(section: 0, index: 0)
        let s8 = try layout.item("s8")
        #expect(first.id == "s1")
        let app = try await h.launch()
        let s1Fill = try Self.sampleFill("s1"), s8Fill = try Self.sampleFill("s8")
        #expect(!s1Fill.isClose(to: s8Fill, tolerance: 12), "the test needs two distinguishable colours")
        let before = try Screenshot(h.x).color(at: first.frame.fillProbe)
        #expect(before.isClose(to: s1Fill), "first cell before the drag shows \(before), expected s1's \(s1Fill)")

        // s8 to the very front: the spacing left of the first cell.
        await h.x.drag(from: s8.frame.center, to: Pixel(first.frame.x + 4, first.frame.midY), dwell: Self.gapDwell)
        let expected = original.moving("s8", before: "s1")
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected)

        try await Task.sleep(for: .milliseconds(400))       // settle animation over; input is taken again
        h.x.move(to: Pixel(first.frame.midX, 400))           // keyboard focus follows the pointer (no WM)
        try h.x.tap(keysym: XK_q, modifiers: [XK_Control_L])
        let status = await app.process.waitForExit(timeout: 5)
        #expect(status == .exited(0), "Ctrl+Q: \(status?.description ?? "still running after 5 s")")

        let relaid = try await h.layout()
        #expect(relaid.ids(inSection: 0) == expected, "tessera layout --state after the restart")

        try await h.launch(label: "app-again")
        let shot = try await Screenshot.waitFor(h.x, timeout: 3) { $0.color(at: first.frame.fillProbe).isClose(to: s8Fill) }
        let after = shot.color(at: first.frame.fillProbe)
        if !after.isClose(to: s8Fill) { shot.save(name: "restart-first-cell") }
        #expect(after.isClose(to: s8Fill), "first cell after the restart shows \(after), expected s8's \(s8Fill)")
    }

    @Test("an unreadable state file is kept aside byte for byte, the app starts, and saves a fresh file")
    func corruptStateFileKeptAside() async throws {
        let h = try await Harness.start("corrupt")
        defer { h.close() }
        let layout = try await h.layout()           // before the garbage: layout would set it aside too
        let original = layout.ids(inSection: 0)
        let garbage = Data("{\"version\": 1, \"sections\": [ not json".utf8) + Data([0x00, 0xff, 0xfe, 0x0a, 0x7b])
        try garbage.write(to: URL(fileURLWithPath: h.statePath))

        let app = try await h.launch()

        let lines = app.standardError.split(separator: "\n").filter { $0.hasPrefix("tessera: state file") }
        #expect(lines.count == 1, "stderr: \(app.standardError)")
        let kept = StateFileReader.bytes(h.statePath + ".corrupt-1")
        #expect(kept == garbage, ".corrupt-1 must hold the garbage byte for byte")
        let window = try await h.x.waitForAppWindow()
        #expect(h.x.viewableChildren() == [window])
        let shot = try Screenshot(h.x)
        #expect(!shot.isAllBlack && shot.distinctColorCount > 20, "the window shows the surface")

        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        await h.x.drag(from: s1.frame.center, to: fourth.gapAfter(fifth), dwell: Self.gapDwell)
        let expected = original.moving("s1", before: fifth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.version == 1 && saved?.sections.count == 3, "a fresh, valid state file")
        #expect(saved?.ids(inSection: 0) == expected)
        #expect(StateFileReader.bytes(h.statePath + ".corrupt-1") == garbage, "the kept file is left alone")
        #expect(!StateFileReader.exists(h.statePath + ".corrupt-2"))
    }

    @Test("resizing the window re-flows the grid; drawing and hit-testing follow the new layout")
    func resizeReflows() async throws {
        let h = try await Harness.start("resize")
        defer { h.close() }
        let wide = try await h.layout(["--geometry", "1200x700"])
        let narrow = try await h.layout(["--geometry", "700x700"])
        let original = narrow.ids(inSection: 0)
        try await h.launch(["--geometry", "1200x700"])
        let window = try await h.x.waitForAppWindow()
        let size = h.x.geometry(of: window)
        #expect(size?.width == 1200 && size?.height == 700)
        let outside = Pixel(900, 30)   // inside the wide window, outside the narrow one
        let wideShot = try Screenshot(h.x)
        #expect(wideShot.color(at: outside) != .black, "x=900 is inside the 1200 px window")

        h.x.resize(window, width: 700, height: 700)
        try await Task.sleep(for: .seconds(1))
        #expect(h.x.geometry(of: window).map { [$0.width, $0.height] } == [700, 700])

        // Cells that changed row: their new frames (from `tessera layout --geometry 700x700`) show
        // their own tile colours.
        let moved = narrow.items.filter { n in
            n.section == 0 && n.kind == "item" && n.movable && n.frame.maxY < 700
                && (try? wide.item(n.id))?.frame.y != n.frame.y
        }
        try #require(moved.count >= 4, "the re-flow must move some cells to other rows")
        let fills = try moved.map { try Self.sampleFill($0.id) }
        let shot = try await Screenshot.waitFor(h.x, timeout: 3) { shot in
            shot.color(at: outside) == .black
                && zip(moved, fills).allSatisfy { shot.color(at: $0.frame.fillProbe).isClose(to: $1) }
        }
        var mismatches: [String] = []
        for (item, fill) in zip(moved, fills) where !shot.color(at: item.frame.fillProbe).isClose(to: fill) {
            mismatches.append("\(item.id) at \(item.frame.fillProbe): \(shot.color(at: item.frame.fillProbe)) != \(fill)")
        }
        let background = shot.color(at: Pixel(2, 2))
        if !mismatches.isEmpty || shot.color(at: outside) != .black { shot.save(name: "resize-reflow") }
        #expect(mismatches.isEmpty, "cells not drawn at their re-flowed frames: \(mismatches)")
        #expect(shot.color(at: outside) == .black, "x=900 is now outside the window: root black")
        #expect(background == .surface || background == .white, "window background \(background)")

        // A drag aimed with the NEW frames: s1 to the gap between the 14th and 15th items (row 3 at
        // 700 px; at 1200 px the same point is elsewhere).
        let s1 = try narrow.item("s1")
        let a = try narrow.item(section: 0, index: 13), b = try narrow.item(section: 0, index: 14)
        let target = a.gapAfter(b)
        #expect(a.frame.y == b.frame.y, "both on one row")
        #expect(try wide.item(a.id).frame.y != a.frame.y, "the target only exists in the new layout")
        await h.x.drag(from: s1.frame.center, to: target, dwell: Self.gapDwell)
        let expected = original.moving("s1", before: b.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected, "dropped before \(b.id) as the 700 px layout places it")
    }

    @Test("SIGTERM during a drag exits 0 and the file keeps only committed changes")
    func sigtermDuringDrag() async throws {
        let h = try await Harness.start("sigterm")
        defer { h.close() }
        let layout = try await h.layout()
        let original = layout.ids(inSection: 0)
        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        let app = try await h.launch()

        // A committed change first.
        await h.x.drag(from: s1.frame.center, to: fourth.gapAfter(fifth), dwell: Self.gapDwell)
        let committed = original.moving("s1", before: fifth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == committed }
        #expect(saved?.ids(inSection: 0) == committed)
        let committedBytes = try #require(StateFileReader.bytes(h.statePath))
        try await Task.sleep(for: .milliseconds(400))       // settle animation over

        // Then a drag that moves live but is never released: the item at index 4 to before index 7.
        let now = try await h.layout()
        let carried = try now.item(section: 0, index: 4), next = try now.item(section: 0, index: 5)
        let sixth = try now.item(section: 0, index: 6), seventh = try now.item(section: 0, index: 7)
        await h.x.lift(at: carried.frame.center, thenGlideTo: sixth.gapAfter(seventh))
        try await Task.sleep(for: .seconds(Self.gapDwell))
        // The live reorder happened: the carried item's old cell now shows its right-hand neighbour.
        let nextFill = try Self.sampleFill(next.id)
        try #require(!nextFill.isClose(to: try Self.sampleFill(carried.id), tolerance: 12), "need distinguishable neighbours")
        let shot = try await Screenshot.waitFor(h.x, timeout: 2) { $0.color(at: carried.frame.fillProbe).isClose(to: nextFill) }
        #expect(shot.color(at: carried.frame.fillProbe).isClose(to: nextFill),
                "live reorder before SIGTERM: \(carried.id)'s old cell shows \(shot.color(at: carried.frame.fillProbe))")

        app.process.send(SIGTERM)
        let status = await app.process.waitForExit(timeout: 5)
        h.x.release()
        #expect(status == .exited(0), "SIGTERM during a drag: \(status?.description ?? "still running after 5 s")")
        #expect(StateFileReader.bytes(h.statePath) == committedBytes, "the state file holds only the committed drop")
        #expect(try await h.layout().ids(inSection: 0) == committed)
    }
}
