/// The whole arrangement: sections of items, some of them folders.
///
/// A value type. Every edit (see `CollectionModel+Edits.swift`) keeps the invariants that
/// `checkInvariants()` states: each id exists exactly once, folders hold only plain items and are
/// never empty, section ids are unique.
public struct CollectionModel: Hashable, Sendable {
    public var sections: [Section]
    /// Where an item made from a file or a link came from (a `file://` URI or a link), by id: a
    /// side table, so an ordinary item costs nothing for it. An entry may outlive its item (a
    /// delete keeps it, so an undo finds it again); writers keep only those of items present.
    public var locations: ItemLocations = [:]

    public init(sections: [Section], locations: [ItemID: String] = [:]) {
        self.sections = sections
        self.locations = ItemLocations(locations)
    }

    /// The locations of the items that are in the collection now (what a store or a file keeps).
    public var presentLocations: [ItemID: String] {
        guard !locations.isEmpty else { return [:] }
        var out: [ItemID: String] = [:]
        for s in sections {
            for item in s.items {
                if let l = locations[item.id] { out[item.id] = l }
                for c in item.children { if let l = locations[c.id] { out[c.id] = l } }
            }
        }
        return out
    }

    /// The item at a path (top level or inside a folder), or nil when the path points nowhere.
    public func item(at path: IndexPath) -> Item? {
        guard sections.indices.contains(path.section),
              sections[path.section].items.indices.contains(path.item) else { return nil }
        let top = sections[path.section].items[path.item]
        guard let c = path.child else { return top }
        return top.children.indices.contains(c) ? top.children[c] : nil
    }

    /// Where the item with this id is now. A linear scan: callers on a hot path pass a hint
    /// (`indexPath(of:near:)`) — where they last saw the item.
    public func indexPath(of id: ItemID) -> IndexPath? { indexPath(of: id, near: nil) }

    /// Where the item with this id is now, looking first at `hint` and then outwards from it.
    ///
    /// An edit moves one item and shifts its neighbours by one place, so an id seen at a path
    /// before a few edits is found within a few steps of it: O(displacement), not O(n). Falls
    /// back to a full scan when the id is not in the hint's section (or there is no hint).
    public func indexPath(of id: ItemID, near hint: IndexPath?) -> IndexPath? {
        if let h = hint, sections.indices.contains(h.section) {
            let items = sections[h.section].items
            if let c = h.child, items.indices.contains(h.item), items[h.item].isFolder {
                let children = items[h.item].children
                if children.indices.contains(c), children[c].id == id { return h }
                if let k = children.firstIndex(where: { $0.id == id }) {
                    return IndexPath(section: h.section, item: h.item, child: k)
                }
            }
            if let found = Self.search(items, for: id, around: h.item, section: h.section) { return found }
        }
        for (s, section) in sections.enumerated() where s != hint?.section {
            if let found = Self.search(section.items, for: id, around: 0, section: s) { return found }
        }
        return nil
    }

    /// Where each of `ids` is now (an id not in the collection is left out). Ids of the shapes the
    /// model makes ("dropped-N" for a dropped file, "new-N", "folder-N") are looked for only in the
    /// chunks noted to hold them (`ItemList.rangesOfChunks(taggedWithAnyOf:)`; the notes are kept
    /// by every edit, as fresh ids rely on them): O(chunks + those chunks' items), found or not.
    /// Any other id costs one pass over the collection, until all such are found.
    ///
    /// Why: the pictures of a drop of files are measured in batches; finding a batch's items by
    /// reading from the start read every item before the drop's (~90 ms a batch at the end of 1M
    /// items), and all of them when one had gone (a drop undone keeps its files' locations).
    public func indexPaths(of ids: Set<ItemID>) -> [ItemID: IndexPath] {
        var found: [ItemID: IndexPath] = [:]
        guard !ids.isEmpty else { return found }
        func look(at item: Item, _ s: Int, _ i: Int) {
            if ids.contains(item.id) { found[item.id] = IndexPath(section: s, item: i) }
            for (c, child) in item.children.enumerated() where ids.contains(child.id) {
                found[child.id] = IndexPath(section: s, item: i, child: c)
            }
        }
        var tags = Set<Int>(), others = 0
        for id in ids {
            if let t = FreshNumbers.tag(of: id) { tags.insert(t) } else { others += 1 }
        }
        if !tags.isEmpty {
            for (s, section) in sections.enumerated() {
                for range in section.items.rangesOfChunks(taggedWithAnyOf: tags) {
                    for i in range { look(at: section.items[i], s, i) }
                }
            }
        }
        guard others > 0 else { return found }
        // The chunks read above may have held some of the other ids too.
        let wanted = found.keys.count { FreshNumbers.tag(of: $0) != nil } + others
        for (s, section) in sections.enumerated() {
            for i in 0..<section.items.count {
                look(at: section.items[i], s, i)
                if found.count == wanted { return found }
            }
        }
        return found
    }

    /// Searches one section outwards from `start` (alternating after/before), looking into folders.
    static func search(_ items: ItemList, for id: ItemID, around start: Int, section s: Int) -> IndexPath? {
        let n = items.count
        guard n > 0 else { return nil }
        func check(_ i: Int) -> IndexPath? {
            let item = items[i]
            if item.id == id { return IndexPath(section: s, item: i) }
            if item.isFolder, let c = item.children.firstIndex(where: { $0.id == id }) {
                return IndexPath(section: s, item: i, child: c)
            }
            return nil
        }
        let origin = Swift.min(Swift.max(start, 0), n - 1)
        var lo = origin - 1, hi = origin
        while lo >= 0 || hi < n {
            if hi < n { if let p = check(hi) { return p }; hi += 1 }
            if lo >= 0 { if let p = check(lo) { return p }; lo -= 1 }
        }
        return nil
    }

    public func item(withID id: ItemID) -> Item? { indexPath(of: id).flatMap { item(at: $0) } }

    /// Number of top-level entries (plain items and folders) in all sections.
    public var topLevelCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// Every item id, folders and their children included, in reading order.
    public var allIDs: [ItemID] {
        var ids: [ItemID] = []
        for s in sections {
            for item in s.items {
                ids.append(item.id)
                for c in item.children { ids.append(c.id) }
            }
        }
        return ids
    }
}
