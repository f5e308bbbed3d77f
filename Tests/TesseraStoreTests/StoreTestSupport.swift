import Foundation
import TesseraTestSupport
import Testing
@testable import TesseraCore
@testable import TesseraStore

/// A fresh directory under the system's temporary folder.
func makeStoreDirectory(_ name: String) -> String {
    TestScratch.directory(name)
}

/// A new store holding `model`.
func makeStore(_ model: CollectionModel, in dir: String, name: String = "collection.db") throws -> CollectionStore {
    let store = try CollectionStore(path: dir + "/" + name, create: true)
    try store.replaceAll(with: model)
    return store
}

/// The collection of the sample data plus what a user could type: Chinese, emoji, quotes, long
/// titles, every colour and aspect, done items, folders.
func richModel() -> CollectionModel {
    var m = SampleData.model()
    m.sections[0].items[0].title = "照片 📷 \"quoted\" \\ back\nslash"
    m.sections[0].items[1].rgba = 0x12345678
    m.sections[0].items[1].sizeHint = SizeHint(aspect: 0.1)
    m.sections[1].items[0].sizeHint = SizeHint(aspect: 10)
    m.sections[1].items[0].done = true
    m.sections[2].title = "Later 以后 ✨"
    m.sections[2].items[0].title = String(repeating: "长", count: StateFile.maximumTitleLength)
    return m
}

/// Runs raw SQL on a store file through a connection of the test's own.
func withRawDatabase(_ path: String, _ body: (SQLiteConnection) throws -> Void) throws {
    let db = try SQLiteConnection(path: path, mode: .readWrite)
    defer { db.close() }
    try body(db)
}

/// The core's index path, not Foundation's (both are imported here).
typealias IndexPath = TesseraCore.IndexPath
