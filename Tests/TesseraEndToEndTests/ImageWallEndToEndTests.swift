import Foundation
import Testing

/// Images dropped from another app show their pictures, in masonry at their real shapes; their
/// thumbnails land in the shared cache; a dropped file opens in the desktop's application for it,
/// and one that is gone says so (at once when it went while the user was in another app).
@Suite("End to end: pictures of dropped images, thumbnails, opening files")
struct ImageWallEndToEndTests {
    @Test("two images and a text file dropped on masonry: real shapes, pictures on screen, thumbnails cached; opening runs the handler; a file gone shows so")
    func droppedImagesMakeAWall() async throws {
        let h = try await Harness.start("image-wall")
        defer { h.close() }
        // The desktop's handler for text files, of the test's own: it writes down what it opens.
        let config = h.directory + "/xdg-config", share = h.directory + "/xdg-share", opened = h.directory + "/opened"
        try FileManager.default.createDirectory(atPath: share + "/applications", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try """
            [Desktop Entry]
            Type=Application
            Name=Test opener
            Exec=sh -c 'printf %s "$1" > \(opened)' opener %f
            MimeType=text/plain;

            """.write(toFile: share + "/applications/tessera-test-open.desktop", atomically: true, encoding: .utf8)
        try "[Default Applications]\ntext/plain=tessera-test-open.desktop\n"
            .write(toFile: config + "/mimeapps.list", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": config, "XDG_DATA_DIRS": share + ":/usr/local/share:/usr/share"]

        let layout = try await h.layout(["--layout", "masonry"])
        let first = try layout.item(section: 0, index: 0)
        let app = try await h.launch(["--layout", "masonry"], environment: environment)
        let target = try await h.x.waitForAppWindow()
        var uris: [String] = []
        for (name, bytes) in [("wide.png", TestImages.png(width: 160, height: 120, red: 220, green: 40, blue: 30)),
                              ("tall.png", TestImages.png(width: 80, height: 120, red: 30, green: 170, blue: 60)),
                              ("notes.txt", Array("hello\n".utf8))] {
            let path = h.directory + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            uris.append("file://" + path)
        }
        let source = try XdndSource(displayName: h.xvfb.display)
        let spot = Pixel(first.frame.x + 3, first.frame.y + 10)
        let result = source.drag(uris, onto: target, path: [Pixel(spot.x + 30, spot.y + 20), spot], dwell: 0.4)
        #expect(result.succeeded, "\(result); stderr: \(app.standardError)")

        // Masonry gives each image its own shape (height / width), measured from the file and saved.
        let saved = await StateFileReader.waitFor(h.statePath) {
            $0.entry("dropped-1")?.aspect == 0.75 && $0.entry("dropped-2")?.aspect == 1.5
        }
        #expect(saved != nil, "stderr: \(app.standardError)")
        #expect(saved?.entry("dropped-3")?.aspect ?? 1 == 1, "a text file keeps a square tile")

        // Their thumbnails are in the shared cache, each naming its file's URI.
        let thumbnails = h.directory + "/xdg-cache/thumbnails"
        var found: [String] = []
        for _ in 0..<50 {
            found = Self.thumbnails(in: thumbnails)
            if found.count == 2 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(found.count == 2, "thumbnails: \(found)")
        let named = try found.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        for uri in uris.prefix(2) {
            #expect(named.contains { $0.range(of: Data(("Thumb::URI\0" + uri).utf8)) != nil }, "a thumbnail of \(uri)")
        }

        // On screen, each picture fills its tile.
        try await Task.sleep(for: .milliseconds(500))
        let now = try await h.layout(["--layout", "masonry"])
        let wide = try #require(now.items.first { $0.id == "dropped-1" }), tall = try #require(now.items.first { $0.id == "dropped-2" })
        #expect(abs(wide.frame.height / wide.frame.width - 0.75) < 0.02 && abs(tall.frame.height / tall.frame.width - 1.5) < 0.02)
        let shot = try Screenshot(h.x)
        _ = shot.save(name: "image-wall")   // the README's picture of a wall made by a drop
        let red = shot.color(at: Pixel(wide.frame.midX, wide.frame.y + wide.frame.height * 0.3))
        let green = shot.color(at: Pixel(tall.frame.midX, tall.frame.y + tall.frame.height * 0.3))
        #expect(red.r > 180 && red.g < 90, "the wide picture: \(red); \(shot.save(name: "image-wall"))")
        #expect(green.g > 130 && green.r < 90, "the tall picture: \(green)")

        // A click on the text file opens it in the desktop's handler for text.
        let notes = try #require(now.items.first { $0.id == "dropped-3" })
        h.x.move(to: notes.frame.center)
        h.x.press()
        h.x.release()
        var handed: String?
        for _ in 0..<50 {
            handed = try? String(contentsOfFile: opened, encoding: .utf8)
            if handed != nil { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(handed == h.directory + "/notes.txt", "the handler was given the file")

        // The tall picture's file is deleted: opening it says it is gone, and its tile shows so.
        try FileManager.default.removeItem(atPath: h.directory + "/tall.png")
        h.x.move(to: Pixel(tall.frame.midX, tall.frame.y + tall.frame.height * 0.3))
        h.x.press()
        h.x.release()
        try await Task.sleep(for: .milliseconds(600))
        let after = try Screenshot(h.x)
        let gone = after.color(at: Pixel(tall.frame.midX, tall.frame.y + tall.frame.height * 0.3))
        #expect(!(gone.g > 130 && gone.r < 90), "the picture is no longer shown: \(gone); \(after.save(name: "image-wall-missing"))")

        // The wide picture's file is deleted while the user is in another app: back in Tessera, its
        // tile shows it gone at once, no click needed.
        try FileManager.default.removeItem(atPath: h.directory + "/wide.png")
        let elsewhere = h.x.focusNewWindow()
        try await Task.sleep(for: .milliseconds(200))
        h.x.restoreFocus(destroying: elsewhere)   // the pointer is over the window: it has the focus again
        var back = try Screenshot(h.x)
        for _ in 0..<30 {
            let c = back.color(at: Pixel(wide.frame.midX, wide.frame.y + wide.frame.height * 0.3))
            if !(c.r > 180 && c.g < 90) { break }
            try await Task.sleep(for: .milliseconds(100))
            back = try Screenshot(h.x)
        }
        let wideNow = back.color(at: Pixel(wide.frame.midX, wide.frame.y + wide.frame.height * 0.3))
        #expect(!(wideNow.r > 180 && wideNow.g < 90), "the deleted picture is no longer shown: \(wideNow); \(back.save(name: "image-wall-away"))")
        #expect(app.standardError.isEmpty, "stderr: \(app.standardError)")
    }

    /// The PNGs under `root`'s size folders.
    static func thumbnails(in root: String) -> [String] {
        ["normal", "large", "x-large", "xx-large"].flatMap { size -> [String] in
            let folder = root + "/" + size
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter { $0.hasSuffix(".png") }.map { folder + "/" + $0 }
        }
    }
}
