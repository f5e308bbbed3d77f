import Foundation
import Testing
@testable import TesseraApp
@testable import TesseraCore

/// The real thing, once: a 64 KiB tmpfs filled to the last byte, and a tmpfs remounted read-only.
/// Needs root (mount); skipped with that reason otherwise. The seam tests cover every step as any user.
@Suite(.enabled(if: TinyDisk.canMount, "needs root to mount a tmpfs (run scripts/test.sh as root, or in CI)"))
struct RealDiskFailureTests {
    @Test func aFullDiskLeavesTheOldFileAndSavesOnceSpaceComesBack() throws {
        let disk = try TinyDisk()
        defer { disk.remove() }
        let store = StateStore(path: disk.path + "/state.json")
        try store.save(SampleData.model())
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let filler = try disk.fill()

        var moved = SampleData.model()
        try moved.move("s1", to: IndexPath(section: 2, item: 0))
        let error = #expect(throws: StateStore.SaveError.self) { try store.save(moved) }
        #expect(error?.description.hasSuffix("failed: No space left on device") == true, "\(error?.description ?? "")")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == ["filler", "state.json"])

        try FileManager.default.removeItem(atPath: filler)
        try disk.waitForFreeSpace()
        try store.save(moved)
        guard case .loaded(let back) = store.load() else { Issue.record("not saved"); return }
        #expect(back == moved)
    }

    @Test func aReadOnlyFileSystemLeavesTheOldFile() throws {
        let disk = try TinyDisk()
        defer { disk.remove() }
        let store = StateStore(path: disk.path + "/state.json")
        try store.save(SampleData.model())
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        try disk.remount(readOnly: true)
        var moved = SampleData.model()
        try moved.move("s1", to: IndexPath(section: 2, item: 0))
        let error = #expect(throws: StateStore.SaveError.self) { try store.save(moved) }
        #expect(error?.description == "creating \(disk.path)/.state.json.tmp-\(getpid()) failed: Read-only file system")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    }
}

/// A small tmpfs (64 KiB unless told) in a temporary directory.
struct TinyDisk {
    let path: String

    static let canMount: Bool = {
        guard getuid() == 0, let disk = try? TinyDisk() else { return false }
        disk.remove()
        return true
    }()

    /// A tmpfs of `size` (mount's units: "64k", "4m").
    init(size: String = "64k") throws {
        path = makeTemporaryDirectory("tinydisk")
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=" + size, "tmpfs", path]) == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// Writes a filler file until the disk refuses; returns its path. Close-on-exec: a child
    /// another test spawns meanwhile (an Xvfb) must not inherit it, or removing it frees nothing.
    func fill() throws -> String {
        let filler = path + "/filler"
        let fd = open(filler, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        let block = [UInt8](repeating: 0x2e, count: 512)
        while write(fd, block, block.count) > 0 {}
        let code = errno
        close(fd)
        guard code == ENOSPC else { throw CocoaError(.fileWriteUnknown) }
        return filler
    }

    /// Waits (2 s at most) until the disk has free blocks again after a file was removed. A child
    /// another test spawns holds a copy of our descriptors until it execs, so the filler's blocks
    /// may come back a moment after its last close.
    func waitForFreeSpace() throws {
        for _ in 0..<200 {
            var st = statvfs()
            if statvfs(path, &st) == 0, st.f_bfree > 4 { return }
            usleep(10_000)
        }
        throw CocoaError(.fileWriteOutOfSpace)
    }

    func remount(readOnly: Bool) throws {
        guard Self.run("/bin/mount", ["-o", readOnly ? "remount,ro" : "remount,rw", path]) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    func remove() {
        _ = Self.run("/bin/umount", ["-l", path])
        try? FileManager.default.removeItem(atPath: path)
    }

    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard posix_spawn(&pid, tool, &actions, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }
}
