import CCairo
import TesseraCore
#if canImport(Glibc)
import Glibc
#endif

/// A carried group's stack (the cards fanned beneath the carried snapshot, and the snapshot) drawn
/// as one image under the snapshot's turn and scale, once the stack looks the same to itself as
/// it did at the frame before.
///
/// Why: each raised card is a bilinear resample of its snapshot under the wobble's rotation, ~0.2 ms
/// for a 96 px tile and its shadow on the benchmark's host, so a stack of four cost ~0.8 ms of
/// every frame of a group drag, twice over when a frame's damage cut it in two. The engine turns
/// and grows the stack as one (`Engine.stackFrame`), so once the cards have gathered, their
/// places relative to the snapshot stay put while the whole wobbles: the stack is painted once
/// into an image in the snapshot's own upright space, and each frame resamples that one image.
/// The cards beneath are resampled twice (into the image at their fan's tilt, then with the
/// wobble): a little softer, and mostly hidden under the snapshot anyway.
///
/// The image is made only for a stack seen unchanged at the frame before (``beginFrame()``
/// marks frames): while the cards fly in, each frame's stack is new, and making an image for it
/// would cost more than drawing the cards.
final class StackSnapshotCache {
    /// A stack in the snapshot's upright space: the snapshot's frame at the origin, unturned and
    /// unscaled, and each card where it lies relative to it (rounded to 1/1024 px and 1e-9 rad,
    /// so that the same stack computed at another wobble compares equal).
    struct Layout: Equatable {
        var top: CellNode
        var cards: [CellNode]
        var pixelScale: Double
    }

    /// The stack in a scene: the carried snapshot (the last raised cell, with a count badge) and
    /// the raised cards just before it, with how it stands in the window.
    struct Stack {
        /// Indices in the scene's nodes: the cards, then the snapshot.
        var nodes: ClosedRange<Int>
        var layout: Layout
        /// The carried snapshot as drawn: its turn, scale and alpha are the whole stack's.
        var top: CellNode
    }

    private var previousFrame: Layout?
    private var thisFrame: Layout?
    private var entry: (layout: Layout, surface: OpaquePointer, origin: Point)?

    deinit { if let e = entry { cairo_surface_destroy(e.surface) } }

    /// Bytes of the stack's image, if one is held.
    var bytes: Int {
        guard let e = entry else { return 0 }
        return Int(cairo_image_surface_get_stride(e.surface)) * Int(cairo_image_surface_get_height(e.surface))
    }

    func removeAll() {
        if let e = entry { cairo_surface_destroy(e.surface) }
        entry = nil
        previousFrame = nil
        thisFrame = nil
    }

    /// A new frame: the stack drawn in the last one is the one to compare with.
    func beginFrame() {
        previousFrame = thisFrame
        thisFrame = nil
    }

    /// The group's stack in `nodes`, if any: nil without a carried snapshot with a count badge, or
    /// when its parts fade differently (the image is drawn under one alpha).
    static func find(in nodes: [SceneNode], pixelScale: Double) -> Stack? {
        guard let i = nodes.lastIndex(where: { if case .cell(let c) = $0 { return c.isLifted } else { return false } }),
              case .cell(let top) = nodes[i], top.stackCount > 1, top.scale > 0 else { return nil }
        var first = i, cards: [CellNode] = []
        while first > 0, case .cell(let c) = nodes[first - 1], c.isLifted {
            cards.insert(c, at: 0)
            first -= 1
        }
        guard !cards.isEmpty, cards.allSatisfy({ $0.alpha == top.alpha }) else { return nil }
        let f = top.frame, w = top.rotation, s = top.scale
        let (cw, sw) = (cos(w), sin(w))
        func quantized(_ v: Double, _ step: Double) -> Double { (v / step).rounded() * step }
        var upright = top
        upright.frame.origin = .zero
        (upright.rotation, upright.scale, upright.alpha) = (0, 1, 1)
        let placed = cards.map { card -> CellNode in
            // The card's centre, turned back by the wobble and shrunk back by the lift about the
            // snapshot's centre.
            let dx = card.frame.midX - f.midX, dy = card.frame.midY - f.midY
            let ux = (dx * cw + dy * sw) / s + f.width / 2, uy = (-dx * sw + dy * cw) / s + f.height / 2
            var c = card
            c.frame = Rect(x: quantized(ux - card.frame.width / 2, 1.0 / 1024), y: quantized(uy - card.frame.height / 2, 1.0 / 1024),
                           width: card.frame.width, height: card.frame.height)
            c.rotation = quantized(card.rotation - w, 1e-9)
            c.scale = quantized(card.scale / s, 1e-9)
            c.alpha = 1
            return c
        }
        return Stack(nodes: first...i, layout: Layout(top: upright, cards: placed, pixelScale: pixelScale), top: top)
    }

    /// Draws `stack` as one image when it looks as it did at the frame before (making the image
    /// with `drawCard`, which draws a raised cell into a context, when it is new); false when the
    /// caller must draw it card by card.
    func draw(_ stack: Stack, cr: OpaquePointer, drawCard: (CellNode, OpaquePointer) -> Void) -> Bool {
        let layout = stack.layout
        thisFrame = layout
        guard let image = entry?.layout == layout ? entry : (previousFrame == layout ? make(layout, drawCard: drawCard) : nil)
        else { return false }
        let top = stack.top, f = top.frame
        cairo_save(cr)
        cairo_translate(cr, f.midX, f.midY)
        cairo_rotate(cr, top.rotation)
        cairo_scale(cr, top.scale, top.scale)
        cairo_translate(cr, -f.width / 2 + image.origin.x, -f.height / 2 + image.origin.y)
        cairo_scale(cr, 1 / layout.pixelScale, 1 / layout.pixelScale)
        CairoPath.resample(image.surface, alpha: top.alpha, cr)
        cairo_restore(cr)
        return true
    }

    /// Paints `layout` into a new image (in its upright space, on the snapshot's device pixels, so
    /// the snapshot itself is copied 1:1), cut down to what it paints; replaces the one held.
    private func make(_ layout: Layout, drawCard: (CellNode, OpaquePointer) -> Void)
        -> (layout: Layout, surface: OpaquePointer, origin: Point)? {
        let ps = layout.pixelScale
        let bounds = layout.cards.map(\.paintBounds).reduce(layout.top.paintBounds) { $0.union($1) }
        let x0 = (bounds.minX * ps).rounded(.down), y0 = (bounds.minY * ps).rounded(.down)
        let w = Int32((bounds.maxX * ps).rounded(.up) - x0), h = Int32((bounds.maxY * ps).rounded(.up) - y0)
        guard w > 0, h > 0, w < 8192, h < 8192, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let cr = cairo_create(surface)!
        cairo_translate(cr, -x0, -y0)
        cairo_scale(cr, ps, ps)
        for node in layout.cards + [layout.top] { drawCard(node, cr) }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let (cut, at) = LiftSnapshotCache.cropped(surface, pixelScale: ps)
        if let old = entry { cairo_surface_destroy(old.surface) }
        entry = (layout, cut, Point(x: x0 / ps + at.x, y: y0 / ps + at.y))
        return entry
    }
}
