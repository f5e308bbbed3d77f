import CCairo
import Foundation
import Testing
@testable import TesseraCairo
import TesseraCore

private let paper = Color(red: 0.2, green: 0.4, blue: 0.6)
private let white = Color.white

private func cell(_ frame: Rect, color: Color = Color(red: 0.9, green: 0.2, blue: 0.1), title: String = "",
                  icon: String = "none") -> CellNode {
    CellNode(id: ItemID("a"), frame: frame, title: title, icon: icon, color: color)
}

@Suite("SceneRenderer draws what a user would see")
struct SceneRendererTests {
    @Test func backgroundFillsWhereNothingIsDrawn() {
        let canvas = PixelCanvas(Scene(size: Size(width: 40, height: 30), background: paper), width: 40, height: 30)
        #expect(canvas[0, 0] == Pixel(paper))
        #expect(canvas[39, 29] == Pixel(paper))
    }

    @Test func cellTileIsFilledWithItsTint() {
        let c = cell(Rect(x: 20, y: 20, width: 100, height: 100))
        let canvas = PixelCanvas(Scene(size: Size(width: 140, height: 140), background: white, nodes: [.cell(c)]),
                                 width: 140, height: 140)
        // Left margin of the tile, clear of the icon and the title.
        let inside = canvas[26, 70]
        #expect(inside.isClose(to: Pixel(Palette.light.tileFill(c.color))), "tile pixel \(inside)")
        #expect(inside.r > inside.g + 30, "the tint keeps the item's hue: \(inside)")
        #expect(canvas[10, 10] == Pixel(white))
    }

    @Test(arguments: ["Hello", "中文标题"])
    func labelPutsDarkPixelsInItsFrame(text: String) {
        let frame = Rect(x: 10, y: 10, width: 200, height: 30)
        let scene = Scene(size: Size(width: 220, height: 60), background: white,
                          nodes: [.label(LabelNode(frame: frame, text: text, style: .header))])
        let canvas = PixelCanvas(scene, width: 220, height: 60)
        let dark = canvas.count(in: frame) { $0.luminance < 100 }
        #expect(dark > 30, "only \(dark) dark pixels for \(text)")
        #expect(canvas.count(in: Rect(x: 0, y: 45, width: 220, height: 15)) { $0 != Pixel(white) } == 0)
    }

    @Test func missingIconDrawsThePlaceholder() {
        let frame = Rect(x: 10, y: 10, width: 60, height: 60)
        let scene = Scene(size: Size(width: 80, height: 80), background: white,
                          nodes: [.image(ImageNode(frame: frame, icon: "no-such-icon", tint: white))])
        let canvas = PixelCanvas(scene, width: 80, height: 80)
        // Upper-left part of the square, off the diagonal.
        #expect(canvas[22, 22].isClose(to: Pixel(Palette.light.placeholderFill)), "got \(canvas[22, 22])")
        #expect(canvas.count(in: frame) { $0.isClose(to: Pixel(Palette.light.placeholderLine), tolerance: 6) } > 20)
    }

    @Test func iconFromPNGIsDrawnInItsTint() {
        // The PNG's opaque shape is the glyph; the tint colours it (white glyph files serve every tile).
        let green = Color(red: 0, green: 0.8, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.assets(["leaf": green]))
        let scene = Scene(size: Size(width: 80, height: 80), background: white,
                          nodes: [.image(ImageNode(frame: Rect(x: 10, y: 10, width: 60, height: 60), icon: "leaf",
                                                   tint: blue))])
        let canvas = PixelCanvas(scene, width: 80, height: 80, renderer: renderer)
        #expect(canvas[40, 40] == Pixel(blue))
        #expect(canvas[5, 5] == Pixel(white))
    }

