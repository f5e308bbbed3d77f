import CCairo
import Foundation
import Testing
@testable import TesseraCairo
import TesseraCore

/// Resting cells are drawn from cached images; they must look exactly like a direct paint, follow
/// every change of the cell, and bad icon files must become placeholders, not crashes.
@Suite struct CellImageCacheTests {
    let white = Color.white

    func tile(x: Double, title: String = "Photos 照片", selected: Bool = false) -> CellNode {
        CellNode(id: "a", frame: Rect(x: x, y: 20, width: 96, height: 96), title: title, icon: "none",
                 color: Color(red: 0.2, green: 0.5, blue: 0.9), isSelected: selected)
    }

    /// Six tiles in a row, t0...t5, 104 px apart, each changed by `f`: a switch's screenful.
    func tiles(_ f: (inout CellNode) -> Void) -> [CellNode] {
        (0..<6).map { k in
            var c = CellNode(id: ItemID("t\(k)"), frame: Rect(x: 10 + Double(k) * 104, y: 20, width: 96, height: 96),
                             title: "Tile \(k)", icon: "none", color: Color(red: 0.2, green: 0.5, blue: 0.9))
            f(&c)
            return c
        }
    }

    @Test func aCachedCellLooksLikeADirectPaint() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let scene = Scene(size: Size(width: 240, height: 140), background: white, nodes: [.cell(tile(x: 30))])
        _ = PixelCanvas(scene, width: 240, height: 140, renderer: renderer)      // fills the cache
        let cached = PixelCanvas(scene, width: 240, height: 140, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 1, "the second frame reuses the image")

