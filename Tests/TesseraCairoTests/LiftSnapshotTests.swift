import CCairo
import Testing
@testable import TesseraCairo
import TesseraCore

/// The lifted cell is drawn from a snapshot image: it must look like the cell itself.
@Suite struct LiftSnapshotTests {
    let white = Color(red: 1, green: 1, blue: 1)

    func lifted(at x: Double, title: String = "Photos 照片", rotation: Double = 0) -> Scene {
        var c = CellNode(id: "a", frame: Rect(x: x, y: 40, width: 96, height: 96), title: title, icon: "none",
                         color: Color(red: 0.2, green: 0.5, blue: 0.9), isLifted: true, scale: 1.1, rotation: rotation)
        c.alpha = 1
        return Scene(size: Size(width: 300, height: 200), background: white, nodes: [.cell(c)])
    }

    @Test func snapshotLooksLikeTheFreshlyRenderedCellWherevereItGoes() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let first = PixelCanvas(lifted(at: 40), width: 300, height: 200, renderer: renderer)
        // Drawn again from the cached snapshot, moved by a whole number of pixels.
        let moved = PixelCanvas(lifted(at: 90), width: 300, height: 200, renderer: renderer)
        var differing = 0
        for y in 0..<200 {
            for x in 0..<250 where !first[x, y].isClose(to: moved[x + 50, y], tolerance: 6) { differing += 1 }
        }
        #expect(differing < 40, "\(differing) pixels differ")
        // And it is really there: the tile's colour under the middle.
        #expect(moved[90 + 48, 40 + 20].b > 150)
    }

    @Test func aChangedCellIsRenderedAnew() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let a = PixelCanvas(lifted(at: 40, title: "A"), width: 300, height: 200, renderer: renderer)
        let b = PixelCanvas(lifted(at: 40, title: "WWWWWW"), width: 300, height: 200, renderer: renderer)
        let labelArea = Rect(x: 50, y: 110, width: 76, height: 20)
        #expect(a.count(in: labelArea) { $0.luminance < 120 } < b.count(in: labelArea) { $0.luminance < 120 })
    }
}