    @Test func rotatedLiftedCellReachesOutsideItsFrame() {
        let frame = Rect(x: 60, y: 60, width: 80, height: 80)
        func tilePixelsOutside(rotation: Double) -> Int {
            var c = cell(frame)
            c.isLifted = true
            c.rotation = rotation
            let canvas = PixelCanvas(Scene(size: Size(width: 200, height: 200), background: white, nodes: [.cell(c)]),
                                     width: 200, height: 200)
            let tint = Pixel(Palette.light.tileFill(c.color))
            let all = canvas.count(in: Rect(x: 0, y: 0, width: 200, height: 200)) { $0.isClose(to: tint) }
            let inside = canvas.count(in: frame) { $0.isClose(to: tint) }
            return all - inside
        }
        #expect(tilePixelsOutside(rotation: 0) == 0)
        #expect(tilePixelsOutside(rotation: 0.4) > 100)
    }

    @Test func pushClipLimitsDrawingUntilPopClip() {
        let red = Color(red: 1, green: 0, blue: 0)
        let scene = Scene(size: Size(width: 100, height: 100), background: white, nodes: [
            .pushClip(Rect(x: 0, y: 0, width: 50, height: 50)),
            .box(BoxNode(frame: Rect(x: 0, y: 0, width: 100, height: 100), color: red)),
            .popClip,
            .box(BoxNode(frame: Rect(x: 80, y: 80, width: 20, height: 20), color: red)),
        ])
        let canvas = PixelCanvas(scene, width: 100, height: 100)
        #expect(canvas[25, 25] == Pixel(red))
        #expect(canvas[70, 70] == Pixel(white))
        #expect(canvas[60, 10] == Pixel(white))
        #expect(canvas[90, 90] == Pixel(red))
    }

    /// A million items in a masonry make a section's card ~30 million pixels tall, past what Cairo
    /// can hold in a path (24.8 fixed point). Drawn into a buffer still holding an earlier strip
    /// (the background is skipped under an opaque card), the card and a clip as tall must still
    /// paint every pixel of the strip, scrolled anywhere along it, as a card of ordinary size does.
    @Test func aCardMillionsOfPixelsTallPaintsTheStripItCrosses() {
        let card = Color(red: 0.2, green: 0.6, blue: 0.3), stale = Color(red: 1, green: 0, blue: 1)
        for scroll in [0.0, 12_345_678.5, 29_999_000.0] {
            for corner in [0.0, 14.0] {
                let tall = Rect(x: 6, y: -scroll, width: 188, height: 30_000_000)
                let scene = Scene(size: Size(width: 200, height: 100), background: white, nodes: [
                    .box(BoxNode(frame: tall, color: card, cornerRadius: corner)),
                    .pushClip(tall),
                    .box(BoxNode(frame: Rect(x: 150, y: 40, width: 20, height: 20), color: stale)),
                    .popClip,
                ])
                let canvas = PixelCanvas(width: 200, height: 100, background: stale) { cr in
                    SceneRenderer(assetDirectory: PixelCanvas.emptyAssets).render(scene, to: cr, scale: 1)
                }
                let where_ = "scrolled \(scroll), corner radius \(corner)"
                // Inside the card (clear of its corners when they are on screen) and in the margins beside it.
                let inside = canvas.count(in: Rect(x: 30, y: 30, width: 100, height: 40)) { $0.isClose(to: Pixel(card), tolerance: 1) }
                #expect(inside == 100 * 40, "\(where_)")
                #expect(canvas[2, 50] == Pixel(white), "\(where_)")
                // The clip as tall as the card lets its contents through.
                #expect(canvas[160, 50] == Pixel(stale), "\(where_)")
            }
        }
    }

    @Test func scaleMultipliesLogicalCoordinates() {
        let red = Color(red: 1, green: 0, blue: 0)
        let scene = Scene(size: Size(width: 50, height: 50), background: white,
                          nodes: [.box(BoxNode(frame: Rect(x: 10, y: 10, width: 10, height: 10), color: red))])
        let canvas = PixelCanvas(scene, width: 100, height: 100, scale: 2)
        #expect(canvas[21, 21] == Pixel(red))
        #expect(canvas[38, 38] == Pixel(red))
        #expect(canvas[42, 42] == Pixel(white))
        #expect(canvas[15, 15] == Pixel(white))
    }

