import Testing
@testable import TesseraCore

/// The edit log and hinted lookups under random edits: undo restores the model exactly, paths map
/// back to where each entry was, and a lookup from a stale hint finds what a scan finds.
@Suite struct EditLogTests {
    @Test(arguments: [7, 8, 9] as [UInt64])
    func randomEditsUndoAndMapPaths(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for round in 0..<200 {
            var model = SampleData.generated(count: 1 + Int(rng.next() % 40), sections: 1 + Int(rng.next() % 3), seed: rng.next())
            let original = model
            var log = EditLog()
            for _ in 0..<Int(1 + rng.next() % 8) {
                let ids = model.allIDs
                let id = ids[Int(rng.next() % UInt64(ids.count))], other = ids[Int(rng.next() % UInt64(ids.count))]
                let s = Int(rng.next() % UInt64(model.sections.count)), i = Int(rng.next() % 12)
                // A hint that is sometimes right, sometimes a few places off, sometimes absent.
                let hint = model.indexPath(of: id).map { IndexPath(section: $0.section, item: Swift.max(0, $0.item + Int(rng.next() % 5) - 2)) }
                let before = model
                do {
                    switch rng.next() % 4 {
                    case 0: try model.move(id, to: IndexPath(section: s, item: i), near: hint, log: &log)
                    case 1: try model.moveIntoFolder(id, folder: other, at: nil, near: hint, folderNear: nil, log: &log)
                    case 2: try model.drop(id, onto: other, near: hint, targetNear: nil, log: &log)
                    default: try model.moveOutOfFolder(id, to: IndexPath(section: s, item: i), near: hint, log: &log)
                    }
                } catch {
                    #expect(model == before, "round \(round): a refused edit changed the model")
                }
                #expect(model.checkInvariants().isEmpty)
            }
            // Every top-level entry maps back to where it was, or to nothing if the edits put it there.
            // A slot that became a folder maps to the item the folder replaced (which is inside it).
            // A folder the edits made takes the slot of the item it was dropped on: it maps there.
            func same(_ a: Item, _ b: Item) -> Bool {
                func made(_ f: Item) -> Bool { f.isFolder && original.indexPath(of: f.id) == nil }
                return a.id == b.id || made(a) || made(b)
            }
            for (s, section) in model.sections.enumerated() {
                for (i, item) in section.items.enumerated() {
                    let was = log.pathBefore(IndexPath(section: s, item: i))
                    if let p = was, let old = original.item(at: p) {
                        #expect(same(item, old), "round \(round): [\(s), \(i)] \(item.id) mapped to \(p) holding \(old.id)")
                    }
                }
            }
            // Hinted lookups agree with a scan, from any hint.
            for id in model.allIDs {
                let hint = IndexPath(section: Int(rng.next() % UInt64(model.sections.count)), item: Int(rng.next() % 50))
                #expect(model.indexPath(of: id, near: hint) == model.indexPath(of: id))
            }
            var undone = model
            let undoLog = log.undo(&undone)
            #expect(undone == original, "round \(round): undo did not restore the model")
            // The undo's own log maps the restored entries back to where they were before it.
            for (s, section) in undone.sections.enumerated() {
                for (i, item) in section.items.enumerated() {
                    if let p = undoLog.pathBefore(IndexPath(section: s, item: i)), let was = model.item(at: p) {
                        #expect(same(was, item))
                    }
                }
            }
        }
    }

    @Test func rotateMovesOneElementAndShiftsTheRest() {
        var rng = SeededRandom(seed: 3)
        for _ in 0..<500 {
            let n = 1 + Int(rng.next() % 30)
            var a = (0..<n).map { "s\($0)" }
            let from = Int(rng.next() % UInt64(n)), to = Int(rng.next() % UInt64(n))
            var expected = a
            expected.insert(expected.remove(at: from), at: to)
            a.rotate(from: from, to: to)
            #expect(a == expected)
        }
    }

    @Test func engineMoveRelaysOutAndCommits() throws {
        var s = EngineScript(model: SampleData.generated(count: 40, sections: 1, seed: 1))
        try s.engine.move("item-1", to: IndexPath(section: 0, item: 20), at: 0.1)
        #expect(s.engine.model.sections[0].items[20].id == "item-1")
        #expect(s.engine.flatIDs[0] == "item-2" && s.engine.flatIDs[20] == "item-1")
        // The commit carries the move's steps: out of slot 0, into slot 20.
        var expected = EditLog()
        expected.append(.removed(section: 0, index: 0, SampleData.generated(count: 40, sections: 1, seed: 1).sections[0].items[0]))
        expected.append(.inserted(section: 0, index: 20))
        #expect(s.engine.takeEffects() == [.commit(expected)])
        // Its neighbours slide aside; the snapshot already has the new order.
        #expect(s.engine.presentation.motions.count > 0)
        #expect(s.engine.snapshot.itemCount == 40)
        #expect(throws: ModelEditError.indexOutOfRange(IndexPath(section: 0, item: 41))) {
            try s.engine.move("item-1", to: IndexPath(section: 0, item: 41), at: 0.2)
        }
    }
}

/// `EditLog.PathsBefore` takes a log's runs in one go; it must map every path, and find every
/// folder, exactly as walking the log step by step does.
@Suite struct PathsBeforeTests {
    /// The log walked backwards one step at a time (what `pathBefore` did before the runs).
    static func stepwisePathBefore(_ log: EditLog, _ path: IndexPath) -> IndexPath? {
        var i = path.item
        for step in log.singleSteps.reversed() {
            switch step {
            case .inserted(let s, let ii, _) where s == path.section:
                if ii == i { return nil }
                if ii < i { i -= 1 }
            case .removed(let s, let ii, _) where s == path.section:
                if ii <= i { i += 1 }
            default: break
            }
        }
        return IndexPath(section: path.section, item: i)
    }

