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

extension CellImageCacheTests {
    /// While scrolling, the cells prefetched at the edges are touched every frame and the cells in
    /// the middle of the window not at all: plain LRU forgot the latter first, and the next re-flow
    /// (a reorder, a drop) repainted every cell on screen in one frame.
    /// Tiles growing in (a drop's arrivals) are drawn from images at the size they rest at: the
    /// cache makes room for those, not for the small frames they are drawn in. Bounded by the
    /// small frames, twelve tiles' images evicted one another as idle time painted them, and the
    /// frames after painted them again (after a drop of 10,000 files, three a frame).
    @Test func tilesGrowingInKeepTheImagesIdleTimePaintedForThem() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let size = Size(width: 400, height: 300)
        func scene(drawnAt side: Double) -> Scene {
            let cells = (0..<12).map { i in
                var c = tile(x: Double(i % 4) * 100 + 10, title: "Photo \(i)")
                c.id = ItemID("g\(i)")
                c.frame = Rect(x: c.frame.minX, y: Double(i / 4) * 100 + 10, width: side, height: side)
                c.restingSize = Size(width: 150, height: 150)
                return c
            }
            return Scene(size: size, background: white, nodes: cells.map(SceneNode.cell))
        }
        renderer.beginFrame(freshPaints: 0)
        _ = PixelCanvas(scene(drawnAt: 50), width: 400, height: 300, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 0, "bare tiles at first")
        #expect(renderer.prefetch(for: scene(drawnAt: 50), scale: 1, limit: 12) == 12, "idle time paints all twelve")
        _ = renderer.takeCellImageMisses()
        #expect(renderer.cachedImageBytes > 1 << 20, "more than the window's own budget: \(renderer.cachedImageBytes)")
        for side in [60.0, 80, 100] {
            renderer.beginFrame(freshPaints: 3, settlingInIdle: true)
            _ = PixelCanvas(scene(drawnAt: side), width: 400, height: 300, renderer: renderer)
            #expect(renderer.takeCellImageMisses() == 0, "drawn at \(side): every tile from the image idle time made")
        }
    }

    @Test func cellsOnScreenOutliveCellsPrefetchedAfterThem() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let size = Size(width: 400, height: 300)
        func cell(_ i: Int, column: Int, y: Double) -> CellNode {
            var c = tile(x: Double(column) * 100, title: "Cell \(i)")
            c.id = ItemID("c\(i)")
            c.frame.origin.y = y
            return c
        }
        let onScreen = (0..<12).map { cell($0, column: $0 % 4, y: Double($0 / 4) * 100) }
        let scene = Scene(size: size, background: white, nodes: onScreen.map { .cell($0) })
        _ = PixelCanvas(scene, width: 400, height: 300, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 12)
        // Rows prefetched below the window, batch after batch: 2.4 times what the cache may hold.
        for batch in 0..<6 {
            let upcoming = (0..<8).map { cell(100 + batch * 8 + $0, column: $0 % 4, y: 300 + Double($0 / 4) * 100) }
            #expect(renderer.prefetch(upcoming, size: size, scale: 1, limit: 8) == 8)
        }
        #expect(renderer.cachedImageBytes < 2 << 20, "the budget holds")
        _ = PixelCanvas(scene, width: 400, height: 300, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 0, "the cells on screen were kept")
    }
}

extension CellImageCacheTests {
    /// A 400 x 300 window of twelve tiles, and twenty marked members of a carried group at the
    /// stack (over the window) as they will land: upcoming, more than the budget holds beside the
    /// screen.
    func carriedGroup() -> (size: Size, onScreen: [CellNode], members: [CellNode], carrying: Scene) {
        let size = Size(width: 400, height: 300)
        func cell(_ i: Int, column: Int, y: Double, marked: Bool = false) -> CellNode {
            var c = tile(x: Double(column) * 100, title: "Cell \(i)")
            c.id = ItemID("c\(i)")
            c.frame.origin.y = y
            c.isMarked = marked
            return c
        }
        let onScreen = (0..<12).map { cell($0, column: $0 % 4, y: Double($0 / 4) * 100) }
        let members = (0..<20).map { cell(100 + $0, column: 1, y: 100, marked: true) }
        return (size, onScreen, members, Scene(size: size, background: white, nodes: onScreen.map { .cell($0) }, upcoming: members))
    }
}