    @Test func doneCellLosesItsColour() {
        var c = cell(Rect(x: 20, y: 20, width: 100, height: 100))
        c.isDone = true
        let canvas = PixelCanvas(Scene(size: Size(width: 140, height: 140), background: white, nodes: [.cell(c)]),
                                 width: 140, height: 140)
        let p = canvas[26, 70]
        #expect(abs(p.r - p.g) <= 3 && abs(p.g - p.b) <= 3, "done tile should be grey, got \(p)")
    }

    @Test func unbalancedClipsDoNotLeakIntoTheNextFrame() {
        let red = Color(red: 1, green: 0, blue: 0)
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        _ = PixelCanvas(Scene(size: Size(width: 60, height: 60), background: white,
                              nodes: [.popClip, .pushClip(Rect(x: 0, y: 0, width: 5, height: 5))]),
                        width: 60, height: 60, renderer: renderer)
        let canvas = PixelCanvas(Scene(size: Size(width: 60, height: 60), background: red), width: 60, height: 60,
                                 renderer: renderer)
        #expect(canvas[30, 30] == Pixel(red))
    }

    /// A host paints a frame's damage as several clipped passes, culling with the bounds its
    /// `FlatScene` worked out once: the pixels must be those of one full render.
    @Test func culledPassesOverDamageRectsPaintWhatAFullRenderPaints() {
        var nodes: [SceneNode] = [.box(BoxNode(frame: Rect(x: 6, y: 3, width: 180, height: 300), color: Color(red: 0.9, green: 0.9, blue: 0.8), cornerRadius: 14))]
        for i in 0..<12 {
            nodes.append(.cell(cell(Rect(x: Double(i % 3) * 64, y: Double(i / 3) * 64 - 10, width: 60, height: 60),
                                    color: Color(red: Double(i) / 12, green: 0.5, blue: 0.3), title: "c\(i)")))
        }
        nodes += [.pushClip(Rect(x: 0, y: 100, width: 200, height: 40)),
                  .label(LabelNode(frame: Rect(x: 10, y: 90, width: 150, height: 40), text: "Clipped", style: .header)),
                  .popClip]
        let scene = Scene(size: Size(width: 200, height: 200), background: paper, nodes: nodes)
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let full = PixelCanvas(scene, width: 200, height: 200, renderer: renderer)
        let flat = FlatScene(scene)
        let pieces = [Rect(x: 0, y: 0, width: 21, height: 200), Rect(x: 150, y: 0, width: 50, height: 200),
                      Rect(x: 21, y: 95, width: 129, height: 30)]
        let culled = Self.renderInPieces(flat, pieces, width: 200, height: 200, renderer: renderer)
        var differing = 0
        for r in pieces {
            for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) where full[x, y] != culled[x, y] { differing += 1 } }
        }
        #expect(differing == 0)
        #expect(full.count(in: pieces[2]) { $0.luminance < 100 } > 20, "the clipped label is drawn")
    }

    /// A scroll brings a header in strip by strip; a strip holding only the glyphs' overhang above
    /// or below a short label frame must still draw them, or the finished header lacks their edges.
    @Test func aLabelIsDrawnInAStripOutsideItsFrameWhereItsGlyphsReach() {
        let label = LabelNode(frame: Rect(x: 10, y: 20, width: 180, height: 10), text: "Today 今天 gyp", style: .header)
        let scene = Scene(size: Size(width: 200, height: 50), background: white, nodes: [.label(label)])
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let full = PixelCanvas(scene, width: 200, height: 50, renderer: renderer)
        let flat = FlatScene(scene)
        let strips = stride(from: 0, to: 50, by: 4).map { Rect(x: 0, y: Double($0), width: 200, height: 4) }
        let stripwise = Self.renderInPieces(flat, strips, width: 200, height: 50, renderer: renderer)
        #expect(full.count(in: Rect(x: 0, y: 0, width: 200, height: 20)) { $0.luminance < 250 } > 0,
                "the text reaches above its frame")
        // Cairo composites a glyph's faintest edge rows a few levels differently under a clip
        // (245 against 255 here); what must not happen is missing ink.
        #expect(stripwise.differingPixels(from: full, tolerance: 12) == 0)
    }

    /// `flat` rendered as a host renders a frame's damage: one clipped pass per piece.
    static func renderInPieces(_ flat: FlatScene, _ pieces: [Rect], width: Int, height: Int,
                               renderer: SceneRenderer) -> PixelCanvas {
        PixelCanvas(width: width, height: height) { cr in
            for r in pieces {
                cairo_save(cr)
                cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                cairo_clip(cr)
                renderer.render(flat, to: cr, scale: 1)
                cairo_restore(cr)
            }
        }
    }
}

