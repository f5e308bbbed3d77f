import Foundation
import Testing
@testable import TesseraCore
@testable import TesseraStore

@Suite struct StoreSchemaTests {
    let dir = makeStoreDirectory("schema")

    @Test func aNewStoreHasTheTablesTheVersionAndTesserasMark() throws {
        let store = try CollectionStore(path: dir + "/new.db", create: true)
        #expect(try store.db.userVersion == StoreSchema.currentVersion)
        #expect(try store.db.applicationID == 0x5445_5353)
        #expect(try store.isEmpty)
        let names = try store.db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name")
        var found: [String] = []
        while try names.step() { found.append(names.text(at: 0)!) }
        #expect(found == ["items", "items_in_folder", "items_in_section", "locations", "sections"])
        #expect(try store.db.prepare("PRAGMA journal_mode").stepText() == "wal")
        #expect(try store.db.integer("PRAGMA synchronous") == 2)  // FULL
    }

    @Test func theTablesRefuseRowsNoItemCanBe() throws {
        let store = try CollectionStore(path: dir + "/checks.db", create: true)
        let good = "('a', 's', NULL, 1, 'item', 't', '', 0, 1, 0)"
        try store.db.execute("INSERT INTO items (id, section, folder, position, kind, title, icon, color, aspect, done) VALUES \(good)")
        for bad in ["('b', NULL, NULL, 1, 'item', 't', '', 0, 1, 0)",   // nowhere
                    "('c', 's', 'f', 1, 'item', 't', '', 0, 1, 0)",     // two places
                    "('d', 's', NULL, 1, 'note', 't', '', 0, 1, 0)",    // unknown kind
                    "('e', 's', NULL, 1, 'item', 't', '', -1, 1, 0)",   // colour out of range
                    "('f', 's', NULL, 1, 'item', 't', '', 0, 11, 0)",   // aspect out of range
                    "('g', 's', NULL, 1, 'item', 't', '', 0, 1, 2)",    // done not 0/1
                    "('h', 's', NULL, 'x', 'item', 't', '', 0, 1, 0)",  // position not an integer (STRICT)
                    "('a', 's', NULL, 2, 'item', 't', '', 0, 1, 0)"] {  // id used twice
            #expect(throws: SQLiteError.self, "accepted \(bad)") {
                try store.db.execute("INSERT INTO items (id, section, folder, position, kind, title, icon, color, aspect, done) VALUES \(bad)")
            }
        }
    }


    @Test func foreignAndNewerDatabasesAreRefused() throws {
        let foreign = dir + "/foreign.db"
        let db = try SQLiteConnection(path: foreign, mode: .create)
        try db.execute("CREATE TABLE notes (body TEXT)")
        db.close()
        #expect(throws: StoreError.notATesseraStore("it is an SQLite database without Tessera's tables")) {
            try CollectionStore(path: foreign)
        }
        let marked = dir + "/marked.db"
        let db2 = try SQLiteConnection(path: marked, mode: .create)
        try db2.execute("PRAGMA application_id = 1234; CREATE TABLE t (x)")
        db2.close()
        #expect(throws: StoreError.notATesseraStore("it is another program's SQLite database (application id 0x4d2)")) {
            try CollectionStore(path: marked)
        }
        let newer = dir + "/newer.db"
        _ = try CollectionStore(path: newer, create: true)
        try withRawDatabase(newer) { try $0.execute("PRAGMA user_version = 7") }
        #expect(throws: StoreError.newerSchema(7, readable: StoreSchema.currentVersion)) { try CollectionStore(path: newer) }
        #expect(try StoreError.newerSchema(7, readable: 1).description == "it was written by a newer Tessera (schema version 7; this one reads up to 1)")
        #expect(try StoreError.newerSchema(7, readable: 1).isFileFault)
    }

    /// A store whose tables were changed by hand (an index dropped, the UNIQUE id constraint lost
    /// by recreating the table) is refused at open, for writing and for reading: the reader relies
    /// on them.
    @Test func alteredTablesAreRefused() throws {
        let dropped = dir + "/dropped-index.db"
        _ = try CollectionStore(path: dropped, create: true)
        try withRawDatabase(dropped) { try $0.execute("DROP INDEX items_in_folder") }
        let why = StoreError.notATesseraStore("its tables are not Tessera's schema version 2 (missing: index items_in_folder)")
        #expect(throws: why) { try CollectionStore(path: dropped) }
        #expect(throws: why) { try CollectionStore(path: dropped, readOnly: true) }

        let loose = dir + "/no-unique.db"
        _ = try CollectionStore(path: loose, create: true)
        try withRawDatabase(loose) {
            try $0.execute("""
                DROP TABLE items;
                CREATE TABLE items (id TEXT, section TEXT, folder TEXT, position INTEGER, kind TEXT, title TEXT,
                                    icon TEXT, color INTEGER, aspect REAL, done INTEGER);
                CREATE INDEX items_in_section ON items (section, position) WHERE folder IS NULL;
                CREATE INDEX items_in_folder ON items (folder, position) WHERE folder IS NOT NULL;
                """)
        }
        #expect(throws: StoreError.notATesseraStore("its tables are not Tessera's schema version 2 (changed: table items)")) {
            try CollectionStore(path: loose)
        }
        // A store just made passes.
        _ = try CollectionStore(path: dir + "/fine.db", create: true)
        _ = try CollectionStore(path: dir + "/fine.db")
    }

    @Test func migrationsRunInOrderEachInOneTransaction() throws {
        let path = dir + "/old.db"
        let v1 = try CollectionStore(path: path, create: true)
        try v1.replaceAll(with: SampleData.model())
        v1.close()
        // A later version adds a column and fills it.
        let db = try SQLiteConnection(path: path, mode: .readWrite)
        let current = StoreSchema.currentVersion
        var later = StoreSchema.migrations
        later.append(.init(version: current + 1, sql: "ALTER TABLE items ADD COLUMN tag TEXT; UPDATE items SET tag = 'tag-' || id"))
        #expect(try StoreSchema.migrate(db, migrations: later) == current)
        #expect(try db.userVersion == current + 1)
        #expect(try db.prepare("SELECT tag FROM items WHERE id = 's1'").stepText() == "tag-s1")
        // Running them again does nothing.
        #expect(try StoreSchema.migrate(db, migrations: later) == current + 1)
        // A migration that fails leaves the store at the version before it, with nothing half done.
        later.append(.init(version: current + 2, sql: "ALTER TABLE items ADD COLUMN note TEXT; INSERT INTO nowhere VALUES (1)"))
        #expect(throws: StoreError.self) { try StoreSchema.migrate(db, migrations: later) }
        #expect(try db.userVersion == current + 1)
        #expect(throws: SQLiteError.self) { try db.prepare("SELECT note FROM items") }
    }

    /// A store written by the Tessera before locations (schema 1) opens, gains the locations
    /// table, keeps every item, and from then on keeps a dropped file's location.
    @Test func aVersionOneStoreGainsLocations() throws {
        let path = dir + "/v1.db"
        let db = try SQLiteConnection(path: path, mode: .create)
        _ = try StoreSchema.migrate(db, migrations: Array(StoreSchema.migrations.prefix(1)))
        #expect(try db.userVersion == 1)
        db.close()
        let v1 = try CollectionStore(path: path)
        #expect(try v1.readAll() == CollectionModel(sections: []))
        var model = SampleData.model()
        model.locations["s1"] = "file:///home/ana/Beach%20day.png"
        model.locations["gone"] = "https://example.org"     // an item no longer there: not kept
        try v1.replaceAll(with: model)
        v1.close()
        let again = try CollectionStore(path: path)
        let read = try again.readAll()
        #expect(read.sections == model.sections)
        #expect(read.locations == ["s1": "file:///home/ana/Beach%20day.png"])
    }
}