    static func stepwiseFolder(_ log: EditLog, thatHeld id: ItemID) -> ItemID? {
        for step in log.singleSteps {
            switch step {
            case .removed(_, _, let olds):
                if let old = olds.first, old.isFolder, old.children.contains(where: { $0.id == id }) { return old.id }
            case .replaced(_, _, let old):
                if old.isFolder, old.children.contains(where: { $0.id == id }) { return old.id }
            case .inserted, .retitled: break
            }
        }
        return nil
    }

    @Test(arguments: [21, 22, 23] as [UInt64])
    func runsMapAsStepsDo(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for round in 0..<150 {
            let (before, model, log) = try RandomEdits.make(&rng, round: round)
            let mapped = EditLog.PathsBefore(log)
            for s in model.sections.indices {
                for i in 0...(model.sections[s].items.count + 2) {
                    let path = IndexPath(section: s, item: i)
                    #expect(mapped.pathBefore(path) == Self.stepwisePathBefore(log, path), "round \(round): \(path) in \(log.steps)")
                }
            }
            let children = (before.sections + model.sections).flatMap { $0.items.flatMap { $0.children.map(\.id) } }
            for id in before.allIDs + model.allIDs + children {
                #expect(mapped.folder(thatHeld: id) == Self.stepwiseFolder(log, thatHeld: id), "round \(round): \(id)")
            }
        }
    }
}

/// Following an item across edits without a search of the collection when the edits took it out
/// (`AfterEdits`): wherever the item is after any edits, or whether it is gone, the answer must be
/// a scan's.
@Suite struct AfterEditsTests {
    @Test(arguments: [31, 32, 33] as [UInt64])
    func findsWhatAScanFinds(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for round in 0..<150 {
            let (before, model, log) = try RandomEdits.make(&rng, round: round)
            let after = AfterEdits(log.footprint)
            for id in before.allIDs + before.sections.flatMap({ $0.items.flatMap { $0.children.map(\.id) } }) + model.allIDs {
                let hint = before.indexPath(of: id)
                #expect(after.indexPath(of: id, near: hint, in: model) == model.indexPath(of: id), "round \(round): \(id)")
            }
        }
    }
}

/// A drop of many files is a run of inserts at consecutive places, logged as one step; its undo
/// cuts them out in one go and logs one removal of the block, and its redo splices them back in
/// one go.
@Suite struct EditLogRunTests {
    @Test func theUndoOfManyInsertsCutsOnceAndLogsEachRemoval() throws {
        var model = SampleData.generated(count: 5000, sections: 2, seed: 3)
        let original = model
        let made = (0..<1500).map { Item(id: ItemID("dropped-\($0 + 1)"), title: "f\($0)") }
        var log = EditLog()
        try model.insert(contentsOf: made, at: IndexPath(section: 1, item: 700), log: &log)
        #expect(log.steps == [.inserted(section: 1, index: 700, count: 1500)])
        let dropped = model
        let undo = log.undo(&model)
        #expect(model == original)
        #expect(undo.steps == [.removed(section: 1, index: 700, made)])
        #expect(model.freshIDs(prefix: "dropped-", count: 1) == ["dropped-1"])
        let redo = undo.undo(&model)
        #expect(model == dropped)
        #expect(redo == log)
        #expect(model.freshIDs(prefix: "dropped-", count: 1) == ["dropped-1501"])
        #expect(model.checkInvariants().isEmpty)
    }
}

/// A small collection and a run of random edits on it: moves into, out of and between folders,
/// drops onto items, batches of new items (a drop of files; sometimes undone at once, a run of
/// removals) and undos of everything so far. Returns the model before, the model after and the log.
enum RandomEdits {
    static func make(_ rng: inout SeededRandom, round: Int) throws -> (before: CollectionModel, after: CollectionModel, log: EditLog) {
        var model = SampleData.generated(count: 5 + Int(rng.next() % 40), sections: 1 + Int(rng.next() % 3), seed: rng.next())
        let before = model
        var log = EditLog()
        var made = 0
        for _ in 0..<Int(1 + rng.next() % 8) {
            let ids = model.allIDs
            let id = ids[Int(rng.next() % UInt64(ids.count))], other = ids[Int(rng.next() % UInt64(ids.count))]
            let s = Int(rng.next() % UInt64(model.sections.count))
            let i = Int(rng.next() % UInt64(model.sections[s].items.count + 1))
            switch rng.next() % 7 {
            case 0: try? model.move(id, to: IndexPath(section: s, item: Swift.max(0, i - 1)), near: nil, log: &log)
            case 1: try? model.moveIntoFolder(id, folder: other, at: nil, near: nil, folderNear: nil, log: &log)
            case 2: try? model.drop(id, onto: other, near: nil, targetNear: nil, log: &log)
            case 3: try? model.moveOutOfFolder(id, to: IndexPath(section: s, item: Swift.max(0, i - 1)), near: nil, log: &log)
            case 4, 5:
                let batch = (0..<Int(2 + rng.next() % 6)).map { k -> Item in
                    made += 1
                    return Item(id: ItemID("new-\(round)-\(made)-\(k)"), title: "f\(k)", icon: "file", color: .white)
                }
                var part = EditLog()
                try model.insert(contentsOf: batch, at: IndexPath(section: s, item: i), log: &part)
                if rng.next() % 3 == 0 { part.append(contentsOf: part.undo(&model)) }
                log.append(contentsOf: part)
            default:
                log.append(contentsOf: log.undo(&model))
            }
        }
        return (before, model, log)
    }
}
