/// The edits a group drag makes around its held item: the other members are taken out of their
/// slots at the lift (carried in the stack) and put back beside the held item at the drop. Checked
/// first, then done in place, and logged like every edit (a cancel undoes them with the drag's).
extension CollectionModel {
    /// Takes a movable item out of its place to carry it (a folder goes whole). A folder it leaves
    /// with fewer than two items goes or turns back into its last item, as a move out would —
    /// except `keepingFolder`, the folder the held item is carried in (it must stay while it does).
    @discardableResult
    public mutating func take(_ id: ItemID, near hint: IndexPath?, keepingFolder keep: ItemID? = nil,
                              log: inout EditLog) throws(ModelEditError) -> Item {
        guard let p = indexPath(of: id, near: hint) else { throw .unknownItem(id) }
        let out = try removal(of: id, at: p, keepingEmptyFolder: keep)
        return apply(out, log: &log)
    }

    /// Puts a carried item back: at a top-level place (`path.child == nil`; a folder may go
    /// there), or among a folder's items (never a folder: no folders in folders).
    public mutating func put(_ item: Item, at path: IndexPath, log: inout EditLog) throws(ModelEditError) {
        guard path.child == nil else {
            try insert(item, at: path, log: &log)
            return
        }
        guard sections.indices.contains(path.section) else { throw .unknownSection(path.section) }
        guard (0...sections[path.section].items.count).contains(path.item) else { throw .indexOutOfRange(path) }
        sections[path.section].items.insert(item, at: path.item)
        log.append(.inserted(section: path.section, index: path.item))
    }
}

extension ModelUpdates {
    @discardableResult
    public mutating func take(_ id: ItemID, near hint: IndexPath? = nil, keepingFolder keep: ItemID? = nil) throws(ModelEditError) -> Item {
        try model.take(id, near: hint, keepingFolder: keep, log: &log)
    }

    public mutating func put(_ item: Item, at path: IndexPath) throws(ModelEditError) {
        try model.put(item, at: path, log: &log)
    }
}
