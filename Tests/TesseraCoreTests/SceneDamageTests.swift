import Testing
@testable import TesseraCore

/// Damage tracking must never leave a stale pixel: applying the update (copy, then repaint of the
/// damage) to the previous frame must give exactly the frame a full repaint gives. Checked against
/// a model raster where every node paints a pattern that depends on its content, its own local
/// coordinates and what lies below it (as alpha blending does), within its paint bounds.
@Suite struct SceneDamageTests {
    @Test func anUnchangedSceneNeedsNothing() {
        let scene = Self.grid(offset: 0)
        let update = SceneDamage.update(from: scene, to: scene)
        #expect(update.isEmpty)
    }

    @Test func aScrollCopiesThePixelsAndRepaintsOnlyTheStripThatCameIntoView() {
        let update = SceneDamage.update(from: Self.grid(offset: 0), to: Self.grid(offset: 16))
        // The copy lands where the cells are (10...375, with their 2 px shade), not on the margins.
        #expect(update.copy == SceneUpdate.Copy(area: Rect(x: 8, y: 0, width: 369, height: 300), dx: 0, dy: -16))
        #expect(update.damage == [Rect(x: 8, y: 284, width: 369, height: 16)])
        #expect(!update.isFull)
    }

    /// Moving the first item to the end re-flows the grid: every cell takes its neighbour's slot,
    /// most of them one column to the left. The header above stands still and must not be repainted;
    /// the copy moves only the cells' area.
    @Test func aReflowUnderAStillHeaderCopiesOnlyTheCellsArea() {
        func reflowed(shift: Int) -> Scene {
            var nodes: [SceneNode] = [.label(LabelNode(frame: Rect(x: 10, y: 0, width: 380, height: 24), text: "Today", style: .header))]
            for i in 0..<20 {
                let slot = i - shift
                guard slot >= 0 else { continue }
                let f = Rect(x: 10 + Double(slot % 4) * 95, y: 30 + Double(slot / 4) * 95, width: 80, height: 80)
                nodes.append(.cell(CellNode(id: ItemID("i\(i)"), frame: f, title: "Item \(i)", icon: "star", color: .white)))
            }
            return Scene(size: Self.size, background: .white, nodes: nodes)
        }
        let before = reflowed(shift: 0), after = reflowed(shift: 1)
        let update = SceneDamage.update(from: before, to: after)
        #expect(update.copy?.dx == -95)
        #expect(update.copy?.dy == 0)
        #expect(update.copy.map { $0.area.minY >= 24 } == true)
        #expect(!update.damage.contains { $0.intersects(Rect(x: 10, y: 0, width: 380, height: 24)) })
        #expect(Self.applyMatchesFullRepaint(before, after))
    }

    @Test func aFixedOverlayOverScrollingContentIsRepaintedWhereItWasAndWhereItIs() {
        var before = Self.grid(offset: 0), after = Self.grid(offset: 16)
        let thumb = BoxNode(frame: Rect(x: 360, y: 10, width: 6, height: 40), color: .black, cornerRadius: 3)
        before.nodes.append(.box(thumb))
        after.nodes.append(.box(BoxNode(frame: thumb.frame.offsetBy(dx: 0, dy: 2), color: .black, cornerRadius: 3)))
        let update = SceneDamage.update(from: before, to: after)
        #expect(update.copy?.dy == -16)
        // The old thumb's pixels were carried up 16 px by the copy: that is where they must be cleaned.
        #expect(update.damage.contains { $0.contains(Point(x: 362, y: 1)) })
        #expect(update.damage.contains { $0.contains(Point(x: 362, y: 52)) })
        #expect(Self.applyMatchesFullRepaint(before, after))
    }

