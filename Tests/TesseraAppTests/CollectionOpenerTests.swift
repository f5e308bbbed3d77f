import Foundation
import Testing
@testable import TesseraApp
@testable import TesseraCore
@testable import TesseraStore

/// Start-up against the store as a user meets it: a first run, a JSON file from the previous
/// version, a store behind a symbolic link, a store another Tessera holds, bad stores, and a store
/// too large to read before the first frame.
@Suite struct CollectionOpenerTests {
    let dir = makeTemporaryDirectory("opener")
    let logs = LogLines()

    func opener(_ path: String?, environment: [String: String] = [:], limit: Int = 400) -> CollectionOpener {
        var o = CollectionOpener(requestedPath: path, items: nil, environment: environment, log: logs.append)
        o.firstScreenLimit = limit
        return o
    }

    func open(_ path: String?, environment: [String: String] = [:], limit: Int = 400) throws -> CollectionOpener.Opening {
        guard case .opened(let opening) = opener(path, environment: environment, limit: limit).open() else {
            throw CocoaError(.fileLocking)
        }
        return opening
    }

    /// An app over `opening`, as `tessera` makes it.
    func app(_ opening: CollectionOpener.Opening) -> AppController {
        var f = FlowLayout(); f.headerLength = 0; f.footerLength = 0
        let engine = Engine(model: opening.model, layout: .grid(f), viewport: Size(width: 560, height: 400), partial: opening.partial)
        return AppController(engine: engine, target: opening.target, wholeFirst: opening.wholeFirst, loader: opening.loader,
                             notice: opening.notice, log: logs.append)
    }

    /// One committed move of the first movable item to the end of its section, made as the engine
    /// makes edits (the app saves what it commits).
    func moveFirst(_ app: AppController, at t: Double) throws {
        let items = app.engine.model.sections[0].items
        let id = try #require(items.first { !$0.done && !$0.isFolder }?.id)
        try app.edit { try $0.move(id, to: IndexPath(section: 0, item: items.count - 1), at: t) }
        app.waitForSaves()
    }

    func stored(_ path: String) throws -> CollectionModel {
        let store = try CollectionStore(path: path, readOnly: true)
        defer { store.close() }
        return try store.readAll()
    }

    @Test func aFirstRunStartsOnTheSampleDataAndMakesAPrivateStoreAtTheFirstChange() throws {
        let path = dir + "/new/collection.db"
        let opening = try open(path)
        #expect(opening.model == SampleData.model())
        #expect(opening.wholeFirst && !opening.partial && opening.notice == nil)
        #expect(access(path, F_OK) != 0, "nothing is written before a change")
        let app = app(opening)
        try moveFirst(app, at: 1)
        #expect(try stored(path) == app.engine.model)
        #expect(StoreFiles.mode(of: path) == 0o600, "readable by the user only")
        #expect(logs.all.isEmpty)
    }

    @Test func aJSONStateFileAtStateIsImportedAndKeptBesideTheStore() throws {
        let path = dir + "/state.json"
        let model = SampleData.generated(count: 300, sections: 3, seed: 4)
        let json = StateFile.encode(model)
        try Data(json).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        let opening = try open(path)
        #expect(opening.model == model && !opening.wholeFirst)
        #expect(StoreFiles.content(of: path) == .database)
        #expect(try stored(path) == model)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".migrated")) == Data(json), "the JSON is kept byte for byte")
        #expect(StoreFiles.mode(of: path) == 0o640, "the store keeps the permissions the user gave the file")
        #expect(logs.all == ["\(path) was a state file of an earlier Tessera: its \(model.allIDs.count) items are now in a store at the same path; the JSON is kept as \(path).migrated"])
        // Saves go to the store from then on.
        let app = app(opening)
        try moveFirst(app, at: 1)
        #expect(try stored(path) == app.engine.model)
    }

