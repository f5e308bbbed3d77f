import Testing
@testable import TesseraCore

/// Another app's drag over the window shows what a carried item's would (the gap bar, a folder's
/// dwell, the edge autoscroll), and its drop lands where that said.
@Suite struct IncomingDragTests {
    static let two = [IncomingItem(title: "a.png", icon: "camera"), IncomingItem(title: "b.png", icon: "camera")]

    /// Sample data with item-2 dropped onto item-1: a folder first in section 0.
    func withFolder() throws -> EngineScript {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        return EngineScript(model: m)
    }

    func gapBar(_ s: EngineScript) -> BoxNode? { s.engine.gapBar(style: .standard) }

    @Test func aGapShowsItsBarAndPartsItsNeighboursThenTheDropLandsThere() throws {
        var s = EngineScript()
        let ids = s.ids(0)
        let third = s.frame(ItemID(ids[2]))
        let p = Point(x: third.minX + 3, y: third.midY)
        s.send(.dragOver(p))
        #expect(s.engine.session.incoming?.hover?.target == .gap(section: 0, index: 2))
        #expect(gapBar(s) != nil, "the bar marks the gap at once")
        s.wait(0.4)
        #expect(s.engine.partedCells().map(\.id.rawValue) == [ids[1], ids[2]], "the neighbours part as the dwell runs")
        s.send(.dropIn(Self.two, at: p))
        #expect(s.engine.session.phase == .idle && gapBar(s) == nil)
        #expect(Array(s.ids(0)[2...3]) == ["dropped-1", "dropped-2"])
    }

    @Test func aFolderTakesTheDropOnlyAfterItsDwell() throws {
        var s = try withFolder()
        let folderID = try #require(s.engine.model.item(at: IndexPath(section: 0, item: 0))?.id)
        let held = try #require(s.engine.model.item(at: IndexPath(section: 0, item: 0))?.children.map(\.id.rawValue))
        let centre = s.frame(folderID).center
        s.send(.dragOver(centre))
        #expect(s.engine.session.incoming?.hover?.target == .into(IndexPath(section: 0, item: 0)))
        s.wait(0.3)
        let growing = try #require(s.engine.dwellGrowth())
        #expect(growing.id == folderID && growing.progress > 0.2 && growing.progress < 0.5, "the folder grows through its dwell")
        // Released before the dwell ran out: beside the folder, not in it.
        var early = s
        early.send(.dropIn(Self.two, at: centre))
        #expect(early.engine.model.item(at: IndexPath(section: 0, item: 0))?.children.count == held.count)
        #expect(early.ids(0).contains("dropped-1"))
        // After it: into the folder, in order, after what it held.
        s.wait(policy: 1.0)
        s.send(.dropIn(Self.two, at: centre))
        let children = s.engine.model.item(at: IndexPath(section: 0, item: 0))?.children.map(\.id.rawValue)
        #expect(children == held + ["dropped-1", "dropped-2"])
        #expect(!s.ids(0).contains("dropped-1"))
    }

    @Test func aPlainItemHeldThroughItsDwellBecomesAFolderWithTheDrop() throws {
        var s = EngineScript()
        let start = s.engine.model
        let ids = s.ids(0)
        let target = ItemID(ids[3])
        let centre = s.frame(target).center
        s.send(.dragOver(centre))
        #expect(s.engine.session.incoming?.hover?.target == .into(IndexPath(section: 0, item: 3)))
        s.wait(policy: 0.1)
        s.send(.dropIn(Self.two, at: centre))
        let folder = try #require(s.engine.model.item(at: IndexPath(section: 0, item: 3)))
        #expect(folder.isFolder && folder.children.map(\.id) == [target, "dropped-1", "dropped-2"], "\(folder.children.map(\.id))")
        #expect(s.ids(0).count == ids.count, "in the item's place; nothing beside it")
        #expect(s.effects.commitCount == 1)
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start, "one undo: the item back, no folder, no new items")
    }

    /// Where `id` is drawn in the scene now.
    func drawnFrame(_ s: EngineScript, _ id: ItemID) -> Rect? {
        for node in s.engine.scene().nodes { if case .cell(let c) = node, c.id == id { return c.frame } }
        return nil
    }

    @Test func leavingAGapLetsItsNeighboursSlideBack() {
        var s = EngineScript()
        let a = s.frame("item-3"), b = s.frame("item-4")
        s.send(.dragOver(Point(x: (a.maxX + b.minX) / 2, y: a.midY)))
        s.wait(0.4)
        let parted = drawnFrame(s, "item-3")!
        #expect(parted.minX < a.minX - 5, "parted beside the gap")
        s.send(.dragLeft)
        s.wait(1.0 / 60)
        let next = drawnFrame(s, "item-3")!
        #expect(abs(next.minX - parted.minX) < 4, "slides back, no jump: \(parted.minX) -> \(next.minX)")
        s.wait(0.6)
        #expect(drawnFrame(s, "item-3") == a)
    }

    @Test func restingNearTheBottomEdgeScrollsAndLeavingShowsNothing() {
        var s = EngineScript()
        let p = Point(x: 280, y: 395)
        s.send(.dragOver(p))
        let before = s.engine.offsets.root.y
        s.wait(1.0)
        #expect(s.engine.offsets.root.y > before + 100, "the surface scrolls under a resting drag: \(s.engine.offsets.root.y)")
        s.send(.dragLeft)
        #expect(s.engine.session.phase == .idle && gapBar(s) == nil && s.engine.partedCells().isEmpty)
        let y = s.engine.offsets.root.y
        s.wait(0.5)
        #expect(s.engine.offsets.root.y == y, "and stops when it leaves")
        #expect(s.engine.nextDeadline == nil || s.engine.nextDeadline! > s.t + 0.5, "idle again")
    }
}

extension EngineScript {
    /// Waits until the folder dwell of `engine.policy` has surely run out.
    mutating func wait(policy extra: Double) { wait(engine.policy.folderDwell + extra) }
}
