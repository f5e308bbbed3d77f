import Foundation
import Testing
@testable import TesseraApp
@testable import TesseraCore

/// A save that fails at any step leaves the old file byte for byte, no temporary file, and an
/// error naming the step, the path and the reason.
@Suite struct SaveFailureTests {
    static let steps: [(call: String, code: Int32, words: String)] = [
        ("mkdir", EACCES, "creating the folder"),
        ("create", EROFS, "creating"),
        ("create", EACCES, "creating"),
        ("write", ENOSPC, "writing"),
        ("write", EDQUOT, "writing"),
        ("write", EIO, "writing"),
        ("fsync", EIO, "flushing"),
        ("fsync", ENOSPC, "flushing"),
        ("rename", EROFS, "replacing"),
        ("rename", EISDIR, "replacing"),
    ]

    @Test(arguments: steps.indices)
    func aFailedStepLeavesTheOldFile(_ k: Int) throws {
        let step = Self.steps[k]
        let dir = makeTemporaryDirectory("save-fail")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/state.json"
        try StateStore(path: path).save(SampleData.model())
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let fs = FaultyFileSystem(failing: step.call, code: step.code)
        fs.acceptBytesBeforeFailing = 1000   // a write fails after part of the file is out
        var moved = SampleData.model()
        try moved.move("s1", to: IndexPath(section: 1, item: 0))
        let error = #expect(throws: StateStore.SaveError.self) { try StateStore(path: path, fileSystem: fs).save(moved) }

        let reason = String(cString: strerror(step.code))
        #expect(error?.description.hasPrefix(step.words + " ") == true, "\(error?.description ?? "")")
        #expect(error?.description.hasSuffix("failed: " + reason) == true, "\(error?.description ?? "")")
        #expect(error?.summary.hasPrefix(reason) == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the old file is left intact")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["state.json"], "no temporary file left")
    }

    @Test func aPartialWriteThenAFullDiskIsAFailureNotATruncatedFile() throws {
        let dir = makeTemporaryDirectory("partial")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/state.json"
        let fs = FaultyFileSystem(failing: "write", code: ENOSPC)
        fs.acceptBytesBeforeFailing = 4096
        let model = SampleData.generated(count: 500, sections: 3, seed: 2)
        #expect(StateFile.encode(model).count > 4096)
        #expect(throws: StateStore.SaveError.self) { try StateStore(path: path, fileSystem: fs).save(model) }
        #expect(!FileManager.default.fileExists(atPath: path), "no state file appears from a failed first save")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func staleTemporaryFilesOfDeadProcessesAreRemovedOnLoad() throws {
        let dir = makeTemporaryDirectory("stale")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = StateStore(path: dir + "/state.json")
        try store.save(SampleData.model())
        // A pid that is surely dead: a child we started and reaped.
        var child: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        #expect(posix_spawn(&child, "/bin/true", nil, nil, &argv, nil) == 0)
        free(argv[0])
        var status: Int32 = 0
        waitpid(child, &status, 0)
        let stale = dir + "/.state.json.tmp-\(child)"
        let live = dir + "/.state.json.tmp-1"   // pid 1 is alive: maybe another Tessera saving
        #expect(FileManager.default.createFile(atPath: stale, contents: Data("half a fi".utf8)))
        #expect(FileManager.default.createFile(atPath: live, contents: Data("in flight".utf8)))
        guard case .loaded = store.load() else { Issue.record("the good file did not load"); return }
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
    }
}
