import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The app on a real 1 MiB tmpfs that fills up: the banner shows on screen, stderr says what
/// failed, the old file stays, the next change saves once there is room, and SIGTERM saves what the
/// last failed save could not. Needs root (mount); skipped with that reason otherwise.
@Suite("End to end: a full disk", .enabled(if: getuid() == 0, "needs root to mount a tmpfs"))
struct DiskFullTests {
    @Test("a full disk: banner and stderr, old file intact, retried on the next change and on SIGTERM")
    func fullDisk() async throws {
        let h = try await Harness.start("diskfull")
        defer { h.close() }
        let disk = h.directory + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try #require(Self.run("/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk) == 0, "mount failed")
        defer { _ = Self.run("/bin/umount", "-l", disk) }
        let layout = try await h.layout()       // before moving the state: the sample data
        h.statePath = disk + "/state.json"
        let app = try await h.launch(["--log-saves"])
        // Drags of s1 and s2 (both movable; some sample items are done and cannot move), each four
        // slots on or back to the second slot. `order` follows the arrangement in memory.
        var order = layout.ids(inSection: 0)
        func drop(_ id: String) async throws {
            let i = try #require(order.firstIndex(of: id))
            let target = i + 4 < 10 ? i + 4 : 1
            let from = try layout.item(section: 0, index: i)
            let a = try layout.item(section: 0, index: target - 1), b = try layout.item(section: 0, index: target)
            await h.x.drag(from: from.frame.center, to: a.gapAfter(b), dwell: EndToEndTests.gapDwell)
            order = order.moving(id, before: order[target])
            try await Task.sleep(for: .milliseconds(400))
        }
        func journal() -> SaveJournalLog { SaveJournalLog(stderr: app.standardError) }

        // 1. Room on the disk: saved.
        try await drop("s1")
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == order }
        #expect(saved?.ids(inSection: 0) == order)
        let firstBytes = try #require(StateFileReader.bytes(h.statePath))
        let clean = try Screenshot(h.x)

        // 2. The disk fills up: the save fails, the file stays, the banner and stderr say so.
        let filler = try Self.fill(disk)
        try await drop("s2")
        #expect(journal().attempts.last?.done == false, "the second save failed: \(app.standardError)")
        #expect(StateFileReader.bytes(h.statePath) == firstBytes, "the old file is left intact")
        let lines = app.standardError.split(separator: "\n").filter { $0.hasPrefix("tessera: could not save") }
        #expect(lines.count == 1 && lines[0].contains("disk is full"), "stderr: \(app.standardError)")
        let failed = try await Screenshot.waitFor(h.x, timeout: 2) { Self.bannerDiffers($0, from: clean) }
        #expect(Self.bannerDiffers(failed, from: clean), "a banner at the top of the window")

        // 3. Room again: the next change saves everything, and the banner goes.
        try FileManager.default.removeItem(atPath: filler)
        try await Self.waitForFreeSpace(disk)
        try await drop("s1")
        #expect(journal().attempts.last?.done == true)
        let onDisk = try #require(StateFileReader.bytes(h.statePath))
        #expect(fnv1a64Hex([UInt8](onDisk)) == journal().attempts.last?.digest)
        #expect(try StateFileReader.read(h.statePath).ids(inSection: 0) == order, "both changes are on disk")
        #expect(app.standardError.contains("tessera: saved \(h.statePath) again"))
        let fixed = try await Screenshot.waitFor(h.x, timeout: 2) { !Self.bannerDiffers($0, from: clean) }
        #expect(!Self.bannerDiffers(fixed, from: clean), "the banner is gone")

        // 4. Full again, a change fails; room comes back; SIGTERM saves it on the way out.
        let filler2 = try Self.fill(disk)
        try await drop("s2")
        #expect(journal().attempts.last?.done == false)
        let unsavedOrder = onDisk
        try FileManager.default.removeItem(atPath: filler2)
        try await Self.waitForFreeSpace(disk)
        app.process.send(SIGTERM)
        let status = await app.process.waitForExit(timeout: 5)
        #expect(status == .exited(0), "\(status?.description ?? "still running")")
        let last = try #require(journal().attempts.last)
        #expect(last.done == true, "the save on exit succeeded: \(app.standardError)")
        let final = try #require(StateFileReader.bytes(h.statePath))
        #expect(fnv1a64Hex([UInt8](final)) == last.digest && final != unsavedOrder)
        #expect(try StateFileReader.read(h.statePath).ids(inSection: 0) == order, "the change that failed is on disk")
    }

    /// Whether the band where the banner sits (y 14...44, the middle 600 px) differs from `clean`
    /// in more than a few pixels.
    static func bannerDiffers(_ shot: Screenshot, from clean: Screenshot) -> Bool {
        var differing = 0
        for y in stride(from: 16, through: 42, by: 4) {
            for x in stride(from: 212, through: 812, by: 4) where !shot.color(at: Pixel(x, y)).isClose(to: clean.color(at: Pixel(x, y)), tolerance: 24) {
                differing += 1
            }
        }
        return differing > 100
    }

    /// Waits (2 s at most) for free blocks after removing the filler: a child another test spawns
    /// holds a copy of our descriptors until it execs, so the blocks may come back a moment late.
    static func waitForFreeSpace(_ directory: String) async throws {
        for _ in 0..<100 {
            var st = statvfs()
            if statvfs(directory, &st) == 0, st.f_bfree > 4 { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw XSession.Failure(description: "\(directory) has no free blocks 2 s after the filler was removed")
    }

    /// Writes a filler file until the disk refuses; returns its path.
    static func fill(_ directory: String) throws -> String {
        let path = directory + "/filler"
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        let block = [UInt8](repeating: 0x2e, count: 512)
        while write(fd, block, block.count) > 0 {}
        let code = errno
        close(fd)
        guard code == ENOSPC else { throw XSession.Failure(description: "filling the disk ended with errno \(code)") }
        return path
    }

    /// Runs `tool` to the end (up to 10 s); synchronous so it can run in a `defer`.
    static func run(_ tool: String, _ arguments: String...) -> Int32 {
        guard let child = try? ChildProcess(executable: tool, arguments: arguments) else { return -1 }
        for _ in 0..<1000 {
            if let status = child.status { return status == .exited(0) ? 0 : 1 }
            usleep(10_000)
        }
        child.terminate()
        return -1
    }
}
