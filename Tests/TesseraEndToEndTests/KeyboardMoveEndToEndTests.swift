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

    @Test("a right-click on the first tile, Add to folder, Travel: it is saved in the folder; the Menu key and keys do the same for the next")
    func theMenuMovesAnItemIntoAFolder() async throws {
        let h = try await Harness.start("menu")
        defer { h.close() }
        let layout = try await h.layout()
        let top = layout.ids(inSection: 0)
        let first = try layout.item(top[0])
        #expect(try layout.item("travel").kind == "folder")
        try await h.launch()

        h.x.move(to: first.frame.center)
        h.x.press(button: 3)
        h.x.release(button: 3)
        h.x.pause(0.3)
        try h.x.type("a")                                 // first letter: Add to folder
        try h.x.tap(keysym: XK_Right)                      // its submenu, on the first folder
        try h.x.tap(keysym: XK_Return)
        func inTravel(_ d: StateDocument) -> Bool { d.entry("travel")?.children?.contains { $0.id == top[0] } == true }
        let saved = await StateFileReader.waitFor(h.statePath, until: inTravel)
        #expect(saved.map(inTravel) == true, "\(top[0]) is in Travel")

        // The selection is on the tile now first: the Menu key opens its menu; "Move to bottom".
        h.x.pause(0.5)
        try h.x.tap(keysym: XK_Right)
        try h.x.tap(keysym: XK_Menu)
        try h.x.type("m")                                  // Move to top (disabled: the first tile), so Move to bottom
        try h.x.tap(keysym: XK_Return)
        let second = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0).last == top[1] }
        #expect(second?.ids(inSection: 0).last == top[1], "Move to bottom saved")
    }
}
