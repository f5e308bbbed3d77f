/// The store's tables, and how a store of an older version becomes the current one.
///
/// Version 1:
///
/// - `sections`: one row per section (a grid section, a board list): `id`, `title`, and `position`
///   (their order).
/// - `items`: one row per item, folder or item inside a folder. A top-level entry names its
///   `section` (and `folder` is NULL); an item inside a folder names its `folder` (and `section`
///   is NULL), so moving a folder to another section writes one row, not one per child.
///   `position` orders the entries of one section, or of one folder: gapped integers (see
///   `PositionKeys`), so a move rewrites the moved row, not its neighbours. `color` is 0xRRGGBBAA,
///   `aspect` height / width, `done` 0 or 1, `icon` a name in the assets' icon folder.
///
/// Tables are STRICT (a value of the wrong type is refused at write), and CHECK constraints keep the
/// rules a single row can state; the rules between rows (no empty folder, no folder in a folder,
/// no orphan, no shared position) are checked when the store is read (`StoreReader`).
///
/// `PRAGMA user_version` holds the schema version, `PRAGMA application_id` says the file is
/// Tessera's ("TESS"), so another program's SQLite file is never taken for a store.
public enum StoreSchema {
    public static let applicationID: Int64 = 0x5445_5353
    public static var currentVersion: Int64 { migrations.last!.version }

    /// One step from the version before it to `version`, run in one transaction with the version bump.
    public struct Migration: Sendable {
        public var version: Int64
        public var sql: String
        public init(version: Int64, sql: String) { self.version = version; self.sql = sql }
    }

    /// Every migration, oldest first. Add one at the end for each change of the schema; never edit one
    /// that has shipped (stores on users' disks were made by it).
    public static let migrations: [Migration] = [
        Migration(version: 1, sql: """
            CREATE TABLE sections (
                id       TEXT    NOT NULL PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 256),
                title    TEXT    NOT NULL,
                position INTEGER NOT NULL
            ) STRICT;
            CREATE TABLE items (
                id       TEXT    NOT NULL UNIQUE CHECK (length(id) BETWEEN 1 AND 256),
                section  TEXT,
                folder   TEXT,
                position INTEGER NOT NULL,
                kind     TEXT    NOT NULL CHECK (kind IN ('item', 'folder')),
                title    TEXT    NOT NULL,
                icon     TEXT    NOT NULL DEFAULT '',
                color    INTEGER NOT NULL CHECK (color BETWEEN 0 AND 4294967295),
                aspect   REAL    NOT NULL DEFAULT 1 CHECK (aspect BETWEEN 0.1 AND 10),
                done     INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
                CHECK ((section IS NULL) <> (folder IS NULL))
            ) STRICT;
            CREATE INDEX items_in_section ON items (section, position) WHERE folder IS NULL;
            CREATE INDEX items_in_folder ON items (folder, position) WHERE folder IS NOT NULL;
            """),
        // Where an item made from a file or a link came from (a drop from another app): a side
        // table, as few items have one.
        Migration(version: 2, sql: """
            CREATE TABLE locations (
                item TEXT NOT NULL PRIMARY KEY CHECK (length(item) BETWEEN 1 AND 256),
                uri  TEXT NOT NULL CHECK (length(uri) BETWEEN 1 AND 8192)
            ) STRICT;
            """),
    ]

    /// Brings the database to the newest version: creates the tables in an empty file, runs the
    /// migrations a store of an older version lacks (each in one transaction with its version
    /// bump: a kill mid-migration leaves the version before it), and refuses what is not a store
    /// this Tessera can read. Returns the version the store had (0: it was new).
    @discardableResult
    public static func migrate(_ db: SQLiteConnection, migrations: [Migration] = migrations) throws(StoreError) -> Int64 {
        let found = try identify(db, migrations: migrations)
        for m in migrations where m.version > found {
            do {
                try db.transaction { () throws(SQLiteError) in
                    try db.execute(m.sql)
                    try db.execute("PRAGMA user_version = \(m.version); PRAGMA application_id = \(applicationID)")
                }
            } catch {
                throw .migrationFailed(to: m.version, error)
            }
        }
        if migrations.count == Self.migrations.count { try verify(db) }
        return found
    }

    /// Whether the file is a store this Tessera can open (or an empty database to make one in),
    /// by reading only: a foreign or newer file is refused before anything is written to it.
    /// Returns its schema version (0: empty).
    @discardableResult
    public static func identify(_ db: SQLiteConnection, migrations: [Migration] = migrations) throws(StoreError) -> Int64 {
        let found: Int64, app: Int64, tables: Int64
        do throws(SQLiteError) {
            found = try db.userVersion
            app = try db.applicationID
            tables = try db.integer("SELECT count(*) FROM sqlite_master") ?? 0
        } catch {
            throw StoreError(error)
        }
        if app != applicationID && !(app == 0 && found == 0 && tables == 0) {
            throw .notATesseraStore(app == 0 ? "it is an SQLite database without Tessera's tables" :
                "it is another program's SQLite database (application id 0x\(String(app, radix: 16)))")
        }
        let newest = migrations.last?.version ?? 0
        guard found <= newest else { throw .newerSchema(found, readable: newest) }
        guard found >= 0 else { throw .notATesseraStore("its schema version \(found) is not one Tessera wrote") }
        return found
    }

    /// The tables and indexes a current store has, as SQLite records them (`sqlite_master`):
    /// made once per process by running the migrations on an empty in-memory database.
    static let expectedObjects: [String] = {
        guard let db = try? SQLiteConnection(path: ":memory:", mode: .create) else { return [] }
        for m in migrations { try? db.execute(m.sql) }
        return (try? objects(db)) ?? []
    }()

    static func objects(_ db: SQLiteConnection) throws(SQLiteError) -> [String] {
        let s = try db.prepare("SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
        defer { s.reset() }
        var out: [String] = []
        while try s.step() { out.append(s.text(at: 0) ?? "") }
        return out
    }

    /// Refuses a store whose tables are not exactly the current schema's (a table altered by hand,
    /// an index or constraint dropped): the reader relies on them, e.g. on `UNIQUE (id)` to rule out
    /// two items with one id without a pass of its own.
    static func verify(_ db: SQLiteConnection) throws(StoreError) {
        let found: [String]
        do { found = try objects(db) } catch { throw StoreError(error) }
        guard found == expectedObjects else {
            func names(_ list: [String]) -> [String: String] {
                Dictionary(list.map { (String($0.prefix(while: { $0 != ":" })), $0) }, uniquingKeysWith: { a, _ in a })
            }
            let want = names(expectedObjects), have = names(found)
            var problems: [String] = []
            let changed = want.keys.filter { have[$0] != nil && have[$0] != want[$0] }.sorted()
            let missing = want.keys.filter { have[$0] == nil }.sorted()
            let extra = have.keys.filter { want[$0] == nil }.sorted()
            if !changed.isEmpty { problems.append("changed: " + changed.joined(separator: ", ")) }
            if !missing.isEmpty { problems.append("missing: " + missing.joined(separator: ", ")) }
            if !extra.isEmpty { problems.append("unexpected: " + extra.joined(separator: ", ")) }
            let why = "its tables are not Tessera's schema version \(currentVersion) (\(problems.joined(separator: "; ")))"
            throw .notATesseraStore(why)
        }
    }
}
