import Testing
@testable import TesseraCore

@Suite struct StateFileTests {
    func decode(_ s: String) throws(StateFileError) -> CollectionModel { try StateFile.decode(Array(s.utf8)) }

    @Test func sampleRoundTripsExactly() throws {
        let m = SampleData.model()
        let bytes = StateFile.encode(m)
        #expect(try StateFile.decode(bytes) == m)
        // Version comes first, so a person reading the file sees it at once.
        #expect(String(decoding: bytes.prefix(30), as: UTF8.self).contains("\"version\""))
        // Chinese titles are written as UTF-8, readable in any editor.
        #expect(String(decoding: bytes, as: UTF8.self).contains("日历"))
    }

    @Test func generatedRoundTrips() throws {
        let m = SampleData.generated(count: 300, sections: 4, seed: 9)
        #expect(try StateFile.decode(StateFile.encode(m)) == m)
    }

    @Test func minimalFileUsesDefaults() throws {
        let m = try decode(#"{"version":1,"sections":[{"id":"s","title":"S","items":[{"id":"a","title":"A","kind":"item"}]}]}"#)
        let a = try #require(m.item(withID: "a"))
        #expect(a.done == false && a.sizeHint.aspect == 1 && a.icon == "" && a.children.isEmpty)
    }

    static func wrap(_ items: String) -> String { #"{"version":1,"sections":[{"id":"s","title":"S","items":[\#(items)]}]}"# }

    /// Every malformed case names the problem and where.
    static let malformed: [(String, StateFileError)] = [
        ("", .empty),
        ("   ", .malformedJSON(problem: "unexpected end of file, expected a value", line: 1, column: 4, offset: 3)),
        (#"{"version":1,"sections":[{"id":"s""#,
         .malformedJSON(problem: "unexpected end of file inside an object", line: 1, column: 35, offset: 34)),
        ("{\n\"version\": 1,\n\"version\": 1}",
         .malformedJSON(problem: "key \"version\" appears twice in one object", line: 3, column: 1, offset: 16)),
        (#"{"version":1.5,"sections":[]}"#, .wrongType(path: "version", expected: "an integer")),
        (wrap(#"{"id":"\#(String(repeating: "i", count: 257))","title":"A","kind":"item"}"#),
         .invalidValue(path: "sections[0].items[0].id", reason: "")),
        ("[1,2,3]", .wrongType(path: "the top level", expected: "an object")),
        (#"{"sections":[]}"#, .missingField(path: "version")),
        (#"{"version":"1","sections":[]}"#, .wrongType(path: "version", expected: "an integer")),
        (#"{"version":2,"sections":[]}"#, .unsupportedVersion(2)),
        (#"{"version":1}"#, .missingField(path: "sections")),
        (#"{"version":1,"sections":{}}"#, .wrongType(path: "sections", expected: "an array")),
        (#"{"version":1,"sections":[{"title":"S","items":[]}]}"#, .missingField(path: "sections[0].id")),
        (wrap(#"{"id":"a","kind":"item"}"#), .missingField(path: "sections[0].items[0].title")),
        (wrap(#"{"id":"a","title":7,"kind":"item"}"#), .wrongType(path: "sections[0].items[0].title", expected: "a string")),
        (wrap(#"{"id":"a","title":null,"kind":"item"}"#), .wrongType(path: "sections[0].items[0].title", expected: "a string, not null")),
        (wrap(#"{"id":"a","title":"A","kind":"box"}"#), .invalidValue(path: "sections[0].items[0].kind", reason: "")),
        (wrap(#"{"id":"a","title":"A","kind":"item","done":"yes"}"#), .wrongType(path: "sections[0].items[0].done", expected: "true or false")),
        (wrap(#"{"id":"","title":"A","kind":"item"}"#), .invalidValue(path: "sections[0].items[0].id", reason: "empty id")),
        (wrap(#"{"id":"a","title":"A","kind":"item","color":"red"}"#), .invalidValue(path: "sections[0].items[0].color", reason: "")),
        (wrap(#"{"id":"a","title":"A","kind":"item","aspect":0}"#), .invalidValue(path: "sections[0].items[0].aspect", reason: "")),
        (wrap(#"{"id":"a","title":"A","kind":"item"},{"id":"a","title":"B","kind":"item"}"#),
         .duplicateID(id: "a", first: "sections[0].items[0]", second: "sections[0].items[1]")),
        (wrap(#"{"id":"f","title":"F","kind":"folder","children":[{"id":"a","title":"A","kind":"item"}]},{"id":"a","title":"B","kind":"item"}"#),
         .duplicateID(id: "a", first: "sections[0].items[0].children[0]", second: "sections[0].items[1]")),
        (wrap(#"{"id":"f","title":"F","kind":"folder","children":[{"id":"g","title":"G","kind":"folder","children":[{"id":"a","title":"A","kind":"item"}]}]}"#),
         .nestedFolder(path: "sections[0].items[0].children[0]")),
        (wrap(#"{"id":"f","title":"F","kind":"folder","children":[]}"#), .emptyFolder(path: "sections[0].items[0]")),
        (wrap(#"{"id":"f","title":"F","kind":"folder"}"#), .missingField(path: "sections[0].items[0].children")),
        (wrap(#"{"id":"a","title":"A","kind":"item","children":[{"id":"b","title":"B","kind":"item"}]}"#),
         .childrenOnPlainItem(path: "sections[0].items[0]")),
        (#"{"version":1,"sections":[{"id":"s","title":"S","items":[]},{"id":"s","title":"T","items":[]}]}"#,
         .duplicateSectionID(id: "s", path: "sections[1].id")),
        (wrap(#"{"id":"a","title":"\#(String(repeating: "x", count: 5000))","kind":"item"}"#),
         .invalidValue(path: "sections[0].items[0].title", reason: "")),
    ]

    @Test(arguments: malformed.indices)
    func malformedFileGivesTypedError(_ k: Int) {
        let (text, expected) = Self.malformed[k]
        do {
            _ = try decode(text)
            Issue.record("case \(k) decoded: \(text.prefix(80))")
        } catch {
            #expect(sameKind(error, expected), "case \(k): got \(error), want \(expected)")
            #expect(!error.description.isEmpty)
        }
    }

    @Test func invalidUTF8IsNotJSON() {
        var bytes = Array(Self.wrap(#"{"id":"a","title":"AB","kind":"item"}"#).utf8)
        let i = bytes.firstIndex(of: UInt8(ascii: "B"))!
        bytes[i] = 0xff
        #expect(throws: StateFileError.malformedJSON(problem: "invalid UTF-8", line: 1, column: 77, offset: 76)) {
            _ = try StateFile.decode(bytes)
        }
    }

    @Test func deepNestingIsRefusedNotCrashed() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: StateFileError.malformedJSON(problem: "nested more than 512 levels deep", line: 1, column: 513, offset: 512)) {
            _ = try decode(deep)
        }
    }

    @Test func oversizedFileIsRefusedBeforeParsing() {
        // Spaces only: parsing them would say "expected a value", not name the size.
        let bytes = [UInt8](repeating: 0x20, count: 1001)
        #expect(throws: StateFileError.tooLarge(bytes: 1001, limit: 1000)) {
            _ = try StateFile.decode(bytes, limit: 1000)
        }
    }

    @Test func messagesSayWhatAndWhere() {
        #expect(StateFileError.duplicateID(id: "a", first: "sections[0].items[0]", second: "sections[1].items[2]").description
                == "item id 'a' is used twice, at sections[0].items[0] and at sections[1].items[2]")
        #expect(StateFileError.unsupportedVersion(9).description.contains("version 9"))
    }

    /// Same case and same path; free-text details (parser messages, reasons) are not compared.
    func sameKind(_ a: StateFileError, _ b: StateFileError) -> Bool {
        switch (a, b) {
        case (.notJSON, .notJSON), (.empty, .empty): true
        case (.invalidValue(let p, _), .invalidValue(let q, _)): p == q
        default: a == b
        }
    }

    /// An item made from a file keeps its location through the state file (export, import).
    @Test func locationsRoundTripAndBadOnesAreRefused() throws {
        var m = SampleData.model()
        m.locations["s1"] = "file:///home/ana/Beach%20day%20%E6%B5%B7.png"
        m.locations["gone"] = "https://example.org"
        let text = String(decoding: StateFile.encode(m), as: UTF8.self)
        #expect(text.contains("\"location\": \"file:///home/ana/Beach%20day%20%E6%B5%B7.png\""))
        #expect(!text.contains("example.org"), "only the items present")
        let back = try StateFile.decode(StateFile.encode(m))
        #expect(back.locations == ["s1": "file:///home/ana/Beach%20day%20%E6%B5%B7.png"] && back.sections == m.sections)
        let bad = Array(text.replacingOccurrences(of: "file:///home/ana/Beach%20day%20%E6%B5%B7.png", with: "a\\u0001b").utf8)
        #expect(throws: StateFileError.self) { try StateFile.decode(bad) }
        do { _ = try StateFile.decode(bad) } catch {
            #expect(error.description.contains("location"), "\(error.description)")
        }
    }
}
