import CCairo
import Foundation
import Testing
@testable import TesseraCairo
import TesseraCore

/// Icons are decoded once at start-up and kept only as the copies drawn; an icon whose decoded
/// original was let go still draws, in the right colour, at a size never drawn before.
@Suite struct IconCacheTests {
    /// Twenty icons, each its own colour: more than the cache keeps decoded.
    let colors: [String: Color] = Dictionary(uniqueKeysWithValues: (0..<20).map { i in
        ("icon\(i)", Color(red: Double(i) / 19, green: 0.5, blue: 1 - Double(i) / 19))
    })

    private func draw(_ icons: IconCache, _ name: String, side: Double) -> PixelCanvas {
        PixelCanvas(width: 64, height: 64, background: .white) { cr in
            icons.draw(name, in: Rect(x: 0, y: 0, width: side, height: side), cr: cr, pixelScale: 1)
        }
    }

    @Test func iconsLoadedAtStartUpDrawWithoutBeingDecodedAgain() {
        let icons = IconCache(assetDirectory: PixelCanvas.assets(colors))
        icons.loadAll(fittingIn: [Size(width: 24, height: 24)], pixelScale: 1)
        #expect(icons.decodeCount == 20)
        for (name, color) in colors {
            let canvas = draw(icons, name, side: 24)
            #expect(canvas[12, 12].isClose(to: Pixel(color)), "\(name): \(canvas[12, 12])")
        }
        #expect(icons.decodeCount == 20, "an icon prepared at start-up was decoded again to be drawn")
    }

    @Test func anIconDrawnAtANewSizeAfterItsOriginalWasDroppedStillLooksRight() {
        let icons = IconCache(assetDirectory: PixelCanvas.assets(colors))
        icons.loadAll(fittingIn: [Size(width: 24, height: 24)], pixelScale: 1)
        for (name, color) in colors {
            let canvas = draw(icons, name, side: 48)
            #expect(canvas[40, 40].isClose(to: Pixel(color)), "\(name): \(canvas[40, 40])")
            #expect(canvas[56, 56] == Pixel(.white), "\(name) drawn past its 48 px box")
        }
        // The originals are not all kept: some had to be decoded again for the new size.
        #expect(icons.decodeCount > 20)
        #expect(icons.decodeCount <= 40)
    }

    /// A folder with a 32 px green original of "leaf" and a ready-made 16 px copy in red, listed
    /// in sources.txt as drawn from that original, or (`fromThisOriginal` false) from another.
    private func folderWithReadyMadeCopy(fromThisOriginal: Bool) throws -> String {
        let dir = PixelCanvas.assets(["leaf": Color(red: 0, green: 0.8, blue: 0)])
        try FileManager.default.createDirectory(atPath: dir + "/icons/16", withIntermediateDirectories: true)
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 16, 16)!
        let cr = cairo_create(s)!
        cairo_set_source_rgb(cr, 1, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_write_to_png(s, dir + "/icons/16/leaf.png")
        cairo_surface_destroy(s)
        // FNV-1a 64 of the original's bytes, as make-icons.py computes it.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in try Data(contentsOf: URL(fileURLWithPath: dir + "/icons/leaf.png")) { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        if !fromThisOriginal { hash &+= 1 }
        try "leaf \(String(hash, radix: 16))\n".write(toFile: dir + "/icons/16/sources.txt", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aReadyMadeCopyIsDrawnWithoutDecodingTheOriginal() throws {
        let icons = IconCache(assetDirectory: try folderWithReadyMadeCopy(fromThisOriginal: true))
        icons.loadAll(fittingIn: [Size(width: 16, height: 16)], pixelScale: 1)
        #expect(icons.decodeCount == 0 && icons.presizedCount == 1)
        let canvas = draw(icons, "leaf", side: 16)
        #expect(canvas[8, 8] == Pixel(r: 255, g: 0, b: 0), "the ready-made copy is drawn: \(canvas[8, 8])")
    }

    @Test func anOriginalReplacedSinceItsCopyWasDrawnIsDrawnAsItIsNow() throws {
        let icons = IconCache(assetDirectory: try folderWithReadyMadeCopy(fromThisOriginal: false))
        icons.loadAll(fittingIn: [Size(width: 16, height: 16)], pixelScale: 1)
        #expect(icons.presizedCount == 0 && icons.decodeCount == 1)
        let canvas = draw(icons, "leaf", side: 16)
        #expect(canvas[8, 8].isClose(to: Pixel(Color(red: 0, green: 0.8, blue: 0))), "the newer original is drawn: \(canvas[8, 8])")
    }

    @Test func aMissingIconIsReportedOnceAndDrawnAsAPlaceholder() {
        var lines: [String] = []
        let icons = IconCache(assetDirectory: PixelCanvas.assets(colors)) { lines.append($0) }
        for _ in 0..<3 { _ = draw(icons, "nowhere", side: 48) }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("'nowhere' not found") == true)
        let canvas = draw(icons, "nowhere", side: 48)
        #expect(canvas[14, 14].isClose(to: Pixel(Palette.light.placeholderFill)), "got \(canvas[14, 14])")
    }
}
