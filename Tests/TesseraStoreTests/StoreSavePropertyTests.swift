import Testing
@testable import TesseraCore
@testable import TesseraStore

/// Thousands of seeded random edits (moves, drops onto items and folders, moves into and out of
/// folders, folders made, emptied and dissolved, renames of items and sections, done marks, items
/// added and deleted), saved in batches of random size as the save
/// worker would merge them: after every save the store reads back as the model, and a save never
/// writes more than its edits touched (plus, rarely, a renumbered window).
@Suite struct StoreSavePropertyTests {
    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func everySaveReadsBackAsTheModel(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        var model = SampleData.generated(count: 400, sections: 3, seed: seed)
        let store = try makeStore(model, in: makeStoreDirectory("property"))
        var pending = EditLog()
        var edits = 0, saves = 0, rows = 0, rewrites = 0
        for step in 0..<1500 {
            let all = model.allIDs
            let id = all[Int(rng.next() % UInt64(all.count))]
            let other = all[Int(rng.next() % UInt64(all.count))]
            let s = Int(rng.next() % UInt64(model.sections.count))
            let i = Int(rng.next() % 200)
            var log = EditLog()
            do {
                switch rng.next() % 10 {
                case 5: try model.rename(id, to: "t\(rng.next() % 50) 名", near: nil, log: &log)
                case 6: try model.setDone(id, rng.next() % 2 == 0, near: nil, log: &log)
                case 7: try model.retitleSection(s, to: "S\(rng.next() % 9)", log: &log)
                case 8: try model.insert(Item(id: model.freshID(prefix: "new-"), title: "n"),
                                         at: IndexPath(section: s, item: min(i, model.sections[s].items.count)), log: &log)
                case 9: if rng.next() % 3 == 0 { try model.delete(id, near: nil, log: &log) }
                case 0, 1: try model.move(id, to: IndexPath(section: s, item: min(i, model.sections[s].items.count - 1)), near: nil, log: &log)
                case 2: try model.moveIntoFolder(id, folder: other, at: rng.next() % 2 == 0 ? nil : i % 3, near: nil, folderNear: nil, log: &log)
                case 3: try model.drop(id, onto: other, near: nil, targetNear: nil, log: &log)
                case 4: try model.moveOutOfFolder(id, to: IndexPath(section: s, item: min(i, model.sections[s].items.count)), near: nil, log: &log)
                default: break
                }
                edits += 1
                pending.append(contentsOf: log)
            } catch {
                // A refused edit (a done item, a folder into a folder…) changes nothing.
            }
            // Save after a random number of edits (the worker merges what waits).
            if rng.next() % 3 == 0 || step == 1499 {
                let r = try store.save(model, footprint: pending.footprint)
                #expect(!r.rewroteAll, "step \(step): the store lost track")
                rows += r.rows
                rewrites += r.rewroteAll ? 1 : 0
                saves += 1
                pending = EditLog()
                if saves % 25 == 0 || step == 1499 {
                    #expect(try store.readAll() == model, "step \(step)")
                }
            }
        }
        #expect(edits > 500)
        #expect(try store.readAll() == model)
        print("seed \(seed): \(edits) edits in \(saves) saves wrote \(rows) rows (\(rewrites) whole rewrites)")
        #expect(Double(rows) / Double(edits) < 6)
    }
}