        // The same cell painted straight onto the canvas, without the cache.
        let painter = CellPainter(icons: IconCache(assetDirectory: PixelCanvas.emptyAssets), text: TextRenderer(), masks: RoundedRectMasks())
        let direct = PixelCanvas(width: 240, height: 140, background: white) { cr in painter.paint(tile(x: 30), cr: cr, pixelScale: 1) }
        var differing = 0
        for y in 0..<140 { for x in 0..<240 where !cached[x, y].isClose(to: direct[x, y], tolerance: 2) { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels differ from a direct paint")
    }

    /// A tile that only fades (a group's member flying into the stack) is its resting image under
    /// the alpha: painted once for the whole fade, on whole pixels, and looking like the tile
    /// painted at that opacity straight onto the canvas.
    @Test func aFadingTileIsItsImageUnderTheAlpha() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let painter = CellPainter(icons: IconCache(assetDirectory: PixelCanvas.emptyAssets), text: TextRenderer(), masks: RoundedRectMasks())
        var misses = 0
        for alpha in [1.0, 0.8, 0.55, 0.3, 0.1] {
            // Off the pixel grid: a blit lands on whole pixels (where a paint at x 30 lands), a
            // resample would blur every edge by the 0.4 px.
            var c = tile(x: 30.4)
            c.alpha = alpha
            let faded = PixelCanvas(Scene(size: Size(width: 240, height: 140), background: white, nodes: [.cell(c)]),
                                    width: 240, height: 140, renderer: renderer)
            misses += renderer.takeCellImageMisses()
            let direct = PixelCanvas(width: 240, height: 140, background: white) { cr in
                cairo_push_group(cr)
                painter.paint(tile(x: 30), cr: cr, pixelScale: 1)
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, alpha)
            }
            var differing = 0
            for y in 0..<140 { for x in 0..<240 where !faded[x, y].isClose(to: direct[x, y], tolerance: 2) { differing += 1 } }
            #expect(differing == 0, "alpha \(alpha): \(differing) pixels differ from a direct paint")
        }
        #expect(misses == 1, "one paint for the whole fade, not one per step")
    }

    /// A layout switch changes every tile's size every frame: the tile is painted once, at the size
    /// it will rest at, and that image is stretched to each size on the way, never past its paint
    /// bounds. At rest it is the image a plain paint makes.
    @Test func aTileChangingSizeIsPaintedOnceAtItsRestingSizeAndStretched() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let size = Size(width: 300, height: 200)
        var misses = 0, outside = 0
        for height in stride(from: 60.0, through: 150, by: 10) {
            var c = tile(x: 30)
            c.frame.size = Size(width: 96 + (150 - height), height: height)
            c.restingSize = Size(width: 96, height: 150)
            let canvas = PixelCanvas(Scene(size: size, background: white, nodes: [.cell(c)]), width: 300, height: 200, renderer: renderer)
            misses += renderer.takeCellImageMisses()
            let bounds = c.paintBounds
            for y in 0..<200 {
                for x in 0..<300 where !bounds.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    && !canvas[x, y].isClose(to: Pixel(white), tolerance: 0) { outside += 1 }
            }
            // The tile's colour fills its frame's middle whatever the stretch.
            #expect(!canvas[Int(c.frame.midX), Int(c.frame.minY) + 6].isClose(to: Pixel(white), tolerance: 20))
        }
        #expect(misses == 1, "painted \(misses) times on the way")
        #expect(outside == 0, "\(outside) pixels drawn outside the paint bounds")
        var rest = tile(x: 30)
        rest.frame.size = Size(width: 96, height: 150)
        let stretched = { () -> PixelCanvas in
            var c = rest
            c.restingSize = rest.frame.size   // arrived: frame and resting size agree
            return PixelCanvas(Scene(size: size, background: white, nodes: [.cell(c)]), width: 300, height: 200, renderer: renderer)
        }()
        let plain = PixelCanvas(Scene(size: size, background: white, nodes: [.cell(rest)]), width: 300, height: 200, renderer: renderer)
        #expect(stretched.differingPixels(from: plain, tolerance: 2) == 0, "arrived, it looks as painted at rest")
    }

    /// The first frame of a layout switch: tiles whose size animates get at most the frame's
    /// budget of new images; the others are drawn from their images at the old size (stretched),
    /// and get theirs in the frames after, a budget at a time, before they come to rest.
    @Test func aSwitchPaintsAFewNewImagesAFrameTheRestFromTheirOldOnes() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let size = Size(width: 640, height: 200)
        func draw(_ cells: [CellNode]) -> PixelCanvas {
            renderer.beginFrame(freshPaints: 2)
            return PixelCanvas(Scene(size: size, background: white, nodes: cells.map(SceneNode.cell)), width: 640, height: 200, renderer: renderer)
        }
        _ = draw(tiles { _ in })                      // the grid at rest: six images
        #expect(renderer.takeCellImageMisses() == 6)
        var painted: [Int] = []
        for step in 1...4 {
            let canvas = draw(tiles { c in
                c.frame.size = Size(width: 96, height: 96 + Double(step) * 10)
                c.restingSize = Size(width: 96, height: 150)
            })
            painted.append(renderer.takeCellImageMisses())
            // Every tile is drawn, from one image or the other: its colour fills its middle.
            for k in 0..<6 {
                #expect(!canvas[10 + k * 104 + 48, 60].isClose(to: Pixel(white), tolerance: 20), "step \(step): tile \(k) missing")
            }
        }
        #expect(painted == [2, 2, 2, 0], "new images per frame: \(painted)")
        // Without a budget (a renderer never told of frames) every tile is painted at once.
        let unlimited = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        _ = PixelCanvas(Scene(size: size, background: white, nodes: tiles { c in c.restingSize = Size(width: 96, height: 150) }.map(SceneNode.cell)),
                        width: 640, height: 200, renderer: unlimited)
        #expect(unlimited.takeCellImageMisses() == 6)
    }

    /// A drop brings dozens of new tiles into view at once, each growing out of its slot: the
    /// frame paints its budget of them; the rest, which have no image of any size to stand in,
    /// are drawn as their bare tiles (shape and colour, no icon or title) until idle time paints
    /// them. The drop's frame painted 36 tiles (11 ms) before.
    @Test func newTilesPastTheFramesBudgetAreBareTilesUntilIdleTimePaintsThem() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let size = Size(width: 640, height: 200)
        let growing = tiles { c in
            c.frame = c.frame.insetBy(dx: 10, dy: 10)
            c.restingSize = Size(width: 96, height: 96)
        }
        // Pixels of the tile's middle band (where its icon and title are) unlike its fill.
        func marks(_ canvas: PixelCanvas, _ k: Int) -> Int {
            let fill = canvas[10 + k * 104 + 25, 40]
            return canvas.count(in: Rect(x: Double(10 + k * 104 + 24), y: 40, width: 48, height: 56)) { !$0.isClose(to: fill, tolerance: 6) }
        }
        renderer.beginFrame(freshPaints: 2)
        let first = PixelCanvas(Scene(size: size, background: white, nodes: growing.map(SceneNode.cell)), width: 640, height: 200, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 2, "the frame's budget")
        for k in 0..<6 {
            #expect(!first[10 + k * 104 + 48, 60].isClose(to: Pixel(white), tolerance: 20), "tile \(k) is drawn")
            if k < 2 { #expect(marks(first, k) > 20, "tile \(k) painted whole") } else { #expect(marks(first, k) == 0, "tile \(k) bare") }
        }
        let scene = Scene(size: size, background: white, nodes: growing.map(SceneNode.cell))
        #expect(renderer.prefetch(for: scene, scale: 1, limit: 8) == 4, "idle time paints the four")
        renderer.beginFrame(freshPaints: 2)
        let next = PixelCanvas(scene, width: 640, height: 200, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 0)
        for k in 0..<6 { #expect(marks(next, k) > 20, "tile \(k) painted whole") }
    }

    /// After idle time, a switch's frames paint no tile changing size: idle time paints them at
    /// the size they will rest at (`prefetch(for:)`, a budget at a time, before the upcoming
    /// cells), and the frames draw the others from their old images meanwhile. A tile that only
    /// grows (a folder target) still gets its sharper image in the frame.
    @Test func afterIdleTimeTheTilesChangingSizeArePaintedThereNotInTheFrames() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let size = Size(width: 640, height: 200)
        var upcoming = tiles { _ in }[0]
        upcoming.id = "below"
        upcoming.frame.origin.y = 230
        func scene(_ cells: [CellNode]) -> Scene {
            var s = Scene(size: size, background: white, nodes: cells.map(SceneNode.cell))
            s.upcoming = [upcoming]
            return s
        }
        func draw(_ cells: [CellNode]) -> PixelCanvas {
            renderer.beginFrame(freshPaints: 3, settlingInIdle: true)
            return PixelCanvas(scene(cells), width: 640, height: 200, renderer: renderer)
        }
        _ = draw(tiles { _ in })
        #expect(renderer.takeCellImageMisses() == 6)
        var painted: [Int] = [], idle: [Int] = []
        for step in 1...4 {
            let cells = tiles { c in
                c.frame.size = Size(width: 96, height: 96 + Double(step) * 10)
                c.restingSize = Size(width: 96, height: 150)
            }
            let canvas = draw(cells)
            painted.append(renderer.takeCellImageMisses())
            for k in 0..<6 {
                #expect(!canvas[10 + k * 104 + 48, 60].isClose(to: Pixel(white), tolerance: 20), "step \(step): tile \(k) missing")
            }
            idle.append(renderer.prefetch(for: scene(cells), scale: 1, limit: 4))
            _ = renderer.takeCellImageMisses()
        }
        #expect(painted == [0, 0, 0, 0], "the frames painted \(painted)")
        #expect(idle == [4, 3, 0, 0], "idle time painted \(idle): the six tiles, then the upcoming one")
        // At rest, every tile is a copy of the image idle time made.
        _ = draw(tiles { c in c.frame.size = Size(width: 96, height: 150) })
        #expect(renderer.takeCellImageMisses() == 0)
        // A tile growing into a folder target is not one changing size: painted sharp in the frame.
        _ = draw(tiles { c in
            c.frame.size = Size(width: 96, height: 150)
            if c.id == "t0" { c.scale = 1.2 }
        })
        #expect(renderer.takeCellImageMisses() == 1)
    }

    /// A tile the scene draws flying in from outside the window (a board's hidden rows coming
    /// into a grid) gets its image in idle time too, before it enters: its frames only copy it.
    @Test func aTileFlyingInIsPaintedInIdleTimeBeforeItEnters() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let size = Size(width: 300, height: 200)
        var c = tile(x: 30)
        c.frame.origin.y = 260                        // below the window, on its way in
        let outside = Scene(size: size, background: white, nodes: [.cell(c)])
        _ = PixelCanvas(outside, width: 300, height: 200, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 0, "culled: nothing painted for it yet")
        #expect(renderer.prefetch(for: outside, scale: 1, limit: 6) == 1)
        _ = renderer.takeCellImageMisses()
        c.frame.origin.y = 60
        _ = PixelCanvas(Scene(size: size, background: white, nodes: [.cell(c)]), width: 300, height: 200, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 0, "the frame it enters copies the image idle time made")
    }

    @Test func aChangedCellGetsANewImage() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        func draw(_ c: CellNode) -> PixelCanvas {
            PixelCanvas(Scene(size: Size(width: 240, height: 140), background: white, nodes: [.cell(c)]),
                        width: 240, height: 140, renderer: renderer)
        }
        let plain = draw(tile(x: 30))
        let selected = draw(tile(x: 30, selected: true))
        // The focus ring sits 3 px outside the tile.
        #expect(plain[30 - 3, 68].isClose(to: Pixel(white), tolerance: 8))
        #expect(!selected[30 - 3, 68].isClose(to: Pixel(white), tolerance: 40), "ring pixel \(selected[27, 68])")
        let renamed = draw(tile(x: 30, title: "WWWWWWWW"))
        let label = Rect(x: 40, y: 90, width: 76, height: 20)
        #expect(plain.count(in: label) { $0.luminance < 120 } < renamed.count(in: label) { $0.luminance < 120 })
    }

    @Test(arguments: ["huge", "corrupt", "truncated", "empty"])
    func aBadIconFileDrawsThePlaceholder(kind: String) throws {
        let dir = PixelCanvas.assets([:])
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        switch kind {
        case "huge": bytes += [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 8, 6, 0, 0, 0]   // 30000 x 30000, RGBA
        case "corrupt": bytes = Array("this is not a picture".utf8)
        case "truncated": bytes += [0, 0, 0, 64]
        default: bytes = []
        }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/icons/bad.png"))
        let renderer = SceneRenderer(assetDirectory: dir)
        let frame = Rect(x: 10, y: 10, width: 60, height: 60)
        let scene = Scene(size: Size(width: 80, height: 80), background: white,
                          nodes: [.image(ImageNode(frame: frame, icon: "bad", tint: white))])
        let canvas = PixelCanvas(scene, width: 80, height: 80, renderer: renderer)
        #expect(canvas[22, 22].isClose(to: Pixel(Palette.light.placeholderFill)), "got \(canvas[22, 22])")
    }

    @Test func theHeaderReaderRefusesHugeImagesBeforeDecoding() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-png-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0x75, 0x30, 0, 0, 0, 16]
        try Data(header).write(to: URL(fileURLWithPath: path))
        #expect(PNGHeader.read(path) == .failure(.tooLarge(width: 30000, height: 16)))
        #expect(PNGHeader.read(path + ".missing") == .failure(.unreadable))
    }
}

