import Testing
@testable import TesseraCore

/// Issue 15, polish: a folder's panel and an item's details grow out of their tile, the surface
/// dimming with them, and shrink back into it when closed (Escape included).
@Suite struct OverlayTransitionTests {
    func withFolder(policy: DragPolicy = DragPolicy()) throws -> EngineScript {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        try m.drop("item-3", onto: "folder-1")
        return EngineScript(model: m, policy: policy)
    }
    /// The panels on top: the box right after each scrim (a box over the whole window).
    func panels(_ s: EngineScript) -> [Rect] {
        let nodes = s.engine.scene().nodes, window = Rect(origin: .zero, size: s.engine.viewport)
        return nodes.indices.compactMap { i in
            guard i + 1 < nodes.count, case .box(let scrim) = nodes[i], scrim.frame == window,
                  case .box(let panel) = nodes[i + 1] else { return nil }
            return panel.frame
        }
    }
    func scrim(_ s: EngineScript) -> Double? {
        s.engine.scene().nodes.lazy.compactMap {
            if case .box(let b) = $0, b.frame == Rect(origin: .zero, size: s.engine.viewport) { b.color.alpha } else { nil }
        }.first
    }

    @Test func aFolderGrowsOutOfItsTileAndShrinksBackIntoIt() throws {
        var s = try withFolder()
        let tile = s.frame("folder-1")
        let c = tile.center
        s.down(c); s.wait(0.05); s.up(c)
        let full = s.engine.folderPanel!.panel
        let first = panels(s).last!
        #expect(abs(first.minX - tile.minX) < 2 && abs(first.width - tile.width) < 2, "it starts as the tile: \(first) \(tile)")
        #expect((scrim(s) ?? 1) < 0.05)
        s.wait(0.1)
        let mid = panels(s).last!
        #expect(mid.width > tile.width + 20 && mid.width < full.width - 5, "on its way: \(mid)")
        s.wait(0.25)
        #expect(panels(s).last == full && scrim(s) == SceneStyle.standard.scrim.alpha)
        // Escape: closed at once (the surface takes input) and shrinking back into the tile.
        s.key(.escape)
        #expect(s.engine.overlay == nil && s.engine.folderPanel == nil)
        s.wait(0.1)
        let closing = panels(s).last!
        #expect(closing.width < full.width - 20 && closing.width > tile.width, "shrinking: \(closing)")
        s.wait(0.3)
        #expect(!panels(s).contains(full) && scrim(s) == nil && s.engine.nextDeadline == nil)
    }

    @Test func detailsGrowOutOfTheirTile() {
        var s = EngineScript()
        let tile = s.frame("item-4")
        s.down(tile.center); s.wait(0.02); s.up(tile.center)
        let first = panels(s).first!
        #expect(abs(first.midX - tile.midX) < 2 && first.width < tile.width + 4, "\(first) vs \(tile)")
        s.wait(0.4)
        #expect(panels(s).first == s.engine.detailPanel)
    }

    @Test func underReducedMotionTheyOpenAtOnce() throws {
        var policy = DragPolicy()
        policy.reduceMotion = true
        var s = try withFolder(policy: policy)
        let c = s.center("folder-1")
        s.down(c); s.up(c)
        #expect(panels(s).last == s.engine.folderPanel!.panel && s.engine.presentation.overlayTransition == nil)
        s.key(.escape)
        #expect(panels(s).isEmpty)
    }
}
