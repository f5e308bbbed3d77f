import Foundation
import Testing
@testable import TesseraCairo
import TesseraCore

/// A group's stack: the cards fanned beneath the carried snapshot are drawn without what it hides.
@Suite struct StackOcclusionTests {
    let white = Color(red: 1, green: 1, blue: 1)
    let clear = Color(red: 1, green: 1, blue: 1, alpha: 0)

    func card(_ id: String, x: Double, y: Double, rotation: Double, color: Color) -> CellNode {
        var c = CellNode(id: ItemID(id), frame: Rect(x: x, y: y, width: 96, height: 96), title: "Card \(id) 卡片", icon: "none",
                         color: color, isLifted: true, scale: 1.1, rotation: rotation)
        c.alpha = 1
        return c
    }

    /// Three cards fanned under the carried one (as `Engine.stackNodes` lays them out), all turned
    /// by the wobble, the carried one with its count badge.
    func stack(wobble: Double, dx: Double) -> [CellNode] {
        let fan: [(dx: Double, dy: Double, angle: Double)] = [(4, 15, 0.15), (-8, 10, -0.10), (9, 6, 0.09)]
        var cards = fan.enumerated().map { k, f in
            card("c\(k)", x: 80 + dx + f.dx, y: 50 + f.dy, rotation: wobble + f.angle,
                 color: Color(red: 0.2 + 0.2 * Double(k), green: 0.5, blue: 0.9 - 0.2 * Double(k)))
        }
        var top = card("top", x: 80 + dx, y: 50, rotation: wobble, color: Color(red: 0.9, green: 0.4, blue: 0.2))
        top.stackCount = 4
        cards.append(top)
        return cards
    }

    /// Leaving out what the carried tile hides changes no pixel: the stack drawn in one scene
    /// equals each card drawn over the one before by a scene of its own (nothing to occlude).
    @Test(arguments: [(0.0, 0.0, 1.0), (0.022, 0.4, 1.0), (-0.053, 17.3, 1.0), (0.015, 3.5, 1.5), (-0.02, 0.25, 2.0)])
    func theStackLooksAsEveryCardDrawnWhole(wobble: Double, dx: Double, scale: Double) {
        let size = Size(width: 300, height: 220)
        let w = Int(size.width * scale), h = Int(size.height * scale)
        let cards = stack(wobble: wobble, dx: dx)
        let together = PixelCanvas(Scene(size: size, background: white, nodes: cards.map { .cell($0) }),
                                   width: w, height: h, scale: scale)
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let oneByOne = PixelCanvas(width: w, height: h, background: white) { cr in
            for c in cards { renderer.render(Scene(size: size, background: clear, nodes: [.cell(c)]), to: cr, scale: scale) }
        }
        var differing = 0
        for y in 0..<h { for x in 0..<w where together[x, y] != oneByOne[x, y] { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels differ at wobble \(wobble), scale \(scale)")
        // And something was left out: the carried tile hides most of the cards beneath.
        let occlusion = try? #require(StackOcclusion(cards.map { .cell($0) }, palette: .light, pixelScale: scale))
        #expect(occlusion?.index == 3)
        #expect((occlusion?.core.width ?? 0) * (occlusion?.core.height ?? 0) > 0.6 * 96 * 96)
    }

    /// The core lies inside the tile's rounded rect under its scale and turn, for any turn a wobble
    /// or shake makes and beyond, and on whole device pixels.
    @Test func theCoreIsInsideTheTurnedTile() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var c = card("t", x: Double.random(in: 0...400, using: &rng), y: Double.random(in: 0...400, using: &rng),
                         rotation: Double.random(in: -0.6...0.6, using: &rng), color: white)
            c.frame.size = Size(width: Double.random(in: 40...300, using: &rng), height: Double.random(in: 40...300, using: &rng))
            c.scale = Double.random(in: 0.8...1.3, using: &rng)
            let pixelScale = [1.0, 1.25, 1.5, 2.0].randomElement(using: &rng)!
            guard let core = StackOcclusion.opaqueCore(of: c, pixelScale: pixelScale) else { continue }
            for v in [core.minX, core.maxX, core.minY, core.maxY] {
                #expect(abs(v * pixelScale - (v * pixelScale).rounded()) < 1e-9, "not on a device pixel: \(v)")
            }
            let f = c.frame, r = min(f.width, f.height) * Theme.cornerFraction
            for (x, y) in [(core.minX, core.minY), (core.maxX, core.minY), (core.minX, core.maxY), (core.maxX, core.maxY)] {
                // Back into the tile's own space: undo the turn and the scale about its centre.
                let dx = x - f.midX, dy = y - f.midY
                let ux = (dx * cos(c.rotation) + dy * sin(c.rotation)) / c.scale
                let uy = (-dx * sin(c.rotation) + dy * cos(c.rotation)) / c.scale
                // Inside the rounded rect: within the straight edges, and clear of each corner's arc.
                let ex = abs(ux) - (f.width / 2 - r), ey = abs(uy) - (f.height / 2 - r)
                let inside = abs(ux) <= f.width / 2 && abs(uy) <= f.height / 2
                    && (ex <= 0 || ey <= 0 || ex * ex + ey * ey <= r * r)
                #expect(inside, "core corner (\(x), \(y)) outside the tile \(f) turned \(c.rotation)")
            }
        }
        // Turned so far that no upright rect fits clear of the edges: nothing is left out.
        #expect(StackOcclusion.opaqueCore(of: card("t", x: 0, y: 0, rotation: .pi / 4, color: white), pixelScale: 1) == nil)
    }

    /// A carried tile that lets the cards show through leaves them whole: fading over a folder,
    /// or a folder's see-through tile.
    @Test func aSeeThroughCarriedTileHidesNothing() {
        var cards = stack(wobble: 0.01, dx: 0)
        cards[3].alpha = 0.7
        #expect(StackOcclusion(cards.map { .cell($0) }, palette: .light, pixelScale: 1) == nil)
        cards[3].alpha = 1
        cards[3].isFolder = true
        #expect(StackOcclusion(cards.map { .cell($0) }, palette: .light, pixelScale: 1) == nil)
    }
}
