#if canImport(Glibc)
import Glibc
#endif
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
        /// `idHash` of the id, for the check that no id is used twice.
        var idHash: Int
    }

    var factory = ItemFactory()
    /// Icon names already checked, found by their bytes: a collection uses a few dozen, read a
    /// million times, and hashing each row's name as a string cost more than reading it.
    private var iconSlots = [IconSlot?](repeating: nil, count: 256)

    private struct IconSlot {
        var bytes: [UInt8]
        var icon: ItemFactory.Icon
    }

    /// A cheap hash of a column's bytes (FNV-1a, then a final mix so the low bits are spread):
    /// ids' for the repeat check (which keeps their low bits in a bitmap), icon names' for their slots.
    static func bytesHash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return Int(bitPattern: UInt(h))
    }

    /// `bytesHash` of an id's UTF-8: equal to the hash its row was read with.
    static func idHash(_ id: ItemID) -> Int {
        var text = id.rawValue
        return text.withUTF8 { bytesHash($0) }
    }

    /// Reads the statement's current row. With `knownSection`, the caller has checked that its
    /// section is the one of the row before (and the container is left empty: `.section("")`).
    mutating func row(_ s: SQLiteStatement, knownSection: Bool = false) throws(StoreError) -> Row {
        // The id's bytes checked where SQLite keeps them, before a string is made.
        let read = s.type(at: 0) != .text ? nil : s.withBytes(at: 0) { bytes -> (String, Int)? in
            guard !bytes.isEmpty, bytes.count <= StateFile.maximumIDBytes, !bytes.contains(where: { $0 < 0x20 }),
                  let text = SQLiteStatement.string(bytes) else { return nil }
            return (text, Self.bytesHash(bytes))
        }
        guard let (id, idHash) = read else {
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
        let icon = try self.icon(s, bad)
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
        return Row(container: container, position: s.int64(at: 3), item: item, idHash: idHash)
    }

    /// The row's icon (column 6, text): from its slot when its bytes were seen before, else
    /// checked, numbered and put in the slot.
    private mutating func icon(_ s: SQLiteStatement, _ bad: (String) -> StoreError) throws(StoreError) -> ItemFactory.Icon {
        // Open addressing over a few slots from the bytes' hash: a name is found where it was put,
        // and a new one takes the first free slot (or the first of them, when all are taken).
        let (found, free) = s.withBytes(at: 6) { bytes -> (ItemFactory.Icon?, Int) in
            let home = Self.bytesHash(bytes) & (iconSlots.count - 1)
            var free = home
            for probe in 0..<4 {
                let k = (home + probe) & (iconSlots.count - 1)
                guard let cached = iconSlots[k] else { free = k; break }
                if cached.bytes.count == bytes.count,
                   cached.bytes.withUnsafeBufferPointer({ bytes.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
                    return (cached.icon, k)
                }
            }
            return (nil, free)
        }
        if let found { return found }
        guard let name = s.text(at: 6) else { throw bad("its icon is not valid UTF-8") }
        if let problem = Item.iconNameProblem(name) { throw bad("its icon is invalid: \(problem)") }
        let icon = factory.icon(named: name)
        iconSlots[free] = IconSlot(bytes: Array(name.utf8), icon: icon)
        return icon
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