extension CellImageCacheTests {
    @Test func prefetchedCellsAreBlittedWithoutPainting() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let upcoming = [tile(x: 30), tile(x: 130, title: "Other")].enumerated().map { i, c -> CellNode in
            var c = c
            c.id = ItemID("p\(i)")
            return c
        }
        #expect(renderer.prefetch(upcoming, size: Size(width: 240, height: 140), scale: 1, limit: 1) == 1, "the limit holds")
        #expect(renderer.prefetch(upcoming, size: Size(width: 240, height: 140), scale: 1, limit: 8) == 1, "one was left")
        #expect(renderer.prefetch(upcoming, size: Size(width: 240, height: 140), scale: 1, limit: 8) == 0, "all cached")
        _ = renderer.takeCellImageMisses()
        let scene = Scene(size: Size(width: 260, height: 140), background: white, nodes: upcoming.map { .cell($0) })
        _ = PixelCanvas(scene, width: 260, height: 140, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 0, "scrolling them in paints nothing new")
    }
}

extension CellImageCacheTests {
    /// A broken icon is reported once, however often it is drawn; each broken icon on its own line.
    @Test func eachBadIconIsReportedOnce() throws {
        let dir = PixelCanvas.assets([:])
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/icons/broken.png"))
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        let icons = IconCache(assetDirectory: dir) { lines.all.append($0) }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64)!
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        for _ in 0..<5 {
            icons.draw("broken", in: Rect(x: 0, y: 0, width: 60, height: 60), cr: cr, pixelScale: 1)
            icons.draw("missing", in: Rect(x: 0, y: 0, width: 60, height: 60), cr: cr, pixelScale: 1)
        }
        #expect(lines.all.count == 2, "\(lines.all)")
        #expect(lines.all.contains { $0.contains("'broken'") && $0.contains("not a readable PNG") })
        #expect(lines.all.contains { $0.contains("'missing'") && $0.contains("not found") })
    }
}

