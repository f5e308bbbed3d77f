import Foundation
import Testing
@testable import TesseraCore
@testable import TesseraStore

/// Damage SQLite does not notice while reading: a table row changed behind its index (a bit flip on
/// disk, a faulty copy). The store fuzzer found such a file reading as a model with one id twice.
@Suite struct StoreDamageTests {
    let dir = makeStoreDirectory("damage")

    /// A store of the sample data whose table says 's3' where the row of 's2' was, while the UNIQUE
    /// index still says 's2': two rows with one id, and no complaint from `PRAGMA quick_check`.
    func storeWithAnIdTwice() throws -> String {
        let path = dir + "/collection.db"
        try makeStore(SampleData.model(), in: dir).close()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // In the table's record the id is followed at once by its section (its folder is NULL, no
        // bytes); the index's entry for 's2' is followed by its rowid. So "s2today" is the row alone.
        let row = Array("s2today".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: row) })
        #expect(!bytes[(at + 1)...].starts(with: row) && bytes[(at + 1)...].firstRange(of: row) == nil, "one place only")
        bytes[at + 1] = UInt8(ascii: "3")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try withRawDatabase(path) { db in
            #expect(try db.integer("SELECT count(*) FROM items NOT INDEXED WHERE id = 's3'") == 2)
            let check = try db.prepare("PRAGMA quick_check")
            #expect(try check.step() && check.text(at: 0) == "ok", "SQLite's quick check does not see it")
        }
        return path
    }

    @Test func readingTheWholeStoreRefusesAnIdUsedTwice() throws {
        let store = try CollectionStore(path: try storeWithAnIdTwice())
        defer { store.close() }
        #expect(throws: StoreError.violation("item id 's3' is used twice")) { _ = try store.readAll() }
        #expect(throws: StoreError.violation("item id 's3' is used twice")) { _ = try store.readAll(partitions: 2, rowsPerPartition: 10) }
    }

    /// Not damage: any rowid is legal, and a huge one must not size anything by itself.
    @Test func aHugeRowidReadsAsAnyOther() throws {
        let path = dir + "/collection.db"
        try makeStore(SampleData.model(), in: dir).close()
        try withRawDatabase(path) { try $0.execute("UPDATE items SET rowid = 4611686018427387904 WHERE id = 's2'") }
        let store = try CollectionStore(path: path)
        defer { store.close() }
        #expect(try store.readAll() == SampleData.model())
        #expect(try store.readAll(partitions: 2, rowsPerPartition: 10) == SampleData.model())
    }

    /// Rowids at the very top of Int64 and below zero (the store fuzzer made the first: cutting
    /// the table into ranges overflowed): read whole, in one pass and in partitions.
    @Test(arguments: [Int64.max, Int64.max - 1, -5, Int64.min])
    func extremeRowidsReadAsAnyOther(rowid: Int64) throws {
        let path = dir + "/extreme.db"
        try makeStore(SampleData.model(), in: dir, name: "extreme.db").close()
        try withRawDatabase(path) { try $0.execute("UPDATE items SET rowid = \(rowid) WHERE id = 's2'") }
        let store = try CollectionStore(path: path)
        defer { store.close() }
        #expect(try store.readAll() == SampleData.model())
        #expect(try store.readAll(partitions: 2, rowsPerPartition: 10) == SampleData.model())
        #expect(try store.readAll(partitions: 3, rowsPerPartition: 1) == SampleData.model())
    }

    @Test func theFirstScreenRefusesAnIdUsedTwice() throws {
        let store = try CollectionStore(path: try storeWithAnIdTwice())
        defer { store.close() }
        #expect(throws: StoreError.violation("item id 's3' is used twice")) { _ = try store.firstScreen(limit: 400) }
    }

    /// The repeat check's bitmaps: a value twice in one run, once in each of two runs, or three
    /// times, is found; 200,000 distinct ids (their low bits colliding often in the bitmap) give none.
    @Test func repeatedHashesAreFoundWithinAndAcrossRuns() {
        let ids = (0..<200_000).map { StoreRows.idHash(ItemID("id\($0)")) }
        #expect(Set(ids).count == ids.count, "the hash spreads these ids")
        #expect(StoreReader.repeatedValues(in: [Array(ids[..<100_000]), Array(ids[100_000...])]).isEmpty)
        #expect(StoreReader.repeatedValues(in: [ids + [ids[7]]]) == [ids[7]])
        #expect(StoreReader.repeatedValues(in: [Array(ids[..<10]), Array(ids[5..<20]), [ids[3], ids[3]]]) == Set([ids[3]] + ids[5..<10]))
        #expect(StoreReader.repeatedValues(in: []).isEmpty)
    }
}
