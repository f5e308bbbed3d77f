import Testing
@testable import TesseraCore

/// Random event sequences over random models and layouts: whatever a user does, the engine never
/// traps, the model keeps its invariants, and no item is lost or doubled.
@Suite struct EnginePropertyTests {
    static let batches = 20
    static let sequencesPerBatch = 5000  // 100,000 sequences in all

    @Test(arguments: 0..<batches)
    func randomSequencesKeepEveryItem(batch: Int) {
        var rng = SeededRandom(seed: 0xC0FFEE &+ UInt64(batch))
        var lifts = 0, commits = 0, cancels = 0, groupLifts = 0
        for n in 0..<Self.sequencesPerBatch {
            var model = SampleData.generated(count: Int(rng.next() % 24), sections: 1 + Int(rng.next() % 3), seed: rng.next())
            // Some folders to start with.
            for _ in 0..<Int(rng.next() % 3) {
                let ids = model.allIDs
                guard ids.count > 1 else { break }
                _ = try? model.drop(ids[Int(rng.next() % UInt64(ids.count))], onto: ids[Int(rng.next() % UInt64(ids.count))])
            }
            let plain = Set(plainIDs(model))
            let choice = LayoutChoice.allCases[Int(rng.next() % 3)]
            var layout = choice.layout
            if choice == .grid && rng.next() % 3 == 0 {
                var f = FlowLayout(); f.scrollDirection = .horizontal; layout = .grid(f)
            }
            var policy = DragPolicy()
            policy.reduceMotion = rng.next() % 5 == 0
            policy.reorderDwell = [0.5, 0.05, 0.2][Int(rng.next() % 3)]
            policy.folderDwell = [1.0, 0.1, 0.3][Int(rng.next() % 3)]
            let size = Size(width: Double(1 + rng.next() % 900), height: Double(1 + rng.next() % 700))
            let start = Engine(model: model, layout: layout, viewport: size, policy: policy)
            var engine = start
            var calls: [(InputEvent?, Double)] = []
            var t = 0.0
            let events = 4 + Int(rng.next() % 14)
            for _ in 0..<events {
                t += Double(rng.next() % 1000) / 1000 * (rng.next() % 2 == 0 ? 1.2 : 0.15)
                engine.advance(to: t)
                let event = randomEvent(&rng, engine: engine)
                calls += [(nil, t), (event, t)]
                let wasGroup = engine.session.lift.map { !$0.group.isEmpty } ?? false
                engine.handle(event, at: t)
                if !wasGroup, engine.session.lift.map({ !$0.group.isEmpty }) == true { groupLifts += 1 }
                for e in engine.takeEffects() {
                    switch e {
                    case .lifted: lifts += 1
                    case .commit(let log): commits += 1; #expect(!log.isEmpty)
                    case .cancelled: cancels += 1
                    default: break
                    }
                }
            }
            t += 2
            engine.advance(to: t)
            engine.handle(.pointerUp(Point(x: 1, y: 1)), at: t)
            // A keyboard lift ends by a key (a group's members are carried until then).
            if engine.isKeyboardLift { engine.handle(.key(.escape), at: t) }
            engine.advance(to: t + 1)
            _ = engine.scene()
            // Deterministic: the same calls on the same start reach the very same state, every part
            // of it (what a replayed trace relies on). One sequence in 25, to keep the run short.
            if n % 25 == 0 {
                var again = start
                for (event, time) in calls {
                    if let event { again.handle(event, at: time) } else { again.advance(to: time) }
                    _ = again.takeEffects()
                }
                again.advance(to: t)
                again.handle(.pointerUp(Point(x: 1, y: 1)), at: t)
                if again.isKeyboardLift { again.handle(.key(.escape), at: t) }
                again.advance(to: t + 1)
                var a = engine, b = again
                _ = a.takeEffects(); _ = b.takeEffects()
                if a != b {
                    Issue.record("batch \(batch) sequence \(n): the same calls reached another state")
                    return
                }
            }
            let problems = engine.model.checkInvariants()
            if !problems.isEmpty || Set(plainIDs(engine.model)) != plain || plainIDs(engine.model).count != plain.count {
                Issue.record("batch \(batch) sequence \(n): \(problems) ids \(plain.symmetricDifference(plainIDs(engine.model)))")
                return
            }
        }
        // The sequences must reach the interesting states, or passing means little.
        print("property batch \(batch): lifts \(lifts) (groups \(groupLifts)) commits \(commits) cancels \(cancels)")
        #expect(lifts > Self.sequencesPerBatch / 10 && commits > 20 && cancels > 100, "lifts \(lifts) commits \(commits) cancels \(cancels)")
        #expect(groupLifts > Self.sequencesPerBatch / 100, "group lifts \(groupLifts)")
    }

    func randomEvent(_ rng: inout SeededRandom, engine: Engine) -> InputEvent {
        let size = engine.viewport
        func point() -> Point {
            // Mostly on items (where things happen), sometimes anywhere, sometimes outside.
            let ids = engine.flatIDs
            if rng.next() % 3 != 0, !ids.isEmpty, let f = engine.drawnFrame(of: ids[Int(rng.next() % UInt64(ids.count))]) {
                return Point(x: f.minX + Double(rng.next() % 100) / 100 * f.width, y: f.minY + Double(rng.next() % 100) / 100 * f.height)
            }
            return Point(x: Double(rng.next() % UInt64(size.width + 80)) - 40, y: Double(rng.next() % UInt64(size.height + 80)) - 40)
        }
        switch rng.next() % 22 {
        // Some presses mark (Ctrl toggles, Shift ranges), so that holds lift groups.
        case 0...4: return .pointerDown(point(), [[], [], [.control], [.shift], [.control, .shift]][Int(rng.next() % 5)])
        case 5...10: return .pointerMove(point())
        case 11...12: return .pointerUp(point())
        case 13: return .wheel(dx: Double(Int(rng.next() % 400)) - 200, dy: Double(Int(rng.next() % 400)) - 200, at: point())
        case 14: return .key([.escape, .enter, .left, .down, .pageDown, .home, .end, .character("1"), .character("2"), .character("3")][Int(rng.next() % 10)])
        case 15: return .resize(Size(width: Double(1 + rng.next() % 1200), height: Double(1 + rng.next() % 900)))
        case 16: return .grabLost
        case 17: return .pointerLeft
        case 18: return .key([.character("a"), .space][Int(rng.next() % 2)], [.control])
        case 19: return .key([.left, .right, .up, .down][Int(rng.next() % 4)], [.shift])
        case 20: return .key(.space)
        default: return .pointerMove(point())
        }
    }

    /// The plain items' ids, but for those a click on a board list's "Add task" row made (the
    /// only edit besides moves that pointer events alone make): none of the first may go or double.
    func plainIDs(_ m: CollectionModel) -> [ItemID] {
        m.sections.flatMap(\.items).flatMap { $0.isFolder ? $0.children.map(\.id) : [$0.id] }.filter { !$0.rawValue.hasPrefix("new-") }
    }
}
