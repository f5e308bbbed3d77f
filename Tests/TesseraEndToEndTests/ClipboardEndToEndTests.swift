import CX11
import Foundation
import TesseraCore
import Testing

/// The title field and the X CLIPBOARD, against another X client (`xclip`, as a terminal or an
/// editor would be): what Tessera copies another app pastes, what another app copies Tessera
/// pastes (line breaks as spaces), and bytes that are not UTF-8 never reach the title.
@Suite("End to end: clipboard")
struct ClipboardEndToEndTests {
    @Test("Ctrl+A, Ctrl+C in a title: another app reads it; its copied lines paste as one line; invalid UTF-8 is refused")
    func copyAndPasteWithAnotherApp() async throws {
        let h = try await Harness.start("clipboard")
        defer { h.close() }
        let first = try await h.layout().ids(inSection: 0)[0]
        try await h.launch()

        try h.x.tap(keysym: XK_Right)
        try h.x.tap(keysym: XK_F2)
        try h.x.type("旅行 photos")
        try h.x.tap(keysym: XK_a, modifiers: [XK_Control_L])
        try h.x.tap(keysym: XK_c, modifiers: [XK_Control_L])
        h.x.pause(0.3)
        #expect(try Self.xclip(h, "-o", "-selection", "clipboard") == "旅行 photos", "another app pastes what Tessera copied")
        #expect(try Self.xclip(h, "-o", "-selection", "clipboard", "-t", "TARGETS").contains("UTF8_STRING"))

        // Another app owns the clipboard now: two lines and a tab.
        let lines = h.directory + "/lines.txt"
        try Data("2026\nsummer\ttrip".utf8).write(to: URL(fileURLWithPath: lines))
        let owner = try Self.serve(h, lines)
        defer { _ = owner.terminate() }
        try h.x.tap(keysym: XK_End)
        try h.x.tap(keysym: XK_space)
        try h.x.tap(keysym: XK_v, modifiers: [XK_Control_L])
        h.x.pause(0.5)
        try h.x.tap(keysym: XK_Return)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.entry(first)?.title == "旅行 photos 2026 summer trip" }
        #expect(saved?.entry(first)?.title == "旅行 photos 2026 summer trip")
        _ = owner.terminate()

        // Bytes that are not UTF-8: refused, the title untouched.
        let bad = h.directory + "/bad.txt"
        try Data([0x62, 0x61, 0x64, 0xff, 0xfe, 0x21]).write(to: URL(fileURLWithPath: bad))
        let badOwner = try Self.serve(h, bad)
        defer { _ = badOwner.terminate() }
        try h.x.tap(keysym: XK_F2)
        try h.x.tap(keysym: XK_v, modifiers: [XK_Control_L])
        h.x.pause(0.5)
        try h.x.tap(keysym: XK_Return)
        h.x.pause(0.5)
        #expect(try StateFileReader.read(h.statePath).entry(first)?.title == "旅行 photos 2026 summer trip",
                "nothing pasted: the field kept the title, all selected, and Enter left it as it was")
    }

    /// `xclip` owning the clipboard with `file`'s bytes until it is terminated.
    static func serve(_ h: Harness, _ file: String) throws -> ChildProcess {
        let child = try ChildProcess(executable: "/usr/bin/xclip", arguments: ["-quiet", "-selection", "clipboard", "-i", file],
                                     environment: ["DISPLAY": h.xvfb.display])
        usleep(300_000)   // it owns the selection once it has read the file
        return child
    }

    /// What `xclip` prints (its standard output), run to the end.
    static func xclip(_ h: Harness, _ arguments: String...) throws -> String {
        let out = h.directory + "/xclip-\(arguments.count)-\(arguments.last ?? "").out"
        let child = try ChildProcess(executable: "/usr/bin/xclip", arguments: arguments, environment: ["DISPLAY": h.xvfb.display],
                                     stdoutPath: out)
        for _ in 0..<500 where child.status == nil { usleep(10_000) }
        _ = child.terminate()
        return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    }
}