extension CellImageCacheTests {
    /// A carried group's members, marked as they will land, are readied in idle time while the
    /// screen's images fill the budget: without room for them they evicted one another, the
    /// prefetch repainted the same few after every frame, and the drop painted them all at once.
    @Test func aGroupsMembersReadiedForTheDropAreAllKeptForIt() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let (size, _, members, carrying) = carriedGroup()
        _ = PixelCanvas(carrying, width: 400, height: 300, renderer: renderer)
        _ = renderer.takeCellImageMisses()
        var batches = 0
        while renderer.prefetch(members, size: size, scale: 1, limit: 6) > 0 {
            batches += 1
            _ = PixelCanvas(carrying, width: 400, height: 300, renderer: renderer)     // a frame between
            if batches > 10 { break }
        }
        #expect(batches == 4, "twenty readied in four batches of six, then nothing left to do")
        #expect(renderer.takeCellImageMisses() == 0, "the screen's images stayed")
        // The drop: the members land marked, in a row each.
        let landed = members.enumerated().map { k, c -> CellNode in
            var l = c
            l.frame.origin = Point(x: Double(k % 4) * 100, y: Double(k / 4) * 60)
            return l
        }
        _ = PixelCanvas(Scene(size: size, background: white, nodes: landed.map { .cell($0) }), width: 400, height: 300, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 0, "every member blitted from the image readied for it")
    }
}

