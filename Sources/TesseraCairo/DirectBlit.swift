import CCairo
import CPixman
import TesseraCore

/// Copies cell images into the surface a render pass paints, through pixman, without Cairo.
///
/// A whole-window repaint is ~150 cell images. Through Cairo each is a pattern, a path, a clip
/// test and an OVER blend of every pixel; here it is three pixman calls: the image's opaque core
/// copied (SRC), the bands above and below it blended (OVER), the clear pixels beside it left out.
/// The pixels are the same (an opaque source blended OVER is a copy, and the clear ones add
/// nothing): `DirectBlitTests` compares the two pixel for pixel.
///
/// Made for one pass when the target is an image surface in x8r8g8b8 or a8r8g8b8 with no device
/// offset or scale, and the pass's clip is one rect of whole device pixels (what the shell's
/// staging passes and the warm-up use); nil otherwise, and cells go through Cairo as before.
final class DirectBlit {
    private let target: OpaquePointer
    private let pixels: OpaquePointer
    /// The pass's clip, in the target's pixels.
    let passClip: DeviceRect
    /// Where blits land now: the pass's clip, cut by the scene's pushed clips (``SceneRenderer``).
    var clip: DeviceRect

    init?(_ cr: OpaquePointer) {
        let surface = cairo_get_target(cr)!
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else { return nil }
        let format: pixman_format_code_t
        switch cairo_image_surface_get_format(surface) {
        case CAIRO_FORMAT_RGB24: format = PIXMAN_x8r8g8b8
        case CAIRO_FORMAT_ARGB32: format = PIXMAN_a8r8g8b8
        default: return nil
        }
        var ox = 0.0, oy = 0.0, sx = 0.0, sy = 0.0
        cairo_surface_get_device_offset(surface, &ox, &oy)
        cairo_surface_get_device_scale(surface, &sx, &sy)
        guard ox == 0, oy == 0, sx == 1, sy == 1, let data = cairo_image_surface_get_data(surface) else { return nil }
        // The clip in device space: one rect on whole pixels, or Cairo keeps the blits.
        guard let rects = DeviceClip.wholePixelRects(of: cr), rects.count == 1, let r = rects.first else { return nil }
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        guard let inside = r.intersection(DeviceRect(x: 0, y: 0, width: w, height: h)),
              let view = pixman_image_create_bits(format, Int32(w), Int32(h),
                                                  UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                                  cairo_image_surface_get_stride(surface)) else { return nil }
        // What Cairo painted so far is in memory before pixman writes beside it.
        cairo_surface_flush(surface)
        target = surface
        pixels = view
        passClip = inside
        clip = inside
    }

    deinit {
        pixman_image_unref(pixels)
        // Cairo must not trust anything it remembers of these pixels.
        cairo_surface_mark_dirty(target)
    }

