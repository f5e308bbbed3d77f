import Foundation
import Testing
@testable import TesseraCairo
import TesseraCore

/// A carried group's stack drawn as one image once it looks the same to itself as at the frame
/// before: it must look as its cards drawn one by one, and be made only for a stack that holds still.
@Suite struct StackSnapshotTests {
    let white = Color(red: 1, green: 1, blue: 1)
    let fan: [(dx: Double, dy: Double, angle: Double)] = [(4, 15, 0.15), (-8, 10, -0.10), (9, 6, 0.09)]

    /// The stack as `Engine.stackNodes` lays it out: cards fanned under the carried snapshot, the
    /// whole turned by the wobble and grown by the lift about the snapshot's centre. `spread`
    /// scales the fan (the cards flying in: a new layout every frame).
    func stack(wobble: Double, grow: Double = 1.06, at origin: Point = Point(x: 90, y: 50), spread: Double = 1) -> Scene {
        let (c, s) = (cos(wobble), sin(wobble))
        var nodes: [SceneNode] = fan.enumerated().map { k, f in
            let dx = grow * spread * (f.dx * c - f.dy * s), dy = grow * spread * (f.dx * s + f.dy * c)
            var card = CellNode(id: ItemID("c\(k)"), frame: Rect(x: origin.x + dx, y: origin.y + dy, width: 96, height: 96),
                                title: "Card \(k) 卡片", icon: "none",
                                color: Color(red: 0.2 + 0.2 * Double(k), green: 0.5, blue: 0.9 - 0.2 * Double(k)),
                                isLifted: true, scale: grow, rotation: wobble + f.angle * spread)
            card.alpha = 1
            return .cell(card)
        }
        var top = CellNode(id: ItemID("top"), frame: Rect(x: origin.x, y: origin.y, width: 96, height: 96), title: "Top 顶",
                           icon: "none", color: Color(red: 0.9, green: 0.4, blue: 0.2), isLifted: true, scale: grow, rotation: wobble)
        top.alpha = 1
        top.stackCount = 4
        nodes.append(.cell(top))
        return Scene(size: Size(width: 300, height: 230), background: white, nodes: nodes)
    }

    func frame(_ scene: Scene, _ renderer: SceneRenderer, scale: Double) -> PixelCanvas {
        renderer.beginFrame(freshPaints: 3)
        return PixelCanvas(scene, width: Int(scene.size.width * scale), height: Int(scene.size.height * scale),
                           scale: scale, renderer: renderer)
    }

    /// Held still for a frame, the stack is drawn from one image, and looks as its cards drawn one
    /// by one: the snapshot on top is resampled once either way (identical pixels inside it); the
    /// cards beneath, resampled twice, differ by a few levels at most along their edges.
    @Test(arguments: [(0.021, 1.0), (-0.034, 1.0), (0.012, 2.0), (-0.018, 1.5)])
    func heldStillTheStackIsOneImageLookingAsItsCards(wobble: Double, scale: Double) {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        _ = frame(stack(wobble: 0.005), renderer, scale: scale)
        #expect(renderer.stackImages.bytes == 0, "not at the first frame it is seen")
        let asOne = frame(stack(wobble: wobble), renderer, scale: scale)
        #expect(renderer.stackImages.bytes > 0, "the second frame draws it as one image")
        let cards = PixelCanvas(stack(wobble: wobble), width: asOne.width, height: asOne.height, scale: scale)
        var total = 0, far = 0, worst = 0
        for y in 0..<asOne.height {
            for x in 0..<asOne.width {
                let a = asOne[x, y], b = cards[x, y]
                let d = max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
                total += d
                worst = max(worst, d)
                if d > 12 { far += 1 }
            }
        }
        let n = asOne.width * asOne.height
        #expect(Double(total) / Double(n) < 0.5, "mean difference \(Double(total) / Double(n)) levels")
        #expect(far < n / 400, "\(far) pixels more than 12 levels apart (worst \(worst))")
        // Inside the carried tile (clear of its edges) the pixels are the same, but for a level or
        // two where the two ways' transforms round differently (the title's antialiased edges).
        let core = StackOcclusion.opaqueCore(of: { if case .cell(let c) = stack(wobble: wobble).nodes.last! { c } else { fatalError() } }(),
                                             pixelScale: scale)!
        var inside = 0
        for y in Int(core.minY * scale)..<Int(core.maxY * scale) {
            for x in Int(core.minX * scale)..<Int(core.maxX * scale) where !asOne[x, y].isClose(to: cards[x, y], tolerance: 2) { inside += 1 }
        }
        #expect(inside == 0, "\(inside) pixels of the snapshot differ")
    }

    /// Moved across the window and turned by the wobble, a stack that holds still keeps its image
    /// (drawn where it now is); one that changes every frame (its cards flying in) never gets one.
    @Test func anImageOnlyForAStackThatHoldsStill() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        for k in 0..<6 { _ = frame(stack(wobble: 0.01 * Double(k), spread: 0.5 + 0.1 * Double(k)), renderer, scale: 1) }
        #expect(renderer.stackImages.bytes == 0)
        for k in 0..<6 {
            let at = Point(x: 60 + 11.3 * Double(k), y: 40 + 7.7 * Double(k))
            let drawn = frame(stack(wobble: 0.03 * sin(Double(k)), at: at), renderer, scale: 1)
            if k > 0 {
                #expect(renderer.stackImages.bytes > 0)
                // Drawn where the stack now is: the snapshot's middle as its cards one by one show it.
                let cards = PixelCanvas(stack(wobble: 0.03 * sin(Double(k)), at: at), width: 300, height: 230)
                for (x, y) in [(at.x + 48, at.y + 30), (at.x + 20, at.y + 70), (at.x + 80, at.y + 90)] {
                    #expect(drawn[Int(x), Int(y)].isClose(to: cards[Int(x), Int(y)], tolerance: 2))
                }
            }
        }
    }
}
