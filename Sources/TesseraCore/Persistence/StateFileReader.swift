/// Reads a state file straight into the model, in one pass over its bytes, once `JSONSyntax` has
/// accepted them: the structure is well-formed, so only types and values are checked here.
///
/// It replaced Foundation's `JSONDecoder` (through Codable shapes), which took 16 s and 900 MB for
/// the 140 MB file of a million items that `tessera export` writes; this reads it in about a
/// second, holding little more than the model (see DESIGN.md, "Importing JSON").
///
/// Fields are read in a fixed order whatever their order in the file (version, then sections; id,
/// title, items; id, title, kind, icon, color, aspect, done, children), so which problem is
/// reported does not depend on how an editor ordered the keys. Unknown keys are skipped; `null`
/// for an optional field means "not given".
struct StateFileReader {
    let b: UnsafeBufferPointer<UInt8>
    /// Every item id seen so far, and where (for the "used twice" message).
    private var ids: [String: Place] = [:]
    /// Icon numbers by name: `IconNames.number(for:)` takes a lock, once per distinct name here.
    private var iconNumbers: [String: UInt32] = [:]
    /// Items' `location`s, by id, as read.
    private var locations: [ItemID: String] = [:]

    init(_ b: UnsafeBufferPointer<UInt8>) {
        self.b = b
        ids.reserveCapacity(b.count / 100)
    }

    /// Where a value is: a section, an item in it, a child of that item; named only on failure.
    struct Place {
        var section: Int
        var item = -1
        var child = -1
        var path: String {
            var s = "sections[\(section)]"
            if item >= 0 { s += ".items[\(item)]" }
            if child >= 0 { s += ".children[\(child)]" }
            return s
        }
        func path(_ field: String) -> String { path + "." + field }
    }

    // MARK: - The file's shapes

    mutating func document() throws(StateFileError) -> CollectionModel {
        let top = skipSpace(0)
        guard kind(at: top) == .object else { throw .wrongType(path: "the top level", expected: "an object") }
        var version = -1, sections = -1
        // Both found: what follows is unknown keys, not walked (the sections are walked once, below).
        members(of: top, wanted: 2) { key, value in
            if matches(key, "version") { version = value } else if matches(key, "sections") { sections = value } else { return false }
            return true
        }
        try checkVersion(at: version)
        let list = try required(sections, .array, "sections")
        var result: [Section] = []
        var sectionIDs: Set<String> = []
        var s = 0
        var next = firstElement(of: list)
        while let at = next {
            let (made, end) = try section(at: at, Place(section: s), sectionIDs: &sectionIDs)
            result.append(made)
            next = element(after: end)
            s += 1
        }
        return CollectionModel(sections: result, locations: locations)
    }

    private func checkVersion(at value: Int) throws(StateFileError) {
        let at = try required(value, .number, "version", expected: "an integer")
        let v = number(at: at)
        guard v == v.rounded(), abs(v) < 1e9 else { throw .wrongType(path: "version", expected: "an integer") }
        guard Int(v) == StateFile.currentVersion else { throw .unsupportedVersion(Int(v)) }
    }

    /// The section whose object starts at `o`, and the offset just past that object.
    private mutating func section(at o: Int, _ place: Place, sectionIDs: inout Set<String>) throws(StateFileError) -> (Section, end: Int) {
        let at = try required(o, .object, place.path)
        var id = -1, title = -1, items = -1
        let walked = members(of: at, wanted: 3) { key, value in
            if matches(key, "id") { id = value } else if matches(key, "title") { title = value }
            else if matches(key, "items") { items = value } else { return false }
            return true
        }
        let idText = string(at: try required(id, .string, place.path("id")))
        let titleText = string(at: try required(title, .string, place.path("title")))
        let list = try required(items, .array, place.path("items"))
        try Self.checkID(idText, at: place.path("id"))
        guard sectionIDs.insert(idText).inserted else { throw .duplicateSectionID(id: idText, path: place.path("id")) }
        try Self.checkTitle(titleText, at: place.path("title"))
        var result: [Item] = []
        var p = place
        p.item = 0
        var next = firstElement(of: list)
        var listEnd = skipSpace(list + 1) + 1
        while let at = next {
            let (made, end) = try item(at: at, p)
            result.append(made)
            next = element(after: end)
            listEnd = skipSpace(end) + 1
            p.item += 1
        }
        // Stopped at the last of the three keys: go on from the end of its value (the items
        // usually, just walked) to the object's end.
        let last = max(id, title, items)
        let end = walked ?? objectEnd(after: last == items ? listEnd : valueEnd(last))
        return (Section(id: idText, title: titleText, items: result), end)
    }

