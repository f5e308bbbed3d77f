import Foundation
import Testing
@testable import TesseraApp
@testable import TesseraCore

/// A failing disk as the app lives it: the arrangement stays in memory, a banner and one stderr
/// line say what failed, and saving is retried on the next change and on quit.
@Suite struct AppControllerSaveTests {
    let dir = makeTemporaryDirectory("app-save")
    var path: String { dir + "/state.json" }

    func makeApp(_ fs: FaultyFileSystem, logs: LogLines, logSaves: Bool = false) -> AppController {
        var f = FlowLayout(); f.headerLength = 0; f.footerLength = 0
        let engine = Engine(model: SampleData.generated(count: 20, sections: 1, seed: 1), layout: .grid(f),
                            viewport: Size(width: 560, height: 400))
        return AppController(engine: engine, store: StateStore(path: path, fileSystem: fs), logSaves: logSaves, log: logs.append)
    }

    /// Press, hold, carry `id` to the leading edge of `before`, dwell, release: one committed move.
    func move(_ app: AppController, _ id: ItemID, before: ItemID, start: Double, waitForSave: Bool = true) {
        let from = app.engine.drawnFrame(of: id)!.center
        let target = app.engine.drawnFrame(of: before)!
        let to = Point(x: target.minX + 5, y: target.midY)
        app.handle(.pointerDown(from), at: start)
        _ = app.frame(at: start + 0.55)
        for k in 1...10 {
            let f = Double(k) / 10
            app.handle(.pointerMove(Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)), at: start + 0.55 + f / 10)
        }
        var t = start + 0.7
        while t < start + 1.4 { _ = app.frame(at: t); t += 1.0 / 60 }
        app.handle(.pointerUp(to), at: t)
        _ = app.frame(at: t + 0.5)
        if waitForSave { app.waitForSaves() }
    }

    func bannerText(_ app: AppController) -> String? {
        for node in app.scene().nodes { if case .label(let l) = node, l.style == .banner { return l.text } }
        return nil
    }

    @Test func aFullDiskKeepsTheArrangementShowsABannerAndRetriesOnTheNextChange() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let logs = LogLines()
        let fs = FaultyFileSystem()
        let app = makeApp(fs, logs: logs)
        move(app, "item-1", before: "item-4", start: 0)
        let onDisk = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bannerText(app) == nil)

        fs.failing = "write"; fs.code = ENOSPC
        move(app, "item-5", before: "item-8", start: 10)
        let inMemory = app.engine.model
        #expect(inMemory.sections[0].items.prefix(7).map(\.id).last == "item-5", "the move stays in memory")
        #expect(app.unsaved)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == onDisk, "the old file is left intact")
        #expect(logs.count == 1 && logs[0].hasPrefix("could not save: writing \(dir)/.state.json.tmp-")
                && logs[0].hasSuffix("failed: No space left on device; the arrangement is kept in memory"), "\(logs)")
        let banner = try #require(bannerText(app))
        #expect(banner == "Not saved: No space left on device (writing a temporary file). Kept in memory; retried on every change and on quit.")

        // Still full: the next change is tried again, fails again, and is not logged twice.
        let writes = fs.calls.filter { $0 == "write" }.count
        move(app, "item-9", before: "item-12", start: 30)
        #expect(fs.calls.filter { $0 == "write" }.count == writes + 1, "one more attempt")
        #expect(logs.count == 1)

        // Space comes back: the next change saves everything, and the banner goes.
        fs.failing = nil
        move(app, "item-2", before: "item-1", start: 40)
        #expect(!app.unsaved && app.saveError == nil && bannerText(app) == nil)
        #expect(logs.last == "saved \(path) again")
        guard case .loaded(let saved) = StateStore(path: path).load() else { Issue.record("not saved"); return }
        #expect(saved == app.engine.model)
    }

    @Test func aSlowDiskHoldsUpNoFrameAndABurstOfChangesCostsTwoWrites() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fs = FaultyFileSystem()
        let app = makeApp(fs, logs: LogLines())
        fs.closeGate()
        move(app, "item-1", before: "item-4", start: 0, waitForSave: false)
        fs.reachedGate.wait()                     // the first save is stuck in fsync
        // The app goes on: frames are drawn, the change is not on disk yet, and the app looks
        // again soon for how the save went.
        #expect(app.unsaved)
        #expect(!FileManager.default.fileExists(atPath: path))
        let t = app.engine.now
        #expect(app.nextDeadline(after: t).map { $0 <= t + AppController.savePollInterval } == true)
        move(app, "item-5", before: "item-8", start: 10, waitForSave: false)
        move(app, "item-9", before: "item-12", start: 20, waitForSave: false)
        #expect(app.unsaved)
        fs.openGate()
        app.waitForSaves()
        #expect(!app.unsaved && app.saveError == nil)
        // The first snapshot, then only the newest of the two made while it was being written.
        #expect(fs.calls.filter { $0 == "create" }.count == 2)
        guard case .loaded(let saved) = StateStore(path: path).load() else { Issue.record("not saved"); return }
        #expect(saved == app.engine.model)
        #expect(app.nextDeadline(after: app.engine.now) == nil, "nothing in flight, nothing animating: no wake-up")
    }

    @Test func aFailedSaveIsRetriedOnQuit() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let logs = LogLines()
        let fs = FaultyFileSystem(failing: "rename", code: EROFS)
        let app = makeApp(fs, logs: logs)
        move(app, "item-1", before: "item-4", start: 0)
        #expect(app.unsaved && !FileManager.default.fileExists(atPath: path))
        fs.failing = nil              // the file system is writable again by the time the user quits
        app.willQuit()
        #expect(!app.unsaved)
        guard case .loaded(let saved) = StateStore(path: path).load() else { Issue.record("not saved on quit"); return }
        #expect(saved == app.engine.model)
        #expect(saved.sections[0].items.prefix(3).map(\.id) == ["item-2", "item-3", "item-1"])
    }

    @Test func quittingWhileTheDiskIsStillFullSaysSo() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let logs = LogLines()
        let app = makeApp(FaultyFileSystem(failing: "create", code: EROFS), logs: logs)
        move(app, "item-1", before: "item-4", start: 0)
        app.willQuit()
        #expect(logs.last?.hasPrefix("quitting with unsaved changes: creating \(dir)/.state.json.tmp-") == true, "\(logs)")
        #expect(logs.last?.hasSuffix("failed: Read-only file system") == true)
    }

    @Test func theSaveJournalNamesEachAttemptAndTheDigestOfItsBytes() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let logs = LogLines()
        let fs = FaultyFileSystem()
        let app = makeApp(fs, logs: logs, logSaves: true)
        move(app, "item-1", before: "item-4", start: 0)
        fs.failing = "fsync"
        move(app, "item-5", before: "item-8", start: 10)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(logs[0] == "save 1 begin fnv1a64=\(SaveJournal.hex(SaveJournal.fnv1a64(bytes))) bytes=\(bytes.count)")
        #expect(logs[1] == "save 1 done")
        #expect(logs[2].hasPrefix("save 2 begin fnv1a64="))
        #expect(logs[3] == "save 2 failed")
        // FNV-1a 64 reference values: "" and "a".
        #expect(SaveJournal.fnv1a64([]) == 0xcbf2_9ce4_8422_2325)
        #expect(SaveJournal.fnv1a64([0x61]) == 0xaf63_dc4c_8601_ec8c)
    }
}
