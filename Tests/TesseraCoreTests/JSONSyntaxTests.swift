import Foundation
import Testing
@testable import TesseraCore

/// The syntax check that runs before JSONDecoder: it must accept exactly the JSON that RFC 8259
/// allows (within its depth limit, without duplicate keys) and point at the first wrong byte.
@Suite struct JSONSyntaxTests {
    static let wellFormed = [
        "{}", "[]", " [ ] ", "0", "-0.5e+3", "1E-2", "true", "null", #""é😀""#, #""\u00e9\ud83d\ude00\n\/""#,
        #"{"a":[1,{"b":null}],"c":{"d":[]},"e":"x"}"#, "[[],[{}],{\"a\":[1,{\"b\":false}]}]",
        #"{"a":1,"b":{"a":2}}"#,  // the same key in different objects is fine
    ]

    /// (text, what, byte offset of the first wrong byte)
    static let malformed: [(String, String, Int)] = [
        ("", "unexpected end of file, expected a value", 0),
        ("tru", "expected a value", 0),
        ("[1,]", "expected a value", 3),
        (#"{"a":1,}"#, "expected a key in quotes", 7),
        ("01", "unexpected text after the end of the document", 1),
        ("[1 2]", "expected ',' or ']'", 3),
        (#"{"a" 1}"#, "expected ':' after a key", 5),
        ("{1:2}", "expected a key in quotes", 1),
        (#""abc"#, "unexpected end of file inside a string", 4),
        (#""a\"#, "unexpected end of file inside a string", 2),
        (#""\x""#, "unknown escape in a string", 1),
        (#""\u12""#, "\\u must be followed by four hex digits", 1),
        (#""\udc00""#, "unpaired surrogate \\u escape", 1),
        (#""\ud800x""#, "unpaired surrogate \\u escape", 1),
        ("1.", "expected a digit after '.'", 2),
        ("-", "expected a digit", 1),
        ("1e", "expected a digit in the exponent", 2),
        ("[1e400]", "number out of range", 1),
        (#"{"a":1,"a":2}"#, "key \"a\" appears twice in one object", 7),
        (#"{"ab":1,"\u0061\u0062":2}"#, "key \"ab\" appears twice in one object", 8),   // the decoder sees one key
        (#"{"\n\"\/":1,"\u000a\"/":2}"#, "key \"\n\"/\" appears twice in one object", 12),
        ("[\"a\u{01}\"]", "control character in a string (write it as \\u00XX)", 3),
        ("[", "unexpected end of file, expected a value", 1),
        ("[1", "unexpected end of file inside an array", 2),
    ]

    @Test(arguments: wellFormed)
    func acceptsWellFormedJSON(_ text: String) {
        #expect(JSONSyntax.check(Array(text.utf8)) == nil)
        // Foundation agrees, so the check never refuses what the decoder would read.
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil)
    }

    @Test(arguments: malformed.indices)
    func pointsAtTheFirstWrongByte(_ k: Int) {
        let (text, what, offset) = Self.malformed[k]
        #expect(JSONSyntax.check(Array(text.utf8)) == JSONSyntax.Problem(what: what, offset: offset), "\(text.debugDescription)")
    }

    @Test func invalidUTF8AnywhereIsNamed() {
        for bad: [UInt8] in [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]] {
            let bytes = Array(#"["ok", "x"#.utf8) + bad + Array(#""]"#.utf8)
            #expect(JSONSyntax.check(bytes) == JSONSyntax.Problem(what: "invalid UTF-8", offset: 9), "\(bad)")
        }
    }

    @Test func depthIsBoundedWithoutRecursion() {
        let ok = String(repeating: "[", count: JSONSyntax.maximumDepth) + String(repeating: "]", count: JSONSyntax.maximumDepth)
        #expect(JSONSyntax.check(Array(ok.utf8)) == nil)
        let deep = Array(String(repeating: "[{\"a\":", count: 300_000).utf8)
        #expect(JSONSyntax.check(deep)?.what == "nested more than 512 levels deep")
    }

    @Test func positionCountsLinesAndCharacters() {
        let bytes = Array("{\n  \"é\": x".utf8)
        let problem = JSONSyntax.check(bytes)
        #expect(problem?.offset == 10)
        #expect(problem.map { $0.position(in: bytes) }.map { [$0.line, $0.column] } == [2, 8])
    }
}
