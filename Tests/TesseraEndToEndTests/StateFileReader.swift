import Foundation

/// The state file as written by the app: `{"version":1,"sections":[{"id","title","items":[...]}]}`.
/// Decoded here independently of TesseraCore, so the test checks the format on disk.
struct StateDocument: Decodable, Equatable {
    struct Section: Decodable, Equatable {
        var id: String
        var title: String
        var items: [Entry]
    }

    struct Entry: Decodable, Equatable {
        var id: String
        var title: String
        var kind: String
        var icon: String?
        var color: String
        var done: Bool
        var children: [Entry]?
        var location: String?
        var aspect: Double?
    }

    var version: Int
    var sections: [Section]

    /// Top-level ids of one section, in order.
    func ids(inSection s: Int) -> [String] { sections[s].items.map(\.id) }

    /// Top-level ids of all sections, section-major (flat order).
    var flatIDs: [String] { sections.flatMap { $0.items.map(\.id) } }

    func entry(_ id: String) -> Entry? {
        for section in sections {
            for item in section.items {
                if item.id == id { return item }
                if let child = item.children?.first(where: { $0.id == id }) { return child }
            }
        }
        return nil
    }
}

enum StateFileReader {
    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The collection at `path` as state-file JSON: a store is read through `tessera export` (as a
    /// user would read it, and while the app runs), a JSON file as it is.
    static func bytes(_ path: String) -> Data? {
        guard let raw = FileManager.default.contents(atPath: path) else { return nil }
        guard raw.starts(with: Array("SQLite format 3".utf8) + [0]) else { return raw }
        return export(path)
    }

    /// `tessera export --state <path>`'s standard output, or nil when it fails.
    static func export(_ path: String) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TesseraBinary.path)
        process.arguments = ["export", "--state", path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }

    static func read(_ path: String) throws -> StateDocument {
        guard let data = bytes(path) else { throw CocoaError(.fileReadNoSuchFile) }
        return try JSONDecoder().decode(StateDocument.self, from: data)
    }

    /// Polls `path` for up to `timeout` seconds until it decodes and `condition` holds; returns the
    /// last document read (which may fail the condition) or nil when none could be read.
    static func waitFor(_ path: String, timeout: Double = 5,
                        until condition: (StateDocument) -> Bool = { _ in true }) async -> StateDocument? {
        let deadline = Date().addingTimeInterval(timeout)
        var last: StateDocument?
        while true {
            if let doc = try? read(path) {
                last = doc
                if condition(doc) { return doc }
            }
            if Date() >= deadline { return last }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }
}

/// `tessera layout` output.
struct LayoutDocument: Decodable {
    struct Size: Decodable { var width: Double; var height: Double }
    struct Frame: Decodable {
        var x: Double, y: Double, width: Double, height: Double
        var midX: Double { x + width / 2 }
        var midY: Double { y + height / 2 }
        var maxX: Double { x + width }
        var maxY: Double { y + height }
    }
    struct Item: Decodable {
        var id: String
        var title: String
        var kind: String
        var section: Int
        var index: Int
        var movable: Bool
        var visible: Bool
        var frame: Frame
    }

    var layout: String
    var viewport: Size
    var content: Size
    var items: [Item]

    func item(_ id: String) throws -> Item {
        guard let item = items.first(where: { $0.id == id }) else {
            throw CocoaError(.coderValueNotFound, userInfo: [NSDebugDescriptionErrorKey: "no item \(id) in the layout"])
        }
        return item
    }

    func ids(inSection s: Int) -> [String] {
        items.filter { $0.section == s }.sorted { $0.index < $1.index }.map(\.id)
    }
}
