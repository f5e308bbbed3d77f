/// The whole arrangement: sections of items, some of them folders.
///
/// A value type. Every edit (see `CollectionModel+Edits.swift`) keeps the invariants that
/// `checkInvariants()` states: each id exists exactly once, folders hold only plain items and are
/// never empty, section ids are unique.
public struct CollectionModel: Hashable, Sendable {
    public var sections: [Section]

    public init(sections: [Section]) { self.sections = sections }

    /// The item at a path (top level or inside a folder), or nil when the path points nowhere.
    public func item(at path: IndexPath) -> Item? {
        guard sections.indices.contains(path.section),
              sections[path.section].items.indices.contains(path.item) else { return nil }
        let top = sections[path.section].items[path.item]
        guard let c = path.child else { return top }
        return top.children.indices.contains(c) ? top.children[c] : nil
    }

    /// Where the item with this id is now. A linear scan: callers on a hot path keep paths instead.
    public func indexPath(of id: ItemID) -> IndexPath? {
        for (s, section) in sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                if item.id == id { return IndexPath(section: s, item: i) }
                if item.isFolder, let c = item.children.firstIndex(where: { $0.id == id }) {
                    return IndexPath(section: s, item: i, child: c)
                }
            }
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
