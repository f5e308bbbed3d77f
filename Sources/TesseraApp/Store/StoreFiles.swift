#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The files around a store: where it lives by default, what is at a path, and the few file
/// operations the store needs besides SQLite's own (made private, set aside, linked).
public enum StoreFiles {
    /// `$XDG_DATA_HOME/tessera/collection.db`, or `~/.local/share/tessera/collection.db` when
    /// XDG_DATA_HOME is unset or not absolute (XDG Base Directory rules).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        PathParts.deletingLastComponent(StateStore.defaultPath(environment: environment)) + "/collection.db"
    }

    /// Where the previous version kept its JSON state file by default (imported once, then kept).
    public static func legacyDefaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        StateStore.defaultPath(environment: environment)
    }

    /// `path` with every symbolic link followed, so the store is opened, locked, set aside and
    /// replaced where it really is: a store reached through a link (a dotfiles repository) stays
    /// behind its link. A link to nothing yet resolves to the path it names (made there).
    public static func resolve(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { break }
            let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : PathParts.deletingLastComponent(current) + "/" + target
        }
        // The folder's own links too (realpath of the folder, when it exists).
        let dir = PathParts.deletingLastComponent(current)
        if !dir.isEmpty, let real = realpath(dir, nil) {
            defer { free(real) }
            return String(cString: real) + "/" + PathParts.lastComponent(current)
        }
        return current
    }

    /// What the first bytes of a regular file say it is.
    public enum Content: Equatable {
        /// An SQLite database, or what is left of one (SQLite says what is wrong with it).
        case database
        /// Nothing yet: a store is made as an empty private file before SQLite first writes it, so
        /// this is one that was never saved (stopped in between), and it is opened as a new store.
        case empty
        /// Anything else: read as a JSON state file (which says what is wrong with it, if anything).
        case other
    }

    /// "SQLite format 3\0": the first 16 bytes of every SQLite database.
    static let databaseHeader: [UInt8] = Array("SQLite format 3".utf8) + [0]

    public static func content(of path: String) -> Content {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .other }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 16)
        let n = header.withUnsafeMutableBytes { read(fd, $0.baseAddress, 16) }
        if n == 16 && header == databaseHeader { return .database }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .other }
        if st.st_size == 0 { return path.hasSuffix(".json") ? .other : .empty }
        // A store whose first page was damaged has lost its header but not its shape: SQLite files
        // are whole pages, 512 bytes at least. A state file is text that opens with '{'.
        let opensLikeJSON = header.prefix(n).first { ![0x20, 0x0a, 0x0d, 0x09].contains($0) } == UInt8(ascii: "{")
        if !path.hasSuffix(".json"), st.st_size >= 512, st.st_size % 512 == 0, !opensLikeJSON { return .database }
        return .other
    }

    /// Makes an empty file readable and writable by the user only, for SQLite to fill: a new store
    /// is private from its first byte. Fails when something is already there.
    public static func createPrivate(_ path: String, mode: mode_t = 0o600) throws(FileSystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw FileSystemError("create", path, errno) }
        fchmod(fd, mode)   // the umask may have taken bits the user's file had
        close(fd)
    }

    /// The permission bits of the file at `path` (nil when it cannot be read).
    public static func mode(of path: String) -> mode_t? {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : nil
    }

    /// The first `<path><suffix>-N` (N = 1, 2, …) at which nothing exists.
    public static func freeName(_ path: String, suffix: String, ext: String = "") -> String {
        var n = 1
        while access("\(path)\(suffix)-\(n)\(ext)", F_OK) == 0 || access("\(path)\(suffix)-\(n)\(ext)-wal", F_OK) == 0 { n += 1 }
        return "\(path)\(suffix)-\(n)\(ext)"
    }

    /// Renames a bad store (and its write-ahead log and shared-memory index, which belong to it)
    /// to `<path>.corrupt-N`, `<path>.corrupt-N-wal`, `-shm`. Returns the new name.
    public static func setAside(_ path: String) throws(FileSystemError) -> String {
        let kept = freeName(path, suffix: ".corrupt")
        guard rename(path, kept) == 0 else { throw FileSystemError("rename", path, errno) }
        for s in ["-wal", "-shm"] where access(path + s, F_OK) == 0 {
            if s == "-shm" { unlink(path + s) } else { rename(path + s, kept + s) }
        }
        syncDirectory(PathParts.deletingLastComponent(path))
        return kept
    }

    public static func syncDirectory(_ dir: String) { POSIXFileSystem().syncDirectory(dir.isEmpty ? "." : dir) }
}

extension StoreFiles {
    /// Writes a new file readable by the user only, flushed to the disk; fails when something is there.
    public static func writePrivateFile(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileSystemError("create", path, errno) }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { let e = errno; unlink(path); throw FileSystemError("write", path, n == 0 ? ENOSPC : e) }
            written += n
        }
        guard fsync(fd) == 0 else { let e = errno; unlink(path); throw FileSystemError("fsync", path, e) }
    }
}
