import CX11
import Foundation
import TesseraCore
import Testing

/// Typing a title in the real window: UTF-8 text from real X key events (each character's keysym
/// mapped to a spare key, as `xdotool type` does), saved, and kept across a restart.
@Suite("End to end: typing titles")
struct RenameEndToEndTests {
    @Test("F2 on the selected tile, type Chinese, Enter: the new title is saved and shown after a restart; Escape changes nothing")
    func renameWithChineseSurvivesARestart() async throws {
        let h = try await Harness.start("rename")
        defer { h.close() }
        let layout = try await h.layout()
        let first = layout.ids(inSection: 0)[0]
        let old = try layout.item(first).title
        let app = try await h.launch()

        try h.x.tap(keysym: XK_Right)
        try h.x.tap(keysym: XK_F2)
        try h.x.type("旅行相册 2026")
        try h.x.tap(keysym: XK_Return)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.entry(first)?.title == "旅行相册 2026" }
        #expect(saved?.entry(first)?.title == "旅行相册 2026", "typed title saved (was \(old))")

        app.process.send(SIGTERM)
        _ = await app.process.waitForExit(timeout: 5)
        #expect(try await h.layout().item(first).title == "旅行相册 2026", "kept across a restart")

        try await h.launch(label: "again")
        try h.x.tap(keysym: XK_Right)
        try h.x.tap(keysym: XK_F2)
        try h.x.tap(keysym: XK_Escape)
        #expect(try StateFileReader.read(h.statePath).entry(first)?.title == "旅行相册 2026", "Escape changes nothing")
    }

    @Test("Ctrl+N, type, Enter: the new item is saved after the selected tile with its title, and is there after a restart")
    func addAnItemAndNameIt() async throws {
        let h = try await Harness.start("add")
        defer { h.close() }
        let layout = try await h.layout()
        let top = layout.ids(inSection: 0)
        let app = try await h.launch()

        try h.x.tap(keysym: XK_Right)
        try h.x.tap(keysym: XK_n, modifiers: [XK_Control_L])
        try h.x.type("Zoo 动物园")
        try h.x.tap(keysym: XK_Return)
        let expected = [top[0], "new-1"] + top.dropFirst()
        let saved = await StateFileReader.waitFor(h.statePath) { $0.entry("new-1")?.title == "Zoo 动物园" }
        #expect(saved?.ids(inSection: 0) == expected && saved?.entry("new-1")?.title == "Zoo 动物园")
        app.process.send(SIGTERM)
        _ = await app.process.waitForExit(timeout: 5)
        let after = try await h.layout()
        #expect(after.ids(inSection: 0) == expected && (try? after.item("new-1").title) == "Zoo 动物园")
    }

    @Test("click a folder, F2, type its name in Chinese, Enter: the folder's name is saved and kept after a restart")
    func renameAFolderInChinese() async throws {
        let h = try await Harness.start("folder-name")
        defer { h.close() }
        let layout = try await h.layout()
        let travel = try layout.item("travel")
        #expect(travel.kind == "folder")
        let app = try await h.launch()

        h.x.move(to: travel.frame.center)
        h.x.press()
        h.x.release()
        h.x.pause(0.6)                                   // the panel grows open
        try h.x.tap(keysym: XK_F2)
        try h.x.type("旅行 2027")
        try h.x.tap(keysym: XK_Return)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.entry("travel")?.title == "旅行 2027" }
        #expect(saved?.entry("travel")?.title == "旅行 2027" && saved?.entry("travel")?.kind == "folder")
        app.process.send(SIGTERM)
        _ = await app.process.waitForExit(timeout: 5)
        #expect(try await h.layout().item("travel").title == "旅行 2027", "kept across a restart")
    }
}