extension CellImageCacheTests {
    /// At a HiDPI scale a cached cell covers the same device pixels as a directly painted one.
    @Test(arguments: [1.5, 2.0])
    func aCachedCellHasItsSizeAtHiDPIScales(scale: Double) {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let c = tile(x: 30)
        let scene = Scene(size: Size(width: 160, height: 140), background: white, nodes: [.cell(c)])
        let w = Int(160 * scale), h = Int(140 * scale)
        _ = PixelCanvas(scene, width: w, height: h, scale: scale, renderer: renderer)
        let cached = PixelCanvas(scene, width: w, height: h, scale: scale, renderer: renderer)
        let painter = CellPainter(icons: IconCache(assetDirectory: PixelCanvas.emptyAssets), text: TextRenderer(), masks: RoundedRectMasks())
        let direct = PixelCanvas(width: w, height: h, background: white) { cr in
            cairo_scale(cr, scale, scale)
            painter.paint(c, cr: cr, pixelScale: scale)
        }
        var differing = 0
        for y in 0..<h { for x in 0..<w where !cached[x, y].isClose(to: direct[x, y], tolerance: 24) { differing += 1 } }
        // Whole-pixel placement moves the image by at most half a device pixel: edges may differ.
        #expect(differing < 4 * (w + h), "\(differing) pixels differ at scale \(scale)")
        // The tile's far corner area is coloured, not background.
        let inside = cached[Int((30 + 90) * scale), Int((20 + 50) * scale)]
        #expect(!inside.isClose(to: Pixel(white), tolerance: 10), "tile pixel \(inside)")
    }
}

