import Foundation
import Testing
@testable import TesseraApp
@testable import TesseraCore
@testable import TesseraStore

/// The store's writes that fail for reasons outside Tessera: another program holding the database,
/// a file system gone read-only. Each failure is a clear error for the banner, leaves the store as it
/// was, and the same edits are written once the cause is gone (the save thread retries them: see
/// SaveWorkerJoinTests).
@Suite struct StoreWriteFailureTests {
    /// A moved copy of `model`, and the edit log of that move.
    static func moved(_ model: CollectionModel) throws -> (CollectionModel, EditLog) {
        var m = model
        var log = EditLog()
        try m.move("s1", to: IndexPath(section: 2, item: 0), near: nil, log: &log)
        return (m, log)
    }

    static func stored(_ path: String) throws -> CollectionModel {
        let store = try CollectionStore(path: path, readOnly: true)
        defer { store.close() }
        return try store.readAll()
    }

    @Test func aStoreLockedByAnotherProgramIsRefusedThenWrittenOnceFree() throws {
        let dir = makeTemporaryDirectory("locked")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/collection.db"
        let target = DatabaseSaveTarget(path: path)
        defer { target.close() }
        try target.write(SampleData.model(), changes: nil)
        let (moved, log) = try Self.moved(SampleData.model())

        // Another program (the sqlite3 shell, a backup tool) takes the write lock and keeps it.
        let other = try SQLiteConnection(path: path, mode: .readWrite)
        try other.execute("BEGIN IMMEDIATE")
        let error = #expect(throws: StateStore.SaveError.self) { try target.write(moved, changes: log) }
        #expect(error?.summary == "the store is locked by another program")
        #expect(error?.description.hasPrefix("saving to \(path) failed: ") == true, "\(error?.description ?? "")")
        try other.execute("ROLLBACK")
        other.close()
        #expect(try Self.stored(path) == SampleData.model(), "the store is as it was")

        try target.write(moved, changes: log)
        #expect(try Self.stored(path) == moved)
    }

    @Test(.enabled(if: TinyDisk.canMount, "needs root to mount a tmpfs (run scripts/test.sh as root, or in CI)"))
    func aReadOnlyFileSystemIsRefusedThenWrittenOnceWritable() throws {
        let disk = try TinyDisk(size: "4m")
        defer { disk.remove() }
        let path = disk.path + "/collection.db"
        let target = DatabaseSaveTarget(path: path)
        defer { target.close() }
        try target.write(SampleData.model(), changes: nil)
        let (moved, log) = try Self.moved(SampleData.model())

        // Linux refuses to remount a file system read-only while a file on it is open for writing:
        // the connection is closed first (the next write opens it again, as after any failure).
        target.close()
        try disk.remount(readOnly: true)
        let error = #expect(throws: StateStore.SaveError.self) { try target.write(moved, changes: log) }
        #expect(error?.description.hasPrefix("saving to \(path) failed: ") == true, "\(error?.description ?? "")")
        #expect(error?.summary == "the disk is read-only", "\(error?.summary ?? "")")

        try disk.remount(readOnly: false)
        #expect(try Self.stored(path) == SampleData.model(), "the store is as it was")
        try target.write(moved, changes: log)
        #expect(try Self.stored(path) == moved)
    }
}
