import Foundation
import Testing
@testable import TesseraApp
@testable import TesseraCore
@testable import TesseraStore

/// Every script of Tests/Fixtures/bad-store, run on a store of the sample data, makes a store that
/// is refused at start-up with its one expected line (bad-store-expected.txt), kept aside byte for
/// byte, and replaced by the sample data. The scripts are SQL, so each damage reads as what it is.
@Suite struct BadStoreCorpusTests {
    static let fixtures = CorpusFixtures.folder

    /// The corpus and what Tessera says about each entry.
    static let expected: [(script: String, reason: String)] = CorpusFixtures.expected("bad-store-expected.txt").map { ($0.name, $0.message) }

    @Test func everyScriptHasAnExpectedReason() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("bad-store").path)
            .filter { $0.hasSuffix(".sql") }
        #expect(scripts.count >= 25)
        #expect(Set(scripts) == Set(Self.expected.map(\.script)))
    }

    /// The sample data's store at `path`, damaged by `script`.
    static func make(_ path: String, script: String) throws {
        try CollectionStore(path: path, create: true).replaceAll(with: SampleData.model())
        let sql = try String(contentsOf: fixtures.appendingPathComponent("bad-store/" + script), encoding: .utf8)
        try withRawStore(path) { try $0.execute(sql) }
    }

    @Test(arguments: expected.indices)
    func refusedWithItsReasonAndKeptAside(_ k: Int) throws {
        let (script, reason) = Self.expected[k]
        let dir = makeTemporaryDirectory("store-corpus")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/collection.db"
        try Self.make(path, script: script)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let logs = LogLines()
        guard case .opened(let opening) = CollectionOpener(requestedPath: path, items: nil, environment: [:], log: logs.append).open() else {
            Issue.record("\(script): not opened")
            return
        }
        #expect(logs.all == ["store \(path) could not be opened: \(reason); kept it as \(path).corrupt-1 and started on the sample data"], "\(script)")
        #expect(opening.model == SampleData.model())
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".corrupt-1")) == bytes, "\(script) kept byte for byte")
        #expect(access(path, F_OK) != 0, "nothing left at the store's path until the first change")
    }
}