    /// Neighbours springing to new places each move by their own offset: the copy still follows
    /// the most common one, however many others there are.
    @Test func theMostCommonOffsetWinsAmongManyDistinctOnes() {
        let before = Self.grid(offset: 0)
        var after = before
        for i in after.nodes.indices {
            // Twelve cells scroll by 16; the other twelve each move by an offset of their own.
            let dy = i % 2 == 0 ? -16.0 : -Double(20 + i)
            after.nodes[i] = Self.translated(after.nodes[i], dx: 0, dy: dy)
        }
        let update = SceneDamage.update(from: before, to: after)
        #expect(update.copy?.dy == -16, "\(update)")
        #expect(Self.applyMatchesFullRepaint(before, after))
    }

    /// Tiles are drawn as pictures on whole pixels: a scroll by a fraction moves them by the
    /// nearest whole pixel (a copy), or not at all.
    @Test func aFractionalScrollMovesTilesByWholePixels() {
        let update = SceneDamage.update(from: Self.grid(offset: 0), to: Self.grid(offset: 0.6))
        #expect(update.copy?.dy == -1, "\(update)")
        #expect(Self.applyMatchesFullRepaint(Self.grid(offset: 0), Self.grid(offset: 0.6)))
        #expect(SceneDamage.update(from: Self.grid(offset: 0), to: Self.grid(offset: 0.4)).isEmpty)
    }

    /// Tiles drawn under a transform (pressed, here) are where their frames say, fractions and all:
    /// a fractional scroll repaints them.
    @Test func aFractionalScrollOfTransformedTilesIsRepaintedNotCopied() {
        func pressed(_ scene: Scene) -> Scene {
            var s = scene
            for i in s.nodes.indices { if case .cell(var c) = s.nodes[i] { c.scale = 0.96; s.nodes[i] = .cell(c) } }
            return s
        }
        let before = pressed(Self.grid(offset: 0)), after = pressed(Self.grid(offset: 0.5))
        #expect(SceneDamage.update(from: before, to: after).copy == nil)
        #expect(Self.applyMatchesFullRepaint(before, after))
    }

    /// A relayout animates a section's background from one layout's height to the other's: a
    /// million items make it millions of pixels tall, and its bottom edge moves far below the
    /// window. The window sees none of it; an edge that comes into view is repainted.
    @Test func aBackgroundResizedBeyondTheWindowCostsNothing() {
        func scene(height: Double) -> Scene {
            var s = Self.grid(offset: 0)
            s.nodes.insert(.box(BoxNode(frame: Rect(x: 6, y: -45, width: 388, height: height), color: .white, cornerRadius: 14)), at: 0)
            s.background = Color(red: 0.9, green: 0.9, blue: 0.9)
            return s
        }
        #expect(SceneDamage.update(from: scene(height: 2_815_482), to: scene(height: 2_815_511)).isEmpty)
        let update = SceneDamage.update(from: scene(height: 2_815_482), to: scene(height: 300))
        #expect(!update.isEmpty)
        #expect(Self.applyMatchesFullRepaint(scene(height: 2_815_482), scene(height: 300)))
        // Just below the window (300 px), the rounded corners still reach into it.
        #expect(Self.applyMatchesFullRepaint(scene(height: 350), scene(height: 385)))
        #expect(Self.applyMatchesFullRepaint(scene(height: 385), scene(height: 350)))
    }

    @Test func aResizeOrANewBackgroundRepaintsEverything() {
        var other = Self.grid(offset: 0)
        other.background = .black
        #expect(SceneDamage.update(from: Self.grid(offset: 0), to: other).isFull)
        other = Self.grid(offset: 0)
        other.size = Size(width: 401, height: 300)
        #expect(SceneDamage.update(from: Self.grid(offset: 0), to: other).isFull)
        #expect(SceneDamage.update(from: nil, to: other).isFull)
    }

    @Test func aLiftedCellsShadowIsInsideItsPaintBounds() {
        var cell = CellNode(id: "a", frame: Rect(x: 100, y: 100, width: 96, height: 96), title: "a", icon: "", color: .white)
        cell.isLifted = true
        cell.scale = 1.08
        cell.rotation = 0.05
        let b = cell.paintBounds
        // The shadow reaches 19 px below the (scaled) tile.
        #expect(b.maxY >= 100 + 96 + 4 + 19 * 1.08)
        #expect(b.minX <= 100 - 4)
    }

