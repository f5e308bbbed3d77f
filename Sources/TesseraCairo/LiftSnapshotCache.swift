import CCairo
import TesseraCore
#if canImport(Glibc)
import Glibc
#endif

/// The lifted cell's snapshot image (seed 001): rendered once at lift, then drawn every frame with
/// its rotation, scale and alpha, so a carried item costs one image blit per frame, not a redraw.
final class LiftSnapshotCache {
    /// Room around the tile for its shadow, in logical pixels: all a lifted tile may paint
    /// (`CellNode.liftedMargin`). It was 16, and the shadow's faintest ring, which reaches ~21 px
    /// below the tile, was cut off in a straight line 5 px short of its end. What is clear of it
    /// is cut away (`cropped`), so the room costs nothing per frame.
    static let margin = CellNode.liftedMargin

    private struct Key: Hashable {
        var cell: CellNode
        var pixelScale: Double
    }
    private var entries: [(key: Key, surface: OpaquePointer, origin: Point)] = []
    /// The carried snapshot and a group's three cards, and one more (a settle's first frame).
    private let limit = 5

    deinit { for e in entries { cairo_surface_destroy(e.surface) } }

    /// Bytes of snapshot pixels held (at most `limit` snapshots).
    var bytes: Int {
        entries.reduce(0) { $0 + Int(cairo_image_surface_get_stride($1.surface)) * Int(cairo_image_surface_get_height($1.surface)) }
    }

    func removeAll() {
        for e in entries { cairo_surface_destroy(e.surface) }
        entries.removeAll()
    }

    /// Draws `cell` from its snapshot, rendering the snapshot with `paint` when it is new.
    func draw(_ cell: CellNode, cr: OpaquePointer, pixelScale: Double, paint: (CellNode, OpaquePointer) -> Void) {
        let f = cell.frame
        var canonical = cell
        canonical.frame = Rect(x: Self.margin, y: Self.margin, width: f.width, height: f.height)
        canonical.scale = 1
        canonical.rotation = 0
        canonical.alpha = 1
        let key = Key(cell: canonical, pixelScale: pixelScale)
        let surface: OpaquePointer, origin: Point
        if let i = entries.firstIndex(where: { $0.key == key }) {
            (surface, origin) = (entries[i].surface, entries[i].origin)
        } else {
            let w = Int32(((f.width + 2 * Self.margin) * pixelScale).rounded(.up))
            let h = Int32(((f.height + 2 * Self.margin) * pixelScale).rounded(.up))
            guard w > 0, h > 0, w < 8192, h < 8192, let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h) else {
                paint(cell, cr)
                return
            }
            // Scaled by the context, as a cell image is, not by the surface's device scale: under a
            // device scale the snapshot came out 1,100-1,500 pixels off the cell at scale 2.
            let scr = cairo_create(s)!
            cairo_scale(scr, pixelScale, pixelScale)
            paint(canonical, scr)
            cairo_destroy(scr)
            cairo_surface_flush(s)
            (surface, origin) = Self.cropped(s, pixelScale: pixelScale)
            entries.append((key, surface, origin))
            if entries.count > limit { cairo_surface_destroy(entries.removeFirst().surface) }
        }
        CairoPath.paintImage(surface, of: cell, margin: Self.margin, imageScale: pixelScale, origin: origin, cr)
    }

    /// `image` cut down to the pixels it paints (alpha above zero), and where that part starts in
    /// logical pixels. Why: the margin is sized for the shadow's deepest side (below the tile);
    /// above and beside it the image is clear, a fifth of its pixels, and each frame resamples
    /// every pixel of the image under the wobble's rotation, clear or not. Leaving clear pixels
    /// out changes nothing drawn: the resample sees clear pixels beyond the edge either way.
    /// Takes `image` over (it is returned whole, or destroyed for the cut).
    static func cropped(_ image: OpaquePointer, pixelScale: Double) -> (OpaquePointer, Point) {
        let w = Int(cairo_image_surface_get_width(image)), h = Int(cairo_image_surface_get_height(image))
        let stride = Int(cairo_image_surface_get_stride(image))
        guard let data = cairo_image_surface_get_data(image) else { return (image, .zero) }
        func row(_ y: Int) -> UnsafePointer<UInt32> { UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self) }
        // Premultiplied ARGB: a pixel paints nothing exactly when it is all zero.
        var minX = w, maxX = -1, minY = h, maxY = -1
        for y in 0..<h {
            let r = row(y)
            var x0 = 0
            while x0 < w && r[x0] == 0 { x0 += 1 }
            guard x0 < w else { continue }
            var x1 = w - 1
            while r[x1] == 0 { x1 -= 1 }
            minX = Swift.min(minX, x0); maxX = Swift.max(maxX, x1)
            minY = Swift.min(minY, y); maxY = y
        }
        guard maxX >= minX, maxY >= minY else { return (image, .zero) }
        // Two clear pixels kept around: Cairo bounds a resample by the image's edges, and the
        // pixels just outside them take a share of the edge pixels in a bilinear sample (cut
        // tight, 13 such pixels of an upright snapshot came out fainter than from the whole image).
        minX = Swift.max(0, minX - 2); minY = Swift.max(0, minY - 2)
        maxX = Swift.min(w - 1, maxX + 2); maxY = Swift.min(h - 1, maxY + 2)
        guard maxX - minX + 1 < w || maxY - minY + 1 < h,
              let cut = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(maxX - minX + 1), Int32(maxY - minY + 1)),
              cairo_surface_status(cut) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(cut)
        else { return (image, .zero) }
        cairo_surface_flush(cut)
        let cutStride = Int(cairo_image_surface_get_stride(cut))
        for y in minY...maxY {
            memcpy(target + (y - minY) * cutStride, data + y * stride + minX * 4, (maxX - minX + 1) * 4)
        }
        cairo_surface_mark_dirty(cut)
        cairo_surface_destroy(image)
        return (cut, Point(x: Double(minX) / pixelScale, y: Double(minY) / pixelScale))
    }
}
