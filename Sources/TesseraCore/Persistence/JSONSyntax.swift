/// Checks that bytes are well-formed JSON (RFC 8259) in UTF-8 and, when they are not, says what is
/// wrong and where (line, column, byte offset).
///
/// Runs before `JSONDecoder`, whose errors for malformed text carry no position ("The given data was
/// not valid JSON."). It is also the one place that bounds nesting: a state file is at most 7 levels
/// deep, so anything past `maximumDepth` is refused here, iteratively, without recursion.
/// Duplicate keys in one object are refused too: which value wins is undefined in JSON.
struct JSONSyntax {
    /// Deeper containers are refused. Matches Foundation's own limit, so both agree.
    static let maximumDepth = 512

    struct Problem: Error, Hashable {
        /// What is wrong, e.g. "expected ',' or ']'".
        var what: String
        var offset: Int
    }

    let bytes: [UInt8]
    var i = 0

    /// The first problem in `bytes`, or nil when they are well-formed JSON.
    static func check(_ bytes: [UInt8]) -> Problem? {
        var scanner = JSONSyntax(bytes: bytes)
        do {
            try scanner.utf8()
            scanner.i = 0
            try scanner.document()
            return nil
        } catch { return error }
    }

    /// An open container; an object's keys so far are `keys[firstKey...]`.
    private enum Container {
        case array, object(firstKey: Int)
        var isArray: Bool { if case .array = self { true } else { false } }
        var name: String { isArray ? "array" : "object" }
    }

    /// The keys (ranges inside their quotes) of the open objects, innermost last.
    private var keys: [Range<Int>] = []
    /// The key texts of open objects with many keys, by their `firstKey`: comparing each new key
    /// with every earlier one is quicker for a state file's few keys, and only those.
    private var manyKeys: [Int: Set<String>] = [:]
    private static let keysComparedOneByOne = 16