    /// Thousands of random frame pairs: scrolls (whole and fractional), nodes that change, appear,
    /// vanish, move on their own, clips and overlays; every update reproduces the full repaint.
    @Test func randomScenePairsAlwaysReproduceTheFullRepaint() {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<2000 {
            let before = Self.randomScene(&rng)
            let after = Self.mutate(before, &rng)
            let ok = Self.applyMatchesFullRepaint(before, after)
            #expect(ok, "stale pixels: \(SceneDamage.update(from: before, to: after))\nbefore: \(before.nodes)\nafter: \(after.nodes)")
            if !ok { return }
        }
    }

    // MARK: - Scenes

    static let size = Size(width: 400, height: 300)

    /// A 4-column grid of 80x80 cells scrolled by `offset`.
    static func grid(offset: Double) -> Scene {
        var nodes: [SceneNode] = []
        for i in 0..<24 {
            let f = Rect(x: 10 + Double(i % 4) * 95, y: 10 + Double(i / 4) * 95 - offset, width: 80, height: 80)
            nodes.append(.cell(CellNode(id: ItemID("i\(i)"), frame: f, title: "Item \(i)", icon: "star", color: .white)))
        }
        return Scene(size: size, background: .white, nodes: nodes)
    }

    static let palette = [Color.white, .black, Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]

    static func randomScene(_ rng: inout SeededRandom) -> Scene {
        var nodes: [SceneNode] = []
        var open = 0
        for _ in 0..<Int.random(in: 3...30, using: &rng) {
            nodes.append(randomNode(&rng, open: &open))
        }
        nodes += Array(repeating: .popClip, count: open)
        return Scene(size: randomSize, background: .white, nodes: nodes)
    }

    /// Small, so thousands of pairs run in seconds; nodes may stick out of it on every side.
    static let randomSize = Size(width: 160, height: 120)

    static func randomNode(_ rng: inout SeededRandom, open: inout Int) -> SceneNode {
        func r(_ range: ClosedRange<Double>) -> Double {
            // Mostly whole pixels, sometimes fractional, as layouts give.
            let v = Double.random(in: range, using: &rng)
            return Bool.random(using: &rng) ? v.rounded() : v
        }
        let frame = Rect(x: r(-30...150), y: r(-30...110), width: r(2...60), height: r(2...50))
        switch Int.random(in: 0..<10, using: &rng) {
        case 0...4:
            var c = CellNode(id: ItemID("c\(Int.random(in: 0..<12, using: &rng))"), frame: frame, title: "t",
                             icon: "i", color: palette.randomElement(using: &rng)!)
            if Int.random(in: 0..<5, using: &rng) == 0 { c.isLifted = true; c.rotation = r(-0.1...0.1); c.scale = 1.05 }
            return .cell(c)
        case 5, 6: return .box(BoxNode(frame: frame, color: palette.randomElement(using: &rng)!, cornerRadius: 4))
        case 7: return .label(LabelNode(frame: frame, text: "L\(Int.random(in: 0..<3, using: &rng))", style: .header))
        case 8:
            open += 1
            return .pushClip(frame)
        default:
            if open > 0 { open -= 1; return .popClip }
            return .image(ImageNode(frame: frame, icon: "x", tint: .black))
        }
    }

