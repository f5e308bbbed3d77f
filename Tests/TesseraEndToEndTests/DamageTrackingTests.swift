import CX11
import Foundation
import Testing

/// The app repaints only what changed (scroll copies, damage rects, cached cell images). Whatever it
/// did, the pixels must be those of a full repaint: after wheel scrolling, a drag with autoscroll,
/// a reorder and a drop, the screen is compared byte for byte with the frame the app paints from
/// scratch when its window is unmapped and mapped again (an Expose repaints everything).
@Suite("End to end: damage tracking leaves no stale pixel")
struct DamageTrackingTests {
    @Test("after scrolling, dragging with autoscroll and dropping, the screen equals a full repaint")
    func incrementalFramesEqualAFullRepaint() async throws {
        let h = try await Harness.start("damage")
        defer { h.close() }
        let options = ["--items", "300", "--geometry", "800x600"]
        let layout = try await h.layout(options)
        let item = try layout.item("item-5")
        try await h.launch(options)
        let window = try await h.x.waitForAppWindow()

        await h.x.gesture { x in
            x.move(to: Pixel(400, 300))
            // Wheel steps, some in quick succession (smooth scrolling runs between them).
            for i in 0..<12 {
                x.press(button: 5); x.release(button: 5)
                x.pause(i % 3 == 0 ? 0.25 : 0.03)
            }
            x.press(button: 4); x.release(button: 4)
            x.pause(0.4)
        }
        // Carry whatever tile is now under the item's column near the top (where the press lands
        // between tiles, a rubber band is dragged instead, autoscrolling and marking what it
        // touches: the pixels must come out right either way).
        await h.x.gesture { x in
            let start = Pixel(Double(item.frame.center.x), 150)
            x.liftNow(at: start, thenGlideTo: Pixel(400, 590))   // deep in the bottom edge zone
            x.pause(1.0)                                         // autoscroll, frame by frame
            x.glideNow(from: Pixel(400, 590), to: Pixel(300, 300), steps: 12, duration: 0.3)
            x.pause(0.9)                                         // reorder dwell: neighbours slide
            x.release()
            x.pause(1.0)                                         // settle
            // Off the window: no tile is hovered in either picture (unmapping forgets the pointer).
            x.move(to: Pixel(1000, 700))
            x.pause(0.3)
        }
        let incremental = try Screenshot(h.x)

        XUnmapWindow(h.x.display, window)
        XSync(h.x.display, 0)
        try await Task.sleep(for: .milliseconds(200))
        XMapWindow(h.x.display, window)
        XSync(h.x.display, 0)
        _ = try await Screenshot.waitFor(h.x, timeout: 5) { $0.color(at: Pixel(2, 2)) == .surface }
        try await Task.sleep(for: .milliseconds(300))
        let full = try Screenshot(h.x)

        let differing = incremental.differingPixels(from: full)
        #expect(differing == 0, """
            \(differing) pixels differ between the incrementally drawn frame and a full repaint: \
            \(incremental.save(name: "damage-incremental")) vs \(full.save(name: "damage-full"))
            """)
        #expect(incremental.distinctColorCount > 50, "the window shows the grid")
    }
}

extension Screenshot {
    /// How many pixels differ from `other` (same size required; otherwise every pixel counts).
    func differingPixels(from other: Screenshot) -> Int {
        guard width == other.width, height == other.height else { return width * height }
        var n = 0
        for y in 0..<height {
            for x in 0..<width where color(at: Pixel(x, y)) != other.color(at: Pixel(x, y)) { n += 1 }
        }
        return n
    }
}
