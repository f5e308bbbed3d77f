/// The numbers carried by ids of the shape the model makes for new things ("new-3", "dropped-12",
/// "folder-2"), as an `ItemList` notes them for each of its chunks: a fresh id then costs a look at
/// those notes (O(chunks + such ids)), not a read of every item.
///
/// Why: finding the first free "dropped-N" read every id of a million items (56 MB, ~12 ms inside
/// the frame of a drop of files; ~7 ms for Ctrl+N and for a new folder).
///
/// A note ("tag") packs the prefix's place in `prefixes` above the number: numbers have at most
/// 18 digits (< 2^60), so a tag is a non-negative Int.
enum FreshNumbers {
    /// The prefixes of the ids the engine and the model make (`CollectionModel.freshIDs`).
    static let prefixes: [String] = ["new-", "dropped-", "folder-"]
    private static let prefixBytes: [[UInt8]] = prefixes.map { Array($0.utf8) }
    /// Whether a prefix above starts with `byte` (kept in step with them; a test checks).
    @inline(__always)
    static func startsAPrefix(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "n") || byte == UInt8(ascii: "d") || byte == UInt8(ascii: "f")
    }
    private static let numberBits = 60

    /// The tag of `id`, or nil when it is not `<prefix><n>` for a prefix above and an n that
    /// `\(prefix)\(n)` would write (no leading zero: "folder-04" never collides).
    static func tag(of id: ItemID) -> Int? {
        // Most ids start otherwise: decided on one byte, before the prefixes are read (a loader
        // notes a million ids; reading the table for each cost ~20 ms).
        guard let first = id.rawValue.utf8.first, startsAPrefix(first) else { return nil }
        var raw = id.rawValue
        return raw.withUTF8 { bytes in
            for (k, p) in prefixBytes.enumerated() where p[0] == first {
                if let n = number(in: bytes, after: p) { return k << numberBits | n }
            }
            return nil
        }
    }

    /// The n of an id `<prefix>n`, or nil when it is not one.
    static func number(in id: ItemID, after prefix: [UInt8]) -> Int? {
        var raw = id.rawValue
        return raw.withUTF8 { number(in: $0, after: prefix) }
    }

    /// `number(in:after:)` on the id's bytes, read in place. Why not through the string's UTF-8
    /// view: its generic `starts(with:)`, `dropFirst` and `reduce` cost ~250 ns an id, ~2.5 ms of
    /// the frame that drops 10,000 files (each chunk's new ids are noted). With the splice's single
    /// copy (`ItemList.runs(of:)`), that frame's insert went from 2.4-3.5 ms to 1.4.
    private static func number(in bytes: UnsafeBufferPointer<UInt8>, after prefix: [UInt8]) -> Int? {
        let digits = bytes.count - prefix.count
        guard digits > 0, digits <= 18 else { return nil }
        for k in prefix.indices where bytes[k] != prefix[k] { return nil }
        guard bytes[prefix.count] != UInt8(ascii: "0") else { return nil }
        var n = 0
        for k in prefix.count..<bytes.count {
            let d = bytes[k] &- UInt8(ascii: "0")
            guard d <= 9 else { return nil }
            n = n * 10 + Int(d)
        }
        return n
    }

    /// The prefix's place in `prefixes` and the number, from a tag.
    static func split(_ tag: Int) -> (prefix: Int, number: Int) {
        (tag >> numberBits, tag & (1 << numberBits - 1))
    }

    /// Appends the tags of `item` and, for a folder, its children's.
    static func note(_ item: Item, in tags: inout [Int]) {
        if let t = tag(of: item.id) { tags.append(t) }
        guard item.isFolder else { return }
        for c in item.children { if let t = tag(of: c.id) { tags.append(t) } }
    }

    /// Removes one of each of `item`'s tags (and its children's) from `tags`.
    static func forget(_ item: Item, in tags: inout [Int]) {
        guard !tags.isEmpty else { return }
        var mine: [Int] = []
        note(item, in: &mine)
        replace(mine, with: [], in: &tags)
    }

    /// Takes one of each of `old` out of `tags` and puts `new` in (an item changed in place).
    static func replace(_ old: [Int], with new: [Int], in tags: inout [Int]) {
        for t in old { if let k = tags.firstIndex(of: t) { tags.remove(at: k) } }
        tags += new
    }

    /// Every tag of a run of items, read in place: ~2 ns an item. (Handing each item to `note`
    /// copied it, retains and all: ~20 ns, 20 ms for the million items a loader makes.)
    static func tags(in items: [Item]) -> [Int] {
        var out: [Int] = []
        items.withUnsafeBufferPointer { run in
            for k in run.indices {
                if let t = tag(of: run[k].id) { out.append(t) }
                guard run[k].isFolder else { continue }
                for c in run[k].children { if let t = tag(of: c.id) { out.append(t) } }
            }
        }
        return out
    }
}
