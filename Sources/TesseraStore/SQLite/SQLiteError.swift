import CSQLite

/// A refused SQLite call: its result code (extended), SQLite's own message, and what we were doing.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_IOERR_FSYNC`, `SQLITE_BUSY_SNAPSHOT`, …).
    public var code: Int32
    public var message: String
    /// What was being done, in our words ("opening", "saving the move", "BEGIN IMMEDIATE").
    public var context: String

    public init(code: Int32, message: String, context: String) {
        self.code = code
        self.message = message
        self.context = context
    }

    /// The primary result code (`SQLITE_IOERR`, `SQLITE_FULL`, …).
    public var primary: Int32 { code & 0xff }

    public var description: String { "\(context): \(message) (SQLite error \(code))" }

    /// The file is not a database, or is one whose pages do not add up: keep it aside, never write.
    public var isDamagedFile: Bool { primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT }

    /// Someone else holds the database (another process's transaction, a lock we waited out).
    public var isBusy: Bool { primary == SQLITE_BUSY || primary == SQLITE_LOCKED }

    /// The file could not be opened or written (no reason given: a read-only disk or folder, often).
    public var isUnwritable: Bool { primary == SQLITE_CANTOPEN || primary == SQLITE_READONLY }

    /// Short, for a banner: the reason in words a user can act on.
    public var summary: String {
        switch primary {
        case SQLITE_FULL: "the disk is full"
        case SQLITE_READONLY: "the store is read-only"
        case SQLITE_BUSY, SQLITE_LOCKED: "the store is locked by another program"
        case SQLITE_CANTOPEN: "the store cannot be opened"
        case SQLITE_PERM, SQLITE_AUTH: "permission denied"
        case SQLITE_IOERR: "a disk error (\(message))"
        case SQLITE_NOTADB, SQLITE_CORRUPT: "the store is damaged"
        default: message
        }
    }
}
