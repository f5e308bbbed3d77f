import Testing
@testable import TesseraCore

/// A spring eases its last pixel over many frames. Drawn on whole pixels (``FlatScene``), the
/// tiles, the section's card, the board's lists and their clips stop changing on screen once they
/// are within half a pixel of rest, so the end of an animation costs next to nothing to draw:
/// before, every frame of a layout switch's tail repainted the whole window.
@Suite struct SettlingDamageTests {
    static let viewport = Size(width: 1280, height: 800)

    /// The share of the window each frame of the switch to `key` (from `start`) repaints, until
    /// the engine stops animating.
    static func repaintedShares(from start: [String], to key: String) -> [Double] {
        var s = EngineScript(model: SampleData.generated(count: 2000, sections: 1, seed: 4), layout: .grid(FlowLayout()),
                             viewport: viewport)
        for k in start {
            s.key(.character(k))
            for _ in 0..<120 { s.wait(1.0 / 60) }
        }
        s.key(.character(key))
        var shown = FlatScene(s.engine.scene())
        var shares: [Double] = []
        while s.engine.nextDeadline != nil && shares.count < 600 {
            s.wait(1.0 / 60)
            let next = FlatScene(s.engine.scene())
            let update = SceneDamage.update(from: shown, to: next)
            let area = update.damage.reduce(0) { $0 + $1.width * $1.height }
            shares.append(area / (viewport.width * viewport.height))
            shown = next
        }
        return shares
    }

    @Test(arguments: [([String](), "2"), (["2"], "3"), (["2", "3"], "1")])
    func theTailOfALayoutSwitchRepaintsLittle(_ start: [String], _ key: String) {
        let shares = Self.repaintedShares(from: start, to: key)
        #expect(shares.count > 20, "the switch animates")
        #expect(shares.filter { $0 == 1 }.count >= 10, "its frames in flight move every tile: \(shares)")
        // The last frames ease the final half pixel: at most a list's creeping edge is redrawn.
        #expect(shares.suffix(8).allSatisfy { $0 < 0.1 }, "\(shares)")
    }
}
