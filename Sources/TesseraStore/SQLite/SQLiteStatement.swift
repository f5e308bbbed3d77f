import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// A prepared statement. Bind parameters by position (1-based), step, read columns (0-based).
/// Owned by one connection and used on that connection's thread only.
public final class SQLiteStatement {
    let handle: OpaquePointer
    unowned let connection: SQLiteConnection
    let sql: String

    init(handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding

    public func bind(_ value: Int64, at i: Int32) { sqlite3_bind_int64(handle, i, value) }
    public func bind(_ value: Int, at i: Int32) { sqlite3_bind_int64(handle, i, Int64(value)) }
    public func bind(_ value: Double, at i: Int32) { sqlite3_bind_double(handle, i, value) }
    public func bind(_ value: Bool, at i: Int32) { sqlite3_bind_int64(handle, i, value ? 1 : 0) }
    public func bindNull(at i: Int32) { sqlite3_bind_null(handle, i) }

    public func bind(_ value: String, at i: Int32) {
        var s = value
        s.withUTF8 { buf in
            // A non-null pointer even for "": SQLite binds NULL for a null pointer.
            buf.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress {
                    tessera_sqlite3_bind_text_copy(handle, i, base, Int32(chars.count))
                } else {
                    tessera_sqlite3_bind_text_copy(handle, i, "", 0)
                }
            }
        }
    }

    public func bind(_ value: String?, at i: Int32) {
        if let value { bind(value, at: i) } else { bindNull(at: i) }
    }

    /// Binds `values` to parameters 1, 2, …
    public func bind(_ values: [SQLiteValue]) {
        for (k, v) in values.enumerated() {
            let i = Int32(k + 1)
            switch v {
            case .integer(let n): bind(n, at: i)
            case .real(let d): bind(d, at: i)
            case .text(let s): bind(s, at: i)
            case .null: bindNull(at: i)
            }
        }
    }

    // MARK: Stepping

    /// Steps once: true when a row is ready to read, false when the statement is done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc: throw connection.error(rc, "running \(sql.prefix(80))")
        }
    }

    /// Runs to completion (an INSERT, UPDATE, DELETE), then resets for the next use.
    public func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    /// Clears the bindings and rewinds, so the statement can run again.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Reading the current row

    public func type(at i: Int32) -> SQLiteType { SQLiteType(rawValue: sqlite3_column_type(handle, i)) ?? .null }
    public func int64(at i: Int32) -> Int64 { sqlite3_column_int64(handle, i) }
    public func int(at i: Int32) -> Int { Int(sqlite3_column_int64(handle, i)) }
    public func double(at i: Int32) -> Double { sqlite3_column_double(handle, i) }

    /// The column as text, nil when its bytes are not valid UTF-8 (a store written by something else).
    public func text(at i: Int32) -> String? {
        let n = Int(sqlite3_column_bytes(handle, i))
        guard n > 0, let p = sqlite3_column_text(handle, i) else { return "" }
        return Self.string(UnsafeBufferPointer(start: p, count: n))
    }

    /// `bytes` as a string, nil when they are not valid UTF-8.
    public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // ASCII (ids, most titles) needs no validation, and `String(decoding:)` has a fast path
        // for it; the generic `String(validating:as:)` costs ~0.2 µs a call in metadata lookups
        // alone, a fifth of a second over a million rows.
        if isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Whether every byte is below 0x80, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var i = 0, any: UInt64 = 0
        let n = bytes.count
        while i + 8 <= n {
            any |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < n { any |= UInt64(base[i]); i += 1 }
        return any & 0x8080_8080_8080_8080 == 0
    }

    /// The column's bytes, handed to `body` without a copy (valid until the next step).
    public func withBytes<R>(at i: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let n = Int(sqlite3_column_bytes(handle, i))
        let p = sqlite3_column_text(handle, i)
        return body(UnsafeBufferPointer(start: n > 0 ? p : nil, count: n > 0 ? n : 0))
    }

    /// Whether the column's bytes are exactly `bytes` (a memcmp, no string made).
    public func bytesEqual(at i: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = Int(sqlite3_column_bytes(handle, i))
        guard n == bytes.count else { return false }
        guard n > 0, let p = sqlite3_column_text(handle, i), let q = bytes.baseAddress else { return true }
        return memcmp(p, q, n) == 0
    }

    /// Whether the column's bytes are exactly `text`'s UTF-8.
    public func bytesEqual(at i: Int32, _ text: StaticString) -> Bool {
        bytesEqual(at: i, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The value of the current row's column, whatever its type.
    public func value(at i: Int32) -> SQLiteValue {
        switch type(at: i) {
        case .integer: .integer(int64(at: i))
        case .real: .real(double(at: i))
        case .text, .blob: .text(text(at: i) ?? "")
        case .null: .null
        }
    }
}

/// A column's storage class.
public enum SQLiteType: Int32, Sendable {
    case integer = 1, real = 2, text = 3, blob = 4, null = 5
}

/// One value to bind or read, for the few places that handle rows generically.
public enum SQLiteValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}
