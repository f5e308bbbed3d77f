import CCairo
import Testing
@testable import TesseraCairo
import TesseraCore

/// Cell images copied into a frame through pixman (`DirectBlit`: the opaque core copied, the rest
/// blended; a fading one blended under its alpha) must look exactly as Cairo's blend of the whole
/// image did, wherever the clip cuts them.
@Suite struct DirectBlitTests {
    private let background = Color(red: 0.93, green: 0.94, blue: 0.96)

    private func cells() -> [CellNode] {
        var out: [CellNode] = []
        for k in 0..<12 {
            var c = CellNode(id: ItemID("c\(k)"), frame: Rect(x: -30 + Double(k % 4) * 104, y: -40 + Double(k / 4) * 112, width: 96, height: 96),
                             title: "Cell \(k) 照片", icon: "", color: Color(red: 0.3 + 0.05 * Double(k), green: 0.6, blue: 0.5))
            c.isMarked = k % 3 == 0            // a ring and a badge beside the tile: its sides are not clear
            c.isDone = k == 4
            c.isFolder = k == 7
            c.folderCount = k == 7 ? 3 : 0
            c.isSelected = k == 10
            // Fading (a member flying into a group's stack): blended whole under the alpha.
            if k == 5 || k == 8 || k == 11 { c.alpha = [5: 0.8, 8: 0.55, 11: 0.3][k]!; c.isMarked = false }
            out.append(c)
        }
        return out
    }

    /// The scene painted over the same stale pixels, clipped to `clip`, by two warm renderers: one
    /// copying cell images through pixman, one blending them with Cairo.
    private func bothWays(scale: Double, palette: Palette, clip: Rect) -> (direct: PixelCanvas, cairo: PixelCanvas) {
        let size = Size(width: 360, height: 260)
        let w = Int(size.width * scale), h = Int(size.height * scale)
        let scene = Scene(size: size, background: background,
                          nodes: [.box(BoxNode(frame: Rect(x: 6, y: 3, width: 348, height: 400), color: palette.sectionBackground, cornerRadius: 14))]
                              + cells().map { .cell($0) }, palette: palette)
        func paint(direct: Bool) -> PixelCanvas {
            let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
            renderer.usesDirectBlits = direct
            _ = PixelCanvas(scene, width: w, height: h, scale: scale, renderer: renderer)
            return PixelCanvas(width: w, height: h, background: Color(red: 1, green: 0, blue: 1)) { cr in
                cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
                cairo_clip(cr)
                #expect(DirectBlit(cr) != nil)
                renderer.render(scene, to: cr, scale: scale)
            }
        }
        return (paint(direct: true), paint(direct: false))
    }

    @Test(arguments: [1.0, 2.0])
    func cellsCopiedThroughPixmanAreTheImagesCairoBlended(scale: Double) {
        for palette in [Palette.light, Palette(Appearance(scheme: .dark)), Palette(Appearance(highContrast: true))] {
            for clip in [Rect(x: 0, y: 0, width: 360 * scale, height: 260 * scale),
                         Rect(x: 37 * scale, y: 51 * scale, width: 200 * scale, height: 77 * scale)] {
                let (direct, viaCairo) = bothWays(scale: scale, palette: palette, clip: clip)
                var differing = 0
                for y in 0..<direct.height { for x in 0..<direct.width where direct[x, y] != viaCairo[x, y] { differing += 1 } }
                #expect(differing == 0, "\(differing) pixels differ at scale \(scale), clip \(clip)")
            }
        }
    }

    /// What the copy relies on: the core is opaque, whole rows of it, and the pixels beside it are
    /// clear only when they are.
    @Test func theCoreOfATileImageIsItsOpaqueMiddle() throws {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let plain = CellNode(id: ItemID("p"), frame: Rect(x: 0, y: 0, width: 96, height: 96), title: "Plain", icon: "",
                             color: Color(red: 0.5, green: 0.7, blue: 0.6))
        var marked = plain
        marked.isMarked = true
        for cell in [plain, marked] {
            let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 140, 140))
            let cr = cairo_create(surface)!
            cairo_translate(cr, cell.paintMargin, cell.paintMargin)
            let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
            renderer.render(Scene(size: Size(width: 140, height: 140), background: clear, nodes: [.cell(cell)]), to: cr, scale: 1)
            cairo_destroy(cr)
            let image = CellImage(surface)
            let c = image.core
            #expect(c.width >= 90 && c.height >= 60, "\(c) for \(cell.isMarked ? "marked" : "plain")")
            let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
            for y in c.y..<c.maxY {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                #expect((c.x..<c.maxX).allSatisfy { row[$0] >> 24 == 0xFF })
            }
            #expect(image.sidesClear == !cell.isMarked, "a marked tile's ring lies beside its core")
        }
    }
}
