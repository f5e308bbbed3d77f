import Foundation
import Testing
@testable import TesseraCore
@testable import TesseraStore

@Suite struct StoreRoundTripTests {
    let dir = makeStoreDirectory("roundtrip")

    @Test func everyFieldComesBackAsItWasWritten() throws {
        let model = richModel()
        let store = try makeStore(model, in: dir)
        #expect(try store.readAll() == model)
        store.close()
        // And from a new connection, as the next start reads it.
        #expect(try CollectionStore(path: dir + "/collection.db").readAll() == model)
    }

    @Test func emptySectionsAndAnEmptyCollectionComeBack() throws {
        let model = CollectionModel(sections: [Section(id: "a", title: "A"), Section(id: "b", title: "", items: [Item(id: "x", title: "")])])
        #expect(try makeStore(model, in: dir, name: "e.db").readAll() == model)
        let none = CollectionModel(sections: [])
        let store = try makeStore(none, in: dir, name: "n.db")
        #expect(try store.readAll() == none)
        #expect(try store.isEmpty)
    }

    @Test func theFirstScreenIsTheFirstEntriesOfEachSection() throws {
        let model = SampleData.generated(count: 3000, sections: 3, seed: 4)
        let store = try makeStore(model, in: dir, name: "big.db")
        let first = try store.firstScreen(limit: 100)
        #expect(!first.complete)
        #expect(first.model.sections.map(\.id) == model.sections.map(\.id))
        for s in model.sections.indices {
            #expect(Array(first.model.sections[s].items) == Array(model.sections[s].items.prefix(100)))
        }
        // A collection within the limit is read whole, and said to be.
        let small = try store.firstScreen(limit: 2000)
        #expect(small.complete && small.model == model)
    }

    /// A store of at most `wholeReadRows` rows is read whole in one pass, whatever the limit: its
    /// first screen would be most of it, read twice. Rowids far apart (a store whose rows were
    /// renumbered, or a fuzzed one at the ends of Int64) count by their span, never overflowing.
    @Test func aSmallStoreIsReadWholeAtOnce() throws {
        let model = SampleData.generated(count: 1000, sections: 3, seed: 5)
        let store = try makeStore(model, in: dir, name: "small.db")
        let first = try store.firstScreen(limit: 10)
        #expect(first.complete && first.model == model)
        store.close()
        let path = dir + "/small.db"
        try withRawDatabase(path) { try $0.execute("UPDATE items SET rowid = 9223372036854775807 WHERE rowid = (SELECT max(rowid) FROM items)") }
        try withRawDatabase(path) { try $0.execute("UPDATE items SET rowid = -9223372036854775808 WHERE rowid = (SELECT min(rowid) FROM items)") }
        let spread = try CollectionStore(path: path)
        defer { spread.close() }
        #expect(try spread.rowSpan() == .max)
        let screen = try spread.firstScreen(limit: 10)
        #expect(!screen.complete)
        #expect(screen.model.sections.map { $0.items.count } == [10, 10, 10])
    }

    @Test func aMillionItemsRoundTrip() throws {
        let model = SampleData.generated(count: 1_000_000, sections: 3, seed: 9)
        let store = try makeStore(model, in: dir, name: "million.db")
        #expect(try store.readAll(partitions: 2) == model)
    }

    /// A whole read cut into rowid ranges on several threads reads what one pass reads, also
    /// after moves have put rows far from their rowid's order and folders were made from rows of
    /// different ranges.
    @Test func partitionedReadsEqualOnePass() throws {
        var model = SampleData.generated(count: 12_000, sections: 3, seed: 10)
        let store = try makeStore(model, in: dir, name: "partitions.db")
        var rng = SeededRandom(seed: 10)
        var log = EditLog()
        for k in 0..<400 {
            let s = Int(rng.next() % 3), d = Int(rng.next() % 3)
            let from = Int(rng.next() % UInt64(model.sections[s].items.count))
            let to = Int(rng.next() % UInt64(model.sections[d].items.count))
            let id = model.sections[s].items[from].id
            if k % 4 == 0 {
                _ = try? model.drop(id, onto: model.sections[d].items[to].id, near: nil, targetNear: nil, log: &log)
            } else {
                try? model.move(id, to: IndexPath(section: d, item: to), near: nil, log: &log)
            }
        }
        #expect(try !store.save(model, footprint: log.footprint).rewroteAll)
        for parts in [1, 2, 3] {
            #expect(try store.readAll(partitions: parts, rowsPerPartition: 1000) == model, "\(parts) partitions")
        }
    }
}