extension LiftSnapshotTests {
    /// The snapshot keeps only the pixels it paints (the margin above and beside the tile is clear:
    /// its shadow falls below), and draws as the whole image would, at any turn and scale (within
    /// the resample's fixed-point rounding, which starts from another origin).
    @Test(arguments: [(0.0, 1.0), (0.03, 1.0), (-0.12, 1.5), (0.05, 2.0), (0.02, 1.25)])
    func aCroppedSnapshotDrawsAsTheWholeOne(rotation: Double, scale: Double) {
        var cell = CellNode(id: "a", frame: Rect(x: 60.3, y: 40.6, width: 96, height: 96), title: "Photos 照片", icon: "none",
                            color: Color(red: 0.2, green: 0.5, blue: 0.9), isLifted: true, scale: 1.1, rotation: rotation)
        cell.stackCount = 3
        let painter = CellPainter(icons: IconCache(assetDirectory: PixelCanvas.emptyAssets), text: TextRenderer(), masks: RoundedRectMasks())
        let paint: (CellNode, OpaquePointer) -> Void = { c, cr in painter.paint(c, cr: cr, pixelScale: scale) }
        let w = Int(300 * scale), h = Int(220 * scale)
        let cache = LiftSnapshotCache()
        let cropped = PixelCanvas(width: w, height: h, background: white) { cr in
            cairo_scale(cr, scale, scale)
            cache.draw(cell, cr: cr, pixelScale: scale, paint: paint)
        }
        // The whole image, margin and all, as the cache made it before it cropped.
        let m = LiftSnapshotCache.margin
        let whole = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(((96 + 2 * m) * scale).rounded(.up)),
                                               Int32(((96 + 2 * m) * scale).rounded(.up)))!
        var canonical = cell
        canonical.frame.origin = Point(x: m, y: m)
        canonical.scale = 1
        canonical.rotation = 0
        let wcr = cairo_create(whole)!
        cairo_scale(wcr, scale, scale)
        paint(canonical, wcr)
        cairo_destroy(wcr)
        let reference = PixelCanvas(width: w, height: h, background: white) { cr in
            cairo_scale(cr, scale, scale)
            CairoPath.paintImage(whole, of: cell, margin: m, imageScale: scale, cr)
        }
        let wholeBytes = Int(cairo_image_surface_get_stride(whole)) * Int(cairo_image_surface_get_height(whole))
        cairo_surface_destroy(whole)
        var differing = 0
        for y in 0..<h { for x in 0..<w where !cropped[x, y].isClose(to: reference[x, y], tolerance: 2) { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels differ at turn \(rotation), scale \(scale)")
        #expect(Double(cache.bytes) < 0.9 * Double(wholeBytes), "kept \(cache.bytes) of \(wholeBytes) bytes")
    }
}

extension LiftSnapshotTests {
    /// A raised snapshot is made from the cell's resting image with the shadow under it, not by
    /// painting the tile, icon and title again: lifting a tile drawn in the grid paints no new
    /// cell image, and the snapshot is the raised cell painted straight onto the canvas, within 6
    /// levels, as one painted whole is (it was not at scale 2 while snapshots were painted under
    /// their surface's device scale: 1,100-1,500 pixels off).
    @Test(arguments: [1.0, 2.0])
    func aSnapshotMadeFromTheRestingImageIsTheRaisedCellPainted(scale: Double) {
        let w = Int(300 * scale), h = Int(200 * scale)
        var kinds: [CellNode] = []
        for k in 0..<4 {
            var c = CellNode(id: ItemID("k\(k)"), frame: Rect(x: 60, y: 40, width: 96, height: 96), title: "Photos 照片", icon: "none",
                             color: Color(red: 0.2, green: 0.5, blue: 0.9))
            c.isSelected = k == 1
            c.isFolder = k == 2
            c.folderCount = k == 2 ? 4 : 0
            c.stackCount = k == 3 ? 5 : 0      // painted whole: its badge reaches past a grid tile's margin
            kinds.append(c)
        }
        let painter = CellPainter(icons: IconCache(assetDirectory: PixelCanvas.emptyAssets), text: TextRenderer(), masks: RoundedRectMasks())
        for palette in [Palette.light, Palette(Appearance(scheme: .dark))] {
            for resting in kinds {
                let size = Size(width: 300, height: 200)
                var raised = resting
                raised.isLifted = true
                raised.rotation = 0
                raised.scale = 1
                func lift(fromRestingImage: Bool) -> PixelCanvas {
                    let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
                    renderer.raisesRestingImages = fromRestingImage
                    _ = PixelCanvas(Scene(size: size, background: palette.background, nodes: [.cell(resting)], palette: palette),
                                    width: w, height: h, scale: scale, renderer: renderer)
                    _ = renderer.takeCellImageMisses()
                    let drawn = PixelCanvas(Scene(size: size, background: palette.background, nodes: [.cell(raised)], palette: palette),
                                            width: w, height: h, scale: scale, renderer: renderer)
                    if fromRestingImage {
                        #expect(renderer.takeCellImageMisses() == 0, "the resting image is reused")
                    }
                    return drawn
                }
                let made = lift(fromRestingImage: true), whole = lift(fromRestingImage: false)
                var p = painter
                p.palette = palette
                p.text.palette = palette
                p.icons.palette = palette
                let painted = PixelCanvas(width: w, height: h, background: palette.background) { cr in
                    cairo_scale(cr, scale, scale)
                    p.paint(raised, cr: cr, pixelScale: scale)
                }
                func far(_ a: PixelCanvas, _ b: PixelCanvas) -> Int {
                    var n = 0
                    for y in 0..<h { for x in 0..<w where !a[x, y].isClose(to: b[x, y], tolerance: 6) { n += 1 } }
                    return n
                }
                let fromImage = far(made, painted), fromWhole = far(whole, painted)
                #expect(fromImage == 0, "\(resting.id) at scale \(scale): \(fromImage) pixels far from the raised cell painted")
                #expect(fromWhole == 0, "\(resting.id) at scale \(scale): \(fromWhole) pixels of a snapshot painted whole far from it")
            }
        }
    }
}
