import Foundation
import TesseraTestSupport
@testable import TesseraApp

/// The real file system, except that one chosen call fails with a chosen errno: how the tests make
/// a disk fill up at the second write, or a rename hit a read-only file system, without root.
/// It also records the calls made, so a test can tell that a huge file was never read.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
    /// A call name as `FileSystemError.call` spells it: "create", "write", "fsync", "rename", "mkdir", "read", "stat".
    var failing: String?
    var code: Int32 = EIO
    /// For "write": how many bytes to accept before failing (a disk that fills up mid-file).
    var acceptBytesBeforeFailing = 0
    var calls: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
    private var recorded: [String] = []
    /// While set, an fsync waits for it (a slow disk); `reachedGate` is signalled as it starts waiting.
    private var fsyncGate: DispatchSemaphore?
    let reachedGate = DispatchSemaphore(value: 0)
    private var accepted = 0
    private let real = POSIXFileSystem()
    private let lock = NSLock()

    init(failing: String? = nil, code: Int32 = EIO) {
        self.failing = failing
        self.code = code
    }

    private func note(_ call: String, _ path: String) throws(FileSystemError) {
        lock.lock()
        recorded.append(call)
        let fail = failing == call
        lock.unlock()
        if fail { throw FileSystemError(call, path, code) }
    }

    func kind(of path: String) throws(FileSystemError) -> FileKind? {
        try note("stat", path)
        return try real.kind(of: path)
    }

    func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        try note("read", path)
        return try real.read(path, limit: limit)
    }

    func createDirectories(_ path: String) throws(FileSystemError) {
        try note("mkdir", path)
        try real.createDirectories(path)
    }

    func create(_ path: String) throws(FileSystemError) -> Int32 {
        try note("create", path)
        return try real.create(path)
    }

    func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileSystemError) -> Int {
        if failing == "write" {
            // Accept a partial write first, as a filling disk does, then refuse.
            let room = acceptBytesBeforeFailing - accepted
            if room > 0 {
                let n = try real.write(fd, UnsafeRawBufferPointer(rebasing: bytes.prefix(room)), path: path)
                accepted += n
                return n
            }
        }
        try note("write", path)
        return try real.write(fd, bytes, path: path)
    }

    /// Makes every fsync from now on wait until `openGate()`.
    func closeGate() {
        lock.lock()
        fsyncGate = DispatchSemaphore(value: 0)
        lock.unlock()
    }

    func openGate() {
        lock.lock()
        let gate = fsyncGate
        fsyncGate = nil
        lock.unlock()
        gate?.signal()
    }

    func sync(_ fd: Int32, path: String) throws(FileSystemError) {
        lock.lock()
        let gate = fsyncGate
        lock.unlock()
        if let gate {
            reachedGate.signal()
            gate.wait()
        }
        try note("fsync", path)
        try real.sync(fd, path: path)
    }

    func close(_ fd: Int32) { real.close(fd) }

    func rename(_ from: String, to: String) throws(FileSystemError) {
        try note("rename", to)
        try real.rename(from, to: to)
    }

    func unlink(_ path: String) { real.unlink(path) }
    func syncDirectory(_ directory: String) { real.syncDirectory(directory) }
    func list(_ directory: String) -> [String] { real.list(directory) }
}

/// A fresh temporary directory for one test.
func makeTemporaryDirectory(_ name: String) -> String {
    TestScratch.directory(name)
}
