import CCairo
import TesseraCore
#if canImport(Glibc)
import Glibc
#endif

/// What of a group's stack the carried snapshot hides: the cards fanned beneath it are drawn
/// without the part its opaque tile covers.
///
/// Why: each raised card is a bilinear resample under the wobble's rotation (~175 µs for a 96 px
/// tile and its shadow on the benchmark's host), the stack is four of them every frame of a group
/// drag, and the three beneath are largely under the top one. Pixels under an opaque tile are
/// painted over whatever is below them, so leaving them out changes nothing on screen. The
/// shadow is much of a card's image, so a card beneath still costs ~140 µs: the stack a fifth
/// less in all.
struct StackOcclusion {
    /// Index in the scene's nodes of the carried snapshot: the last raised cell.
    let index: Int
    /// A rect (logical pixels, on whole device pixels) that the snapshot paints opaquely.
    let core: Rect

    /// The carried snapshot of `nodes` and the rect inside it that it covers opaquely; nil when
    /// there is none or it covers nothing for certain (it fades, is a folder's see-through tile,
    /// or is turned too far for a rect to fit inside it).
    init?(_ nodes: [SceneNode], palette: Palette, pixelScale: Double) {
        guard let i = nodes.lastIndex(where: { if case .cell(let c) = $0 { return c.isLifted } else { return false } }),
              case .cell(let top) = nodes[i],
              top.alpha == 1, !top.isFolder, palette.tileFill(top.color, hovered: top.isHovered).alpha == 1,
              let core = Self.opaqueCore(of: top, pixelScale: pixelScale)
        else { return nil }
        index = i
        self.core = core
    }

    /// The largest upright rect, on whole device pixels, inside `cell`'s tile under its scale and
    /// rotation, kept clear of the rounded corners; nil when none is left.
    static func opaqueCore(of cell: CellNode, pixelScale: Double) -> Rect? {
        let f = cell.frame
        // Inset past the rounded corners (their arcs stay within r·(1 − 1/√2) of the straight
        // edges; half of r is more) and the antialiased pixel at the edge.
        let inset = Swift.min(f.width, f.height) * Theme.cornerFraction / 2 + 1
        let hw = (f.width / 2 - inset) * cell.scale, hh = (f.height / 2 - inset) * cell.scale
        let c = Swift.abs(cos(cell.rotation)), s = Swift.abs(sin(cell.rotation))
        // An upright rect of half-sizes (w, h) fits in a (hw, hh) one turned by θ when
        // w·cosθ + h·sinθ ≤ hw and w·sinθ + h·cosθ ≤ hh: these meet both with room to spare.
        let w = hw * c - hh * s, h = hh * c - hw * s
        guard w > 1, h > 1 else { return nil }
        let core = Rect(x: f.midX - w, y: f.midY - h, width: 2 * w, height: 2 * h).snapped(toPixelsOf: pixelScale, outward: false)
        return core.isEmpty ? nil : core
    }

    /// Runs `draw` (a card beneath, whose paint bounds are `bounds`) clipped to leave out the
    /// core. The clip is whole device pixels, so Cairo keeps it a region, not a mask.
    func drawBeneath(bounds: Rect, cr: OpaquePointer, pixelScale: Double, _ draw: () -> Void) {
        guard bounds.intersects(core) else { return draw() }
        let outer = bounds.snapped(toPixelsOf: pixelScale, outward: true)
        cairo_save(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_rectangle(cr, outer.minX, outer.minY, outer.width, outer.height)
        cairo_rectangle(cr, core.minX, core.minY, core.width, core.height)
        cairo_clip(cr)
        draw()
        cairo_restore(cr)
    }
}
