import Foundation
import TesseraTestSupport
import Testing
@testable import TesseraApp
@testable import TesseraCore

@Suite struct StateStoreTests {
    let dir: String
    init() {
        dir = TestScratch.directory("store")
    }

    @Test func savesAndLoadsTheSameArrangement() throws {
        let store = StateStore(path: dir + "/nested/state.json")
        var m = SampleData.model()
        try m.move("s1", to: IndexPath(section: 2, item: 0))
        try store.save(m)
        guard case .loaded(let back) = store.load() else { Issue.record("not loaded"); return }
        #expect(back == m)
        // No temporary file is left behind.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/nested")
        #expect(files == ["state.json"])
    }

    @Test func missingFileIsMissing() {
        if case .missing = StateStore(path: dir + "/none.json").load() {} else { Issue.record("expected missing") }
    }

    @Test func aCorruptFileIsKeptAsideNeverOverwritten() throws {
        let path = dir + "/state.json"
        try "{\"version\":1,\"sections\":[".write(toFile: path, atomically: true, encoding: .utf8)
        let store = StateStore(path: path)
        guard case .setAside(let reason, let kept) = store.load() else { Issue.record("expected set aside"); return }
        #expect(reason.contains("not valid JSON"))
        #expect(kept == path + ".corrupt-1")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "{\"version\":1,\"sections\":[")
        #expect(!FileManager.default.fileExists(atPath: path))
        // A second bad file does not replace the first one kept.
        try "garbage".write(toFile: path, atomically: true, encoding: .utf8)
        guard case .setAside(_, let kept2) = store.load() else { Issue.record("expected set aside"); return }
        #expect(kept2 == path + ".corrupt-2")
        #expect(try String(contentsOfFile: kept, encoding: .utf8).hasPrefix("{"))
    }

    @Test func aDirectoryInThePlaceOfTheFileIsReportedAndLeftAlone() throws {
        let path = dir + "/state.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let store = StateStore(path: path)
        if case .blocked(let why) = store.load() { #expect(why == "it is a directory") } else { Issue.record("expected blocked") }
        #expect(throws: StateStore.SaveError.self) { try store.save(SampleData.model()) }
        var isDir: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue)
    }

    @Test(.enabled(if: getuid() != 0, "root ignores directory permissions: RealDiskFailureTests remounts a tmpfs read-only instead"))
    func aFailedSaveLeavesTheOldFileIntact() throws {
        let path = dir + "/ro/state.json"
        let store = StateStore(path: path)
        try store.save(SampleData.model())
        chmod(dir + "/ro", 0o555)
        defer { chmod(dir + "/ro", 0o755) }
        var m = SampleData.model()
        try m.move("s1", to: IndexPath(section: 1, item: 0))
        #expect(throws: StateStore.SaveError.self) { try store.save(m) }
        guard case .loaded(let back) = store.load() else { Issue.record("old file lost"); return }
        #expect(back == SampleData.model())
    }

    @Test func xdgRules() {
        #expect(StateStore.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]) == "/data/tessera/state.json")
        #expect(StateStore.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.local/share/tessera/state.json")
        #expect(StateStore.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/tessera/state.json")
    }
}

@Suite struct AppControllerTests {
    @Test func aCommittedDropIsSavedAndAFailedSaveIsRetriedAndShown() throws {
        let dir = TestScratch.path("app")
        let path = dir + "/state.json"
        // The path is taken by a directory: saving fails until it is removed.
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let logs = LogLines()
        var f = FlowLayout(); f.headerLength = 0; f.footerLength = 0
        let engine = Engine(model: SampleData.generated(count: 20, sections: 1, seed: 1), layout: .grid(f), viewport: Size(width: 560, height: 400))
        let app = AppController(engine: engine, store: StateStore(path: path), log: logs.append)
        func drag(from: Point, to: Point, start: Double) {
            app.handle(.pointerDown(from), at: start)
            _ = app.frame(at: start + 0.55)
            for k in 1...10 { app.handle(.pointerMove(Point(x: from.x + (to.x - from.x) * Double(k) / 10, y: from.y + (to.y - from.y) * Double(k) / 10)), at: start + 0.55 + Double(k) * 0.01) }
            var t = start + 0.7
            while t < start + 1.4 { _ = app.frame(at: t); t += 1.0 / 60 }
            app.handle(.pointerUp(to), at: t)
            _ = app.frame(at: t + 0.5)
            app.waitForSaves()
        }
        let first = app.engine.drawnFrame(of: "item-1")!.center
        let third = app.engine.drawnFrame(of: "item-4")!
        drag(from: first, to: Point(x: third.minX + 5, y: third.midY), start: 0)
        #expect(app.unsaved && app.saveError != nil)
        #expect(logs.count == 1 && logs[0].contains("could not save"))
        let banner = app.scene().nodes.contains { if case .label(let l) = $0 { l.style == .banner && l.text.hasPrefix("Not saved") } else { false } }
        #expect(banner)
        // The user fixes it; the next change saves everything.
        try FileManager.default.removeItem(atPath: path)
        let again = app.engine.drawnFrame(of: "item-5")!.center
        let target = app.engine.drawnFrame(of: "item-8")!
        drag(from: again, to: Point(x: target.minX + 5, y: target.midY), start: 10)
        #expect(!app.unsaved && app.saveError == nil)
        guard case .loaded(let saved) = StateStore(path: path).load() else { Issue.record("not saved"); return }
        #expect(saved == app.engine.model)
        #expect(saved.sections[0].items.prefix(3).map(\.id) == ["item-2", "item-3", "item-1"])
    }

    @Test func quittingMidDragSavesOnlyWhatWasCommitted() throws {
        let path = TestScratch.path("quit") + "/state.json"
        var f = FlowLayout(); f.headerLength = 0; f.footerLength = 0
        let model = SampleData.generated(count: 20, sections: 1, seed: 1)
        let app = AppController(engine: Engine(model: model, layout: .grid(f), viewport: Size(width: 560, height: 400)),
                                store: StateStore(path: path), log: { _ in })
        let c = app.engine.drawnFrame(of: "item-1")!.center
        let target = app.engine.drawnFrame(of: "item-4")!
        app.handle(.pointerDown(c), at: 0)
        _ = app.frame(at: 0.55)
        app.handle(.pointerMove(Point(x: target.minX + 5, y: target.midY)), at: 0.6)
        _ = app.frame(at: 1.3)
        #expect(app.engine.model != model)  // reordered live, not committed
        app.willQuit()
        #expect(app.engine.model == model)
        #expect(!FileManager.default.fileExists(atPath: path))  // nothing committed, nothing written
    }
}

@Suite struct LayoutExportTests {
    @Test func framesAreInWindowCoordinatesAndParse() throws {
        let engine = Engine(model: SampleData.model(), layout: .grid, viewport: Size(width: 1000, height: 700))
        let text = LayoutExport.json(engine: engine)
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let items = try #require(obj["items"] as? [[String: Any]])
        #expect(items.count == SampleData.model().topLevelCount)
        let first = items[0]
        #expect(first["id"] as? String == "s1" && first["kind"] as? String == "item" && first["section"] as? Int == 0)
        let frame = try #require(first["frame"] as? [String: Double])
        #expect(engine.item(at: Point(x: frame["x"]! + frame["width"]! / 2, y: frame["y"]! + frame["height"]! / 2))?.id == "s1")
        #expect(items.contains { $0["title"] as? String == "日历" })
        #expect(items.contains { $0["kind"] as? String == "folder" })
        #expect(items.contains { $0["movable"] as? Bool == false })
    }
}
