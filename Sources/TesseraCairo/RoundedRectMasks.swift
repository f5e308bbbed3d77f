import CCairo
import TesseraCore

/// Rounded rectangles rasterised once per device size and kept as 8-bit coverage masks.
///
/// Filling a tile's rounded rectangle as a path (arcs flattened to a polygon, then scan-converted
/// with antialiasing) costs about four times as much as compositing a solid colour through a
/// ready A8 mask of the same shape, and every tile paints two (its shade and its face). Tiles of a
/// layout share a handful of sizes, so a few masks serve every cell.
///
/// A mask is used only where the tile lands on whole device pixels under a uniform scale and a
/// translation (grid tiles, and every tile painted into its cell image); rotated or scaled tiles
/// (lifted, wobbling, growing into a folder), fractional positions or sizes (masonry widths) and
/// very large rectangles are filled as paths, so nothing moves by a fraction of a pixel.
final class RoundedRectMasks {
    private struct Key: Hashable {
        /// Device width and height; radius in 1/16 device pixels.
        var w: Int32, h: Int32, r: Int32
    }
    /// Larger rectangles (section backgrounds) are filled as paths: a mask would cost megabytes.
    private static let maxSide = 512.0

    private let masks: LRUCache<Key, OpaquePointer>

    init(capacity: Int = 48) {
        masks = LRUCache(capacity: capacity) { cairo_surface_destroy($0) }
    }

    /// Bytes of masks held.
    var bytes: Int { masks.totalCost }

    /// Fills `rect` (user space) with `color`, with corners of `radius`, as
    /// ``CairoPath/fillRoundedRect(_:_:radius:color:)`` would.
    func fill(_ cr: OpaquePointer, _ rect: Rect, radius: Double, color: Color) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let s = m.xx
        let w = rect.width * s, h = rect.height * s
        guard m.xy == 0, m.yx == 0, s > 0, abs(m.yy - s) < 1e-9,
              w >= 1, h >= 1, w <= Self.maxSide, h <= Self.maxSide else {
            CairoPath.fillRoundedRect(cr, rect, radius: radius, color: color)
            return
        }
        let x = rect.minX * s + m.x0, y = rect.minY * s + m.y0
        let ox = x.rounded(), oy = y.rounded(), dw = w.rounded(), dh = h.rounded()
        guard abs(x - ox) < 1e-6, abs(y - oy) < 1e-6, abs(w - dw) < 1e-6, abs(h - dh) < 1e-6 else {
            CairoPath.fillRoundedRect(cr, rect, radius: radius, color: color)
            return
        }
        let r = min(max(radius, 0), min(rect.width, rect.height) / 2) * s
        let key = Key(w: Int32(dw), h: Int32(dh), r: Int32((r * 16).rounded()))
        guard let mask = mask(for: key) else {
            CairoPath.fillRoundedRect(cr, rect, radius: radius, color: color)
            return
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        CairoPath.setColor(cr, color)
        cairo_mask_surface(cr, mask, ox, oy)
        cairo_restore(cr)
    }

    private func mask(for key: Key) -> OpaquePointer? {
        if let hit = masks[key] { return hit }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, key.w, key.h),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let mcr = cairo_create(surface)!
        CairoPath.roundedRect(mcr, Rect(x: 0, y: 0, width: Double(key.w), height: Double(key.h)), radius: Double(key.r) / 16)
        cairo_fill(mcr)
        cairo_destroy(mcr)
        masks.insert(surface, for: key, cost: Int(cairo_image_surface_get_stride(surface)) * Int(key.h))
        return surface
    }
}
