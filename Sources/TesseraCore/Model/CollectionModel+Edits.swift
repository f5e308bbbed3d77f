/// Why an edit was refused. A refused edit leaves the model exactly as it was.
public enum ModelEditError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownItem(ItemID)
    case notMovable(ItemID)
    case unknownSection(Int)
    case indexOutOfRange(IndexPath)
    case notAFolder(ItemID)
    case folderIntoFolder(ItemID)
    case dropOntoItself(ItemID)
    case targetNotAccepting(ItemID)

    public var description: String {
        switch self {
        case .unknownItem(let id): "no item with id '\(id)'"
        case .notMovable(let id): "item '\(id)' is done and cannot be moved"
        case .unknownSection(let s): "no section \(s)"
        case .indexOutOfRange(let p): "index path \(p) is out of range"
        case .notAFolder(let id): "item '\(id)' is not a folder"
        case .folderIntoFolder(let id): "folder '\(id)' cannot go inside another folder"
        case .dropOntoItself(let id): "item '\(id)' cannot be dropped onto itself"
        case .targetNotAccepting(let id): "item '\(id)' cannot receive a drop"
        }
    }
}

extension CollectionModel {
    /// Moves an item (from the top level or out of a folder) to a top-level position.
    ///
    /// `destination.item` is the index the item will have afterwards, counted in the section as it is
    /// once the item (and a folder it emptied) has been taken out: 0...count.
    public mutating func move(_ id: ItemID, to destination: IndexPath) throws(ModelEditError) {
        precondition(destination.child == nil, "use moveIntoFolder to move into a folder")
        var copy = self
        let item = try copy.takeOut(id)
        guard copy.sections.indices.contains(destination.section) else {
            throw .unknownSection(destination.section)
        }
        guard (0...copy.sections[destination.section].items.count).contains(destination.item) else {
            throw .indexOutOfRange(destination)
        }
        copy.sections[destination.section].items.insert(item, at: destination.item)
        self = copy
    }

    /// Moves a plain item into a folder, at `index` among its children (nil: at the end).
    /// `index` is counted once the item has been taken out (it matters when reordering inside a folder).
    public mutating func moveIntoFolder(_ id: ItemID, folder: ItemID, at index: Int? = nil) throws(ModelEditError) {
        guard id != folder else { throw .dropOntoItself(id) }
        guard let moving = item(withID: id) else { throw .unknownItem(id) }
        guard let target = item(withID: folder) else { throw .unknownItem(folder) }
        guard target.isFolder else { throw .notAFolder(folder) }
        guard !moving.isFolder else { throw .folderIntoFolder(id) }
        var copy = self
        let item = try copy.takeOut(id, keepingEmptyFolder: folder)
        guard let fp = copy.indexPath(of: folder) else { throw .unknownItem(folder) }
        let count = copy.sections[fp.section].items[fp.item].children.count
        let at = index ?? count
        guard (0...count).contains(at) else { throw .indexOutOfRange(IndexPath(section: fp.section, item: fp.item, child: at)) }
        copy.sections[fp.section].items[fp.item].children.insert(item, at: at)
        self = copy
    }

    /// Drops an item onto another: into it when it is a folder; onto a plain item, both become a new
    /// folder in the target's place (as on a phone's home screen). Returns the receiving folder's id.
    @discardableResult
    public mutating func drop(_ id: ItemID, onto targetID: ItemID) throws(ModelEditError) -> ItemID {
        guard id != targetID else { throw .dropOntoItself(id) }
        guard let target = item(withID: targetID), let tp = indexPath(of: targetID) else { throw .unknownItem(targetID) }
        if target.isFolder {
            try moveIntoFolder(id, folder: targetID)
            return targetID
        }
        guard let moving = item(withID: id) else { throw .unknownItem(id) }
        guard !moving.isFolder else { throw .folderIntoFolder(id) }
        // A new folder forms only on top-level, movable items: inside a folder there are no folders.
        guard tp.child == nil, target.isMovable else { throw .targetNotAccepting(targetID) }
        var copy = self
        let dropped = try copy.takeOut(id)
        guard let newTP = copy.indexPath(of: targetID) else { throw .unknownItem(targetID) }
        let folderID = copy.freshFolderID()
        let folder = Item(id: folderID, title: "Folder", icon: "folder", color: target.color,
                          sizeHint: .square, kind: .folder, children: [target, dropped])
        copy.sections[newTP.section].items[newTP.item] = folder
        self = copy
        return folderID
    }

    /// Moves an item out of its folder to a top-level position (see `move(_:to:)` for the index).
    public mutating func moveOutOfFolder(_ id: ItemID, to destination: IndexPath) throws(ModelEditError) {
        guard let p = indexPath(of: id), p.child != nil else { throw .unknownItem(id) }
        try move(id, to: destination)
    }

    /// Removes an item for a move, enforcing movability; a folder it leaves empty disappears unless it
    /// is the folder the item is about to go back into.
    mutating func takeOut(_ id: ItemID, keepingEmptyFolder keep: ItemID? = nil) throws(ModelEditError) -> Item {
        guard let p = indexPath(of: id), let item = item(at: p) else { throw .unknownItem(id) }
        guard item.isMovable else { throw .notMovable(id) }
        if let c = p.child {
            sections[p.section].items[p.item].children.remove(at: c)
            let folder = sections[p.section].items[p.item]
            if folder.children.isEmpty && folder.id != keep { sections[p.section].items.remove(at: p.item) }
        } else {
            sections[p.section].items.remove(at: p.item)
        }
        return item
    }

    /// The first `folder-N` id not taken: deterministic, so replays give the same ids.
    func freshFolderID() -> ItemID {
        let taken = Set(allIDs)
        var n = 1
        while taken.contains(ItemID("folder-\(n)")) { n += 1 }
        return ItemID("folder-\(n)")
    }
}
