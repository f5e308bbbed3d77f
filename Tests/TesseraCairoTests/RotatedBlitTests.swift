import CBilinear
import CCairo
import CPixman
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import TesseraCairo
import TesseraCore

/// A turned image painted through `RotatedBlit` (the carried tile's snapshot under its wobble, a
/// group's cards) must give the pixels Cairo gave: the same bilinear samples, the same blend under
/// the same alpha, nothing outside the clip.
@Suite struct RotatedBlitTests {
    /// A snapshot-like image: a soft shadow fading out (alpha from 0 to ~0.4), a rounded opaque
    /// card with stripes (sharp edges, as text and icons have), clear corners.
    private func snapshot(width: Int32 = 130, height: Int32 = 140) -> OpaquePointer {
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let cr = cairo_create(image)!
        for ring in stride(from: 20.0, to: 0, by: -2) {
            cairo_set_source_rgba(cr, 0, 0, 0, 0.04)
            CairoPath.roundedRect(cr, Rect(x: 22 - ring, y: 26 - ring, width: Double(width) - 44 + 2 * ring,
                                           height: Double(height) - 48 + 2 * ring), radius: 12 + ring)
            cairo_fill(cr)
        }
        CairoPath.fillRoundedRect(cr, Rect(x: 22, y: 22, width: Double(width) - 44, height: Double(height) - 48), radius: 12,
                                  color: Color(red: 0.35, green: 0.62, blue: 0.81))
        cairo_set_source_rgb(cr, 1, 0.95, 0.3)
        for k in 0..<6 { cairo_rectangle(cr, 30 + Double(k) * 12, 40 + Double(k) * 5, 5, 40) }
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(image)
        return image
    }

    /// `image` painted at its place in a `format` target over stale pixels, clipped by `clip`,
    /// once through `RotatedBlit` and once through Cairo; the two targets' pixels, and whether
    /// `RotatedBlit` took it.
    private func bothWays(_ image: OpaquePointer, format: cairo_format_t, turn: Double, scale: Double, at origin: Point,
                          alpha: Double, clip: ((OpaquePointer) -> Void)? = nil) -> (blit: [UInt32], cairo: [UInt32], taken: Bool) {
        let w: Int32 = 260, h: Int32 = 240
        var taken = false
        func paint(viaBlit: Bool) -> [UInt32] {
            let target = cairo_image_surface_create(format, w, h)!
            let cr = cairo_create(target)!
            // Stale pixels under it, some translucent in an ARGB32 target.
            for y in stride(from: 0, to: Int(h), by: 10) {
                cairo_set_source_rgba(cr, Double(y % 30) / 30, 0.5, Double(y % 70) / 70, y % 20 == 0 ? 1 : 0.6)
                cairo_rectangle(cr, 0, Double(y), Double(w), 10)
                cairo_fill(cr)
            }
            clip?(cr)
            cairo_translate(cr, origin.x, origin.y)
            cairo_rotate(cr, turn)
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, -65, -70)
            if viaBlit {
                taken = RotatedBlit.paint(image, cr: cr, alpha: alpha)
            }
            if !viaBlit || !taken {
                cairo_set_source_surface(cr, image, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
                cairo_paint_with_alpha(cr, alpha)
            }
            cairo_destroy(cr)
            cairo_surface_flush(target)
            let stride = Int(cairo_image_surface_get_stride(target))
            let data = cairo_image_surface_get_data(target)!
            var out: [UInt32] = []
            for y in 0..<Int(h) {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                // RGB24's top byte is not a colour: left out.
                for x in 0..<Int(w) { out.append(format == CAIRO_FORMAT_RGB24 ? row[x] & 0xffffff : row[x]) }
            }
            cairo_surface_destroy(target)
            return out
        }
        let cairo = paint(viaBlit: false)
        return (paint(viaBlit: true), cairo, taken)
    }

    /// The largest difference in a channel between `a` and `b`, and in how many pixels they differ.
    private func difference(_ a: [UInt32], _ b: [UInt32]) -> (largest: Int, pixels: Int) {
        var largest = 0, pixels = 0
        for (p, q) in zip(a, b) where p != q {
            pixels += 1
            for shift in stride(from: 0, to: 32, by: 8) {
                largest = max(largest, abs(Int((p >> UInt32(shift)) & 0xff) - Int((q >> UInt32(shift)) & 0xff)))
            }
        }
        return (largest, pixels)
    }

