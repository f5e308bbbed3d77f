import CustomDump
@testable import TesseraCore

/// Drives an engine like a user with a manual clock: events read like a story
/// (down, wait 0.5 s, expect lifted, move, wait the dwell, up). Waiting runs frames at 60 Hz.
struct EngineScript {
    var engine: Engine
    var t: Double = 0
    var effects: [EngineEffect] = []

    init(model: CollectionModel = SampleData.generated(count: 40, sections: 2, seed: 1),
         layout: LayoutConfiguration = .grid(EngineScript.grid),
         viewport: Size = Size(width: 560, height: 400), policy: DragPolicy = DragPolicy()) {
        engine = Engine(model: model, layout: layout, viewport: viewport, policy: policy, now: 0)
    }

    /// 96 px cells, 5 per line in 560 px, no header or footer: easy to aim at.
    static var grid: FlowLayout {
        var f = FlowLayout()
        f.headerLength = 0
        f.footerLength = 0
        f.sectionInsets = Insets(all: 10)
        return f
    }

    mutating func send(_ e: InputEvent) {
        engine.handle(e, at: t)
        effects += engine.takeEffects()
    }
    mutating func down(_ p: Point) { send(.pointerDown(p)) }
    mutating func move(_ p: Point) { send(.pointerMove(p)) }
    mutating func up(_ p: Point) { send(.pointerUp(p)) }

    /// Clicks tile `id` (a folder opens, an item's details) and waits for it to grow open.
    mutating func clickOpen(_ id: ItemID) {
        let c = center(id)
        down(c)
        up(c)
        wait(0.5)
    }
    mutating func key(_ k: Key) { send(.key(k)) }

    /// Lets time pass in 60 Hz frames.
    mutating func wait(_ seconds: Double, frame: Double = 1.0 / 60) {
        let end = t + seconds
        while t < end - 1e-9 {
            t = Swift.min(end, t + frame)
            engine.advance(to: t)
            effects += engine.takeEffects()
        }
    }

    /// Glides the pointer to `p` in `steps` moves over `seconds`.
    mutating func glide(to p: Point, steps: Int = 10, seconds: Double = 0.1) {
        let from = engine.pointer ?? p
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            wait(seconds / Double(steps))
            move(Point(x: from.x + (p.x - from.x) * f, y: from.y + (p.y - from.y) * f))
        }
    }

    func center(_ id: ItemID) -> Point { engine.drawnFrame(of: id)!.center }
    /// How far the open folder's items are scrolled.
    var folderOffset: Double { engine.scroll.folderOffset }
    /// Where a child of the open folder is laid out now (window coordinates, before animation).
    func folderFrame(_ id: ItemID) -> Rect? {
        guard let panel = engine.folderPanel, let c = panel.children.firstIndex(where: { $0.id == id }) else { return nil }
        return panel.frame(ofChild: c, offset: folderOffset)
    }
    func frame(_ id: ItemID) -> Rect { engine.drawnFrame(of: id)! }
    func ids(_ section: Int) -> [String] { engine.model.sections[section].items.map(\.id.rawValue) }

    /// Rests the carried item at `p` (a step off where it is, so the dwell starts) through the
    /// reorder dwell, and says whether the gap there is beside where `id` went in section 0 and
    /// that index: what a test of "the drop lands where the pointer rests" asks.
    mutating func dwellLandsBesideItself(_ id: String, at p: Point) -> (landsBeside: Bool, index: Int) {
        move(p)
        wait(0.6)
        let landed = engine.snapshot.dropTarget(at: p, offsets: engine.offsets, previous: nil)
        let index = ids(0).firstIndex(of: id)!
        return (landed == .gap(section: 0, index: index) || landed == .gap(section: 0, index: index + 1), index)
    }

    #if DEBUG
    /// The items `body` and the scene after it read out of the model (`ItemReads`, debug builds):
    /// what a step costs, to compare over a small and a large collection.
    mutating func itemReads(_ body: (inout EngineScript) -> Void) -> Int {
        let reads = ItemReadCounter()
        ItemReads.$counter.withValue(reads) {
            body(&self)
            _ = engine.scene()
        }
        return reads.count
    }
    #endif

    /// Presses on an item and holds until it lifts.
    mutating func lift(_ id: ItemID) {
        down(center(id))
        wait(engine.policy.liftDelay + 0.02)
    }

    // MARK: - Whole-state steps (The Composable Architecture's TestStore)

    /// Sends `event` now and asserts the whole engine afterwards: the state before it, changed
    /// by `expected`. Effects the step posted are part of the state asserted (`outbox`), then
    /// move to `effects`.
    mutating func send(_ event: InputEvent, assert expected: (inout Engine) throws -> Void,
                       fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                       line: UInt = #line, column: UInt = #column) rethrows {
        var want = engine
        try expected(&want)
        engine.handle(event, at: t)
        want.now = t
        expectNoDifference(engine, want, fileID: fileID, filePath: filePath, line: line, column: column)
        effects += engine.takeEffects()
    }

    /// Lets time pass in 60 Hz frames, then asserts the whole engine as `send(_:assert:)` does.
    mutating func wait(_ seconds: Double, assert expected: (inout Engine) throws -> Void,
                       fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                       line: UInt = #line, column: UInt = #column) rethrows {
        var want = engine
        try expected(&want)
        // 60 Hz frames, the last one exactly at the end (no drift short of it).
        let end = t + seconds
        while t < end {
            t = end - t <= 1.0 / 60 + 1e-9 ? end : t + 1.0 / 60
            engine.advance(to: t)
        }
        want.now = t
        expectNoDifference(engine, want, fileID: fileID, filePath: filePath, line: line, column: column)
        effects += engine.takeEffects()
    }
}

extension Array where Element == EngineEffect {
    /// Whether a commit (of any edits) is among the effects.
    var hasCommit: Bool { contains { if case .commit = $0 { true } else { false } } }
    /// How many commits are among the effects.
    var commitCount: Int { filter { if case .commit = $0 { true } else { false } }.count }
}
