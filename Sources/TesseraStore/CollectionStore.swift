import CSQLite
import TesseraCore

/// One open store: the collection in an SQLite database, read and written by one thread at a time.
///
/// Durability: the database is in WAL mode with `synchronous = FULL`. Every save is one
/// transaction, and its COMMIT returns only once the write-ahead log is flushed to the disk
/// (fsync): a saved change survives a kill *and* a power loss. (`NORMAL` would skip that flush and
/// lose the last changes on a power loss; a drop is a deliberate act, worth the one fsync per save,
/// which runs on the save thread and never in a frame.) The log is copied back into the database
/// file (a checkpoint) when it passes `checkpointFrames` pages, after a save, not inside one.
public final class CollectionStore {
    public let path: String
    let db: SQLiteConnection
    /// Pages in the write-ahead log since the last checkpoint (set by SQLite's WAL hook).
    private let walFrames = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    /// A checkpoint runs after a save once the log holds this many pages (4 MB).
    public static let checkpointFrames: Int32 = 1000

    /// Opens the store at `path` (creating an empty database when `create` and nothing is there),
    /// sets the durability pragmas, and brings its schema to the current version.
    public init(path: String, create: Bool = false, readOnly: Bool = false) throws(StoreError) {
        self.path = path
        walFrames.initialize(to: 0)
        do {
            db = try SQLiteConnection(path: path, mode: readOnly ? .readOnly : create ? .create : .readWrite)
        } catch {
            walFrames.deallocate()
            throw StoreError(error)
        }
        db.setBusyTimeout(milliseconds: 2000)
        if readOnly {
            // A store is read before it is upgraded: an older schema cannot be read here.
            let version: Int64
            do { version = try db.userVersion } catch { throw StoreError(error) }
            if version != StoreSchema.currentVersion {
                if version > StoreSchema.currentVersion { throw .newerSchema(version, readable: StoreSchema.currentVersion) }
                if version == 0 { throw .notATesseraStore("it is an SQLite database without Tessera's tables") }
            }
            try StoreSchema.verify(db)
            return
        }
        try StoreSchema.identify(db)
        do throws(SQLiteError) {
            try db.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = 4194304")
        } catch {
            throw StoreError(error)
        }
        try StoreSchema.migrate(db)
        sqlite3_wal_hook(db.handle, { context, _, _, frames in
            context!.assumingMemoryBound(to: Int32.self).pointee = frames
            return SQLITE_OK
        }, walFrames)
    }

    deinit {
        db.close()
        walFrames.deallocate()
    }

    /// Closes the connection (the last one checkpoints the log and removes the -wal and -shm files).
    public func close() { db.close() }

    /// Whether the store holds no collection yet (a new file): no sections.
    public var isEmpty: Bool {
        get throws(StoreError) {
            do { return try db.integer("SELECT count(*) FROM sections") == 0 } catch { throw StoreError(error) }
        }
    }

    /// The first `limit` entries of every section (and their folders' items): the first screen.
    /// `complete`: that is the whole collection, checked as a whole (no section had more).
    ///
    /// A store of at most ``wholeReadRows`` rows is read whole at once (`complete`): its first
    /// screen would read most of its rows, and then the whole read all of them again (1,000
    /// items: two passes, ~3 ms of the start-up, where one takes ~1.2 ms).
    public func firstScreen(limit: Int) throws(StoreError) -> (model: CollectionModel, complete: Bool) {
        if try rowSpan() <= Self.wholeReadRows { return (try readAll(), true) }
        let first = try StoreReader(db: db).firstScreen(limit: limit)
        return first.complete ? (try readAll(), true) : first
    }

    /// See ``firstScreen(limit:)``.
    public static let wholeReadRows: Int64 = 2_000

    /// How many rowids lie between the items table's first and last (0 when empty): at least its
    /// row count, found in O(log n) where counting the rows is O(n).
    func rowSpan() throws(StoreError) -> Int64 {
        do {
            guard let first = try db.integer("SELECT min(rowid) FROM items"),
                  let last = try db.integer("SELECT max(rowid) FROM items") else { return 0 }
            let (span, overflow) = last.subtractingReportingOverflow(first)
            return overflow || span == .max ? .max : span + 1
        } catch {
            throw StoreError(error)
        }
    }

    /// The whole collection, checked against every rule of the model. `partitions` > 1 scans
    /// that many parts of the table at once, on threads and connections of their own: only for a
    /// caller holding the store's writer lock (`StoreLock`), so nothing commits between their reads.
    public func readAll(partitions: Int = 1, rowsPerPartition: Int64 = 50_000) throws(StoreError) -> CollectionModel {
        try StoreReader(db: db).all(partitions: partitions, rowsPerPartition: rowsPerPartition)
    }

    /// Replaces the whole collection (a new store, an import). One transaction.
    public func replaceAll(with model: CollectionModel) throws(SQLiteError) {
        try StoreWriter(db: db).replaceAll(with: model)
    }

    /// What a save wrote.
    public struct SaveReport: Equatable, Sendable {
        /// Rows inserted, updated or deleted.
        public var rows: Int
        /// Of those, rows rewritten only to make room between keys (a renumbered window).
        public var renumbered: Int
        /// The store did not hold what the edits started from, so the whole collection was rewritten.
        public var rewroteAll: Bool
    }

    /// Writes what the edits of `footprint` changed (`model`: the collection after them; the store
    /// holds the one before them). One transaction; should the store turn out not to hold the
    /// edits' starting point, the whole collection is rewritten instead (and the report says so).
    public func save(_ model: CollectionModel, footprint: EditFootprint) throws(SQLiteError) -> SaveReport {
        let writer = StoreWriter(db: db)
        do {
            let r = try writer.save(model, footprint: footprint)
            return SaveReport(rows: r.rows, renumbered: r.renumbered, rewroteAll: false)
        } catch let e as SQLiteError {
            throw e
        } catch {
            try writer.replaceAll(with: model)
            return SaveReport(rows: model.allIDs.count, renumbered: 0, rewroteAll: true)
        }
    }

    /// Copies the write-ahead log back into the database when it has grown past
    /// `checkpointFrames` (never waits for readers; a reader in the way means next time).
    /// Returns whether it checkpointed.
    @discardableResult
    public func checkpointIfLarge() -> Bool {
        guard walFrames.pointee >= Self.checkpointFrames else { return false }
        checkpoint()
        return true
    }

    /// Copies the write-ahead log back into the database now; returns how many pages it held.
    @discardableResult
    public func checkpoint() -> Int {
        let r = db.checkpoint()
        if r.checkpointed >= r.logFrames { walFrames.pointee = 0 }
        return r.logFrames
    }
}

extension CollectionStore {
    /// SQLite's own share of `readAll`: one pass over the items table touching every column and
    /// making nothing of it. The benchmark prints it beside `readAll` so the cost model can say
    /// how much of a whole read is the database and how much is building the model.
    public func scanOnly() throws(StoreError) -> Int {
        try storeErrors {
            let s = try db.prepare("SELECT \(StoreRows.columns) FROM items")
            defer { s.reset() }
            var n = 0
            while try s.step() {
                for c: Int32 in [0, 1, 2, 4, 5, 6] { n &+= s.withBytes(at: c) { $0.count } }
                n &+= Int(s.int64(at: 3) &+ s.int64(at: 7) &+ s.int64(at: 9)) &+ Int(s.double(at: 8))
            }
            return n
        }
    }
}
