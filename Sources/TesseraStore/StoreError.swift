import CSQLite

/// Why a store could not be opened or read: what is wrong and where, in words a user can act on.
///
/// `isFileFault` splits them in two: a fault of the file (not a database, another program's, a
/// newer schema, damaged pages, rows that break the model) means the file is kept aside and a fresh
/// one started; anything else (permissions, a lock held by another program, an I/O error) means
/// the file may be fine and must not be touched.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not an SQLite database at all (SQLITE_NOTADB), or one whose pages are damaged (SQLITE_CORRUPT).
    case damaged(SQLiteError)
    case notATesseraStore(String)
    /// Written by a newer Tessera: its schema version, and the newest this one reads.
    case newerSchema(Int64, readable: Int64)
    /// A row, or rows together, break a rule of the collection (see `StoreReader`).
    case violation(String)
    case migrationFailed(to: Int64, SQLiteError)
    /// Anything else SQLite refused (I/O, permissions, locks).
    case sqlite(SQLiteError)

    public init(_ e: SQLiteError) { self = e.isDamagedFile ? .damaged(e) : .sqlite(e) }

    public var isFileFault: Bool {
        switch self {
        case .damaged, .notATesseraStore, .newerSchema, .violation: true
        case .migrationFailed(_, let e): e.isDamagedFile
        case .sqlite: false
        }
    }

    public var description: String {
        switch self {
        case .damaged(let e):
            e.primary == SQLITE_NOTADB ? "it is not an SQLite database" : "it is damaged (\(e.message))"
        case .notATesseraStore(let why): why
        case .newerSchema(let v, let r):
            "it was written by a newer Tessera (schema version \(v); this one reads up to \(r))"
        case .violation(let what): what
        case .migrationFailed(let v, let e): "upgrading it to schema version \(v) failed: \(e.message)"
        case .sqlite(let e): e.description
        }
    }
}
