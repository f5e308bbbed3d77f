import Foundation
import Testing

/// A drop of 10,000 image files from another app: the items land at once as one step, the
/// window keeps drawing while their shapes are read (a pill counts them), masonry ends with every
/// picture's real shape, and one Ctrl+Z takes the whole drop back.
@Suite("End to end: a drop of ten thousand files")
struct BigDropTests {
    static let count = 10_000

    @Test("10,000 images dropped at once: one step, a progress pill that counts while the window draws, every shape read and saved, one undo")
    func tenThousandImagesInOneDrop() async throws {
        let h = try await Harness.start("big-drop")
        defer { h.close() }
        let layout = try await h.layout(["--layout", "masonry"])
        let first = try layout.item(section: 0, index: 0)
        let before = layout.ids(inSection: 0)
        let app = try await h.launch(["--layout", "masonry"])
        let target = try await h.x.waitForAppWindow()
        // Twenty shapes, 40 to 70 px a side (so twenty PNGs are made; the files are copies).
        let folder = h.directory + "/pictures"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func size(_ i: Int) -> (w: Int, h: Int) { (40 + (i % 5) * 10, 40 + (i % 4) * 10) }
        var shapes: [Int: Data] = [:]
        var uris: [String] = []
        uris.reserveCapacity(Self.count)
        for i in 0..<Self.count {
            let (w, hgt) = size(i)
            let bytes = shapes[i % 20] ?? Data(TestImages.png(width: w, height: hgt, red: 40, green: UInt8(100 + (i % 20) * 6), blue: 200))
            shapes[i % 20] = bytes
            let path = folder + "/photo \(i).png"
            try bytes.write(to: URL(fileURLWithPath: path))
            uris.append("file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path))
        }
        let source = try XdndSource(displayName: h.xvfb.display)
        let spot = Pixel(first.frame.x + 3, first.frame.y + 10)
        let result = source.drag(uris, onto: target, path: [Pixel(spot.x + 20, spot.y + 20), spot], dwell: 0.3)
        #expect(result.accepted && result.finished && result.succeeded, "\(result); stderr: \(app.standardError)")

        // While the shapes are read, a pill above the drop's toast counts them, its bar filling:
        // the window draws on meanwhile (the count moves between screenshots).
        // The pill sits above the toast, or at the foot once the toast has gone (5 s): found by its
        // dark fill left of its text and its bar's track (grey) or fill (white) at the right.
        let window = layout.viewport
        let centre = Int(window.width / 2), foot = Int(window.height) - 20 - 44
        let tops = [foot - 40 - 8, foot]
        var seen: [Int] = []   // how far the bar had filled, in pixels, each time it moved
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let shot = try Screenshot(h.x)
            let found = tops.first { top in
                let fill = shot.color(at: Pixel(centre - 160, top + 22)), track = shot.color(at: Pixel(centre + 140, top + 36))
                return fill.r < 80 && fill.g < 80 && fill.b < 80 && track.r > 80
            }
            if let top = found {
                let bar = (centre - 148..<centre + 148).prefix { shot.color(at: Pixel($0, top + 36)).r > 200 }.count
                if seen.last != bar { seen.append(bar) }
                if seen.count == 2 { _ = shot.save(name: "big-drop-progress") }
            } else if !seen.isEmpty {
                break   // it has gone: the work is done
            }
            try await Task.sleep(for: .milliseconds(80))
        }
        #expect(seen.count >= 2, "the pill was seen moving: \(seen); stderr: \(app.standardError)")
        #expect(seen == seen.sorted(), "its bar only fills: \(seen)")

        // Every picture's real shape is read and saved: masonry lays them out as they are (within
        // its range: 0.64 is its flattest tile).
        func shape(_ i: Int) -> Double { let (w, hgt) = size(i); return max(0.64, Double(hgt) / Double(w)) }
        func shaped(_ doc: StateDocument) -> Bool {
            let items = doc.sections[0].items
            return items.count == Self.count + before.count
                && items.prefix(Self.count).enumerated().allSatisfy { k, item in item.aspect.map { abs($0 - shape(k)) < 0.001 } ?? (shape(k) == 1) }
        }
        let saved = await StateFileReader.waitFor(h.statePath, timeout: 30, until: shaped)
        let ids = saved?.ids(inSection: 0) ?? []
        #expect(ids.prefix(Self.count) == ArraySlice((1...Self.count).map { "dropped-\($0)" }) && Array(ids.suffix(before.count)) == before,
                "they landed at the gap before the first tile, in order, the rest after them")
        #expect(saved.map(shaped) == true, "every shape saved; stderr: \(app.standardError)")
        #expect(saved?.entry("dropped-998")?.title == "photo 997.png")

        // One Ctrl+Z takes back all of them.
        try h.x.tap(keysym: 0x7a, modifiers: [0xffe3])
        let undone = await StateFileReader.waitFor(h.statePath, timeout: 10) { $0.ids(inSection: 0) == before }
        #expect(undone?.ids(inSection: 0) == before, "one undo removes the whole drop")
        #expect(app.standardError.isEmpty, "stderr: \(app.standardError)")
    }
}
