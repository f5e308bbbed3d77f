import Foundation
import Testing
@testable import TesseraCore
@testable import TesseraStore

/// Saving what changed: each kind of edit writes the rows it changed and no others, and the store
/// then reads back as the model.
@Suite struct StoreSaveTests {
    let dir = makeStoreDirectory("save")

    /// Applies `body`'s edits to `model`, saves them, checks the store reads back as the model,
    /// and returns how many rows the save wrote.
    func save(_ store: CollectionStore, _ model: inout CollectionModel,
              _ body: (inout CollectionModel, inout EditLog) throws -> Void) throws -> CollectionStore.SaveReport {
        var log = EditLog()
        try body(&model, &log)
        let before = store.db.totalChanges
        let report = try store.save(model, footprint: log.footprint)
        #expect(store.db.totalChanges - before == report.rows, "the report counts every row written")
        #expect(try store.readAll() == model)
        return report
    }

    /// Items dropped from files keep their location: an insert writes it beside the row, a delete
    /// takes it away; other saves do not touch the table.
    @Test func locationsAreSavedWithTheirItemsAndGoWithThem() throws {
        var m = SampleData.generated(count: 200, sections: 2, seed: 1)
        let store = try makeStore(m, in: dir)
        let report = try save(store, &m) { model, log in
            for (k, name) in ["a.png", "b.txt"].enumerated() {
                let id = ItemID("dropped-\(k + 1)")
                try model.insert(Item(id: id, title: name, icon: "camera"), at: IndexPath(section: 1, item: 3 + k), log: &log)
                model.locations[id] = "file:///tmp/" + name
            }
        }
        #expect(report.rows == 4, "two items and their two locations")
        #expect(try store.readAll().locations == ["dropped-1": "file:///tmp/a.png", "dropped-2": "file:///tmp/b.txt"])
        var log = EditLog()
        _ = try m.delete("dropped-1", near: nil, log: &log)
        let deleted = try store.save(m, footprint: log.footprint)
        #expect(deleted.rows >= 2, "the item's row and its location's")
        #expect(try store.readAll().locations == ["dropped-2": "file:///tmp/b.txt"])
        #expect(m.presentLocations == ["dropped-2": "file:///tmp/b.txt"], "the model keeps the entry for an undo; a writer keeps only the present")
    }

    @Test func aMoveWritesOneRow() throws {
        var m = SampleData.generated(count: 3000, sections: 3, seed: 1)
        let store = try makeStore(m, in: dir)
        // Within a section, far down; across sections; to the very start and the very end.
        let moves: [(ItemID, IndexPath)] = [("item-1", IndexPath(section: 0, item: 700)),
                                             ("item-5", IndexPath(section: 2, item: 3)),
                                             ("item-9", IndexPath(section: 1, item: 0)),
                                             ("item-12", IndexPath(section: 1, item: 1000))]
        for (id, to) in moves {
            let r = try save(store, &m) { try $0.move(id, to: to, near: nil, log: &$1) }
            #expect(r == .init(rows: 1, renumbered: 0, rewroteAll: false), "moving \(id) to \(to)")
        }
    }

    @Test func folderEditsWriteTheirRowsOnly() throws {
        var m = SampleData.generated(count: 600, sections: 3, seed: 2)
        let store = try makeStore(m, in: dir)
        // Dropping one item onto another makes a folder: the folder's row, and both items moved in.
        var folder: ItemID = ""
        var r = try save(store, &m) { folder = try $0.drop("item-3", onto: "item-8", near: nil, targetNear: nil, log: &$1) }
        #expect(r.rows == 3 && !r.rewroteAll)
        // Into the folder: one row.
        r = try save(store, &m) { try $0.moveIntoFolder("item-20", folder: folder, at: 1, near: nil, folderNear: nil, log: &$1) }
        #expect(r.rows == 1)
        // Reordered inside it: one row.
        r = try save(store, &m) { try $0.moveIntoFolder("item-20", folder: folder, at: 0, near: nil, folderNear: nil, log: &$1) }
        #expect(r.rows == 1)
        // The folder to another section: one row, its items untouched.
        let at = m.indexPath(of: folder)!
        r = try save(store, &m) { try $0.move(folder, to: IndexPath(section: 2, item: 5), near: at, log: &$1) }
        #expect(r.rows == 1)
        // One item out: one row. The next leaves one behind: the folder dissolves into it (the
        // folder's row deleted, the item's moved to the top level, the moved one's written).
        r = try save(store, &m) { try $0.moveOutOfFolder("item-20", to: IndexPath(section: 0, item: 0), near: nil, log: &$1) }
        #expect(r.rows == 1)
        r = try save(store, &m) { try $0.moveOutOfFolder("item-3", to: IndexPath(section: 1, item: 2), near: nil, log: &$1) }
        #expect(r.rows == 3)
        #expect(m.item(withID: folder) == nil)
    }

