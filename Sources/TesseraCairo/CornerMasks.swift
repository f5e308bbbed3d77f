import CCairo
import CPixman
import TesseraCore

/// Antialiased discs (and rings along their edge) as 8-bit pixman masks, one per radius in whole
/// device pixels: a rounded rectangle of any size is then three rect fills and its four corners,
/// each a quadrant of the disc (``DirectBlit/fillRoundedRect(_:radius:pixel:except:corners:)``);
/// its edge, four 1 px rects and quadrants of the ring (``DirectBlit/strokeRoundedRectEdge(_:radius:pixel:except:corners:)``).
///
/// Why: a tile changing size in a layout switch has a new size every frame, and a mask of the
/// whole shape (``RoundedRectMasks``) would be rasterised afresh for each tile each frame; the
/// corners depend on the radius alone, and a switch passes through a dozen radii.
final class CornerMasks {
    /// Discs by radius, rings by minus their radius.
    private var masks: [Int: (surface: OpaquePointer, image: OpaquePointer)] = [:]
    /// More radii than a switch passes through (twice: discs and rings); past it the cache starts over.
    private static let limit = 96

    deinit { removeAll() }

    /// The disc of `radius` device pixels (a `2 * radius` square), nil when it cannot be made.
    func disc(radius: Int) -> OpaquePointer? { mask(radius: radius, ring: false) }

    /// The ring a 1 px line along the disc's edge, half a pixel inside it, strokes (how a folder's
    /// ring is drawn along its face): nil when it cannot be made.
    func ring(radius: Int) -> OpaquePointer? { mask(radius: radius, ring: true) }

    private func mask(radius: Int, ring: Bool) -> OpaquePointer? {
        guard radius > 0 else { return nil }
        let key = ring ? -radius : radius
        if let hit = masks[key] { return hit.image }
        if masks.count >= Self.limit { removeAll() }
        let side = Int32(2 * radius)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, side, side),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let cr = cairo_create(surface)!
        // The same paths a tile's face is filled and a folder's ring stroked with, so the corners
        // match a whole-shape mask.
        let whole = Rect(x: 0, y: 0, width: Double(side), height: Double(side))
        if ring {
            CairoPath.roundedRect(cr, whole.insetBy(dx: 0.5, dy: 0.5), radius: Double(radius) - 0.5)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
        } else {
            CairoPath.roundedRect(cr, whole, radius: Double(radius))
            cairo_fill(cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface),
              let image = pixman_image_create_bits(PIXMAN_a8, side, side, UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                                   cairo_image_surface_get_stride(surface)) else {
            cairo_surface_destroy(surface)
            return nil
        }
        masks[key] = (surface, image)
        return image
    }

    private func removeAll() {
        for (_, d) in masks {
            pixman_image_unref(d.image)
            cairo_surface_destroy(d.surface)
        }
        masks.removeAll()
    }
}