    @Test func aTurnedImageGivesCairosPixels() {
        let image = snapshot()
        defer { cairo_surface_destroy(image) }
        for format in [CAIRO_FORMAT_RGB24, CAIRO_FORMAT_ARGB32] {
            for (turn, scale) in [(0.05, 1.0), (-0.164, 1.1), (0.3, 0.93), (1.2, 1.53), (-2.9, 1.0)] {
                for alpha in [1.0, 0.9066, 0.3] {
                    for origin in [Point(x: 130, y: 120), Point(x: 121.37, y: 118.81), Point(x: 20.5, y: 230.25)] {
                        let r = bothWays(image, format: format, turn: turn, scale: scale, at: origin, alpha: alpha)
                        #expect(r.taken)
                        let d = difference(r.blit, r.cairo)
                        // Cairo rounds the matrix to pixman's 16.16 with a correction about the middle
                        // of what it composites; RotatedBlit rounds it directly. A sample point may so
                        // land a 65,536th of a pixel apart and tip a 7-bit weight: a step of one or two
                        // in a channel, in about 1 % of the pixels (the same matrix gives pixman's
                        // pixels exactly: `theLoopGivesPixmansPixels`).
                        #expect(d.largest <= 2 && Double(d.pixels) <= 0.02 * 130 * 140 * scale * scale,
                                "format \(format.rawValue), turn \(turn), scale \(scale), alpha \(alpha), at \(origin): \(d)")
                    }
                }
            }
        }
    }

    /// Given the same 16.16 matrix, `tessera_bilinear_over` writes exactly pixman's pixels, over
    /// opaque and translucent pixels, under every alpha, across the image's edges: four pixels at
    /// a time (where the processor has AVX2) and one at a time.
    @Test(arguments: [false, true]) func theLoopGivesPixmansPixels(oneAtATime: Bool) throws {
        let loop = oneAtATime ? tessera_bilinear_over_one_at_a_time : tessera_bilinear_over
        let image = snapshot()
        defer { cairo_surface_destroy(image) }
        let sw = Int32(cairo_image_surface_get_width(image)), sh = Int32(cairo_image_surface_get_height(image))
        let sourceStride = cairo_image_surface_get_stride(image)
        let source = UnsafeMutableRawPointer(cairo_image_surface_get_data(image)!).assumingMemoryBound(to: UInt32.self)
        let w = 240, h = 220
        // Turns (each pixel on its own), then scales without a turn, wider than tall and the other
        // way (a row's two source rows blended once per column first: a loop of its own), and
        // within a few percent of 1 (most runs of four pixels on four neighbouring columns).
        let cases: [(turn: Double, scale: Double, tall: Double, tx: Double, ty: Double)] = [
            (0.05, 1.0, 1, 11.3, -7.9), (-0.164, 1.1, 1, 40.0, 30.0), (2.4, 0.8, 1, 170.2, 150.7),
            (0, 1.0, 1, 11.3, -7.9), (0, 1.07, 0.93, 40.3, 30.6), (0, 0.83, 1.21, -12.5, 9.25), (0, 1.6, 0.6, 3.5, 2.0),
            (0, 1.02, 0.98, 7.7, 3.1), (0, 0.97, 1.0, -4.4, 12.8)]
        for (turn, scale, tall, tx, ty) in cases {
            for alpha: UInt32 in [255, 231, 77, 1] {
                // Destination to source: the inverse of turning by `turn`, scaling by `scale` (and
                // `tall` more up and down), moving by (tx, ty).
                let c = cos(turn) / scale, s = sin(turn) / scale
                let entries: [Double] = [c, s, -(c * tx + s * ty), -s / tall, c / tall, (s * tx - c * ty) / tall]
                let m = entries.map { Int32(($0 * 65536).rounded()) }
                var ours = [UInt32](repeating: 0, count: w * h), theirs = ours
                for i in ours.indices { ours[i] = UInt32(truncatingIfNeeded: 0xff00_0000 | (i &* 2_654_435_761) >> 8) }
                for i in stride(from: 0, to: ours.count, by: 3) { ours[i] &= 0x7f7f_7f7f }   // translucent, premultiplied
                theirs = ours
                m.withUnsafeBufferPointer { mp in
                    loop(source, sw, sh, sourceStride, &ours, Int32(w * 4), 0, 0, Int32(w), Int32(h), mp.baseAddress, alpha)
                }
                var transform = pixman_transform_t()
                transform.matrix.0 = (m[0], m[1], m[2])
                transform.matrix.1 = (m[3], m[4], m[5])
                transform.matrix.2 = (0, 0, 1 << 16)
                let src = try #require(pixman_image_create_bits(PIXMAN_a8r8g8b8, sw, sh, source, sourceStride))
                pixman_image_set_transform(src, &transform)
                pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
                var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha << 8))
                let mask = alpha == 255 ? nil : pixman_image_create_solid_fill(&color)
                theirs.withUnsafeMutableBufferPointer { t in
                    let dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(w), Int32(h), t.baseAddress, Int32(w * 4))
                    pixman_image_composite32(PIXMAN_OP_OVER, src, mask, dst, 0, 0, 0, 0, 0, 0, Int32(w), Int32(h))
                    pixman_image_unref(dst)
                }
                if let mask { pixman_image_unref(mask) }
                pixman_image_unref(src)
                let d = difference(ours, theirs)
                #expect(d.pixels == 0, "turn \(turn), scale \(scale), alpha \(alpha): \(d)")
            }
        }
    }

    @Test func nothingIsPaintedOutsideTheClip() {
        let image = snapshot()
        defer { cairo_surface_destroy(image) }
        let clips: [(String, (OpaquePointer) -> Void)] = [
            ("a rect", { cr in cairo_rectangle(cr, 90, 60, 77, 101); cairo_clip(cr) }),
            // A card beneath the stack: its bounds less the snapshot's core (StackOcclusion).
            ("a rect less a rect", { cr in
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                cairo_rectangle(cr, 40, 30, 180, 180)
                cairo_rectangle(cr, 95, 80, 70, 60)
                cairo_clip(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            }),
        ]
        for (name, clip) in clips {
            let r = bothWays(image, format: CAIRO_FORMAT_RGB24, turn: 0.12, scale: 1.07, at: Point(x: 128.4, y: 117.6), alpha: 0.95, clip: clip)
            #expect(r.taken, "\(name)")
            let d = difference(r.blit, r.cairo)
            #expect(d.largest <= 2 && Double(d.pixels) <= 0.02 * 130 * 140, "\(name): \(d)")
        }
    }

    @Test func whatCairoDoesBetterOrOnlyCairoCanDoIsLeftToIt() {
        let image = snapshot()
        defer { cairo_surface_destroy(image) }
        // No turn: a 1:1 copy is Cairo's blit; a stretch is Cairo's too where the processor has
        // no AVX2 (its SSSE3 path is faster than the general loop), else the loop's, as Cairo's.
        #expect(!bothWays(image, format: CAIRO_FORMAT_RGB24, turn: 0, scale: 1, at: Point(x: 130, y: 120), alpha: 1).taken)
        let stretched = bothWays(image, format: CAIRO_FORMAT_RGB24, turn: 0, scale: 1.1, at: Point(x: 130.5, y: 120.25), alpha: 0.9)
        #expect(stretched.taken == RotatedBlit.scalesFast)
        let d = difference(stretched.blit, stretched.cairo)
        #expect(d.largest <= 1, "\(d)")
        #expect(!bothWays(image, format: CAIRO_FORMAT_RGB24, turn: 0, scale: 0.4, at: Point(x: 130, y: 120), alpha: 1).taken)
        // A clip through pixels (Cairo keeps a mask) or of a path.
        #expect(!bothWays(image, format: CAIRO_FORMAT_RGB24, turn: 0.1, scale: 1, at: Point(x: 130, y: 120), alpha: 1,
                          clip: { cr in cairo_rectangle(cr, 10.5, 10, 200, 200); cairo_clip(cr) }).taken)
        #expect(!bothWays(image, format: CAIRO_FORMAT_RGB24, turn: 0.1, scale: 1, at: Point(x: 130, y: 120), alpha: 1,
                          clip: { cr in cairo_arc(cr, 130, 120, 80, 0, 6.3); cairo_clip(cr) }).taken)
        // A target with no colour channels.
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, 100, 100)!
        let cr = cairo_create(mask)!
        cairo_rotate(cr, 0.1)
        #expect(!RotatedBlit.paint(image, cr: cr, alpha: 1))
        cairo_destroy(cr)
        cairo_surface_destroy(mask)
    }

    /// Far off the target, nothing is painted and Cairo is not asked either.
    @Test func anImageLandingOutsideTheTargetPaintsNothing() {
        let image = snapshot()
        defer { cairo_surface_destroy(image) }
        let r = bothWays(image, format: CAIRO_FORMAT_ARGB32, turn: 0.2, scale: 1, at: Point(x: 900, y: -400), alpha: 1)
        #expect(r.taken)
        #expect(r.blit == r.cairo)
    }
}
