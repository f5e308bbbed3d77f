import CCairo
import TesseraCore

/// The lifted cell's snapshot image (seed 001): rendered once at lift, then drawn every frame with
/// its rotation, scale and alpha, so a carried item costs one image blit per frame, not a redraw.
final class LiftSnapshotCache {
    /// Room around the tile for its shadow, in logical pixels.
    static let margin = 16.0

    private struct Key: Hashable {
        var cell: CellNode
        var pixelScale: Double
    }
    private var entries: [(key: Key, surface: OpaquePointer)] = []
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
        let surface: OpaquePointer
        if let i = entries.firstIndex(where: { $0.key == key }) {
            surface = entries[i].surface
        } else {
            let w = Int32(((f.width + 2 * Self.margin) * pixelScale).rounded(.up))
            let h = Int32(((f.height + 2 * Self.margin) * pixelScale).rounded(.up))
            guard w > 0, h > 0, w < 8192, h < 8192, let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h) else {
                paint(cell, cr)
                return
            }
            cairo_surface_set_device_scale(s, pixelScale, pixelScale)
            let scr = cairo_create(s)!
            paint(canonical, scr)
            cairo_destroy(scr)
            cairo_surface_flush(s)
            entries.append((key, s))
            if entries.count > limit { cairo_surface_destroy(entries.removeFirst().surface) }
            surface = s
        }
        // The surface's device scale already maps its pixels to logical ones.
        CairoPath.paintImage(surface, of: cell, margin: Self.margin, imageScale: 1, cr)
    }
}
