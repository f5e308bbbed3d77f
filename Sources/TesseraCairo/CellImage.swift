import CCairo
import CPixman

/// A cell's cached image (``CellImageCache``): its pixels, a pixman view of them for
/// ``DirectBlit``, and the rect of them that is wholly opaque.
///
/// A tile is opaque but for its rounded corners, the hairline of shade under it and the clear
/// margin around it; most of its image can be copied (pixman's SRC) instead of blended (OVER,
/// which reads the frame's pixels too and tests every pixel's alpha). What is found opaque is
/// found once, when the image is made.
final class CellImage {
    let surface: OpaquePointer
    let width: Int, height: Int
    /// The image's pixels as pixman sees them; nil if pixman refused (then no direct blit).
    let pixels: OpaquePointer?
    /// Image pixels whose alpha is all 255: a band of whole rows, clear of the corners.
    let core: DeviceRect
    /// Whether the pixels beside the core, in its rows, are all clear (nothing to blend there).
    let sidesClear: Bool

    /// Takes `surface` over (destroyed with this).
    init(_ surface: OpaquePointer) {
        self.surface = surface
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        width = w
        height = h
        guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32, w > 0, h > 0,
              let data = cairo_image_surface_get_data(surface) else {
            pixels = nil
            core = DeviceRect(x: 0, y: 0, width: 0, height: 0)
            sidesClear = false
            return
        }
        pixels = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(w), Int32(h),
                                          UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), Int32(stride))
        let found = Self.opaqueCore(data, width: w, height: h, stride: stride)
        core = found.core
        sidesClear = found.sidesClear
    }

    /// The premultiplied ARGB pixel at (`x`, `y`), nil outside the image or without pixels.
    func pixel(x: Int, y: Int) -> UInt32? {
        guard pixels != nil, x >= 0, y >= 0, x < width, y < height, let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        return UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)[x]
    }

    deinit {
        if let pixels { pixman_image_unref(pixels) }
        cairo_surface_destroy(surface)
    }

    /// The widest run of opaque pixels through the middle row, grown up and down while every
    /// pixel of the run stays opaque; and whether the pixels beside it in those rows are clear.
    static func opaqueCore(_ data: UnsafeMutablePointer<UInt8>, width w: Int, height h: Int, stride: Int)
        -> (core: DeviceRect, sidesClear: Bool) {
        func row(_ y: Int) -> UnsafePointer<UInt32> { UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self) }
        func opaque(_ p: UInt32) -> Bool { p >> 24 == 0xFF }
        let none = (DeviceRect(x: 0, y: 0, width: 0, height: 0), false)
        let mid = row(h / 2)
        var best = (start: 0, length: 0), x = 0
        while x < w {
            guard opaque(mid[x]) else { x += 1; continue }
            let start = x
            while x < w && opaque(mid[x]) { x += 1 }
            if x - start > best.length { best = (start, x - start) }
        }
        guard best.length > 0 else { return none }
        let x0 = best.start, x1 = best.start + best.length
        func runOpaque(_ y: Int) -> Bool { let r = row(y); return (x0..<x1).allSatisfy { opaque(r[$0]) } }
        var y0 = h / 2, y1 = h / 2 + 1
        while y0 > 0 && runOpaque(y0 - 1) { y0 -= 1 }
        while y1 < h && runOpaque(y1) { y1 += 1 }
        var clear = true
        for y in y0..<y1 where clear {
            let r = row(y)
            clear = (0..<x0).allSatisfy { r[$0] == 0 } && (x1..<w).allSatisfy { r[$0] == 0 }
        }
        return (DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), clear)
    }
}
