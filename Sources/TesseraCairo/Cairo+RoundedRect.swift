import CCairo
import TesseraCore

/// Small path and colour helpers over a raw `cairo_t`, in the context's current user space.
enum CairoPath {
    /// Adds a rounded rectangle to the current path; `radius` is clamped to half the shorter side.
    static func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double) {
        let rad = min(max(radius, 0), min(r.width, r.height) / 2)
        guard rad > 0.01 else {
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    /// Adds a rounded rectangle that starts at the middle of the top edge and runs clockwise,
    /// so a dash of length `fraction * perimeter` draws a progress ring that follows the shape.
    static func roundedRectFromTop(_ cr: OpaquePointer, _ r: Rect, radius: Double) {
        let rad = min(max(radius, 0), min(r.width, r.height) / 2)
        cairo_new_sub_path(cr)
        cairo_move_to(cr, r.midX, r.minY)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_line_to(cr, r.midX, r.minY)
    }

    /// Perimeter of a rounded rectangle: 2(w + h) - 8r + 2πr.
    static func roundedRectPerimeter(_ r: Rect, radius: Double) -> Double {
        let rad = min(max(radius, 0), min(r.width, r.height) / 2)
        return 2 * (r.width + r.height) - 8 * rad + 2 * Double.pi * rad
    }

    static func setColor(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    static func setColor(_ cr: OpaquePointer, _ c: Color, alpha: Double) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * alpha)
    }

    /// Turns `cr` about `cell`'s centre by its rotation and scale (nothing for a resting cell).
    static func applyTransform(of cell: CellNode, _ cr: OpaquePointer) {
        guard cell.scale != 1 || cell.rotation != 0 else { return }
        let f = cell.frame
        cairo_translate(cr, f.midX, f.midY)
        cairo_rotate(cr, cell.rotation)
        cairo_scale(cr, cell.scale, cell.scale)
        cairo_translate(cr, -f.midX, -f.midY)
    }

    /// Paints `image`, a picture of `cell` at rest with `margin` logical pixels around its frame
    /// and `imageScale` image pixels per logical pixel, under the cell's scale, rotation and alpha.
    /// Bilinear keeps a rotated or scaled image smooth; the default filter would shimmer as it moves.
    /// `origin`: where the image's top-left corner is, in logical pixels from the top-left of the
    /// frame grown by `margin` (an image cropped to what it shows; zero for a whole one).
    static func paintImage(_ image: OpaquePointer, of cell: CellNode, restingSize: Size? = nil, margin: Double, imageScale: Double,
                           origin: Point = .zero, _ cr: OpaquePointer) {
        let f = cell.frame
        cairo_save(cr)
        if let rest = restingSize, rest != f.size, rest.width > 0, rest.height > 0 {
            // Stretched to the frame, but never past the paint bounds (the margin stretches too),
            // rounded out to whole device pixels as a frame's damage is: a clip through pixels
            // makes Cairo composite through a mask, and every tile of a layout switch is such a
            // paint (its whole-window frames measured 0.1 ms cheaper with the clip on pixels).
            clipToWholePixels(around: cell.paintBounds, cr)
            applyTransform(of: cell, cr)
            cairo_translate(cr, f.minX, f.minY)
            cairo_scale(cr, f.width / rest.width, f.height / rest.height)
            cairo_translate(cr, -margin, -margin)
        } else {
            applyTransform(of: cell, cr)
            cairo_translate(cr, f.minX - margin + origin.x, f.minY - margin + origin.y)
        }
        cairo_scale(cr, 1 / imageScale, 1 / imageScale)
        resample(image, alpha: cell.alpha, cr)
        cairo_restore(cr)
    }

    /// Clips `cr` to `rect` (user space, under a matrix of a scale and a translation) grown to whole
    /// device pixels.
    static func clipToWholePixels(around rect: Rect, _ cr: OpaquePointer) {
        var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        let left = min(x0, x1).rounded(.down), top = min(y0, y1).rounded(.down)
        cairo_rectangle(cr, left, top, max(x0, x1).rounded(.up) - left, max(y0, y1).rounded(.up) - top)
        cairo_clip(cr)
        cairo_set_matrix(cr, &matrix)
    }

    /// Paints `image`, its pixel (0, 0) at the user-space origin, filtered bilinearly under
    /// `alpha`: through ``RotatedBlit`` when the matrix turns or stretches it and the target
    /// allows (see there), else Cairo.
    static func resample(_ image: OpaquePointer, alpha: Double, _ cr: OpaquePointer) {
        guard !RotatedBlit.paint(image, cr: cr, alpha: alpha) else { return }
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// Fills a rounded rectangle with a solid colour.
    static func fillRoundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double, color: Color) {
        roundedRect(cr, r, radius: radius)
        setColor(cr, color)
        cairo_fill(cr)
    }
}