extension CellImageCacheTests {
    /// Marking a tile (fifty at once with a Shift+click) makes its marked image from the unmarked
    /// one already cached, with the mark drawn over it: it must be the image a paint from scratch
    /// makes, pixel for pixel.
    @Test(arguments: [1.0, 2.0])
    func aMarkedImageMadeFromTheUnmarkedOneIsTheOneAPaintMakes(scale: Double) {
        var marked = tile(x: 30)
        marked.isMarked = true
        let size = Size(width: 160, height: 150)
        let w = Int(160 * scale), h = Int(150 * scale)
        func scene(_ c: CellNode) -> Scene { Scene(size: size, background: white, nodes: [.cell(c)]) }
        let warm = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        _ = PixelCanvas(scene(tile(x: 30)), width: w, height: h, scale: scale, renderer: warm)   // the unmarked image
        _ = warm.takeCellImageMisses()
        let derived = PixelCanvas(scene(marked), width: w, height: h, scale: scale, renderer: warm)
        let cold = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let painted = PixelCanvas(scene(marked), width: w, height: h, scale: scale, renderer: cold)
        var differing = 0
        for y in 0..<h { for x in 0..<w where derived[x, y] != painted[x, y] { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels differ at scale \(scale)")
        // And it is marked: the ring 3 px outside the tile is the accent, not the background.
        #expect(!derived[Int(27 * scale), Int(68 * scale)].isClose(to: Pixel(white), tolerance: 40))
    }
}

extension CellImageCacheTests {
    /// A marked tile is drawn as its unmarked image with the mark's image over it (one mark image
    /// for every tile of the size): marking many tiles at once paints nothing new, and each looks
    /// as the marked tile painted straight onto the canvas.
    @Test(arguments: [1.0, 2.0])
    func markingTilesPaintsNothingNewAndLooksAsAPaintedMark(scale: Double) {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let size = Size(width: 440, height: 150)
        let w = Int(440 * scale), h = Int(150 * scale)
        let tiles = (0..<4).map { k -> CellNode in
            var c = tile(x: 12 + Double(k) * 106, title: "Tile \(k)")
            c.id = ItemID("t\(k)")
            return c
        }
        func scene(_ cells: [CellNode]) -> Scene { Scene(size: size, background: white, nodes: cells.map { .cell($0) }) }
        _ = PixelCanvas(scene(tiles), width: w, height: h, scale: scale, renderer: renderer)
        _ = renderer.takeCellImageMisses()
        let marked = tiles.map { var c = $0; c.isMarked = true; return c }
        let drawn = PixelCanvas(scene(marked), width: w, height: h, scale: scale, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 0, "no tile painted again to mark it")
        let painter = CellPainter(icons: IconCache(assetDirectory: PixelCanvas.emptyAssets), text: TextRenderer(), masks: RoundedRectMasks())
        let painted = PixelCanvas(width: w, height: h, background: white) { cr in
            cairo_scale(cr, scale, scale)
            for c in marked { painter.paint(c, cr: cr, pixelScale: scale) }
        }
        var differing = 0
        for y in 0..<h { for x in 0..<w where !drawn[x, y].isClose(to: painted[x, y], tolerance: 2) { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels differ from the marked tiles painted at scale \(scale)")
        // And marked: the ring 3 px outside the first tile is the accent, not the background.
        #expect(!drawn[Int(10 * scale), Int(68 * scale)].isClose(to: Pixel(white), tolerance: 40))
    }
}

extension CellImageCacheTests {
    /// A frame may draw more tiles than the window holds: at a group's lift, fifty members fly
    /// into the stack over the tiles closing up their slots. The cache must keep all a frame
    /// draws, however many and however large: a cache of 192 images, and one of 1.5 windows of
    /// pixels, trimmed the tiles on screen in idle time, and the next frame painted 15 again.
    @Test(arguments: [(side: 16.0, count: 300), (side: 96.0, count: 40)])
    func aFrameDrawingMoreTilesThanTheWindowHoldsKeepsThemAll(_ shape: (side: Double, count: Int)) {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let size = Size(width: 400, height: 300)
        func cell(_ i: Int) -> CellNode {
            // Laid in a grid that overlaps itself when the tiles outnumber the window's room.
            let columns = Int(size.width / shape.side)
            let x = Double(i % columns) * shape.side, y = Double((i / columns) % Int(size.height / shape.side)) * shape.side + 0.25 * Double(i / 100)
            return CellNode(id: ItemID("c\(i)"), frame: Rect(x: x, y: y.rounded(), width: shape.side, height: shape.side),
                            title: "\(i)", icon: "none", color: Color(red: 0.2, green: 0.5, blue: 0.9))
        }
        let drawn = (0..<shape.count).map(cell)
        let upcoming = (0..<8).map { k -> CellNode in
            var c = cell(1000 + k)
            c.frame.origin.y = size.height + 10
            return c
        }
        let scene = Scene(size: size, background: white, nodes: drawn.map { .cell($0) }, upcoming: upcoming)
        _ = PixelCanvas(scene, width: 400, height: 300, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == shape.count)
        #expect(renderer.prefetch(upcoming, size: size, scale: 1, limit: 8) == 8)
        _ = PixelCanvas(scene, width: 400, height: 300, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 0, "every tile the frame draws was kept")
    }

    /// A tile growing in a layout switch is its smaller image stretched, margin and all, past its
    /// paint bounds; what lies past them is cut at the bounds grown to whole device pixels, as a
    /// frame's damage is (a clip through pixels made Cairo composite through a mask). Nothing may
    /// land outside: the next frame would not repaint it. An image opaque to its edges shows any.
    @Test func aStretchedImagePaintsNothingPastItsBoundsOnWholePixels() {
        for pixelScale in [1.0, 1.25, 2.0] {
            var cell = tile(x: 30.37)
            cell.frame = Rect(x: 30.37, y: 21.6, width: 130.3, height: 111.9)
            let margin = cell.paintMargin, rest = Size(width: 96, height: 96)
            let side = Int32(((96 + 2 * margin) * pixelScale).rounded(.up))
            let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side)!
            let icr = cairo_create(image)!
            cairo_set_source_rgb(icr, 0, 0, 0)
            cairo_paint(icr)
            cairo_destroy(icr)
            let w = Int(240 * pixelScale), h = Int(170 * pixelScale)
            let canvas = PixelCanvas(width: w, height: h, background: white) { cr in
                cairo_scale(cr, pixelScale, pixelScale)
                CairoPath.paintImage(image, of: cell, restingSize: rest, margin: margin, imageScale: pixelScale, cr)
            }
            cairo_surface_destroy(image)
            let b = cell.paintBounds
            let x0 = Int((b.minX * pixelScale).rounded(.down)), y0 = Int((b.minY * pixelScale).rounded(.down))
            let x1 = Int((b.maxX * pixelScale).rounded(.up)), y1 = Int((b.maxY * pixelScale).rounded(.up))
            var outside = 0, inside = 0
            for y in 0..<h {
                for x in 0..<w {
                    let touched = canvas[x, y].r < 255
                    if x < x0 || x >= x1 || y < y0 || y >= y1 { outside += touched ? 1 : 0 } else { inside += touched ? 1 : 0 }
                }
            }
            #expect(outside == 0, "scale \(pixelScale): \(outside) pixels painted past the bounds")
            #expect(inside == (x1 - x0) * (y1 - y0), "scale \(pixelScale): the stretched image fills its bounds")
        }
    }
}

extension CellImageCacheTests {
    /// The frame after a group drop no longer has the members' landing images upcoming, so the
    /// cache's bound lowers: the images past it go in the idle time after that frame, not in it
    /// (keying the screen's cells, sorting the cache and freeing the oldest cost the drop's frame
    /// 0.8 ms), and the screen's images stay.
    @Test func aLoweredBoundEvictsInIdleTimeNotInTheFrame() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let (size, onScreen, members, carrying) = carriedGroup()
        _ = PixelCanvas(carrying, width: 400, height: 300, renderer: renderer)
        while renderer.prefetch(members, size: size, scale: 1, limit: 8) > 0 {}
        let carried = renderer.cachedImageBytes
        let alone = Scene(size: size, background: white, nodes: onScreen.map { .cell($0) })
        _ = PixelCanvas(alone, width: 400, height: 300, renderer: renderer)
        #expect(renderer.cachedImageBytes == carried, "the frame evicted nothing")
        _ = renderer.takeCellImageMisses()
        renderer.prefetch(for: alone, scale: 1, limit: 8)
        // The bound for a 400 x 300 window with nothing marked on it: 1 MB (see `fitBudget`).
        #expect(carried > 1 << 20 && renderer.cachedImageBytes <= 1 << 20, "idle time evicted the members' images")
        _ = PixelCanvas(alone, width: 400, height: 300, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 0, "the screen's images stayed")
    }
}
