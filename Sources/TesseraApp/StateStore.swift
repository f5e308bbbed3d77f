#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TesseraCore

/// Where the arrangement lives on disk, and the only code that reads or writes it.
///
/// Saving is atomic (temporary file in the same directory, fsync, rename, fsync of the directory),
/// so a crash or a kill at any moment leaves either the old or the new file, never a mix.
/// A file that cannot be read is never overwritten: it is renamed aside first.
/// All file access goes through `fileSystem`, so tests can make any call fail.
public struct StateStore: Sendable {
    public let path: String
    let fileSystem: any FileSystem

    public init(path: String, fileSystem: any FileSystem = POSIXFileSystem()) {
        self.path = path
        self.fileSystem = fileSystem
    }

    /// `$XDG_DATA_HOME/tessera/state.json`, or `~/.local/share/tessera/state.json` when
    /// XDG_DATA_HOME is unset or not absolute (XDG Base Directory rules).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/tessera/state.json" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? PathParts.homeDirectory()
        return home + "/.local/share/tessera/state.json"
    }

    var directory: String { PathParts.deletingLastComponent(path) }
    var fileName: String { PathParts.lastComponent(path) }

    public enum LoadResult: Sendable {
        case loaded(CollectionModel)
        case missing
        /// The file was unreadable; it now sits at `keptAt` and a fresh start is needed.
        case setAside(reason: String, keptAt: String)
        /// A directory (or other non-file) is at the path: nothing to lose, but saves will fail until
        /// it is gone. Saving may go on: rename(2) never replaces a directory.
        case blocked(reason: String)
        /// The file was unreadable and could not even be moved aside: do not save over it.
        case unreadable(reason: String)
    }

    /// Reads the state file. The size is checked before a single byte is read, so a huge file
    /// is refused at once.
    public func load() -> LoadResult {
        removeStaleTemporaryFiles()
        let bytes: [UInt8]
        do {
            switch try fileSystem.kind(of: path) {
            case nil: return .missing
            case .directory?: return .blocked(reason: "it is a directory")
            case .other?: return .blocked(reason: "it is not a regular file")
            case .regular(let size)? where size > StateFile.maximumBytes:
                return setAside(reason: StateFileError.tooLarge(bytes: size, limit: StateFile.maximumBytes).description)
            case .regular?:
                // One byte over the limit is enough to refuse a file that grew since the check.
                bytes = try fileSystem.read(path, limit: StateFile.maximumBytes + 1)
            }
        } catch {
            return .unreadable(reason: "it cannot be read (\(error))")
        }
        do {
            return .loaded(try StateFile.decode(bytes))
        } catch {
            return setAside(reason: error.description)
        }
    }

    /// Renames the bad file to `<path>.corrupt-N` (the first N not taken), so it is kept for the user.
    func setAside(reason: String) -> LoadResult {
        var n = 1
        while (try? fileSystem.kind(of: "\(path).corrupt-\(n)")) != nil { n += 1 }
        let kept = "\(path).corrupt-\(n)"
        do {
            try fileSystem.rename(path, to: kept)
        } catch {
            return .unreadable(reason: reason + "; it could not be moved aside either (\(error))")
        }
        return .setAside(reason: reason, keptAt: kept)
    }

    public struct SaveError: Error, CustomStringConvertible, Sendable {
        /// The whole story, for stderr: which call failed on which path, and why.
        public var description: String
        /// The reason and the step, for the window's banner.
        public var summary: String
    }

    /// Writes the model atomically. On failure the old file is untouched and the error says what failed.
    public func save(_ model: CollectionModel) throws(SaveError) {
        try save(encoded: StateFile.encode(model))
    }

    /// Writes already-encoded bytes atomically (see `save(_:)`).
    public func save(encoded bytes: [UInt8]) throws(SaveError) {
        let dir = directory
        let tmp = "\(dir)/\(Self.temporaryPrefix(fileName))\(getpid())"
        var fd: Int32 = -1
        do throws(FileSystemError) {
            try fileSystem.createDirectories(dir)
            fd = try fileSystem.create(tmp)
            try writeAll(bytes, to: fd, path: tmp)
            try fileSystem.sync(fd, path: tmp)
            fileSystem.close(fd)
            fd = -1
            try fileSystem.rename(tmp, to: path)
        } catch {
            if fd >= 0 { fileSystem.close(fd) }
            fileSystem.unlink(tmp)
            throw SaveError(description: error.description, summary: error.summary)
        }
        // The rename is durable only once the directory entry is on disk.
        fileSystem.syncDirectory(dir)
    }

    /// write(2) until every byte is out: a full disk may take part of a buffer and then refuse.
    func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(FileSystemError) {
        var written = 0
        var failure: FileSystemError?
        bytes.withUnsafeBytes { buf in
            while written < buf.count, failure == nil {
                do throws(FileSystemError) { written += try fileSystem.write(fd, UnsafeRawBufferPointer(rebasing: buf[written...]), path: path) }
                catch { failure = error }
            }
        }
        if let failure { throw failure }
    }

    /// Temporary files are `.<name>.tmp-<pid>`: hidden, and owned by one process.
    static func temporaryPrefix(_ fileName: String) -> String { ".\(fileName).tmp-" }

    /// Removes temporary files left by a process killed mid-save (their pid is gone). A live pid
    /// may be another Tessera saving right now: its file is left alone.
    func removeStaleTemporaryFiles() {
        let prefix = Self.temporaryPrefix(fileName)
        for name in fileSystem.list(directory) where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { fileSystem.unlink("\(directory)/\(name)") }
        }
    }
}