    /// Offsets of an item object's fields (-1: not in the file).
    private struct ItemFields {
        var id = -1, title = -1, kind = -1, icon = -1, color = -1, aspect = -1, done = -1, children = -1, location = -1
    }

    /// The fields by name, for keys written with escapes (the plain ones are matched as bytes).
    /// (Key paths are immutable: sharing them across threads is safe.)
    nonisolated(unsafe) private static let itemFields: [String: WritableKeyPath<ItemFields, Int>] = [
        "id": \.id, "title": \.title, "kind": \.kind, "icon": \.icon, "color": \.color,
        "aspect": \.aspect, "done": \.done, "children": \.children, "location": \.location,
    ]

    /// The item whose object starts at `o`, and the offset just past that object.
    private mutating func item(at o: Int, _ place: Place) throws(StateFileError) -> (Item, end: Int) {
        let at = try required(o, .object, place.path)
        var f = ItemFields()
        // Every key is walked (none counts as known), so this ends at the object's end.
        let end = members(of: at, wanted: 1) { key, value in
            switch key.count {
            case 2 where matches(key, "id"): f.id = value
            case 4 where matches(key, "kind"): f.kind = value
            case 4 where matches(key, "icon"): f.icon = value
            case 4 where matches(key, "done"): f.done = value
            case 5 where matches(key, "title"): f.title = value
            case 5 where matches(key, "color"): f.color = value
            case 6 where matches(key, "aspect"): f.aspect = value
            case 8 where matches(key, "children"): f.children = value
            case 8 where matches(key, "location"): f.location = value
            default:
                // An escaped key ("\u0069d") is the same key: compare its text.
                if key.contains(where: { b[$0] == UInt8(ascii: "\\") }),
                   let field = Self.itemFields[JSONSyntax.unescaped(b[key])] {
                    f[keyPath: field] = value
                }
            }
            return false
        } ?? valueEnd(at)
        let id = string(at: try required(f.id, .string, place.path("id")))
        let title = string(at: try required(f.title, .string, place.path("title")))
        let kindText = string(at: try required(f.kind, .string, place.path("kind")))
        let icon = try optional(f.icon, .string, place.path("icon")).map(string(at:))
        let color = try optional(f.color, .string, place.path("color")).map(string(at:))
        let aspect = try optional(f.aspect, .number, place.path("aspect")).map(number(at:))
        let done = try optional(f.done, .bool, place.path("done")).map { b[$0] == UInt8(ascii: "t") }
        let children = try optional(f.children, .array, place.path("children"))
        let location = try optional(f.location, .string, place.path("location")).map(string(at:))
        guard let kind = Item.Kind(rawValue: kindText) else {
            throw .invalidValue(path: place.path("kind"), reason: "kind '\(kindText.prefix(40))' is neither \"item\" nor \"folder\"")
        }

        let hasChildren = children.map { !isEmptyContainer($0) } ?? false
        if place.child >= 0 {
            if kind == .folder { throw .nestedFolder(path: place.path) }
            if hasChildren { throw .childrenOnPlainItem(path: place.path) }
        }

        // The model's rules, in the order a reader checks them.
        try Self.checkID(id, at: place.path("id"))
        if let first = ids.updateValue(place, forKey: id) {
            throw .duplicateID(id: id, first: first.path, second: place.path)
        }
        try Self.checkTitle(title, at: place.path("title"))
        var rgba = Item.pack(StateFile.defaultColor)
        if let color {
            guard let c = Color(hex: color) else {
                throw .invalidValue(path: place.path("color"), reason: "'\(color.prefix(40))' is not #rrggbb")
            }
            rgba = Item.pack(c)
        }
        let ratio = aspect ?? 1
        guard ratio.isFinite, ratio >= 0.1, ratio <= 10 else {
            throw .invalidValue(path: place.path("aspect"), reason: "\(ratio) is outside 0.1...10")
        }
        if let location {
            guard !location.isEmpty, location.utf8.count <= StateFile.maximumLocationBytes,
                  !location.utf8.contains(where: { $0 < 0x20 }) else {
                throw .invalidValue(path: place.path("location"),
                                    reason: "a location is 1 to \(StateFile.maximumLocationBytes) bytes without control characters")
            }
            locations[ItemID(id)] = location
        }
        var made = Item(id: ItemID(id), title: title, iconNumber: try iconNumber(icon ?? "", place),
                        rgba: rgba, sizeHint: SizeHint(aspect: ratio), done: done ?? false)
        if kind == .folder {
            made.kind = .folder
            guard let children else { throw .missingField(path: place.path("children")) }
            guard hasChildren else { throw .emptyFolder(path: place.path) }
            var p = place
            p.child = 0
            var next = firstElement(of: children)
            while let at = next {
                let (child, end) = try item(at: at, p)
                made.children.append(child)
                next = element(after: end)
                p.child += 1
            }
        } else if hasChildren {
            throw .childrenOnPlainItem(path: place.path)
        }
        return (made, end)
    }

