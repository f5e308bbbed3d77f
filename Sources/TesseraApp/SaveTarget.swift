#if canImport(Glibc)
import Glibc
#endif
import TesseraCore
import TesseraStore

/// Where the ``SaveWorker`` writes: the store (``DatabaseSaveTarget``) or, for tests of the save
/// path's failures, a JSON state file (``JSONSaveTarget``). Used by the worker's thread only.
public protocol SaveTarget: AnyObject {
    /// For messages: the file the collection is written to.
    var path: String { get }
    /// Writes `model`. `changes`: every edit since the last successful write, when known, so only
    /// what they touched is written; nil: write the whole collection.
    func write(_ model: CollectionModel, changes: EditLog?) throws(StateStore.SaveError)
    /// After a successful write, when nothing else waits: housekeeping (a checkpoint).
    func tidy()
}

/// The collection as one JSON file, rewritten whole each time (`tessera export`'s format).
public final class JSONSaveTarget: SaveTarget {
    public let store: StateStore
    public var path: String { store.path }
    public init(_ store: StateStore) { self.store = store }
    public func write(_ model: CollectionModel, changes: EditLog?) throws(StateStore.SaveError) { try store.save(model) }
    public func tidy() {}
}

/// The store: each save writes the rows its edits touched, in one transaction made durable before
/// it returns (see `CollectionStore`). The connection is opened on the first write, on the saving
/// thread; a store not made yet is made then, readable by the user only.
public final class DatabaseSaveTarget: SaveTarget {
    public let path: String
    private var store: CollectionStore?

    public init(path: String) { self.path = path }

    public func write(_ model: CollectionModel, changes: EditLog?) throws(StateStore.SaveError) {
        if store == nil, let kind = try? POSIXFileSystem().kind(of: path), !kind.isRegular {
            // Something else is in the way (a folder): say so, rather than SQLite's "unable to open".
            let what = kind == .directory ? "a directory" : "not a regular file"
            throw StateStore.SaveError(description: "saving to \(path) failed: it is \(what)",
                                       summary: "\(PathParts.lastComponent(path)) is \(what)")
        }
        if store == nil, access(path, F_OK) != 0 {
            do { try StoreFiles.createPrivate(path) } catch {
                if error.code != EEXIST { throw StateStore.SaveError(description: error.description, summary: error.summary) }
            }
        }
        do throws(StoreError) {
            let store: CollectionStore
            if let open = self.store { store = open } else { store = try CollectionStore(path: path, create: true) }
            self.store = store
            do throws(SQLiteError) {
                if let changes {
                    _ = try store.save(model, footprint: changes.footprint)
                } else {
                    try store.replaceAll(with: model)
                }
            } catch {
                throw StoreError(error)
            }
        } catch {
            // A connection that failed may hold a broken transaction or a stale file: open anew next time.
            self.store?.close()
            self.store = nil
            throw Self.saveError(error, path: path)
        }
    }

    public func tidy() { store?.checkpointIfLarge() }

    /// Why nothing can be written at `path`, when it is the disk or the folder: a store in WAL
    /// mode also writes files beside itself (`-wal`, `-shm`), so its folder must be writable too.
    static func readOnlyReason(_ path: String) -> String? {
        let dir = PathParts.deletingLastComponent(path)
        let folder = dir.isEmpty ? "." : dir
        var fs = statvfs()
        if statvfs(folder, &fs) == 0, fs.f_flag & UInt(ST_RDONLY) != 0 { return "the disk is read-only" }
        if access(folder, W_OK) != 0 { return "its folder is read-only" }
        if access(path, F_OK) == 0, access(path, W_OK) != 0 { return "the store is read-only" }
        return nil
    }

    /// Closes the connection (the next write opens it again).
    public func close() {
        store?.close()
        store = nil
    }

    static func saveError(_ error: StoreError, path: String) -> StateStore.SaveError {
        switch error {
        case .sqlite(let e) where e.isUnwritable:
            // SQLite cannot say why it could not open or write; the usual reasons, checked here,
            // are ones a user can act on.
            let why = readOnlyReason(path) ?? e.summary
            return StateStore.SaveError(description: "saving to \(path) failed: \(why) (\(e.description))", summary: why)
        case .sqlite(let e):
            return StateStore.SaveError(description: "saving to \(path) failed: \(e.description)", summary: e.summary)
        default:
            return StateStore.SaveError(description: "saving to \(path) failed: \(error.description)", summary: "the store cannot be written (\(error.description))")
        }
    }
}
