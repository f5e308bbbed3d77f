import Foundation
import Testing
@testable import TesseraStore

@Suite struct SQLiteConnectionTests {
    let dir = makeStoreDirectory("sqlite")

    @Test func bindsStepsAndReadsEveryType() throws {
        let db = try SQLiteConnection(path: dir + "/t.db", mode: .create)
        try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, n TEXT)")
        let insert = try db.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4)")
        insert.bind(Int64.max, at: 1)
        insert.bind(0.25, at: 2)
        insert.bind("天气 ☀︎ \u{0}nul", at: 3)
        insert.bindNull(at: 4)
        try insert.run()
        insert.bind(-1, at: 1)
        insert.bind(1e300, at: 2)
        insert.bind("", at: 3)
        insert.bind("x", at: 4)
        try insert.run()
        let read = try db.prepare("SELECT i, r, s, n FROM t ORDER BY i")
        #expect(try read.step())
        #expect(read.int64(at: 0) == -1 && read.double(at: 1) == 1e300 && read.text(at: 2) == "" && read.type(at: 2) == .text)
        #expect(read.value(at: 3) == .text("x"))
        #expect(try read.step())
        #expect(read.int64(at: 0) == Int64.max && read.double(at: 1) == 0.25)
        #expect(read.text(at: 2) == "天气 ☀︎ \u{0}nul")
        #expect(read.type(at: 3) == .null && read.value(at: 3) == .null)
        #expect(try !read.step())
    }

    @Test func textThatIsNotUTF8ReadsAsNil() throws {
        let db = try SQLiteConnection(path: dir + "/u.db", mode: .create)
        try db.execute("CREATE TABLE t (s TEXT); INSERT INTO t VALUES (CAST(x'66ff6f' AS TEXT))")
        let read = try db.prepare("SELECT s FROM t")
        #expect(try read.step())
        #expect(read.type(at: 0) == .text && read.text(at: 0) == nil)
    }

    @Test func aTransactionThatThrowsLeavesNothing() throws {
        struct Stop: Error {}
        let db = try SQLiteConnection(path: dir + "/x.db", mode: .create)
        try db.execute("CREATE TABLE t (i INTEGER)")
        #expect(throws: SQLiteError.self) {
            try db.transaction { () throws(SQLiteError) in
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("INSERT INTO nowhere VALUES (2)")
            }
        }
        #expect(try db.integer("SELECT count(*) FROM t") == 0)
        try db.transaction { () throws(SQLiteError) in try db.execute("INSERT INTO t VALUES (3)") }
        #expect(try db.integer("SELECT i FROM t") == 3)
    }

    @Test func aFileThatIsNotADatabaseIsDamaged() throws {
        let path = dir + "/junk.db"
        try Data("this is not a database, just some text that is long enough".utf8).write(to: URL(fileURLWithPath: path))
        let db = try SQLiteConnection(path: path, mode: .readWrite)
        do {
            _ = try db.userVersion
            Issue.record("read a text file as a database")
        } catch {
            #expect(error.isDamagedFile)
            #expect(StoreError(error).description == "it is not an SQLite database")
        }
    }

    @Test func aMissingFileIsNotCreatedUnlessAsked() {
        #expect(throws: SQLiteError.self) { try SQLiteConnection(path: dir + "/none.db", mode: .readWrite) }
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.db"))
    }

    @Test func errorsSayWhatWasBeingDone() throws {
        let db = try SQLiteConnection(path: dir + "/e.db", mode: .create)
        do {
            _ = try db.prepare("SELECT * FROM missing")
            Issue.record("prepared a query of a missing table")
        } catch {
            #expect(error.description.contains("preparing SELECT * FROM missing"))
            #expect(error.description.contains("no such table: missing"))
        }
    }
}