    /// The next frame: maybe scrolled (most nodes move together), with a few nodes changed.
    static func mutate(_ scene: Scene, _ rng: inout SeededRandom) -> Scene {
        var out = scene
        let scrolls = Int.random(in: 0..<3, using: &rng) > 0
        // Mostly vertical scrolls; some sideways only (a re-flow shifting cells a column left).
        let dy: Double = scrolls ? [-16, 16, -3, 40, -0.5, -100, 0].randomElement(using: &rng)! : 0
        let dx: Double = scrolls && (dy == 0 || Bool.random(using: &rng)) ? [-8, 5, -40].randomElement(using: &rng)! : 0
        var open = 0
        out.nodes = scene.nodes.map { translated($0, dx: dx, dy: dy) }
        for _ in 0..<Int.random(in: 0...4, using: &rng) where !out.nodes.isEmpty {
            let i = Int.random(in: 0..<out.nodes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: out.nodes[i] = translated(out.nodes[i], dx: Double.random(in: -30...30, using: &rng).rounded(), dy: 7)
            case 4:
                // A spring's tail: a fraction of a pixel, which may or may not reach the next one.
                out.nodes[i] = translated(out.nodes[i], dx: Double.random(in: -0.7...0.7, using: &rng),
                                          dy: Double.random(in: -0.7...0.7, using: &rng))
            case 5:
                // Resized where it stands: a section's card or a list settling, a clip with it.
                let dw = Double.random(in: -20...20, using: &rng), dh = [-0.3, 0.6, 12, -25, 900].randomElement(using: &rng)!
                switch out.nodes[i] {
                case .box(var b):
                    b.frame.size = Size(width: max(1, b.frame.width + dw), height: max(1, b.frame.height + dh))
                    out.nodes[i] = .box(b)
                case .pushClip(let r):
                    out.nodes[i] = .pushClip(Rect(x: r.minX, y: r.minY, width: max(1, r.width + dw), height: max(1, r.height + dh)))
                default: break
                }
            case 1: out.nodes[i] = scene.nodes[i]   // a fixed node that did not scroll
            case 2:
                if case .cell(var c) = out.nodes[i] { c.color = palette.randomElement(using: &rng)!; out.nodes[i] = .cell(c) }
            default:
                let n = randomNode(&rng, open: &open)
                if case .pushClip = n { continue }
                if case .popClip = n { continue }
                if case .pushClip = out.nodes[i] { continue }
                if case .popClip = out.nodes[i] { continue }
                out.nodes[i] = n
            }
        }
        return out
    }

    /// A node's frame origin, as `FlatScene` keys its movement.
    static func anchor(of node: SceneNode) -> Point {
        switch node {
        case .box(let b): return b.frame.origin
        case .label(let l): return l.frame.origin
        case .cell(let c): return c.frame.origin
        case .image(let i): return i.frame.origin
        case .field(let f): return f.frame.origin
        case .pushClip, .popClip: return .zero
        }
    }

    static func translated(_ node: SceneNode, dx: Double, dy: Double) -> SceneNode {
        switch node {
        case .box(var b): b.frame = b.frame.offsetBy(dx: dx, dy: dy); return .box(b)
        case .label(var l): l.frame = l.frame.offsetBy(dx: dx, dy: dy); return .label(l)
        case .cell(var c): c.frame = c.frame.offsetBy(dx: dx, dy: dy); return .cell(c)
        case .image(var i): i.frame = i.frame.offsetBy(dx: dx, dy: dy); return .image(i)
        case .field(var f): f.frame = f.frame.offsetBy(dx: dx, dy: dy); return .field(f)
        case .pushClip(let r): return .pushClip(r.offsetBy(dx: dx, dy: dy))
        case .popClip: return .popClip
        }
    }

    // MARK: - The model raster

    /// One value per logical pixel, sampled at pixel centres.
    struct Raster: Equatable {
        var width: Int, height: Int
        var pixels: [Int]
        init(_ size: Size) {
            width = Int(size.width); height = Int(size.height)
            pixels = Array(repeating: 0, count: width * height)
        }
    }