    @Test func aDragWithManyReordersSavesAsOneChange() throws {
        var m = SampleData.generated(count: 900, sections: 3, seed: 3)
        let store = try makeStore(m, in: dir)
        let r = try save(store, &m) { m, log in
            for to in [4, 40, 12, 250, 251, 3] { try m.move("item-2", to: IndexPath(section: 0, item: to), near: nil, log: &log) }
        }
        #expect(r.rows == 1)
    }

    @Test func renumberingMakesRoomWhenAGapRunsOut() throws {
        // Items moved one after the other into the same gap halve it each time: after ~32 moves
        // its keys touch and a window around it is renumbered, then moves are one row again.
        var m = SampleData.generated(count: 2000, sections: 1, seed: 5)
        let store = try makeStore(m, in: dir)
        var rows = 0, renumbered = 0, saves = 0
        let movable = m.sections[0].items[1100...].filter { !$0.done && !$0.isFolder }.prefix(300).map(\.id)
        #expect(movable.count == 300)
        for id in movable {
            // Always just before item-1000 (it stays untouched), from far away.
            let target = m.indexPath(of: "item-1000")!
            var log = EditLog()
            try m.move(id, to: target, near: nil, log: &log)
            let r = try store.save(m, footprint: log.footprint)
            rows += r.rows
            renumbered += r.renumbered
            saves += 1
        }
        #expect(try store.readAll() == m)
        #expect(renumbered > 0, "the gap ran out and was renumbered")
        // Amortised: a handful of rows a move, not the section.
        #expect(Double(rows) / Double(saves) < 8, "\(rows) rows for \(saves) moves")
        print("renumbering: \(saves) moves into one gap wrote \(rows) rows, \(renumbered) of them renumbered")
    }

    @Test func prependingAndAppendingForeverKeepsFullGaps() throws {
        var m = SampleData.generated(count: 50, sections: 1, seed: 6)
        let store = try makeStore(m, in: dir)
        for k in 0..<200 {
            var log = EditLog()
            let n = m.sections[0].items.count
            if k % 2 == 0 {
                try m.move(m.sections[0].items[n - 1].id, to: IndexPath(section: 0, item: 0), near: nil, log: &log)
            } else {
                try m.move(m.sections[0].items[0].id, to: IndexPath(section: 0, item: n - 1), near: nil, log: &log)
            }
            #expect(try store.save(m, footprint: log.footprint).rows == 1)
        }
        #expect(try store.readAll() == m)
    }

    @Test func aStoreThatMissedAChangeIsRewrittenWhole() throws {
        var m = SampleData.generated(count: 300, sections: 3, seed: 7)
        let store = try makeStore(m, in: dir)
        // A change never saved…
        try m.move("item-1", to: IndexPath(section: 2, item: 0))
        // …then one that is, next to it: its neighbour is not stored where the edits say.
        var log = EditLog()
        try m.move("item-2", to: IndexPath(section: 2, item: 1), near: nil, log: &log)
        let r = try store.save(m, footprint: log.footprint)
        #expect(r.rewroteAll)
        #expect(try store.readAll() == m)
    }

    @Test func sectionTitlesAndOrderAreKept() throws {
        var m = SampleData.model()
        let store = try makeStore(m, in: dir)
        m.sections[1].title = "Next 下一个"
        m.sections.swapAt(0, 2)
        #expect(try store.save(m, footprint: EditLog().footprint).rows == 6)
        #expect(try store.readAll() == m)
    }

    @Test func longestIncreasingRun() {
        #expect(StoreWriter.longestIncreasing([]) == [])
        #expect(StoreWriter.longestIncreasing([5]) == [0])
        #expect(StoreWriter.longestIncreasing([1, 2, 3]) == [0, 1, 2])
        #expect(StoreWriter.longestIncreasing([3, 1, 2]) == [1, 2])
        #expect(StoreWriter.longestIncreasing([10, 20, 5, 30, 25, 40]).map { [10, 20, 5, 30, 25, 40][$0] }.count == 4)
    }
}