    /// Copies `image` with its top-left corner at (`x`, `y`) of the target, within the clip, under
    /// `alpha` (a tile fading into a group's stack: blended whole through a constant mask, as
    /// Cairo's `paint_with_alpha` does). Returns false when `image` cannot go this way (Cairo then
    /// draws it).
    func blit(_ image: CellImage, x: Int, y: Int, alpha: Double = 1) -> Bool {
        let whole = DeviceRect(x: 0, y: 0, width: image.width, height: image.height)
        guard alpha < 1 else { return copy(image, part: whole, x: x, y: y) }
        guard let source = image.pixels else { return false }
        // Cairo's solid mask: its alpha in 16 bits, rounded as Cairo rounds it.
        var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(Swift.max(0, Swift.min(1, alpha)) * 65535 + 0.5))
        guard let mask = pixman_image_create_solid_fill(&color) else { return false }
        composite(PIXMAN_OP_OVER, source, mask: mask, from: (0, 0), dest: DeviceRect(x: x, y: y, width: image.width, height: image.height))
        pixman_image_unref(mask)
        return true
    }

    /// Composites `source` (through `mask`) onto `dest` of the target, cut to the clip: the source
    /// pixel at `from` (and the mask's at `maskFrom`) lands on `dest`'s top-left corner.
    private func composite(_ op: pixman_op_t, _ source: OpaquePointer, mask: OpaquePointer? = nil,
                           from: (x: Int, y: Int), maskFrom: (x: Int, y: Int) = (0, 0), dest: DeviceRect) {
        guard dest.width > 0, dest.height > 0, let d = dest.intersection(clip) else { return }
        let sx = d.x - dest.x, sy = d.y - dest.y
        pixman_image_composite32(op, source, mask, pixels, Int32(from.x + sx), Int32(from.y + sy),
                                 Int32(maskFrom.x + sx), Int32(maskFrom.y + sy), Int32(d.x), Int32(d.y), Int32(d.width), Int32(d.height))
    }

    /// Fills `rect` with `pixel` (premultiplied ARGB, as an image holds it), its corners rounded by
    /// `radius` device pixels (clamped to half the shorter side) through `corners`' disc: three
    /// rects and four quadrants, leaving out `except` (where something opaque or blended over it
    /// will go). Copied when the pixel is opaque, blended when not. False when the disc cannot be
    /// had (nothing drawn).
    func fillRoundedRect(_ rect: DeviceRect, radius: Int, pixel: UInt32, except: [DeviceRect] = [], corners: CornerMasks) -> Bool {
        let r = Self.clamped(radius, rect)
        let x = rect.x, y = rect.y, w = rect.width, h = rect.height
        let bands = [DeviceRect(x: x, y: y + r, width: w, height: h - 2 * r), DeviceRect(x: x + r, y: y, width: w - 2 * r, height: r),
                     DeviceRect(x: x + r, y: y + h - r, width: w - 2 * r, height: r)]
        return paint(pixel, straight: bands, around: rect, radius: r, mask: r > 0 ? corners.disc(radius: r) : nil, except: except)
    }

    /// Blends `pixel` (premultiplied ARGB) over the outermost ring of pixels of `rect` rounded by
    /// `radius` (clamped as above), as Cairo strokes a 1 px line along the path half a pixel
    /// inside it: four edges and four quadrants of `corners`' ring, leaving out `except`. False
    /// (nothing drawn) without corners or their ring.
    func strokeRoundedRectEdge(_ rect: DeviceRect, radius: Int, pixel: UInt32, except: [DeviceRect] = [], corners: CornerMasks) -> Bool {
        let r = Self.clamped(radius, rect)
        guard r > 0 else { return false }
        let x = rect.x, y = rect.y, w = rect.width, h = rect.height
        let edges = [DeviceRect(x: x + r, y: y, width: w - 2 * r, height: 1), DeviceRect(x: x + r, y: y + h - 1, width: w - 2 * r, height: 1),
                     DeviceRect(x: x, y: y + r, width: 1, height: h - 2 * r), DeviceRect(x: x + w - 1, y: y + r, width: 1, height: h - 2 * r)]
        return paint(pixel, straight: edges, around: rect, radius: r, mask: corners.ring(radius: r), except: except, blend: true)
    }

    private static func clamped(_ radius: Int, _ rect: DeviceRect) -> Int {
        Swift.max(0, Swift.min(radius, Swift.min(rect.width, rect.height) / 2))
    }

    /// `pixel` over the `straight` rects and, through `mask` (a `2 r` square), the four corners
    /// of `rect`, each less `except`: copied where opaque unless `blend`.
    private func paint(_ pixel: UInt32, straight: [DeviceRect], around rect: DeviceRect, radius r: Int, mask: OpaquePointer?,
                       except: [DeviceRect], blend: Bool = false) -> Bool {
        guard r == 0 || mask != nil else { return false }
        // 8 bits to pixman's 16 (x * 257), which it takes back to the same 8.
        func channel(_ shift: UInt32) -> UInt16 { UInt16((pixel >> shift) & 0xFF) * 257 }
        var c = pixman_color_t(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
        guard let solid = pixman_image_create_solid_fill(&c) else { return false }
        defer { pixman_image_unref(solid) }
        let op = pixel >> 24 == 0xFF && !blend ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
        // `dest` less `except`, each piece with the offset from `dest`'s corner (for the mask).
        func pieces(_ dest: DeviceRect) -> [(DeviceRect, Int, Int)] {
            guard dest.width > 0, dest.height > 0 else { return [] }
            return dest.subtracting(except).map { ($0, $0.x - dest.x, $0.y - dest.y) }
        }
        for band in straight {
            for (piece, _, _) in pieces(band) { composite(op, solid, from: (0, 0), dest: piece) }
        }
        guard let mask else { return true }
        let x = rect.x, y = rect.y, w = rect.width, h = rect.height
        for (cx, cy, mx, my) in [(x, y, 0, 0), (x + w - r, y, r, 0), (x, y + h - r, 0, r), (x + w - r, y + h - r, r, r)] {
            for (piece, dx, dy) in pieces(DeviceRect(x: cx, y: cy, width: r, height: r)) {
                composite(PIXMAN_OP_OVER, solid, mask: mask, from: (0, 0), maskFrom: (mx + dx, my + dy), dest: piece)
            }
        }
        return true
    }

    /// `color` as a premultiplied ARGB pixel, as Cairo stores it.
    static func pixel(_ color: Color) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((Swift.max(0, Swift.min(1, v)) * 255).rounded()) }
        let a = Swift.max(0, Swift.min(1, color.alpha))
        return byte(a) << 24 | byte(color.red * a) << 16 | byte(color.green * a) << 8 | byte(color.blue * a)
    }

    /// Copies `part` of `image` (its pixels) so that its top-left lands at (`x`, `y`) of the
    /// target, within the clip: copied where the image is opaque (its core), blended elsewhere
    /// (nothing beside the core when those pixels are clear; nothing opaque: blended whole).
    func copy(_ image: CellImage, part: DeviceRect, x: Int, y: Int) -> Bool {
        guard let source = image.pixels else { return false }
        let dx = x - part.x, dy = y - part.y
        func put(_ op: pixman_op_t, _ p: DeviceRect) {
            composite(op, source, from: (p.x, p.y), dest: DeviceRect(x: p.x + dx, y: p.y + dy, width: p.width, height: p.height))
        }
        guard let inCore = part.intersection(image.core) else {
            put(PIXMAN_OP_OVER, part)
            return true
        }
        put(PIXMAN_OP_SRC, inCore)
        // The rest of `part` around the core: rows above and below it, then its sides.
        put(PIXMAN_OP_OVER, DeviceRect(x: part.x, y: part.y, width: part.width, height: inCore.y - part.y))
        put(PIXMAN_OP_OVER, DeviceRect(x: part.x, y: inCore.maxY, width: part.width, height: part.maxY - inCore.maxY))
        if !image.sidesClear {
            put(PIXMAN_OP_OVER, DeviceRect(x: part.x, y: inCore.y, width: inCore.x - part.x, height: inCore.height))
            put(PIXMAN_OP_OVER, DeviceRect(x: inCore.maxX, y: inCore.y, width: part.maxX - inCore.maxX, height: inCore.height))
        }
        return true
    }
}
