import CX11
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
        var shots: [String] = []   // a few screens, to show what was there instead when it was not seen
        let dropped = Date(), deadline = dropped.addingTimeInterval(60)
        while Date() < deadline {
            // Two rows of pixels a look (a whole screenshot takes seconds on a loaded machine).
            let found = tops.lazy.compactMap { top -> [RGB]? in
                let fill = h.x.row(y: top + 22, from: centre - 160, count: 1)[0]
                let bar = h.x.row(y: top + 36, from: centre - 148, count: 296)
                return fill.r < 80 && fill.g < 80 && fill.b < 80 && bar[288].r > 80 ? bar : nil
            }.first
            if let bar = found {
                let filled = bar.prefix { $0.r > 200 }.count
                if seen.last != filled { seen.append(filled) }
                if seen.count == 2 { _ = try Screenshot(h.x).save(name: "big-drop-progress") }
            } else if !seen.isEmpty {
                break   // it has gone: the work is done
            } else if shots.count < 3, Date().timeIntervalSince(dropped) > Double(shots.count) * 2 {
                shots.append(String(format: "%.1f s: ", Date().timeIntervalSince(dropped)) + (try Screenshot(h.x)).save(name: "big-drop-\(shots.count)"))
            }
            // A blocking sleep: with the suite's tests in parallel, an awaited one can wait seconds
            // for a thread of the pool, and the whole pill come and go meanwhile.
            usleep(40_000)
        }
        #expect(seen.count >= 2, "the pill was seen moving: \(seen); screens: \(shots); stderr: \(app.standardError)")
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

extension XSession {
    /// `count` pixels of the screen's row `y` from `x` (a 24-bit TrueColor screen).
    func row(y: Int, from x: Int, count: Int) -> [RGB] {
        guard let image = XGetImage(display, root, Int32(x), Int32(y), UInt32(count), 1, UInt.max, ZPixmap) else {
            return Array(repeating: .black, count: count)
        }
        defer { XDestroyImage(image) }
        return (0..<count).map { i in
            let p = XGetPixel(image, Int32(i), 0)
            return RGB(Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff))
        }
    }
}