    /// Paints `scene` into the pixels of `raster` inside `region` only.
    static func paint(_ scene: Scene, into raster: inout Raster, region: Rect) {
        let x0 = max(0, Int(region.minX.rounded(.down))), x1 = min(raster.width, Int(region.maxX.rounded(.up)))
        let y0 = max(0, Int(region.minY.rounded(.down))), y1 = min(raster.height, Int(region.maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 { for x in x0..<x1 { raster.pixels[y * raster.width + x] = scene.background.hashValue } }
        var clips: [Rect] = []
        for node in scene.nodes {
            switch node {
            case .pushClip(let r): clips.append(clips.last.map { $0.intersection(r) } ?? r); continue
            case .popClip: _ = clips.popLast(); continue
            default: break
            }
            guard var b = node.paintBounds else { continue }
            if let c = clips.last { b = b.intersection(c) }
            let anchor = Self.anchor(of: node)
            var local = node
            local = translated(local, dx: -anchor.x, dy: -anchor.y)
            // A box looks the same all over, but for its edges and corners (below).
            let identity: Int
            if case .box(let box) = node {
                var h = Hasher()
                h.combine(box.color); h.combine(box.cornerRadius)
                identity = h.finalize()
            } else {
                identity = local.hashValue
            }
            for y in y0..<y1 {
                let cy = Double(y) + 0.5
                guard cy >= b.minY && cy < b.maxY else { continue }
                for x in x0..<x1 {
                    let cx = Double(x) + 0.5
                    guard cx >= b.minX && cx < b.maxX else { continue }
                    // Depends on what is below, and on the position inside the node (in whole
                    // pixels relative to its anchor: a whole-pixel move shifts the pattern exactly).
                    let lx = (cx - anchor.x).rounded(.down), ly = (cy - anchor.y).rounded(.down)
                    // An opaque box is one colour inside (clear of its rounded corners), whatever
                    // lies below; its edge blends with what is below, like any other node.
                    if case .box(let box) = node, box.color.alpha >= 1,
                       box.frame.insetBy(dx: box.cornerRadius + 1, dy: box.cornerRadius + 1).contains(Point(x: cx, y: cy)) {
                        raster.pixels[y * raster.width + x] = identity
                        continue
                    }
                    var h = Hasher()
                    h.combine(raster.pixels[y * raster.width + x]); h.combine(identity)
                    if case .box(let box) = node {
                        // Near an edge (or a corner) a pixel's coverage depends on its distance to
                        // that edge; elsewhere on nothing: a box's straight edges are the same all
                        // along them, and how far away its other edges are does not matter.
                        func reach(_ c: Double, _ low: Double, _ high: Double) -> Double {
                            let r = box.cornerRadius + 1
                            if c < low + r { return c - low }
                            if c >= high - r { return 1_000_000 + high - c }
                            return -1
                        }
                        h.combine(reach(cx, box.frame.minX, box.frame.maxX)); h.combine(reach(cy, box.frame.minY, box.frame.maxY))
                    } else {
                        h.combine(lx); h.combine(ly)
                    }
                    raster.pixels[y * raster.width + x] = h.finalize()
                }
            }
        }
    }

    /// Whether the update from `given` to `next` turns what the first shows into what the second
    /// shows: each as drawn, its boxes, clips, labels and picture cells on whole pixels (``FlatScene``).
    static func applyMatchesFullRepaint(_ given: Scene, _ next: Scene) -> Bool {
        let before = FlatScene(given).scene, after = FlatScene(next).scene
        let window = Rect(origin: .zero, size: after.size)
        var screen = Raster(after.size)
        paint(before, into: &screen, region: window)
        let update = SceneDamage.update(from: given, to: next)
        if let copy = update.copy {
            let dx = Int(copy.dx), dy = Int(copy.dy)
            let old = screen
            // The area is in whole pixels and inside the window; outside it the pixels stay.
            let a = copy.area
            guard a == a.intersection(window), a.minX == a.minX.rounded(), a.minY == a.minY.rounded(),
                  a.maxX == a.maxX.rounded(), a.maxY == a.maxY.rounded() else { return false }
            for y in Int(a.minY)..<Int(a.maxY) {
                for x in Int(a.minX)..<Int(a.maxX) {
                    let sx = x - dx, sy = y - dy
                    let inside = sx >= 0 && sx < old.width && sy >= 0 && sy < old.height
                    // Pixels with no source hold garbage until repainted.
                    screen.pixels[y * screen.width + x] = inside ? old.pixels[sy * old.width + sx] : -1
                }
            }
        }
        for rect in update.damage { paint(after, into: &screen, region: rect) }
        var expected = Raster(after.size)
        paint(after, into: &expected, region: window)
        return screen == expected
    }
}
