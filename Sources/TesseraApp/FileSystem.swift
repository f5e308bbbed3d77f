#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: which one, on what, and errno.
public struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    public var call: String
    public var path: String
    public var code: Int32

    public init(_ call: String, _ path: String, _ code: Int32) {
        self.call = call
        self.path = path
        self.code = code
    }

    /// e.g. "writing /data/.state.json.tmp-42 failed: No space left on device"
    public var description: String {
        let verb = ["stat": "inspecting", "open": "opening", "create": "creating", "read": "reading", "mkdir": "creating the folder",
                    "write": "writing", "fsync": "flushing", "rename": "replacing"][call] ?? call
        return "\(verb) \(path) failed: \(String(cString: strerror(code)))"
    }

    /// Short enough for a banner: "No space left on device (writing a temporary file)".
    public var summary: String {
        let name = PathParts.lastComponent(path)
        let what = name.hasPrefix(".") ? "a temporary file" : name
        return "\(String(cString: strerror(code))) (\(description.prefix { $0 != " " }) \(what))"
    }
}

/// What a path is, from `lstat`.
public enum FileKind: Sendable, Equatable {
    case regular(size: Int)
    case directory
    /// A FIFO, a device, a socket, or a symbolic link to one of those: never read (a FIFO blocks,
    /// /dev/zero never ends).
    case other

    public var isRegular: Bool { if case .regular = self { true } else { false } }
}

/// The system calls `StateStore` makes, one method each, so tests can make any one of them fail
/// (a full disk at the third write, a read-only rename) without root or a special mount.
public protocol FileSystem: Sendable {
    /// nil when nothing is at `path`. Follows symbolic links.
    func kind(of path: String) throws(FileSystemError) -> FileKind?
    /// At most `limit` bytes of the file.
    func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8]
    func createDirectories(_ path: String) throws(FileSystemError)
    /// Creates or truncates `path` for writing; returns the descriptor.
    func create(_ path: String) throws(FileSystemError) -> Int32
    /// Writes some of `bytes`; returns how many (never 0 for a non-empty buffer).
    func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileSystemError) -> Int
    func sync(_ fd: Int32, path: String) throws(FileSystemError)
    func close(_ fd: Int32)
    func rename(_ from: String, to: String) throws(FileSystemError)
    func unlink(_ path: String)
    /// Makes a rename in `directory` durable. Best effort: some file systems refuse it.
    func syncDirectory(_ directory: String)
    /// Names in `directory` (not paths); empty when it cannot be listed.
    func list(_ directory: String) -> [String]
}

/// The real thing: POSIX calls, retried on EINTR.
public struct POSIXFileSystem: FileSystem {
    public init() {}

    public func kind(of path: String) throws(FileSystemError) -> FileKind? {
        var st = stat()
        guard stat(path, &st) == 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError("stat", path, errno)
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(st.st_size))
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    public func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError("open", path, errno) }
        defer { Glibc.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, min($0.count, limit - bytes.count)) }
            if n < 0 { if errno == EINTR { continue }; throw FileSystemError("read", path, errno) }
            if n == 0 { break }
            bytes += chunk[..<n]
        }
        return bytes
    }

    public func createDirectories(_ path: String) throws(FileSystemError) {
        // mkdir -p by hand, so the error is the errno of the component that failed.
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { throw FileSystemError("mkdir", prefix, errno) }
        }
    }

    public func create(_ path: String) throws(FileSystemError) -> Int32 {
        while true {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if fd >= 0 { return fd }
            if errno != EINTR { throw FileSystemError("create", path, errno) }
        }
    }

    public func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileSystemError) -> Int {
        while true {
            let n = Glibc.write(fd, bytes.baseAddress, bytes.count)
            if n > 0 || bytes.isEmpty { return n }
            // write(2) returning 0 for a non-empty buffer should not happen; treat it as a full disk.
            if n == 0 { throw FileSystemError("write", path, ENOSPC) }
            if errno != EINTR { throw FileSystemError("write", path, errno) }
        }
    }

    public func sync(_ fd: Int32, path: String) throws(FileSystemError) {
        guard fsync(fd) == 0 else { throw FileSystemError("fsync", path, errno) }
    }

    public func close(_ fd: Int32) { _ = Glibc.close(fd) }

    public func rename(_ from: String, to: String) throws(FileSystemError) {
        guard Glibc.rename(from, to) == 0 else { throw FileSystemError("rename", to, errno) }
    }

    public func unlink(_ path: String) { _ = Glibc.unlink(path) }

    public func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        _ = Glibc.close(fd)
    }

    public func list(_ directory: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    }
}