extension CellImageCacheTests {
    /// An animating cell (pressed, growing into a folder target, shaking, fading) is drawn from one
    /// resting image for the whole animation: text is never rendered under a new transform, which
    /// made Cairo build a scaled font per frame and its glyph caches grow for as long as the app ran.
    @Test func anAnimationPaintsTheCellOnce() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        _ = renderer.takeCellImageMisses()
        for step in 0...30 {
            var c = tile(x: 60)
            c.scale = 0.9 + Double(step) * 0.0131        // 0.9 ... 1.29: pressed, then growing
            c.rotation = Double(step % 7 - 3) * 0.01       // and shaking
            c.alpha = step % 2 == 0 ? 1 : 0.85
            c.dwellProgress = step > 10 ? Double(step - 10) / 20 : nil
            let scene = Scene(size: Size(width: 240, height: 160), background: white, nodes: [.cell(c)])
            _ = PixelCanvas(scene, width: 240, height: 160, renderer: renderer)
        }
        // Resting images: without and with the dwell's larger margin, at scale 1 and the next
        // quarter steps of a growing cell (1.25, 1.5).
        #expect(renderer.takeCellImageMisses() <= 5)
    }

    /// A carried group passing over a tile starts its folder dwell for a frame or two (scale
    /// 1.0001): the tile is drawn from the image it rests with, not painted afresh at 1.25 (0.4-0.5
    /// ms, a new tile nearly every frame of a carry). One that grows on (a dwell running its
    /// course) gets its sharper image, once.
    @Test func aTileBarelyGrowingIsDrawnFromItsRestingImage() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        func draw(scale: Double, dwell: Double?) {
            var c = tile(x: 60)
            c.scale = scale
            c.dwellProgress = dwell
            _ = PixelCanvas(Scene(size: Size(width: 240, height: 160), background: white, nodes: [.cell(c)]),
                            width: 240, height: 160, renderer: renderer)
        }
        draw(scale: 1, dwell: nil)
        _ = renderer.takeCellImageMisses()
        draw(scale: 1.0001, dwell: 0.0002)
        draw(scale: 1.02, dwell: 0.2)
        #expect(renderer.takeCellImageMisses() == 0)
        draw(scale: 1.1, dwell: 0.6)
        draw(scale: 1.12, dwell: 0.7)
        #expect(renderer.takeCellImageMisses() == 1)
    }

    /// Drawn from its resting image, a scaled and rotated cell looks like the cell painted directly
    /// under that transform (resampling softens edges a little; nothing moves).
    @Test(arguments: [(0.94, 0.0), (1.3, 0.0), (1.06, 0.04)])
    func aTransformedCellLooksLikeADirectPaint(scale: Double, rotation: Double) {
        var c = tile(x: 60)
        c.scale = scale
        c.rotation = rotation
        let scene = Scene(size: Size(width: 240, height: 160), background: white, nodes: [.cell(c)])
        let viaImage = PixelCanvas(scene, width: 240, height: 160, renderer: SceneRenderer(assetDirectory: PixelCanvas.emptyAssets))
        let painter = CellPainter(icons: IconCache(assetDirectory: PixelCanvas.emptyAssets), text: TextRenderer(), masks: RoundedRectMasks())
        let direct = PixelCanvas(width: 240, height: 160, background: white) { cr in painter.paint(c, cr: cr, pixelScale: 1) }
        var far = 0, total = 0
        for y in 0..<160 {
            for x in 0..<240 {
                let a = viaImage[x, y], b = direct[x, y]
                let d = max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
                total += d
                if d > 64 { far += 1 }
            }
        }
        // Far pixels are glyph edges: text resampled vs set at the new size (a label has ~1000 px).
        #expect(far < 250, "\(far) pixels far from a direct paint at scale \(scale), rotation \(rotation)")
        #expect(Double(total) / Double(240 * 160) < 2, "mean difference \(Double(total) / Double(240 * 160))")
    }
}
