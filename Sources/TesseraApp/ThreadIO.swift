#if canImport(Glibc)
import Glibc
#endif

/// The calling thread's I/O counters from `/proc/thread-self/io`: what the save thread wrote, apart
/// from the rest of the process (the X connection's socket writes count in `wchar` too).
public struct ThreadIO: Equatable, Sendable {
    /// Bytes handed to write(2) and pwrite(2) (a file in the page cache counts at once).
    public var writeCalls: Int
    /// Bytes the thread caused to be sent to the storage layer (0 on tmpfs).
    public var storageWrites: Int

    /// Reads the counters; nil where /proc does not have them.
    public static func now() -> ThreadIO? {
        let fd = open("/proc/thread-self/io", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        var io = ThreadIO(writeCalls: 0, storageWrites: 0)
        for line in String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: ":")
            guard parts.count == 2, let v = Int(parts[1].trimmingPrefix(" ")) else { continue }
            if parts[0] == "wchar" { io.writeCalls = v }
            if parts[0] == "write_bytes" { io.storageWrites = v }
        }
        return io
    }

    public static func - (a: ThreadIO, b: ThreadIO) -> ThreadIO {
        ThreadIO(writeCalls: a.writeCalls - b.writeCalls, storageWrites: a.storageWrites - b.storageWrites)
    }
}
