import CCairo
import Foundation
import Testing
@testable import TesseraCairo
import TesseraCore

// The cache's bound and what it keeps: tiles on screen and readied ones outlive prefetched ones,
// marks and groups paint nothing new, a lowered bound evicts in idle time.

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