/// The background is left out where an opaque box paints every pixel again; the window's back
/// buffer is a staging area that still holds an earlier load's pixels, so a pass that left out too
/// much would leave them on screen.
@Suite("The background under an opaque box")
struct CoveredBackgroundTests {
    private let stale = Color(red: 1, green: 0, blue: 1)
    private let card = Color(red: 0.85, green: 0.87, blue: 0.9)

    /// `scene` painted over stale pixels, clipped to `clip` (device pixels), as the shell paints a load.
    private func render(_ scene: Scene, clip: Rect) -> PixelCanvas {
        PixelCanvas(width: Int(scene.size.width), height: Int(scene.size.height), background: stale) { cr in
            cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
            cairo_clip(cr)
            SceneRenderer(assetDirectory: PixelCanvas.emptyAssets).render(scene, to: cr, scale: 1)
        }
    }

    private func staleCount(_ canvas: PixelCanvas, in r: Rect) -> Int {
        canvas.count(in: r) { $0.isClose(to: Pixel(stale), tolerance: 60) }
    }

    @Test func aBoxCoveringTheClipRepaintsEveryPixelOfIt() {
        let size = Size(width: 120, height: 90)
        let whole = Rect(origin: .zero, size: size)
        let scene = Scene(size: size, background: white, nodes: [.box(BoxNode(frame: whole.insetBy(dx: -20, dy: -20), color: card, cornerRadius: 12))])
        #expect(SceneRenderer.opaqueBoxCover(of: whole, in: scene.nodes, pixelScale: 1) == whole)
        let canvas = render(scene, clip: whole)
        #expect(staleCount(canvas, in: whole) == 0)
        #expect(canvas.count(in: whole) { $0 == Pixel(card) } == 120 * 90)
    }

    @Test func whereTheBoxDoesNotPaintEveryPixelTheBackgroundIsPainted() {
        let size = Size(width: 120, height: 90)
        let whole = Rect(origin: .zero, size: size)
        let strip = Rect(x: 0, y: 40, width: 120, height: 20)
        let cases: [(String, [SceneNode], Rect)] = [
            ("a section's card, inset from the edges", [.box(BoxNode(frame: Rect(x: 10, y: 0, width: 100, height: 90), color: card, cornerRadius: 14))],
             Rect(x: 10, y: 40, width: 100, height: 20)),
            ("its edges between pixels", [.box(BoxNode(frame: Rect(x: 10.5, y: 0, width: 99, height: 90), color: card))],
             Rect(x: 11, y: 40, width: 98, height: 20)),
            ("its corner in the clip", [.box(BoxNode(frame: Rect(x: 0, y: 45, width: 160, height: 90), color: card, cornerRadius: 12))], .zero),
            ("see-through", [.box(BoxNode(frame: whole.insetBy(dx: -20, dy: -20), color: card.withAlpha(0.5)))], .zero),
            ("inside a clip", [.pushClip(Rect(x: 0, y: 0, width: 60, height: 90)),
                               .box(BoxNode(frame: whole.insetBy(dx: -20, dy: -20), color: card)), .popClip], .zero),
        ]
        for (name, nodes, cover) in cases {
            let scene = Scene(size: size, background: white, nodes: nodes)
            #expect(SceneRenderer.opaqueBoxCover(of: strip, in: nodes, pixelScale: 1) == cover, "\(name)")
            let canvas = render(scene, clip: strip)
            #expect(staleCount(canvas, in: strip) == 0, "\(name): stale pixels left")
            if !cover.isEmpty {
                #expect(canvas[2, 50] == Pixel(white) && canvas[60, 50] == Pixel(card), "\(name): the margin is the background, the card its colour")
            }
        }
    }
}