    private mutating func iconNumber(_ name: String, _ place: Place) throws(StateFileError) -> UInt32 {
        if let n = iconNumbers[name] { return n }
        if let problem = Item.iconNameProblem(name) { throw .invalidValue(path: place.path("icon"), reason: problem) }
        let n = IconNames.number(for: name)
        iconNumbers[name] = n
        return n
    }

    static func checkID(_ id: String, at path: @autoclosure () -> String) throws(StateFileError) {
        guard !id.isEmpty else { throw .invalidValue(path: path(), reason: "empty id") }
        guard id.utf8.count <= StateFile.maximumIDBytes else {
            throw .invalidValue(path: path(), reason: "longer than \(StateFile.maximumIDBytes) bytes")
        }
        // Ids are keys Tessera makes; a NUL would also end the id for SQLite's length().
        guard !id.utf8.contains(where: { $0 < 0x20 }) else {
            throw .invalidValue(path: path(), reason: "it contains a control character")
        }
    }

    static func checkTitle(_ title: String, at path: @autoclosure () -> String) throws(StateFileError) {
        // Counting characters walks the text; a title with fewer bytes than the limit cannot be over it.
        guard title.utf8.count <= StateFile.maximumTitleLength || title.count <= StateFile.maximumTitleLength else {
            throw .invalidValue(path: path(), reason: "longer than \(StateFile.maximumTitleLength) characters")
        }
    }

    // MARK: - Types of values

    enum ValueKind { case object, array, string, number, bool, null }