    mutating func document() throws(Problem) {
        var stack: [Container] = []
        skipSpace()
        // One loop over values: `[`/`{` push, `]`/`}` pop, scalars are read whole.
        while true {
            // At the start of a value.
            guard i < bytes.count else { throw fail("unexpected end of file, expected a value") }
            switch bytes[i] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard stack.count < Self.maximumDepth else {
                    throw fail("nested more than \(Self.maximumDepth) levels deep")
                }
                let isArray = bytes[i] == UInt8(ascii: "[")
                i += 1
                skipSpace()
                // An empty container is a complete value; a non-empty one stays open.
                if peek(isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) { i += 1; break }
                stack.append(isArray ? .array : .object(firstKey: keys.count))
                if !isArray { try key(in: &stack) }
                continue
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw fail("expected a value")
            }
            // After a complete value: close containers or move to the next element.
            while true {
                skipSpace()
                guard let top = stack.last else {
                    guard i == bytes.count else { throw fail("unexpected text after the end of the document") }
                    return
                }
                guard i < bytes.count else { throw fail("unexpected end of file inside an \(top.name)") }
                let close = top.isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")
                if bytes[i] == close {
                    i += 1
                    if case .object(let first) = stack.removeLast() {
                        keys.removeSubrange(first...)
                        manyKeys[first] = nil
                    }
                    continue
                }
                guard bytes[i] == UInt8(ascii: ",") else { throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))'") }
                i += 1
                skipSpace()
                if !top.isArray { try key(in: &stack) }
                break
            }
        }
    }

    /// `"key" :` inside the object on top of the stack; remembers the key to refuse a repeat.
    private mutating func key(in stack: inout [Container]) throws(Problem) {
        guard peek(UInt8(ascii: "\"")) else { throw fail("expected a key in quotes") }
        let start = i
        try string()
        let key = (start + 1)..<(i - 1)
        if case .object(let first)? = stack.last, isRepeated(key, since: first) {
            i = start
            throw fail("key \"\(Self.unescaped(bytes[key]).prefix(40))\" appears twice in one object")
        }
        keys.append(key)
        skipSpace()
        guard peek(UInt8(ascii: ":")) else { throw fail("expected ':' after a key") }
        i += 1
        skipSpace()
    }

    /// Whether the object whose keys start at `keys[first]` already has `key` (escapes resolved,
    /// so "version" and "vers\u0069on" are one key, as a decoder sees them).
    private mutating func isRepeated(_ key: Range<Int>, since first: Int) -> Bool {
        if keys.count - first >= Self.keysComparedOneByOne {
            if manyKeys[first] == nil { manyKeys[first] = Set(keys[first...].map { Self.unescaped(bytes[$0]) }) }
            return !manyKeys[first]!.insert(Self.unescaped(bytes[key])).inserted
        }
        let escaped = bytes[key].contains(UInt8(ascii: "\\"))
        for earlier in keys[first...] {
            if bytes[earlier].elementsEqual(bytes[key]) { return true }
            if escaped || bytes[earlier].contains(UInt8(ascii: "\\")),
               Self.unescaped(bytes[earlier]) == Self.unescaped(bytes[key]) { return true }
        }
        return false
    }

    private mutating func string() throws(Problem) {
        i += 1  // opening quote
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""): i += 1; return
            case UInt8(ascii: "\\"):
                guard i + 1 < bytes.count else { throw fail("unexpected end of file inside a string") }
                let e = bytes[i + 1]
                if e == UInt8(ascii: "u") {
                    let unit = try escapedUnit()
                    if (0xdc00...0xdfff).contains(unit) { i -= 6; throw fail("unpaired surrogate \\u escape") }
                    if (0xd800...0xdbff).contains(unit) {
                        // A high surrogate must be followed at once by a low one (RFC 8259 §7).
                        let high = i - 6
                        guard peek(UInt8(ascii: "\\")), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u"),
                              (0xdc00...0xdfff).contains(try escapedUnit()) else {
                            i = high
                            throw fail("unpaired surrogate \\u escape")
                        }
                    }
                } else {
                    guard Array("\"\\/bfnrt".utf8).contains(e) else { throw fail("unknown escape in a string") }
                    i += 2
                }
            case 0..<0x20: throw fail("control character in a string (write it as \\u00XX)")
            default: i += 1  // UTF-8 was checked for the whole file first
            }
        }
        throw fail("unexpected end of file inside a string")
    }

    /// The text of a string literal already checked by `string()`, escapes resolved, so that
    /// "version" and "vers\u0069on" are one key (as the decoder sees them).
    static func unescaped<Bytes: Collection<UInt8>>(_ literal: Bytes) -> String where Bytes.Index == Int {
        guard literal.contains(UInt8(ascii: "\\")) else { return String(decoding: literal, as: UTF8.self) }
        var units: [UInt16] = []
        var k = literal.startIndex
        while k < literal.endIndex {
            guard literal[k] == UInt8(ascii: "\\") else {
                // Plain UTF-8 up to the next escape, re-encoded as UTF-16.
                var end = k
                while end < literal.endIndex, literal[end] != UInt8(ascii: "\\") { end += 1 }
                units += String(decoding: literal[k..<end], as: UTF8.self).utf16
                k = end
                continue
            }
            let e = literal[k + 1]
            if e == UInt8(ascii: "u") {
                units.append(UInt16(String(decoding: literal[(k + 2)..<(k + 6)], as: UTF8.self), radix: 16) ?? 0xfffd)
                k += 6
            } else {
                let map: [UInt8: UInt16] = [0x62: 0x08, 0x66: 0x0c, 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09]
                units.append(map[e] ?? UInt16(e))   // \" \\ \/ stand for themselves
                k += 2
            }
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Reads `\uXXXX` at `i` and returns the UTF-16 code unit.
    private mutating func escapedUnit() throws(Problem) -> Int {
        guard i + 6 <= bytes.count, bytes[(i + 2)..<(i + 6)].allSatisfy(\.isHexDigit),
              let unit = Int(String(decoding: bytes[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16) else {
            throw fail("\\u must be followed by four hex digits")
        }
        i += 6
        return unit
    }

    /// The whole file is UTF-8 (RFC 3629: no overlongs, no surrogates, at most U+10FFFF).
    private mutating func utf8() throws(Problem) {
        // Editors that save "Unicode" or "UTF-8 with BOM" make files that are otherwise fine.
        if bytes.starts(with: [0xff, 0xfe]) || bytes.starts(with: [0xfe, 0xff]) {
            throw fail("UTF-16 text (a state file is UTF-8)")
        }
        if bytes.starts(with: [0xef, 0xbb, 0xbf]) { throw fail("a UTF-8 byte-order mark (save without one)") }
        while i < bytes.count {
            if bytes[i] < 0x80 { i += 1 } else { try utf8Scalar() }
        }
    }

    /// One multi-byte UTF-8 sequence.
    private mutating func utf8Scalar() throws(Problem) {
        let b = bytes[i]
        let (count, low, high): (Int, UInt8, UInt8) = switch b {
        case 0xc2...0xdf: (2, 0x80, 0xbf)
        case 0xe0: (3, 0xa0, 0xbf)
        case 0xed: (3, 0x80, 0x9f)
        case 0xe1...0xef: (3, 0x80, 0xbf)
        case 0xf0: (4, 0x90, 0xbf)
        case 0xf1...0xf3: (4, 0x80, 0xbf)
        case 0xf4: (4, 0x80, 0x8f)
        default: (0, 0, 0)
        }
        guard count > 0, i + count <= bytes.count,
              (low...high).contains(bytes[i + 1]),
              bytes[(i + 2)..<(i + count)].allSatisfy({ $0 & 0xc0 == 0x80 }) else {
            throw fail("invalid UTF-8")
        }
        i += count
    }

    private mutating func number() throws(Problem) {
        let start = i
        if peek(UInt8(ascii: "-")) { i += 1 }
        guard i < bytes.count, bytes[i].isDigit else { throw fail("expected a digit") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else { digits() }
        if peek(UInt8(ascii: ".")) {
            i += 1
            guard i < bytes.count, bytes[i].isDigit else { throw fail("expected a digit after '.'") }
            digits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            i += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { i += 1 }
            guard i < bytes.count, bytes[i].isDigit else { throw fail("expected a digit in the exponent") }
            digits()
        }
        // A number a Double cannot hold (1e400) is refused rather than read as infinity. Without an
        // exponent, fewer than 309 digits always fit: only the others are converted to check.
        let plain = i - start < 300 && !bytes[start..<i].contains(where: { $0 | 0x20 == UInt8(ascii: "e") })
        guard plain || Double(String(decoding: bytes[start..<i], as: UTF8.self)).map(\.isFinite) == true else {
            i = start
            throw fail("number out of range")
        }
    }

    private mutating func digits() { while i < bytes.count, bytes[i].isDigit { i += 1 } }

    private mutating func literal(_ word: StaticString) throws(Problem) {
        let w = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard i + w.count <= bytes.count, bytes[i..<(i + w.count)].elementsEqual(w) else {
            throw fail("expected a value")
        }
        i += w.count
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0a || bytes[i] == 0x0d || bytes[i] == 0x09 { i += 1 }
    }

    private func peek(_ b: UInt8) -> Bool { i < bytes.count && bytes[i] == b }

    private func fail(_ what: String) -> Problem { Problem(what: what, offset: i) }
}

extension JSONSyntax.Problem {
    /// 1-based line and column (in Unicode scalars, as an editor counts) of `offset` in `bytes`.
    func position(in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in bytes[..<min(offset, bytes.count)] {
            if b == 0x0a { line += 1; column = 1 } else if b & 0xc0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}

private extension UInt8 {
    var isDigit: Bool { (0x30...0x39).contains(self) }
    var isHexDigit: Bool { isDigit || (0x41...0x46).contains(self) || (0x61...0x66).contains(self) }
}
