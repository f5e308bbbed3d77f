import TesseraCore

/// Turns `items` rows into `Item`s, checking each column as the JSON loader checks each field:
/// the type, the range, and what an item may be (a store made by another program, or edited by
/// hand, is read with the same suspicion as a state file).
///
/// Every SELECT of items names the columns in this order.
struct StoreRows {
    static let columns = "id, section, folder, position, kind, title, icon, color, aspect, done"

    /// Where a row belongs: a section (top level) or a folder.
    enum Container: Hashable {
        case section(String)
        case folder(String)
    }

    struct Row {
        var container: Container
        var position: Int64
        var item: Item
    }

    var factory = ItemFactory()
    /// Icon names already checked: a collection uses a few dozen, read a million times.
    private var goodIcons: Set<String> = []

    /// Reads the statement's current row. With `knownSection`, the caller has checked that its
    /// section is the one of the row before (and the container is left empty: `.section("")`).
    mutating func row(_ s: SQLiteStatement, knownSection: Bool = false) throws(StoreError) -> Row {
        guard s.type(at: 0) == .text, let id = s.text(at: 0), !id.isEmpty, id.utf8.count <= StateFile.maximumIDBytes,
              !id.utf8.contains(where: { $0 < 0x20 }) else {
            throw .violation("an item's id is \(describe(s, 0)); ids are 1 to \(StateFile.maximumIDBytes) bytes of text without control characters")
        }
        func bad(_ what: String) -> StoreError { .violation("item '\(id.prefix(80))': \(what)") }
        let container: Container
        switch knownSection && s.type(at: 2) == .null ? (SQLiteType.null, SQLiteType.null) : (s.type(at: 1), s.type(at: 2)) {
        case (.null, .null) where knownSection:
            container = .section("")
        case (.text, .null):
            guard let section = s.text(at: 1) else { throw bad("its section is not valid UTF-8") }
            container = .section(section)
        case (.null, .text):
            guard let folder = s.text(at: 2) else { throw bad("its folder is not valid UTF-8") }
            container = .folder(folder)
        case (.null, .null): throw bad("it is in neither a section nor a folder")
        case (.text, .text): throw bad("it is in both a section and a folder")
        default: throw bad("its section or folder is not text")
        }
        guard s.type(at: 3) == .integer else { throw bad("its position is \(describe(s, 3)), not an integer") }
        let kind: Item.Kind
        if s.bytesEqual(at: 4, "item") {
            kind = .item
        } else if s.bytesEqual(at: 4, "folder") {
            kind = .folder
        } else {
            throw bad("its kind is \(describe(s, 4)), neither 'item' nor 'folder'")
        }
        guard s.type(at: 5) == .text else { throw bad("its title is \(describe(s, 5)), not text") }
        guard let title = s.text(at: 5) else { throw bad("its title is not valid UTF-8") }
        guard title.utf8.count <= StateFile.maximumTitleLength || title.count <= StateFile.maximumTitleLength else {
            throw bad("its title is longer than \(StateFile.maximumTitleLength) characters")
        }
        guard s.type(at: 6) == .text else { throw bad("its icon is \(describe(s, 6)), not text") }
        guard let icon = s.text(at: 6) else { throw bad("its icon is not valid UTF-8") }
        if !goodIcons.contains(icon) {
            if let problem = Item.iconNameProblem(icon) { throw bad("its icon is invalid: \(problem)") }
            goodIcons.insert(icon)
        }
        guard s.type(at: 7) == .integer, let rgba = UInt32(exactly: s.int64(at: 7)) else {
            throw bad("its color is \(describe(s, 7)), not 0xRRGGBBAA")
        }
        let aspect = s.double(at: 8)
        guard s.type(at: 8) == .real || s.type(at: 8) == .integer, aspect.isFinite, aspect >= 0.1, aspect <= 10 else {
            throw bad("its aspect is \(describe(s, 8)), outside 0.1...10")
        }
        guard s.type(at: 9) == .integer, (0...1).contains(s.int64(at: 9)) else { throw bad("its done is \(describe(s, 9)), not 0 or 1") }
        let item = factory.item(id: ItemID(id), title: title, icon: icon, rgba: rgba, aspect: aspect,
                                done: s.int64(at: 9) == 1, kind: kind)
        return Row(container: container, position: s.int64(at: 3), item: item)
    }

    /// A column's value for a message: `NULL`, `42`, `'text'`.
    func describe(_ s: SQLiteStatement, _ i: Int32) -> String {
        switch s.value(at: i) {
        case .null: "NULL"
        case .integer(let n): String(n)
        case .real(let d): String(d)
        case .text where s.text(at: i) == nil: "text that is not valid UTF-8"
        case .text(let t):
            // Control characters shown as escapes: a NUL or newline must not reach the message raw.
            "'" + t.prefix(60).unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined() + "'"
        }
    }
}
