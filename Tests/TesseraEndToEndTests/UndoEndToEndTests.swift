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
}
