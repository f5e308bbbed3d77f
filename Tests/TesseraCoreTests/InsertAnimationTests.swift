import Testing
@testable import TesseraCore

/// What an insert looks like: the frame of the edit draws what was there, the new tiles grow out
/// of their slots fading in, and the tiles pushed out of view slide out of the window with the
/// ones that stay instead of vanishing where they were.
@Suite struct InsertAnimationTests {
    /// Every cell drawn, by id, with its frame and opacity (a tile leaving is drawn too).
    static func cells(_ scene: Scene) -> [ItemID: (frame: Rect, alpha: Double)] {
        var out: [ItemID: (frame: Rect, alpha: Double)] = [:]
        for case .cell(let c) in scene.nodes where c.alpha > 0 { out[c.id] = (c.frame, c.alpha) }
        return out
    }

    static let three = (1...3).map { IncomingItem(title: "p\($0).png", icon: "camera", location: "file:///p\($0).png") }

    @Test func theEditsFrameDrawsWhatWasThereThenTheNewFadeInAndThePushedSlideOut() throws {
        var s = EngineScript(model: SampleData.generated(count: 40, sections: 1, seed: 1))
        s.wait(0.2)
        let before = Self.cells(s.engine.scene())
        let first = s.frame(ItemID(s.ids(0)[0]))
        s.send(.dropIn(Self.three, at: Point(x: first.minX + 3, y: first.midY)))
        // The edit's own frame: the same tiles in the same places, nothing new over them.
        let atEdit = Self.cells(s.engine.scene())
        #expect(atEdit.keys.sorted() == before.keys.sorted())
        for (id, c) in before { #expect(atEdit[id]?.frame == c.frame && atEdit[id]?.alpha == 1, "\(id)") }
        // The last tiles drawn are now below the window.
        let view = Rect(origin: .zero, size: s.engine.viewport)
        let pushed = before.keys.filter { id in
            guard let p = s.engine.model.indexPath(of: id), let j = s.engine.snapshot.flatIndex(of: p) else { return false }
            return !s.engine.snapshot.windowFrame(ofFlat: j, offsets: s.engine.offsets).intersects(view)
        }
        try #require(!pushed.isEmpty)
        s.wait(0.1)
        let midway = Self.cells(s.engine.scene())
        for id in ["dropped-1", "dropped-2", "dropped-3"] {
            let c = try #require(midway[ItemID(id)], "\(id) is fading in")
            #expect(c.alpha > 0.2 && c.alpha < 1)
        }
        for id in pushed {
            let c = try #require(midway[id], "\(id) is sliding out")
            #expect(c.frame.minY > before[id]!.frame.minY && c.alpha == 1, "\(id) slides down, whole")
        }
        s.wait(0.4)
        let settled = Self.cells(s.engine.scene())
        for id in ["dropped-1", "dropped-2", "dropped-3"] { #expect(settled[ItemID(id)]?.alpha == 1) }
        for id in pushed { #expect(settled[id] == nil, "\(id) is out of view") }
        #expect(s.engine.presentation.departures.isEmpty && s.engine.presentation.arrivals.isEmpty)
    }

    /// Under reduced motion the new tiles are there at once and the pushed ones gone.
    @Test func reducedMotionShowsTheEndAtOnce() {
        var policy = DragPolicy()
        policy.reduceMotion = true
        var s = EngineScript(model: SampleData.generated(count: 40, sections: 1, seed: 1), policy: policy)
        let first = s.frame(ItemID(s.ids(0)[0]))
        s.send(.dropIn(Self.three, at: Point(x: first.minX + 3, y: first.midY)))
        let cells = Self.cells(s.engine.scene())
        #expect(cells[ItemID("dropped-1")]?.alpha == 1)
        #expect(s.engine.presentation.departures.isEmpty)
    }

    /// The last cell drawn for `id` (a tile leaving is drawn after the surface's).
    static func node(_ id: ItemID, in scene: Scene) -> CellNode? {
        scene.nodes.lazy.compactMap { n -> CellNode? in if case .cell(let c) = n, c.id == id { c } else { nil } }.last
    }

    /// `id`'s slot in the engine's layout (content coordinates).
    static func slot(of id: ItemID, in engine: Engine) -> Rect? {
        engine.model.indexPath(of: id).flatMap { engine.snapshot.flatIndex(of: $0) }.map { engine.snapshot.frame(ofFlat: $0) }
    }

    /// The clip each cell is drawn in (nil: none), by id.
    static func clips(_ scene: Scene) -> [ItemID: Rect?] {
        var out: [ItemID: Rect?] = [:]
        var stack: [Rect] = []
        for node in scene.nodes {
            switch node {
            case .pushClip(let r): stack.append(r)
            case .popClip: _ = stack.popLast()
            case .cell(let c): out[c.id] = stack.last
            default: break
            }
        }
        return out
    }

    /// On a board, tiles an edit pushes below what their list shows slide out through the bottom
    /// of the list, drawn inside its clip, instead of vanishing where they were.
    @Test func aBoardListsPushedTilesSlideOutThroughItsBottom() throws {
        var s = EngineScript(model: SampleData.generated(count: 60, sections: 3, seed: 1), layout: .board(BoardLayout()),
                             viewport: Size(width: 1000, height: 400))
        s.wait(0.2)
        let before = Self.cells(s.engine.scene())
        let first = s.frame(ItemID(s.ids(0)[0]))
        s.send(.dropIn(Self.three, at: Point(x: first.midX, y: first.minY + 3)))
        #expect(s.engine.model.sections[0].items.count == 23, "the drop went into the first list")
        let leaving = s.engine.presentation.departures.map(\.item.id)
        try #require(!leaving.isEmpty, "the last tiles the list showed are pushed below it")
        s.wait(0.1)
        let midway = Self.cells(s.engine.scene()), clips = Self.clips(s.engine.scene())
        let list = s.engine.snapshot.toWindow(s.engine.snapshot.panes[0].frame, pane: nil, offsets: s.engine.offsets)
        for id in leaving {
            #expect(s.engine.model.indexPath(of: id)?.section == 0)
            let c = try #require(midway[id], "\(id) is drawn sliding out")
            #expect(c.frame.minY > before[id]!.frame.minY && c.frame.minX == before[id]!.frame.minX, "\(id) slides down its list")
            #expect(clips[id] == list, "\(id) is clipped by its list")
        }
        s.wait(1)
        let settled = Self.cells(s.engine.scene())
        for id in leaving { #expect(settled[id] == nil, "\(id) is out of view") }
        #expect(s.engine.presentation.departures.isEmpty)
    }

    /// A switch from a grid to a board: the grid's tiles whose places are below what their list
    /// shows fly into the list and out through its bottom, inside its clip, instead of vanishing
    /// in the switch's first frame: every tile the grid showed is drawn in it.
    @Test func aSwitchToABoardFliesTilesThroughTheirLists() throws {
        var s = EngineScript(model: SampleData.generated(count: 200, sections: 3, seed: 1), viewport: Size(width: 1024, height: 720))
        s.wait(0.2)
        let before = Self.cells(s.engine.scene())
        s.key(.character("3"))
        // The first frame of the board (its layout may be worked out a frame or two later).
        for _ in 0..<10 where s.engine.snapshot.panes.isEmpty { s.wait(1.0 / 60) }
        try #require(!s.engine.snapshot.panes.isEmpty)
        let scene = s.engine.scene()
        let first = Self.cells(scene), clips = Self.clips(scene)
        for id in before.keys { #expect(first[id] != nil, "\(id) is drawn in the switch's first frame") }
        let leaving = s.engine.presentation.departures.map(\.item.id)
        try #require(leaving.count >= 10, "the grid's lower rows are below what the first list shows")
        for id in leaving {
            let k = try #require(s.engine.model.indexPath(of: id).flatMap { s.engine.snapshot.sections[$0.section].pane })
            let list = s.engine.presentation.drawn(.pane(k), frame: s.engine.snapshot.toWindow(s.engine.snapshot.panes[k].frame, pane: nil,
                                                                                                 offsets: s.engine.offsets), at: s.engine.now)
            #expect(clips[id] == list, "\(id) is clipped by its list")
            // It takes the list's look on the way, as the tiles that stay do (a row, with its check).
            let node = try #require(Self.node(id, in: scene))
            let slot = try #require(Self.slot(of: id, in: s.engine))
            #expect(node.restingSize == slot.size && (node.showsCheck || node.isDone || node.isFolder), "\(id) rests as a row")
        }
        s.wait(3.0 / 60)
        let later = Self.cells(s.engine.scene())
        for id in leaving { #expect(later[id].map { $0.frame != before[id]!.frame } == true, "\(id) is on its way") }
        s.wait(1)
        let settled = Self.cells(s.engine.scene())
        for id in leaving { #expect(settled[id] == nil, "\(id) is out of view") }
        #expect(s.engine.presentation.departures.isEmpty && s.engine.nextDeadline == nil)
    }

    /// A switch from a board to a grid: the tiles the other lists showed fly out of the window to
    /// their places far below in the grid (pulled near, as far slides are), drawn the whole way,
    /// instead of vanishing in the switch's first frame and leaving those lists empty.
    @Test func aSwitchToAGridFliesTheOtherListsTilesOutOfView() throws {
        var s = EngineScript(model: SampleData.generated(count: 300, sections: 3, seed: 1), layout: .board(BoardLayout()),
                             viewport: Size(width: 1024, height: 720))
        s.wait(0.2)
        let before = Self.cells(s.engine.scene())
        let later = Set(s.ids(2).map { ItemID($0) })
        let shown = before.keys.filter { later.contains($0) }
        try #require(shown.count >= 5, "the third list shows tiles")
        s.key(.character("1"))
        s.wait(3.0 / 60)
        let scene = s.engine.scene()
        let midway = Self.cells(scene)
        for id in shown {
            let c = try #require(midway[id], "\(id) is drawn flying out")
            #expect(c.alpha == 1)
            // It takes the grid's look on the way: it rests at its grid slot's size.
            let node = try #require(Self.node(id, in: scene))
            let slot = try #require(Self.slot(of: id, in: s.engine))
            #expect(node.restingSize == slot.size, "\(id) rests as a grid tile")
            #expect(c.frame.minY > before[id]!.frame.minY || c.frame.minX < before[id]!.frame.minX, "\(id) is on its way")
        }
        s.wait(1)
        let settled = Self.cells(s.engine.scene())
        for id in shown { #expect(settled[id] == nil, "\(id) is out of view") }
        #expect(s.engine.presentation.departures.isEmpty)
        #expect(s.engine.nextDeadline == nil)
    }

    /// The undo of the insert: the pushed tiles come back from below as any slide does, and the
    /// redo's frame again draws what was there.
    @Test func undoAndRedoDrawTheirFirstFrameAsItWas() {
        var s = EngineScript(model: SampleData.generated(count: 40, sections: 1, seed: 1))
        let first = s.frame(ItemID(s.ids(0)[0]))
        s.send(.dropIn(Self.three, at: Point(x: first.minX + 3, y: first.midY)))
        s.wait(0.6)
        s.send(.key(.character("z"), [.control]))
        s.wait(0.6)
        let before = Self.cells(s.engine.scene())
        s.send(.key(.character("z"), [.control, .shift]))
        let atRedo = Self.cells(s.engine.scene())
        #expect(atRedo.keys.sorted() == before.keys.sorted())
        for (id, c) in before { #expect(atRedo[id]?.frame == c.frame, "\(id)") }
    }
}

/// Tiles leaving the surface belong to it: drawn over its cells, under whatever opens on top.
@Suite struct DepartureLayerTests {
    /// The scene's cells in drawing order, by id.
    static func order(_ scene: Scene) -> [String] {
        scene.nodes.compactMap { if case .cell(let c) = $0 { c.id.rawValue } else { nil } }
    }

    /// A tile deleted just before a folder opens shrinks away under the folder's panel.
    @Test func aTileShrinkingAwayIsDrawnUnderAFolderOpenedMeanwhile() throws {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        var s = EngineScript(model: m)
        s.key(.right)
        s.key(.right)
        let gone = try #require(s.engine.navigation.selection)
        s.key(.delete)
        #expect(s.engine.model.item(withID: gone) == nil)
        let c = s.center("folder-1")
        s.down(c)
        s.wait(0.05)
        s.up(c)
        #expect(s.engine.overlay == .folder("folder-1"))
        let scene = s.engine.scene()
        let cells = Self.order(scene)
        let leaving = try #require(cells.firstIndex(of: gone.rawValue), "\(gone) is still shrinking away")
        let scrim = try #require(scene.nodes.firstIndex { if case .box(let b) = $0 { b.frame.size == s.engine.viewport } else { false } })
        let leavingNode = try #require(scene.nodes.firstIndex { if case .cell(let c) = $0 { c.id == gone } else { false } })
        #expect(leavingNode < scrim, "drawn under the panel's scrim")
        // The folder's own items, drawn in the panel, come after it.
        #expect(cells.suffix(2).sorted() == ["item-1", "item-2"] && leaving < cells.count - 2)
    }
}