    @Test func thePreviousDefaultStateFileIsImportedOnce() throws {
        let env = ["XDG_DATA_HOME": dir + "/data", "HOME": dir]
        let legacy = dir + "/data/tessera/state.json"
        try FileManager.default.createDirectory(atPath: dir + "/data/tessera", withIntermediateDirectories: true)
        let model = SampleData.generated(count: 40, sections: 3, seed: 2)
        try Data(StateFile.encode(model)).write(to: URL(fileURLWithPath: legacy))
        let opening = try open(nil, environment: env)
        let store = dir + "/data/tessera/collection.db"
        #expect(opening.path == store && opening.model == model)
        #expect(try stored(store) == model)
        #expect(access(legacy, F_OK) != 0 && access(legacy + ".migrated", F_OK) == 0, "renamed, never deleted")
        #expect(logs.all == ["imported the \(model.allIDs.count) items of the earlier state file \(legacy) into the store \(store); the JSON is kept as \(legacy).migrated"])
    }

    @Test func aStoreReachedThroughASymbolicLinkStaysBehindItsLink() throws {
        try FileManager.default.createDirectory(atPath: dir + "/dotfiles", withIntermediateDirectories: true)
        let real = dir + "/dotfiles/collection.db", link = dir + "/collection.db"
        #expect(symlink("dotfiles/collection.db", link) == 0)
        var opening = try open(link)
        #expect(opening.path == real)
        var app = app(opening)
        try moveFirst(app, at: 1)
        app.willQuit()
        opening.lock = nil   // the first "process" ends
        opening = try open(link)
        #expect(opening.model == app.engine.model, "the next start reads what was saved")
        app = self.app(opening)
        try moveFirst(app, at: 2)
        var st = stat()
        #expect(lstat(link, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(try stored(real) == app.engine.model, "and its target gets the changes")
    }

    @Test func aSecondOpenOfAHeldStoreNamesTheHolder() throws {
        let path = dir + "/held.db"
        let first = try open(path)
        first.lock?.setWindow(4242)
        guard case .alreadyOpen(let p, let holder) = opener(path).open() else {
            Issue.record("a second opener took the lock"); return
        }
        #expect(p == path && holder == StoreLock.Holder(pid: getpid(), window: 4242))
        withExtendedLifetime(first) {}
    }

