import CCairo
import CPixman
import TesseraCore

/// Antialiased discs as 8-bit pixman masks, one per radius in whole device pixels: a rounded
/// rectangle of any size is then three rect fills and its four corners, each a quadrant of the
/// disc (``DirectBlit/fillRoundedRect(_:radius:color:corners:)``).
///
/// Why: a tile changing size in a layout switch has a new size every frame, and a mask of the
/// whole shape (``RoundedRectMasks``) would be rasterised afresh for each tile each frame; the
/// corners depend on the radius alone, and a switch passes through a dozen radii.
final class CornerMasks {
    private var discs: [Int: (surface: OpaquePointer, image: OpaquePointer)] = [:]
    /// More radii than a switch passes through; past it the cache starts over.
    private static let limit = 48

    deinit { removeAll() }

    /// The disc of `radius` device pixels (a `2 * radius` square), nil when it cannot be made.
    func disc(radius: Int) -> OpaquePointer? {
        guard radius > 0 else { return nil }
        if let hit = discs[radius] { return hit.image }
        if discs.count >= Self.limit { removeAll() }
        let side = Int32(2 * radius)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, side, side),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let cr = cairo_create(surface)!
        // The same path a tile's face is filled with, so the corners match a whole-shape mask.
        CairoPath.roundedRect(cr, Rect(x: 0, y: 0, width: Double(side), height: Double(side)), radius: Double(radius))
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface),
              let image = pixman_image_create_bits(PIXMAN_a8, side, side, UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                                   cairo_image_surface_get_stride(surface)) else {
            cairo_surface_destroy(surface)
            return nil
        }
        discs[radius] = (surface, image)
        return image
    }

    private func removeAll() {
        for (_, d) in discs {
            pixman_image_unref(d.image)
            cairo_surface_destroy(d.surface)
        }
        discs.removeAll()
    }
}
