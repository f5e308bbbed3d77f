import Testing
@testable import TesseraCore

/// What the one-pass reader does beyond the corpus: any key order, escaped and unknown keys,
/// numbers read exactly, and a large file of every kind of item read back as written.
@Suite struct StateFileReaderTests {
    func decode(_ s: String) throws(StateFileError) -> CollectionModel { try StateFile.decode(Array(s.utf8)) }

    static let item = ##"{"id":"a","title":"Ä ☕","kind":"item","icon":"star","color":"#102030","aspect":0.75,"done":true}"##
    static let shuffled = ##"{"done":true,"aspect":0.75,"color":"#102030","icon":"star","kind":"item","title":"Ä ☕","id":"a"}"##

    static func file(_ items: String, sectionKeysFirst: Bool = false) -> String {
        sectionKeysFirst
            ? #"{"sections":[{"items":[\#(items)],"title":"S","id":"s"}],"version":1}"#
            : #"{"version":1,"sections":[{"id":"s","title":"S","items":[\#(items)]}]}"#
    }

    @Test func keysInAnyOrderMakeTheSameModel() throws {
        let plain = try decode(Self.file(Self.item))
        #expect(try decode(Self.file(Self.shuffled, sectionKeysFirst: true)) == plain)
        let a = try #require(plain.item(withID: "a"))
        #expect(a.title == "Ä ☕" && a.icon == "star" && a.color.hex == "#102030" && a.sizeHint.aspect == 0.75 && a.done)
    }

    @Test func theSameProblemIsReportedWhateverTheKeyOrder() {
        // Two problems (title a number, kind unknown): the title is read first either way.
        let expected = StateFileError.wrongType(path: "sections[0].items[0].title", expected: "a string")
        #expect(throws: expected) { _ = try decode(Self.file(#"{"id":"a","title":1,"kind":"widget"}"#)) }
        #expect(throws: expected) { _ = try decode(Self.file(#"{"kind":"widget","title":1,"id":"a"}"#)) }
    }

    @Test func escapedKeysAreTheSameKeys() throws {
        let m = try decode(#"{"vers\u0069on":1,"s\u0065ctions":[{"\u0069d":"s","title":"S","items":[{"\u0069d":"a","t\u0069tle":"A","kind":"item","\u0064one":true}]}]}"#)
        #expect(m.sections.map(\.id) == ["s"])
        #expect(m.item(withID: "a")?.done == true)
    }

    @Test func unknownKeysAreSkippedWhateverTheyHold() throws {
        let extra = #""later":{"deep":[1,{"x":"]}\"},"},[[]]],"n":null},"tags":["a","b"]"#
        let m = try decode(#"{"version":1,\#(extra),"sections":[{"id":"s",\#(extra),"title":"S","items":[{"id":"a",\#(extra),"title":"A","kind":"item"}]}]}"#)
        #expect(m == (try decode(Self.file(#"{"id":"a","title":"A","kind":"item"}"#))))
    }

    @Test(arguments: ["0.75", "7.5e-1", "0.1", "9.999999999999999", "1.0000000000000002", "3.3333333333333335", "1E0", "10"])
    func aspectsAreReadExactly(_ text: String) throws {
        let m = try decode(Self.file(#"{"id":"a","title":"A","kind":"item","aspect":\#(text)}"#))
        #expect(m.item(withID: "a")?.sizeHint.aspect == Double(text))
    }

    @Test func nullForAnOptionalFieldIsTheDefault() throws {
        let m = try decode(Self.file(#"{"id":"a","title":"A","kind":"item","icon":null,"color":null,"aspect":null,"done":null,"children":null}"#))
        #expect(m == (try decode(Self.file(#"{"id":"a","title":"A","kind":"item"}"#))))
    }

    @Test func aLargeCollectionOfEveryKindReadsBackAsWritten() throws {
        var m = SampleData.generated(count: 20_000, sections: 3, seed: 4)
        // Folders, Chinese titles, done items (the sample's), and titles that need escapes.
        m.sections += SampleData.model().sections.map { Section(id: "sample-" + $0.id, title: $0.title, items: $0.items) }
        m.sections[0].items[0].title = "tab\there \"quoted\" back\\slash\u{1}"
        m.sections[1].items[1].title = "日本語 👩🏽‍💻 עברית"
        #expect(m.checkInvariants().isEmpty)
        let bytes = StateFile.encode(m)
        #expect(try StateFile.decode(bytes) == m)
    }
}