    /// Every kind of bad store: one line naming what is wrong, the file kept aside byte for byte
    /// (with its write-ahead log), the sample data, and a new store at the first change.
    @Test(arguments: BadStore.allCases)
    func aBadStoreIsKeptAside(_ bad: BadStore) throws {
        let path = dir + "/\(bad).db"
        try bad.make(path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let opening = try open(path)
        #expect(opening.model == SampleData.model() && opening.wholeFirst)
        #expect(logs.all == ["store \(path) could not be opened: \(bad.reason); kept it as \(path).corrupt-1 and started on the sample data"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".corrupt-1")) == bytes)
        #expect(opening.notice == "The store was unreadable and kept aside as \(path).corrupt-1")
        let app = app(opening)
        try moveFirst(app, at: 1)
        #expect(try stored(path) == app.engine.model)
    }

    /// A store is made as an empty private file before SQLite first writes it: one stopped in
    /// between is a store never saved, opened as new (not a bad JSON file, not set aside).
    @Test func anEmptyStoreFileIsANewStore() throws {
        let path = dir + "/collection.db"
        try StoreFiles.createPrivate(path)
        let opening = try open(path)
        #expect(opening.model == SampleData.model() && opening.wholeFirst && logs.all.isEmpty)
        let app = app(opening)
        try moveFirst(app, at: 1)
        #expect(try stored(path) == app.engine.model)
        #expect(StoreFiles.mode(of: path) == 0o600)
    }

    @Test func aLargeStoreShowsItsFirstScreenAndLoadsTheRestBehindIt() throws {
        let path = dir + "/large.db"
        let model = SampleData.generated(count: 6000, sections: 3, seed: 8)
        try CollectionStore(path: path, create: true).replaceAll(with: model)
        let opening = try open(path, limit: 50)
        #expect(opening.partial && opening.loader != nil)
        #expect(opening.model.sections.map(\.items.count) == [50, 50, 50])
        let app = app(opening)
        #expect(app.engine.isLoading)
        app.waitForLoad()
        #expect(!app.engine.isLoading && app.engine.model == model)
        try moveFirst(app, at: 1)
        #expect(try stored(path) == app.engine.model, "saves after the load write on the whole collection")
    }

    /// The rest is read once the first frame is on screen (`didPresent`), not while it is being
    /// made: on two cores the loader's threads took the CPU from it.
    @Test func theRestIsReadOnlyOnceTheFirstFrameIsShown() throws {
        let path = dir + "/later.db"
        let model = SampleData.generated(count: 6000, sections: 3, seed: 8)
        try CollectionStore(path: path, create: true).replaceAll(with: model)
        let app = app(try open(path, limit: 50))
        #expect(app.frame(at: 0) != nil)
        usleep(300_000)  // a read of 6000 rows takes milliseconds
        _ = app.frame(at: 0.3)
        #expect(app.engine.isLoading, "nothing read before the first frame is shown")
        app.didPresent(at: 0.3)
        var t = 0.3
        while app.engine.isLoading && t < 30 {
            usleep(10_000)
            t += 0.016
            _ = app.frame(at: t)
        }
        #expect(!app.engine.isLoading && app.engine.model == model)
    }

    @Test func aStoreFoundBadPastItsFirstScreenIsKeptAsideWhenTheRestIsRead() throws {
        let path = dir + "/late.db"
        try CollectionStore(path: path, create: true).replaceAll(with: SampleData.generated(count: 6000, sections: 3, seed: 8))
        try withRawStore(path) { db in
            // Two entries far down section 2 at one position: they have no order.
            let p = try #require(try db.integer("SELECT position FROM items WHERE section = (SELECT id FROM sections ORDER BY position LIMIT 1 OFFSET 2) ORDER BY position LIMIT 1 OFFSET 1500"))
            try db.execute("UPDATE items SET position = \(p) WHERE rowid = (SELECT rowid FROM items WHERE section = (SELECT id FROM sections ORDER BY position LIMIT 1 OFFSET 2) ORDER BY position LIMIT 1 OFFSET 1501)")
        }
        let opening = try open(path, limit: 50)
        #expect(opening.partial)
        let app = app(opening)
        app.waitForLoad()
        #expect(app.engine.model == SampleData.model())
        #expect(access(path + ".corrupt-1", F_OK) == 0 && access(path, F_OK) != 0)
        #expect(logs.count == 1 && logs[0].hasPrefix("store \(path) could not be opened: items '") && logs[0].hasSuffix("; kept it as \(path).corrupt-1 and started on the sample data"), "\(logs)")
        try moveFirst(app, at: 1)
        #expect(try stored(path) == app.engine.model, "a new store, written whole")
    }
}

func withRawStore(_ path: String, _ body: (SQLiteConnection) throws -> Void) throws {
    let db = try SQLiteConnection(path: path, mode: .readWrite)
    defer { db.close() }
    try body(db)
}

/// Stores that must be refused, each with the reason the user reads: damage to the file itself.
/// Damage to its tables and rows is the SQL corpus (Tests/Fixtures/bad-store, BadStoreCorpusTests).
enum BadStore: String, CaseIterable, CustomStringConvertible, Sendable {
    case truncated, foreign, zeroedHeader, zeroedPages

    var description: String { rawValue }

    func make(_ path: String) throws {
        if self == .foreign {
            let db = try SQLiteConnection(path: path, mode: .create)
            try db.execute("PRAGMA application_id = 7; CREATE TABLE notes (body TEXT)")
            db.close()
            return
        }
        try CollectionStore(path: path, create: true).replaceAll(with: SampleData.generated(count: 3000, sections: 3, seed: 5))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        switch self {
        case .truncated: bytes = bytes.prefix(bytes.count / 2 + 100)
        case .zeroedHeader: bytes.replaceSubrange(0..<100, with: Data(count: 100))
        case .zeroedPages: bytes.replaceSubrange(8192..<(bytes.count - 8192), with: Data(count: bytes.count - 16384))
        case .foreign: break
        }
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    var reason: String {
        switch self {
        case .truncated, .zeroedPages: "it is damaged (database disk image is malformed)"
        case .zeroedHeader: "it is not an SQLite database"
        case .foreign: "it is another program's SQLite database (application id 0x7)"
        }
    }
}
