import CCairo
import Testing
@testable import TesseraCairo
import TesseraCore

/// Tiles are filled through cached coverage masks; they must look like the path fill they replace
/// wherever a tile can sit: whole pixels, HiDPI scales, under a translation, and (by falling back
/// to the path) at fractional positions and sizes and rotated. An 8-bit mask and a direct fill
/// round an edge pixel's coverage differently, by a few levels (out of 255) at most.
@Suite struct RoundedRectMasksTests {
    let colour = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8)

    /// Pixels differing by more than `tolerance` per channel between a mask fill and a path fill.
    func differing(_ rect: Rect, radius: Double, scale: Double = 1, setUp: (OpaquePointer) -> Void = { _ in },
                   masks: RoundedRectMasks = RoundedRectMasks()) -> Int {
        let w = 260, h = 200
        let viaMask = PixelCanvas(width: w, height: h, background: .white) { cr in
            cairo_scale(cr, scale, scale); setUp(cr)
            masks.fill(cr, rect, radius: radius, color: colour)
        }
        let viaPath = PixelCanvas(width: w, height: h, background: .white) { cr in
            cairo_scale(cr, scale, scale); setUp(cr)
            CairoPath.fillRoundedRect(cr, rect, radius: radius, color: colour)
        }
        var n = 0
        for y in 0..<h {
            for x in 0..<w {
                let a = viaMask[x, y], b = viaPath[x, y]
                if !a.isClose(to: b, tolerance: 8) { n += 1 }
            }
        }
        return n
    }

    @Test func aTileAtWholePixelsMatchesThePathFill() {
        #expect(differing(Rect(x: 20, y: 30, width: 96, height: 96), radius: 19.2) == 0)
    }

    @Test func fractionalPositionsAndSizesMatch() {
        // Masonry widths and positions are fractional: (W - spacing * 14) / 13 at 1280 px.
        #expect(differing(Rect(x: 20.37, y: 30.81, width: 84.46, height: 131.2), radius: 16.9) == 0)
        #expect(differing(Rect(x: 0.5, y: 0.25, width: 40.125, height: 40.875), radius: 8) == 0)
    }

    @Test func hiDPIAndTranslatedContextsMatch() {
        #expect(differing(Rect(x: 10, y: 12, width: 96, height: 80), radius: 19.2, scale: 2) == 0)
        #expect(differing(Rect(x: 10, y: 12, width: 60, height: 60), radius: 12, scale: 1.5) == 0)
        #expect(differing(Rect(x: 10, y: 12, width: 96, height: 96), radius: 19.2) { cr in cairo_translate(cr, 33.3, -4.6) } == 0)
    }

    @Test func rotatedAndHugeRectanglesFallBackToThePath() {
        #expect(differing(Rect(x: 60, y: 40, width: 96, height: 96), radius: 19.2) { cr in
            cairo_translate(cr, 108, 88); cairo_rotate(cr, 0.05); cairo_translate(cr, -108, -88)
        } == 0)
        // A section background taller than any mask is filled as a path, clipped by the canvas.
        #expect(differing(Rect(x: 8, y: -5000, width: 240, height: 90_000), radius: 12) == 0)
    }

    @Test func oneMaskServesEveryTileOfASize() {
        let masks = RoundedRectMasks()
        for column in 0..<3 {
            #expect(differing(Rect(x: 4 + Double(column) * 84, y: 10, width: 80, height: 80), radius: 16, masks: masks) == 0)
        }
        // Differently coloured tiles too: the colour is the source, not part of the mask.
        let red = PixelCanvas(width: 100, height: 100, background: .white) { cr in
            masks.fill(cr, Rect(x: 10, y: 10, width: 80, height: 80), radius: 16, color: Color(red: 1, green: 0, blue: 0))
        }
        #expect(red[50, 50].r == 255 && red[50, 50].g == 0 && red[50, 50].b == 0)
        #expect(red[10, 10] == Pixel(r: 255, g: 255, b: 255), "the corner stays outside the rounded shape")
    }
}
