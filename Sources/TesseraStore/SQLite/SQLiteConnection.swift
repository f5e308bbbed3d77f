import CSQLite

/// One connection to an SQLite database, used by one thread at a time (opened `NOMUTEX`: SQLite's
/// own mutexes would only cost time, since no connection is shared between threads at once).
///
/// Prepared statements are cached by their SQL, so a save prepares each of its statements once per
/// connection, not once per row.
public final class SQLiteConnection {
    public enum Mode: Sendable {
        /// Read and write; the file must exist.
        case readWrite
        /// Read and write, creating an empty database when the file does not exist.
        case create
        /// Reading only (export): never writes, never creates.
        case readOnly
    }

    let handle: OpaquePointer
    public let path: String
    private var statements: [String: SQLiteStatement] = [:]

    public init(path: String, mode: Mode) throws(SQLiteError) {
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: message, context: "opening \(path)")
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Finalizes the cached statements and closes the connection now (the last connection to a
    /// WAL database checkpoints it and removes the -wal and -shm files).
    public func close() {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ rc: Int32, _ context: String) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), context: context)
    }

    /// Runs one or more statements that return no rows (schema, pragmas, BEGIN/COMMIT).
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        guard rc == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(message)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text, context: "running \(sql.prefix(80))")
        }
    }

    /// A prepared statement for `sql`, from the cache when it was prepared before (reset, unbound).
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let s = statements[sql] {
            s.reset()
            return s
        }
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(rc, "preparing \(sql.prefix(80))") }
        let s = SQLiteStatement(handle: stmt, connection: self, sql: sql)
        statements[sql] = s
        return s
    }

    /// The first column of the first row of `sql` as an integer (nil when there is no row).
    public func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        let s = try prepare(sql)
        defer { s.reset() }
        s.bind(values)
        guard try s.step() else { return nil }
        return s.type(at: 0) == .null ? nil : s.int64(at: 0)
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`: the write lock is taken first, so
    /// two writers never deadlock upgrading a read lock). Commits when `body` returns, rolls back
    /// when it throws (or when the commit fails).
    public func transaction<R>(_ body: () throws(SQLiteError) -> R) throws(SQLiteError) -> R {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            rollBack()
            throw error
        }
    }

    /// Rolls back the transaction in progress, if any (SQLite may have rolled it back already).
    public func rollBack() {
        if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
    }

    /// Runs `body` in one read transaction: every read sees the same database.
    public func reading<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        try? execute("BEGIN DEFERRED")
        defer { if sqlite3_get_autocommit(handle) == 0 { try? execute("COMMIT") } }
        return try body()
    }

    /// How long a statement waits for another connection's lock before giving up with SQLITE_BUSY.
    public func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    /// Rows inserted, updated or deleted since the connection opened.
    public var totalChanges: Int { Int(sqlite3_total_changes(handle)) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// `PRAGMA user_version`: the schema version the application wrote.
    public var userVersion: Int64 { get throws(SQLiteError) { try integer("PRAGMA user_version") ?? 0 } }

    /// `PRAGMA application_id`: which application's file this is (0 when none said).
    public var applicationID: Int64 { get throws(SQLiteError) { try integer("PRAGMA application_id") ?? 0 } }

    /// Writes what the write-ahead log holds into the database file and restarts the log, if no
    /// reader is in the way (PASSIVE: never waits). Returns the log's frames and how many were written back.
    @discardableResult
    public func checkpoint() -> (logFrames: Int, checkpointed: Int) {
        var log: Int32 = 0, done: Int32 = 0
        sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &log, &done)
        return (Int(log), Int(done))
    }

    /// The SQLite library's version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}
