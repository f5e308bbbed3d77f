import CX11
import Foundation
import TesseraCore
import Testing

/// Undo and redo in the real window, with real keys, checked in the store the app saves.
@Suite("End to end: undo and redo")
struct UndoEndToEndTests {
    @Test("drop into a folder; Ctrl+Z saves the collection from before the drop, Ctrl+Shift+Z the one after, Ctrl+Y too")
    func undoAndRedoADropIntoAFolder() async throws {
        let h = try await Harness.start("undo")
        defer { h.close() }
        let layout = try await h.layout()
        let s1 = try layout.item("s1"), travel = try layout.item("travel")
        let top = layout.ids(inSection: 0)
        let travelChildren = try #require(SampleData.model().item(withID: "travel")).children.map(\.id.rawValue)
        try await h.launch()

        await h.x.drag(from: s1.frame.center, to: travel.frame.center, dwell: EndToEndTests.centreDwell)
        func dropped(_ doc: StateDocument) -> Bool {
            doc.entry("travel")?.children?.map(\.id) == travelChildren + ["s1"] && !doc.ids(inSection: 0).contains("s1")
        }
        func undone(_ doc: StateDocument) -> Bool {
            doc.ids(inSection: 0) == top && doc.entry("travel")?.children?.map(\.id) == travelChildren
        }
        #expect(await StateFileReader.waitFor(h.statePath, until: dropped).map(dropped) == true, "the drop is saved")

        try h.x.tap(keysym: XK_z, modifiers: [XK_Control_L])
        #expect(await StateFileReader.waitFor(h.statePath, until: undone).map(undone) == true, "Ctrl+Z: the state before the drop")

        try h.x.tap(keysym: XK_z, modifiers: [XK_Control_L, XK_Shift_L])
        #expect(await StateFileReader.waitFor(h.statePath, until: dropped).map(dropped) == true, "Ctrl+Shift+Z: the drop again")

        try h.x.tap(keysym: XK_z, modifiers: [XK_Control_L])
        #expect(await StateFileReader.waitFor(h.statePath, until: undone).map(undone) == true)
        try h.x.tap(keysym: XK_y, modifiers: [XK_Control_L])
        #expect(await StateFileReader.waitFor(h.statePath, until: dropped).map(dropped) == true, "Ctrl+Y redoes too")
    }

    @Test("Right selects the first tile, Delete removes it (saved), Ctrl+Z brings it back; Ctrl+D toggles done (saved), Ctrl+Z again")
    func deleteUndoAndDone() async throws {
        let h = try await Harness.start("delete")
        defer { h.close() }
        let layout = try await h.layout()
        let top = layout.ids(inSection: 0)
        let second = top[1]
        let wasDone = try #require(SampleData.model().item(withID: ItemID(second))).done
        try await h.launch()

        try h.x.tap(keysym: XK_Right)
        try h.x.tap(keysym: XK_Delete)
        #expect(await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == Array(top.dropFirst()) }?.ids(inSection: 0)
                == Array(top.dropFirst()), "Delete: \(top[0]) is gone from the store")
        try h.x.tap(keysym: XK_z, modifiers: [XK_Control_L])
        #expect(await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == top }?.ids(inSection: 0) == top, "Ctrl+Z: back")

        // The selection moved to the next tile when the first was deleted: Ctrl+D toggles it.
        try h.x.tap(keysym: XK_d, modifiers: [XK_Control_L])
        #expect(await StateFileReader.waitFor(h.statePath) { $0.entry(second)?.done == !wasDone }?.entry(second)?.done == !wasDone)
        try h.x.tap(keysym: XK_z, modifiers: [XK_Control_L])
        #expect(await StateFileReader.waitFor(h.statePath) { $0.entry(second)?.done == wasDone }?.entry(second)?.done == wasDone)
    }

    @Test("a click on a tile's check circle marks it done (saved), another marks it not done")
    func doneWithTheMouse() async throws {
        let h = try await Harness.start("check")
        defer { h.close() }
        let layout = try await h.layout()
        let id = try #require(SampleData.model().sections[0].items.first { !$0.done && !$0.isFolder }).id.rawValue
        let f = try layout.item(id).frame
        let circle = CheckMark.circle(in: Rect(x: f.x, y: f.y, width: f.width, height: f.height))
        let check = Pixel(circle.midX, circle.midY)
        try await h.launch()

        h.x.move(to: f.center)
        h.x.pause(0.2)
        h.x.move(to: check)
        h.x.press()
        h.x.release()
        #expect(await StateFileReader.waitFor(h.statePath) { $0.entry(id)?.done == true }?.entry(id)?.done == true, "clicked: done")
        h.x.pause(0.3)
        h.x.press()
        h.x.release()
        #expect(await StateFileReader.waitFor(h.statePath) { $0.entry(id)?.done == false }?.entry(id)?.done == false, "again: not done")
    }
}
