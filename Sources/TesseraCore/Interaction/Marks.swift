/// The items the user has gathered — by Ctrl+click, a Shift+click range, the rubber band, Ctrl+A,
/// Shift+arrows — and what a press-and-hold on one of them lifts as a group. Apart from the focus
/// (`Navigation.selection`: the one item keys and Enter act on), as in a file manager: a plain
/// click makes the clicked item both the focus and the only mark.
///
/// Marks live on one level: top-level items of the surface (across sections and board lists), or
/// the items of one folder (its panel open). Each id is kept with where it was last seen, so
/// following them after an edit costs what they moved, never a scan (`follow`).
public struct Marks: Equatable, Sendable {
    public private(set) var paths: [ItemID: IndexPath] = [:]
    /// Where a Shift range starts: the last item clicked or toggled (marked or not).
    public private(set) var anchor: ItemID?
    public private(set) var anchorPath: IndexPath?

    public init() {}

    /// `id` alone marked, and the anchor (what a plain click leaves; tests build states with it).
    init(only id: ItemID, at path: IndexPath) { only(id, at: path) }

    public var isEmpty: Bool { paths.isEmpty }
    public var count: Int { paths.count }
    public func contains(_ id: ItemID) -> Bool { paths[id] != nil }

    /// The marked ids in reading order (section, place, place in the folder).
    public var ordered: [(id: ItemID, path: IndexPath)] {
        paths.map { (id: $0.key, path: $0.value) }.sorted { $0.path < $1.path }
    }

    /// The folder (as its top-level path) whose items are marked; nil when they are top-level
    /// items, or nothing is marked.
    public var folderPath: IndexPath? {
        guard let p = paths.first?.value, p.child != nil else { return nil }
        return IndexPath(section: p.section, item: p.item)
    }

    /// Whether an item at `path` is on the marks' level (always, when nothing is marked).
    func isOnLevel(_ path: IndexPath) -> Bool {
        guard let p = paths.first?.value else { return true }
        return (p.child == nil) == (path.child == nil) && (p.child == nil || (p.section == path.section && p.item == path.item))
    }

    /// A plain click: `id` alone, and the anchor of the next Shift range.
    mutating func only(_ id: ItemID, at path: IndexPath) {
        paths = [id: path]
        setAnchor(id, at: path)
    }

    /// Ctrl+click, Ctrl+Space: in if it was out, out if it was in; the anchor either way. An item
    /// on another level starts the marks anew.
    mutating func toggle(_ id: ItemID, at path: IndexPath) {
        if !isOnLevel(path) { paths = [:] }
        if paths[id] != nil { paths[id] = nil } else { paths[id] = path }
        setAnchor(id, at: path)
    }

    /// Adds items (a band let go, Ctrl+A, a Shift range with Ctrl).
    mutating func add(_ entries: [(id: ItemID, path: IndexPath)]) {
        if let first = entries.first, !isOnLevel(first.path) { paths = [:] }
        for e in entries { paths[e.id] = e.path }
    }

    /// The marks become exactly `entries` (a Shift range); the anchor stays.
    mutating func replace(with entries: [(id: ItemID, path: IndexPath)]) {
        paths = [:]
        for e in entries { paths[e.id] = e.path }
    }

    mutating func setAnchor(_ id: ItemID, at path: IndexPath) {
        anchor = id
        anchorPath = path
    }

    /// Nothing marked (Escape, a click on empty space). The anchor goes too.
    mutating func clear() {
        paths = [:]
        anchor = nil
        anchorPath = nil
    }

    /// After edits: where each marked id is now, looked for near where it was (`reach` places
    /// either side, and in its folder). One not found nearby is unmarked rather than searched
    /// for across the collection (a mark is a convenience; a scan per mark is not one at 1M).
    mutating func follow(_ model: CollectionModel, reach: Int = 256) {
        guard !paths.isEmpty || anchor != nil else { return }
        var next: [ItemID: IndexPath] = [:]
        next.reserveCapacity(paths.count)
        for (id, p) in paths {
            if let q = model.indexPath(of: id, around: p, reach: reach) { next[id] = q }
        }
        paths = next
        if let a = anchor {
            anchorPath = anchorPath.flatMap { model.indexPath(of: a, around: $0, reach: reach) }
            if anchorPath == nil { anchor = nil }
        }
    }
}

extension CollectionModel {
    /// Where `id` is, looked for only near `hint`: its folder's items, and `reach` places either
    /// side of it in its section (top-level entries and their folders). O(reach); nil beyond.
    func indexPath(of id: ItemID, around hint: IndexPath, reach: Int) -> IndexPath? {
        guard sections.indices.contains(hint.section) else { return nil }
        let items = sections[hint.section].items
        if hint.child != nil, items.indices.contains(hint.item), items[hint.item].isFolder,
           let k = items[hint.item].children.firstIndex(where: { $0.id == id }) {
            return IndexPath(section: hint.section, item: hint.item, child: k)
        }
        guard !items.isEmpty else { return nil }
        let lo = Swift.max(0, hint.item - reach), hi = Swift.min(items.count - 1, hint.item + reach)
        guard lo <= hi else { return nil }
        // Outwards from the hint: an edit shifts most marks by a place or two.
        let origin = Swift.min(Swift.max(hint.item, lo), hi)
        var a = origin - 1, b = origin
        func check(_ i: Int) -> IndexPath? {
            let item = items[i]
            if item.id == id { return IndexPath(section: hint.section, item: i) }
            if item.isFolder, let c = item.children.firstIndex(where: { $0.id == id }) {
                return IndexPath(section: hint.section, item: i, child: c)
            }
            return nil
        }
        while a >= lo || b <= hi {
            if b <= hi { if let p = check(b) { return p }; b += 1 }
            if a >= lo { if let p = check(a) { return p }; a -= 1 }
        }
        return nil
    }
}
