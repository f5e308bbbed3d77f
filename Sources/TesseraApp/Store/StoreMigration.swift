#if canImport(Glibc)
import Glibc
#endif
import TesseraCore
import TesseraStore

/// Turning the previous version's JSON state file into a store, never losing the JSON: the store is
/// written whole under a temporary name and renamed into place, and the JSON is kept (linked or
/// renamed to `<json>.migrated`). A kill at any moment leaves the JSON, or the store and the JSON.
public enum StoreMigration {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes `model` as a store at a temporary path beside `path` (mode `mode`), ready to be renamed.
    static func writeTemporaryStore(beside path: String, mode: mode_t, _ model: CollectionModel) throws(Failure) -> String {
        let dir = PathParts.deletingLastComponent(path)
        let tmp = (dir.isEmpty ? "." : dir) + "/." + PathParts.lastComponent(path) + ".migrating-\(getpid())"
        for s in ["", "-wal", "-shm", "-journal"] { unlink(tmp + s) }
        do { try StoreFiles.createPrivate(tmp, mode: mode) } catch { throw Failure(description: error.description) }
        do throws(StoreError) {
            let store = try CollectionStore(path: tmp, create: true)
            do throws(SQLiteError) { try store.replaceAll(with: model) } catch { store.close(); throw StoreError.sqlite(error) }
            store.close()   // the last connection checkpoints: the whole store is in the one file
        } catch {
            for s in ["", "-wal", "-shm"] { unlink(tmp + s) }
            throw Failure(description: "writing the store failed: \(error.description)")
        }
        return tmp
    }

    /// `<path>.migrated`, or `.migrated-2`, … when that is taken.
    static func keptName(_ path: String) -> String {
        var name = path + ".migrated", n = 2
        while access(name, F_OK) == 0 { name = path + ".migrated-\(n)"; n += 1 }
        return name
    }

    /// The JSON at `path` becomes a store at `path`; the JSON is kept as the returned name.
    public static func replaceJSON(at path: String, with model: CollectionModel) throws(Failure) -> String {
        let tmp = try writeTemporaryStore(beside: path, mode: StoreFiles.mode(of: path) ?? 0o600, model)
        let kept = keptName(path)
        // A second name for the JSON first (a hard link: no copy); then the store takes the path.
        if link(path, kept) != 0 {
            let bytes = (try? POSIXFileSystem().read(path, limit: Int.max)) ?? []
            let fd = open(kept, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, StoreFiles.mode(of: path) ?? 0o600)
            let wrote = fd >= 0 && bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count && fsync(fd) == 0
            if fd >= 0 { close(fd) }
            guard wrote else {
                unlink(kept); unlink(tmp)
                throw Failure(description: "keeping the JSON as \(kept) failed: \(String(cString: strerror(errno)))")
            }
        }
        guard rename(tmp, path) == 0 else {
            let e = errno
            unlink(tmp); unlink(kept)
            throw Failure(description: "replacing \(path) failed: \(String(cString: strerror(e)))")
        }
        StoreFiles.syncDirectory(PathParts.deletingLastComponent(path))
        return kept
    }

    /// The JSON at `json` becomes a new store at `path` (which does not exist); the JSON is renamed
    /// to the returned name.
    public static func importJSON(_ json: String, with model: CollectionModel, into path: String) throws(Failure) -> String {
        let tmp = try writeTemporaryStore(beside: path, mode: 0o600, model)
        guard rename(tmp, path) == 0 else {
            let e = errno
            unlink(tmp)
            throw Failure(description: "making \(path) failed: \(String(cString: strerror(e)))")
        }
        let kept = keptName(json)
        rename(json, kept)
        StoreFiles.syncDirectory(PathParts.deletingLastComponent(path))
        StoreFiles.syncDirectory(PathParts.deletingLastComponent(json))
        return kept
    }
}
