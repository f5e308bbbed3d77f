import CX11
import Foundation
import TesseraCore
import Testing

/// Moving a tile with real X keys: Space lifts, the arrows move it, Space drops (saved), Escape
/// puts it back.
@Suite("End to end: keyboard moves")
struct KeyboardMoveEndToEndTests {
    @Test("Right selects the first tile, Space, Right, Right, Space: it is saved two places on; then Space, Down, Escape changes nothing")
    func spaceArrowsSpaceMovesAndEscapeCancels() async throws {
        let h = try await Harness.start("keyboard-move")
        defer { h.close() }
        let top = try await h.layout().ids(inSection: 0)
        try await h.launch()

        try h.x.tap(keysym: XK_Right)
        try h.x.tap(keysym: XK_space)
        try h.x.tap(keysym: XK_Right)
        try h.x.tap(keysym: XK_Right)
        try h.x.tap(keysym: XK_space)
        let moved = [top[1], top[2], top[0]] + top.dropFirst(3)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == moved }
        #expect(saved?.ids(inSection: 0) == moved, "the drop is saved")

        h.x.pause(0.5)   // the drop lands
        try h.x.tap(keysym: XK_space)
        try h.x.tap(keysym: XK_Down)
        try h.x.tap(keysym: XK_Escape)
        h.x.pause(1)
        #expect(try StateFileReader.read(h.statePath).ids(inSection: 0) == moved, "Escape: nothing saved, the order as it was")
        try h.x.tap(keysym: XK_z, modifiers: [XK_Control_L])
        #expect(await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == top }?.ids(inSection: 0) == top,
                "Ctrl+Z undoes the keyboard move as one step")
    }
}
