#if canImport(Glibc)
import Glibc
#endif

/// One writer per store: an exclusive `flock` on `<store>.lock`, held for the life of the process.
///
/// The kernel drops a flock when the process dies however it dies (SIGKILL, a crash), so the lock
/// can never go stale; the file itself stays (an empty lock file is harmless, and removing it
/// would race with a second process locking it). The holder writes its pid and, once its window
/// exists, the window's id into the file, so a second `tessera` can say who holds the store and
/// raise that window instead of opening its own.
public final class StoreLock {
    public let path: String
    private let fd: Int32

    /// Who holds a lock we could not take.
    public struct Holder: Equatable, Sendable {
        public var pid: Int32?
        /// The holder's X window, once it has one.
        public var window: UInt?
    }

    public enum Outcome {
        case acquired(StoreLock)
        case held(by: Holder)
        /// The lock file cannot be made or locked (a read-only folder, a file system without
        /// locks): the store may still be read; the reason says why it is not protected.
        case unavailable(reason: String)
    }

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// Tries once, without waiting.
    public static func acquire(_ path: String) -> Outcome {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return .unavailable(reason: "the lock file \(path) cannot be made: \(String(cString: strerror(errno)))") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let e = errno
            defer { close(fd) }
            if e == EWOULDBLOCK { return .held(by: readHolder(fd)) }
            return .unavailable(reason: "the lock file \(path) cannot be locked: \(String(cString: strerror(e)))")
        }
        let lock = StoreLock(path: path, fd: fd)
        lock.write(pid: getpid(), window: nil)
        return .acquired(lock)
    }

    /// Records the holder's window, for a second `tessera` to raise.
    public func setWindow(_ window: UInt) { write(pid: getpid(), window: window) }

    private func write(pid: Int32, window: UInt?) {
        let text = "pid \(pid)\n" + (window.map { "window \($0)\n" } ?? "")
        ftruncate(fd, 0)
        _ = text.utf8CString.withUnsafeBufferPointer { pwrite(fd, $0.baseAddress, $0.count - 1, 0) }
    }

    static func readHolder(_ fd: Int32) -> Holder {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 255, 0) }
        guard n > 0 else { return Holder() }
        var holder = Holder()
        for line in String(decoding: buffer[..<n], as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2 else { continue }
            if parts[0] == "pid" { holder.pid = Int32(parts[1]) }
            if parts[0] == "window" { holder.window = UInt(parts[1]) }
        }
        return holder
    }
}