    private static func describe(_ kind: ValueKind) -> String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }

    /// The value at `o` when it is of `kind`; missing, null or another type is refused by `path`.
    private func required(_ o: Int, _ kind: ValueKind, _ path: @autoclosure () -> String, expected: String? = nil) throws(StateFileError) -> Int {
        let what = expected ?? Self.describe(kind)
        guard o >= 0 else { throw .missingField(path: path()) }
        let found = self.kind(at: o)
        if found == .null { throw .wrongType(path: path(), expected: what + ", not null") }
        guard found == kind else { throw .wrongType(path: path(), expected: what) }
        return o
    }

    /// The value at `o` when it is of `kind`; nil when missing or null.
    private func optional(_ o: Int, _ kind: ValueKind, _ path: @autoclosure () -> String) throws(StateFileError) -> Int? {
        guard o >= 0 else { return nil }
        let found = self.kind(at: o)
        if found == .null { return nil }
        guard found == kind else { throw .wrongType(path: path(), expected: Self.describe(kind)) }
        return o
    }

    func kind(at o: Int) -> ValueKind {
        switch b[o] {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        default: .number
        }
    }

    // MARK: - Walking well-formed JSON

    private func skipSpace(_ o: Int) -> Int {
        var i = o
        while i < b.count, b[i] == 0x20 || b[i] == 0x0a || b[i] == 0x0d || b[i] == 0x09 { i += 1 }
        return i
    }

    /// The offset just past the string literal starting at `o` (its opening quote).
    private func stringEnd(_ o: Int) -> Int {
        var i = o + 1
        while true {
            let c = b[i]
            if c == UInt8(ascii: "\"") { return i + 1 }
            i += c == UInt8(ascii: "\\") ? 2 : 1
        }
    }

    /// The offset just past the value starting at `o`.
    private func valueEnd(_ o: Int) -> Int {
        switch b[o] {
        case UInt8(ascii: "\""): return stringEnd(o)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = o
            while true {
                switch b[i] {
                case UInt8(ascii: "\""): i = stringEnd(i); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
        default:
            var i = o
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x0a, 0x0d, 0x09: return i
                default: i += 1
                }
            }
            return i
        }
    }

    private func isEmptyContainer(_ o: Int) -> Bool {
        let next = b[skipSpace(o + 1)]
        return next == UInt8(ascii: "]") || next == UInt8(ascii: "}")
    }

    /// Calls `visit` with each key (the range inside its quotes) and the offset of its value, until
    /// `visit` has said "known" (true) `wanted` times: keys are unique, so the rest are unknown
    /// ones, and the last known value is not walked. Returns the offset just past the object when
    /// it walked to the end, nil when it stopped.
    @discardableResult
    private func members(of o: Int, wanted: Int, _ visit: (Range<Int>, Int) -> Bool) -> Int? {
        var i = skipSpace(o + 1)
        guard b[i] != UInt8(ascii: "}") else { return i + 1 }
        var known = 0
        while true {
            let keyEnd = stringEnd(i)
            let value = skipSpace(skipSpace(keyEnd) + 1)   // past the ':'
            if visit((i + 1)..<(keyEnd - 1), value) {
                known += 1
                if known == wanted { return nil }
            }
            i = skipSpace(valueEnd(value))
            if b[i] == UInt8(ascii: "}") { return i + 1 }
            i = skipSpace(i + 1)   // past the ','
        }
    }

    /// The offset just past an object, going on from the end of one of its values.
    private func objectEnd(after valueEnd: Int) -> Int {
        var i = skipSpace(valueEnd)
        while b[i] != UInt8(ascii: "}") {
            let keyEnd = stringEnd(skipSpace(i + 1))   // past the ','
            i = skipSpace(self.valueEnd(skipSpace(skipSpace(keyEnd) + 1)))
        }
        return i + 1
    }

    /// The offset of the first element of the array at `o`; nil when it is empty.
    private func firstElement(of o: Int) -> Int? {
        let i = skipSpace(o + 1)
        return b[i] == UInt8(ascii: "]") ? nil : i
    }

    /// The offset of the element after the one ending at `end`; nil at the end of the array.
    private func element(after end: Int) -> Int? {
        let i = skipSpace(end)
        return b[i] == UInt8(ascii: "]") ? nil : skipSpace(i + 1)
    }

    /// Whether the key text (escapes resolved) is `name`.
    private func matches(_ key: Range<Int>, _ name: StaticString) -> Bool {
        let p = name.utf8Start
        if key.count == name.utf8CodeUnitCount, (0..<key.count).allSatisfy({ b[key.lowerBound + $0] == p[$0] }) { return true }
        return key.contains(where: { b[$0] == UInt8(ascii: "\\") }) && JSONSyntax.unescaped(b[key]) == name.description
    }

    func string(at o: Int) -> String {
        let body = (o + 1)..<(stringEnd(o) - 1)
        // UTF-8 was checked for the whole file; escapes are rare in titles.
        if !body.contains(where: { b[$0] == UInt8(ascii: "\\") }) { return String(decoding: b[body], as: UTF8.self) }
        return JSONSyntax.unescaped(b[body])
    }

    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { v, _ in v * 10 } }

    /// The number at `o`. Short decimals (aspect ratios) are read exactly without a string: a
    /// mantissa below 2^53 divided by an exact power of ten is one correctly rounded division.
    func number(at o: Int) -> Double {
        let end = valueEnd(o)
        var i = o
        let negative = b[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0, digits = 0, fraction = -1
        while i < end {
            let c = b[i]
            if c == UInt8(ascii: "."), fraction < 0 { fraction = 0; i += 1; continue }
            guard c >= 0x30, c <= 0x39, digits < 15 else { return slowNumber(o, end) }
            mantissa = mantissa * 10 + UInt64(c - 0x30)
            digits += 1
            if fraction >= 0 { fraction += 1 }
            i += 1
        }
        let v = Double(mantissa) / Self.powersOfTen[max(fraction, 0)]
        return negative ? -v : v
    }

    private func slowNumber(_ o: Int, _ end: Int) -> Double {
        Double(String(decoding: b[o..<end], as: UTF8.self)) ?? .nan
    }
}
