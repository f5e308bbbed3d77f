import CX11
import CXTest
import Foundation
import Testing

/// The pointer's shape comes from the user's cursor theme: an open hand over what can be lifted, a
/// closed hand while carrying, not-allowed on a done item (the theme's "grab", "grabbing",
/// "not-allowed", as GTK and Qt ask for them). The test installs a theme of its own and reads the
/// cursor's name back through XFixes.
@Suite("End to end: cursors from the theme")
struct CursorThemeTests {
    /// A one-image Xcursor file (16x16, one colour): header, table of contents, image chunk.
    static func xcursor(color: UInt32) -> Data {
        var d = Data()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: Array("Xcur".utf8)); u32(16); u32(0x10000); u32(1)
        u32(0xfffd_0002); u32(16); u32(28)
        u32(36); u32(0xfffd_0002); u32(16); u32(1); u32(16); u32(16); u32(0); u32(0); u32(0)
        for _ in 0..<256 { u32(color) }
        return d
    }

    /// Writes a cursor theme `name` under `<directory>/icons` (the folder to put in XCURSOR_PATH):
    /// one one-colour cursor per shape Tessera asks for, in the colours given (default green).
    static func installTheme(_ name: String, in directory: String, colors: [String: UInt32] = [:]) throws {
        let theme = directory + "/icons/\(name)/cursors"
        try FileManager.default.createDirectory(atPath: theme, withIntermediateDirectories: true)
        for shape in ["default", "grab", "grabbing", "not-allowed"] {
            try xcursor(color: colors[shape] ?? 0xff00_ff00).write(to: URL(fileURLWithPath: "\(theme)/\(shape)"))
        }
    }

    /// The name of the cursor the pointer shows now.
    static func cursorName(_ x: XSession) -> String {
        guard let image = XFixesGetCursorImage(x.display) else { return "" }
        defer { XFree(image) }
        return image.pointee.name.map { String(cString: $0) } ?? ""
    }

    static func waitFor(_ x: XSession, name: String) async -> String {
        var seen = ""
        for _ in 0..<100 {
            seen = cursorName(x)
            if seen == name { break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return seen
    }

    @Test("an open hand over a movable tile, a closed hand carrying it, not-allowed pressing a done one")
    func cursorsComeFromTheTheme() async throws {
        let h = try await Harness.start("cursors")
        defer { h.close() }
        try Self.installTheme("tessera-test", in: h.directory,
                              colors: ["default": 0xff00_0000, "grab": 0xff00_ff00, "grabbing": 0xff00_00ff, "not-allowed": 0xffff_0000])
        let layout = try await h.layout()
        let photos = try layout.item("s1"), mail = try layout.item("s3")
        #expect(mail.movable == false)
        try await h.launch(environment: ["XCURSOR_PATH": h.directory + "/icons", "XCURSOR_THEME": "tessera-test", "XCURSOR_SIZE": "16"])

        await h.x.gesture { $0.move(to: photos.frame.center); $0.pause(0.2) }
        #expect(await Self.waitFor(h.x, name: "grab") == "grab")
        await h.x.gesture { x in x.press(); x.pause(0.8) }
        #expect(await Self.waitFor(h.x, name: "grabbing") == "grabbing")
        await h.x.gesture { x in x.pause(0.1); x.move(to: Pixel(photos.frame.center.x + 1, photos.frame.center.y)); x.release(); x.pause(0.6) }
        await h.x.gesture { x in x.move(to: mail.frame.center); x.pause(0.2); x.press() }
        #expect(await Self.waitFor(h.x, name: "not-allowed") == "not-allowed")
        // Held past the lift delay: refused, and still not-allowed until the release.
        await h.x.gesture { x in x.pause(0.9) }
        #expect(Self.cursorName(h.x) == "not-allowed")
        h.x.release()
        await h.x.gesture { x in x.pause(0.2); x.move(to: Pixel(mail.frame.center.x + 2, mail.frame.center.y)) }
        #expect(await Self.waitFor(h.x, name: "default") == "default", "released: the arrow over a done tile")
    }
}
