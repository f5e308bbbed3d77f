import CBilinear
import CCairo

/// Paints an image turned by the context's matrix (a carried tile's snapshot under its wobble, a
/// group's stack, the cards fanned beneath it) straight into the target's pixels, without Cairo.
///
/// Why: a turn sends the resample through pixman's general path, ~8.5 ns a pixel on the
/// benchmark's host (a scale without a turn has an SSSE3 fast path, ~1.7): four cards of a group
/// in flight cost 0.55-0.9 ms of every frame of its gather and fan-out, as much as the 160 other
/// tiles of a whole-window repaint. `tessera_bilinear_over` gives the same pixels (bilinear with
/// pixman's 7-bit weights, OVER under a constant alpha) in ~4 ns a pixel, ~2 with AVX2.
///
/// Taken only where the result is Cairo's: OVER, a bilinear filter, no extend, an ARGB32 image
/// onto an image surface in RGB24 or ARGB32 with no device offset or scale, clipped to whole device
/// pixels (a rect, or the region of rects a card beneath the stack is clipped to). Anything else
/// is left to Cairo, and so is a matrix without a turn unless the processor has AVX2: there a
/// stretched image (every tile of a layout switch, a pressed tile) goes through a loop of its own,
/// about 1.5 times as fast as pixman's SSSE3 path (a layout switch's whole-window frames 2.5-2.9 →
/// 2.0-2.2 ms); a 1:1 copy is Cairo's plain blit.
enum RotatedBlit {
    /// Whether an image scaled without a turn goes through the loop too (see
    /// `tessera_bilinear_scales_fast`).
    static let scalesFast = tessera_bilinear_scales_fast() != 0

    /// Paints `image` (whose pixel (0, 0) is at the user-space origin of `cr`'s matrix) under
    /// `alpha`, filtered bilinearly, within the clip; false when Cairo must paint it.
    static func paint(_ image: OpaquePointer, cr: OpaquePointer, alpha: Double) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        // Scaled without a turn: both ways at least a half (the loop blends every source column a
        // row spans, more columns than pixels below that), and not 1:1.
        let stretched = scalesFast && m.xx >= 0.5 && m.yy >= 0.5 && (m.xx != 1 || m.yy != 1)
        guard m.xy != 0 || m.yx != 0 || stretched,
              cairo_get_operator(cr) == CAIRO_OPERATOR_OVER,
              cairo_surface_get_type(image) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(image) == CAIRO_FORMAT_ARGB32 else { return false }
        let target = cairo_get_group_target(cr)!
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return false }
        let format = cairo_image_surface_get_format(target)
        guard format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_ARGB32 else { return false }
        var ox = 0.0, oy = 0.0, sx = 0.0, sy = 0.0
        cairo_surface_get_device_offset(target, &ox, &oy)
        cairo_surface_get_device_scale(target, &sx, &sy)
        guard ox == 0, oy == 0, sx == 1, sy == 1 else { return false }
        // Device space to image pixels, in 16.16 as pixman takes a pattern's matrix.
        var inverse = m
        guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else { return false }
        let fixed = [inverse.xx, inverse.xy, inverse.x0, inverse.yx, inverse.yy, inverse.y0].map { ($0 * 65536).rounded() }
        guard fixed.allSatisfy({ abs($0) < Double(Int32.max) }) else { return false }
        let matrix = fixed.map { Int32($0) }
        guard let clip = DeviceClip.wholePixelRects(of: cr) else { return false }

        let w = Int(cairo_image_surface_get_width(image)), h = Int(cairo_image_surface_get_height(image))
        let tw = Int(cairo_image_surface_get_width(target)), th = Int(cairo_image_surface_get_height(target))
        // Where the image lands: its corners through the matrix, a pixel more each way for the
        // bilinear footprint.
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for (u, v) in [(0.0, 0.0), (Double(w), 0.0), (0.0, Double(h)), (Double(w), Double(h))] {
            let x = m.xx * u + m.xy * v + m.x0, y = m.yx * u + m.yy * v + m.y0
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return false }
        let x0 = max(-1, minX.rounded(.down) - 1), y0 = max(-1, minY.rounded(.down) - 1)
        let x1 = min(Double(tw + 1), maxX.rounded(.up) + 1), y1 = min(Double(th + 1), maxY.rounded(.up) + 1)
        guard x1 > x0, y1 > y0,
              let landing = DeviceRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
                .intersection(DeviceRect(x: 0, y: 0, width: tw, height: th)) else { return true }
        // Cairo's solid mask: its alpha in 16 bits, rounded as Cairo rounds it, then pixman's 8.
        let alpha8 = UInt32(UInt16(max(0, min(1, alpha)) * 65535 + 0.5) >> 8)
        guard let sourcePixels = cairo_image_surface_get_data(image), let targetPixels = cairo_image_surface_get_data(target)
        else { return false }
        cairo_surface_flush(image)
        cairo_surface_flush(target)
        let sourceStride = cairo_image_surface_get_stride(image), targetStride = cairo_image_surface_get_stride(target)
        let source = UnsafeRawPointer(sourcePixels).assumingMemoryBound(to: UInt32.self)
        let pixels = UnsafeMutableRawPointer(targetPixels).assumingMemoryBound(to: UInt32.self)
        matrix.withUnsafeBufferPointer { m in
            for rect in clip {
                guard let r = rect.intersection(landing) else { continue }
                tessera_bilinear_over(source, Int32(w), Int32(h), sourceStride, pixels, targetStride,
                                      Int32(r.x), Int32(r.y), Int32(r.maxX), Int32(r.maxY), m.baseAddress, alpha8)
                cairo_surface_mark_dirty_rectangle(target, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
            }
        }
        return true
    }
}
