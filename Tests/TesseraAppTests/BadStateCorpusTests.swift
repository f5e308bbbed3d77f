import Foundation
import Testing
@testable import TesseraApp
@testable import TesseraCore

/// Every file of Tests/Fixtures/bad-state is refused with its one expected message (which says what
/// and where), and kept aside byte for byte; plus the two huge cases, generated here.
@Suite struct BadStateCorpusTests {
    static let fixtures = CorpusFixtures.folder

    /// The corpus and what Tessera says about each entry.
    static let expected: [(file: String, message: String)] = CorpusFixtures.expected("bad-state-expected.txt").map { ($0.name, $0.message) }

    @Test func everyCorpusFileHasAnExpectedMessage() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("bad-state").path)
            .filter { $0.hasSuffix(".json") }
        #expect(files.count >= 40)
        #expect(Set(files) == Set(Self.expected.map(\.file)))
    }

    @Test(arguments: expected.indices)
    func refusedWithItsMessageAndKeptAside(_ k: Int) throws {
        let (file, message) = Self.expected[k]
        let bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("bad-state/" + file))
        let dir = makeTemporaryDirectory("corpus")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/state.json"
        try bytes.write(to: URL(fileURLWithPath: path))
        guard case .setAside(let reason, let kept) = StateStore(path: path).load() else {
            Issue.record("\(file) was not set aside")
            return
        }
        #expect(reason == message, "\(file)")
        #expect(kept == path + ".corrupt-1")
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == bytes, "\(file) kept byte for byte")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(arguments: ["good-state/sample.json", "good-state/generated-120.json", "good-state/minimal.json",
                      "good-state/unicode-and-escapes.json"])
    func goodFilesLoad(_ file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(file)))
        let model = try StateFile.decode(bytes)
        #expect(model.checkInvariants().isEmpty)
        #expect(try StateFile.decode(StateFile.encode(model)) == model)
    }

    @Test func aFileOverTheLimitIsRefusedWithoutReadingIt() throws {
        let dir = makeTemporaryDirectory("huge")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/state.json"
        try Self.makeSparseFile(path, bytes: 1100 << 20)
        let fs = FaultyFileSystem()
        guard case .setAside(let reason, let kept) = StateStore(path: path, fileSystem: fs).load() else {
            Issue.record("not set aside")
            return
        }
        #expect(reason == "the file is 1153433600 bytes, more than the 1073741824-byte limit for a state file")
        #expect(!fs.calls.contains("read"), "the size is checked before reading: \(fs.calls)")
        #expect((try FileManager.default.attributesOfItem(atPath: kept)[.size] as? Int) == 1100 << 20)
    }

    @Test func aHugeTitleIsRefusedByName() throws {
        // 32 MB of title: under the file limit, far over the title limit.
        var bytes = Array(#"{"version":1,"sections":[{"id":"s","title":"S","items":[{"id":"a","kind":"item","title":""#.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 32 << 20)
        bytes += Array(#""}]}]}"#.utf8)
        #expect(throws: StateFileError.invalidValue(path: "sections[0].items[0].title", reason: "longer than 4096 characters")) {
            _ = try StateFile.decode(bytes)
        }
    }

    @Test func aFIFOIsNotReadButBlocksSaving() throws {
        let dir = makeTemporaryDirectory("fifo")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/state.json"
        #expect(mkfifo(path, 0o644) == 0)
        guard case .blocked(let reason) = StateStore(path: path).load() else { Issue.record("not blocked"); return }
        #expect(reason == "it is not a regular file")
    }

    static func makeSparseFile(_ path: String, bytes: Int) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0, ftruncate(fd, off_t(bytes)) == 0 else { throw CocoaError(.fileWriteUnknown) }
        close(fd)
    }
}
