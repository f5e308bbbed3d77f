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
    case folderCannotBeDone(ItemID)
    case badTitle(ItemID)
    case badSectionTitle(Int)

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
        case .folderCannotBeDone(let id): "folder '\(id)' cannot be marked done (its items can)"
        case .badTitle(let id): "item '\(id)' cannot have an empty title or one longer than \(StateFile.maximumTitleLength) characters"
        case .badSectionTitle(let s): "section \(s) cannot have an empty title or one longer than \(StateFile.maximumTitleLength) characters"
        }
    }
}

/// Edits check everything first and only then change the model, in place: a refused edit leaves it
/// untouched, and an accepted one costs what it moves — it never copies the model (a value) to
/// have something to roll back to. The `near:`/`log:` variants take where the caller last saw the
/// item (so nothing scans 100,000 ids) and record the steps (`EditLog`) for undo and relayout.
extension CollectionModel {
    /// Moves an item (from the top level or out of a folder) to a top-level position.
    ///
    /// `destination.item` is the index the item will have afterwards, counted in the section as it is
    /// once the item (and a folder it emptied) has been taken out: 0...count.
    public mutating func move(_ id: ItemID, to destination: IndexPath) throws(ModelEditError) {
        var log = EditLog()
        try move(id, to: destination, near: nil, log: &log)
    }

    /// `move(_:to:)`, looking for the item near `hint` first and logging the steps into `log`.
    public mutating func move(_ id: ItemID, to destination: IndexPath, near hint: IndexPath?,
                              log: inout EditLog) throws(ModelEditError) {
        precondition(destination.child == nil, "use moveIntoFolder to move into a folder")
        let out = try removal(of: id, near: hint)
        guard sections.indices.contains(destination.section) else { throw .unknownSection(destination.section) }
        let count = sections[destination.section].items.count - out.topLevelRemovals(in: destination.section)
        guard (0...count).contains(destination.item) else { throw .indexOutOfRange(destination) }
        if out.path.child == nil && out.path.section == destination.section {
            // To where it already is: nothing changes, so nothing is logged (no commit, no undo step).
            if out.path.item == destination.item { return }
            // Within a section: shift only the entries between the two places, O(distance), where
            // remove + insert would shift the whole tail twice (a reorder near the top of a
            // million items would move megabytes).
            let s = destination.section
            log.append(.removed(section: s, index: out.path.item, out.item))
            sections[s].items.rotate(from: out.path.item, to: destination.item)
            log.append(.inserted(section: s, index: destination.item))
            return
        }
        let item = apply(out, log: &log)
        sections[destination.section].items.insert(item, at: destination.item)
        log.append(.inserted(section: destination.section, index: destination.item))
    }

    /// Moves a plain item into a folder, at `index` among its children (nil: at the end).
    /// `index` is counted once the item has been taken out (it matters when reordering inside a folder).
    public mutating func moveIntoFolder(_ id: ItemID, folder: ItemID, at index: Int? = nil) throws(ModelEditError) {
        var log = EditLog()
        try moveIntoFolder(id, folder: folder, at: index, near: nil, folderNear: nil, log: &log)
    }

    public mutating func moveIntoFolder(_ id: ItemID, folder: ItemID, at index: Int?, near hint: IndexPath?,
                                        folderNear folderHint: IndexPath?, log: inout EditLog) throws(ModelEditError) {
        guard id != folder else { throw .dropOntoItself(id) }
        guard let from = indexPath(of: id, near: hint), let moving = item(at: from) else { throw .unknownItem(id) }
        guard let fp0 = indexPath(of: folder, near: folderHint), let target = item(at: fp0) else { throw .unknownItem(folder) }
        guard target.isFolder else { throw .notAFolder(folder) }
        guard !moving.isFolder else { throw .folderIntoFolder(id) }
        let out = try removal(of: id, at: from, keepingEmptyFolder: folder)
        // Where the folder is, and how many children it has, once the item is out.
        let shift = out.topLevelRemovals(in: fp0.section) == 1 && from.item < fp0.item ? 1 : 0
        let fp = IndexPath(section: fp0.section, item: fp0.item - shift)
        let count = target.children.count - (from.section == fp0.section && from.item == fp0.item && from.child != nil ? 1 : 0)
        let at = index ?? count
        guard (0...count).contains(at) else { throw .indexOutOfRange(IndexPath(section: fp.section, item: fp.item, child: at)) }
        let item = apply(out, log: &log)
        log.append(.replaced(section: fp.section, index: fp.item, old: sections[fp.section].items[fp.item]))
        sections[fp.section].items[fp.item].children.insert(item, at: at)
    }

    /// Drops an item onto another: into it when it is a folder; onto a plain item, both become a new
    /// folder in the target's place (as on a phone's home screen). Returns the receiving folder's id.
    @discardableResult
    public mutating func drop(_ id: ItemID, onto targetID: ItemID) throws(ModelEditError) -> ItemID {
        var log = EditLog()
        return try drop(id, onto: targetID, near: nil, targetNear: nil, log: &log)
    }

    @discardableResult
    public mutating func drop(_ id: ItemID, onto targetID: ItemID, near hint: IndexPath?, targetNear targetHint: IndexPath?,
                              log: inout EditLog) throws(ModelEditError) -> ItemID {
        guard id != targetID else { throw .dropOntoItself(id) }
        guard let tp0 = indexPath(of: targetID, near: targetHint), let target = item(at: tp0) else { throw .unknownItem(targetID) }
        if target.isFolder {
            try moveIntoFolder(id, folder: targetID, at: nil, near: hint, folderNear: tp0, log: &log)
            return targetID
        }
        guard let from = indexPath(of: id, near: hint), let moving = item(at: from) else { throw .unknownItem(id) }
        guard !moving.isFolder else { throw .folderIntoFolder(id) }
        // A new folder forms only on top-level, movable items: inside a folder there are no folders.
        guard tp0.child == nil, target.isMovable else { throw .targetNotAccepting(targetID) }
        let out = try removal(of: id, at: from, keepingEmptyFolder: nil)
        let folderID = freshFolderID()
        let shift = out.topLevelRemovals(in: tp0.section) == 1 && from.item < tp0.item ? 1 : 0
        let tp = IndexPath(section: tp0.section, item: tp0.item - shift)
        let dropped = apply(out, log: &log)
        let name = suggestedFolderName(for: [target, dropped], in: tp.section)
        let folder = Item(id: folderID, title: name, icon: "folder", rgba: target.rgba,
                          sizeHint: .square, kind: .folder, children: [target, dropped])
        log.append(.replaced(section: tp.section, index: tp.item, old: target))
        sections[tp.section].items[tp.item] = folder
        return folderID
    }

    /// Moves an item out of its folder to a top-level position (see `move(_:to:)` for the index).
    public mutating func moveOutOfFolder(_ id: ItemID, to destination: IndexPath) throws(ModelEditError) {
        var log = EditLog()
        try moveOutOfFolder(id, to: destination, near: nil, log: &log)
    }

    public mutating func moveOutOfFolder(_ id: ItemID, to destination: IndexPath, near hint: IndexPath?,
                                         log: inout EditLog) throws(ModelEditError) {
        guard let p = indexPath(of: id, near: hint), p.child != nil else { throw .unknownItem(id) }
        try move(id, to: destination, near: p, log: &log)
    }

    /// Deletes an item, done or not; a folder goes with its items. An item deleted from a folder
    /// leaves it as a move out of it would: a folder left with one item turns back into that item,
    /// one left empty goes. Returns where the item was.
    @discardableResult
    public mutating func delete(_ id: ItemID, near hint: IndexPath? = nil, log: inout EditLog) throws(ModelEditError) -> IndexPath {
        guard let p = indexPath(of: id, near: hint) else { throw .unknownItem(id) }
        let out = try removal(of: id, at: p, keepingEmptyFolder: nil, movableOnly: false)
        _ = apply(out, log: &log)
        return p
    }

    /// Gives an item (or folder) a new title, in its place. The title is the caller's to check
    /// (`TextField` keeps it one clean line within the limit); an empty one is refused.
    public mutating func rename(_ id: ItemID, to title: String, near hint: IndexPath? = nil, log: inout EditLog) throws(ModelEditError) {
        guard let p = indexPath(of: id, near: hint), let item = item(at: p) else { throw .unknownItem(id) }
        guard !title.isEmpty, title.count <= StateFile.maximumTitleLength else { throw .badTitle(id) }
        guard item.title != title else { return }
        change(at: p, log: &log) { $0.title = title }
    }

    /// Gives section `s` (a flow section, a board list) a new title.
    public mutating func retitleSection(_ s: Int, to title: String, log: inout EditLog) throws(ModelEditError) {
        guard sections.indices.contains(s) else { throw .unknownSection(s) }
        guard !title.isEmpty, title.count <= StateFile.maximumTitleLength else { throw .badSectionTitle(s) }
        guard sections[s].title != title else { return }
        log.append(.retitled(section: s, old: sections[s].title))
        sections[s].title = title
    }

    /// Marks a plain item done or not done (in its place: a top-level entry, or a folder's child).
    public mutating func setDone(_ id: ItemID, _ done: Bool, near hint: IndexPath? = nil, log: inout EditLog) throws(ModelEditError) {
        guard let p = indexPath(of: id, near: hint), let item = item(at: p) else { throw .unknownItem(id) }
        guard !item.isFolder else { throw .folderCannotBeDone(id) }
        guard item.done != done else { return }
        change(at: p, log: &log) { $0.done = done }
    }

    /// Gives item `id` the aspect its picture has (masonry sizes its tile by it): a fact about the
    /// file, logged as a replacement so a store saves it.
    public mutating func setAspect(_ aspect: Double, of id: ItemID, near hint: IndexPath? = nil, log: inout EditLog) throws(ModelEditError) {
        guard let p = indexPath(of: id, near: hint), item(at: p) != nil else { throw .unknownItem(id) }
        change(at: p, log: &log) { $0.sizeHint = SizeHint(aspect: aspect) }
    }

    /// Changes the item at `p` in place (a top-level entry, or a folder's child), logged as its
    /// top-level entry replaced.
    private mutating func change(at p: IndexPath, log: inout EditLog, _ body: (inout Item) -> Void) {
        log.append(.replaced(section: p.section, index: p.item, old: sections[p.section].items[p.item]))
        if let c = p.child {
            body(&sections[p.section].items[p.item].children[c])
        } else {
            body(&sections[p.section].items[p.item])
        }
    }

    /// Taking an item out, checked but not yet done: where it is, and whether its folder empties away.
    struct Removal {
        var path: IndexPath
        var item: Item
        /// The item is the last child of a folder that disappears with it.
        var folderVanishes: Bool
        /// The item leaves its folder with one item: the folder turns back into that item, in its
        /// place (as Launcher3 does; a folder of one is no folder). Part of the same edit.
        var folderDissolves = false

        /// How many top-level entries of section `s` the removal takes away (0 or 1).
        func topLevelRemovals(in s: Int) -> Int {
            path.section == s && (path.child == nil || folderVanishes) ? 1 : 0
        }
    }

    /// Checks that an item can be taken out for a move; a folder it leaves empty disappears unless it
    /// is the folder the item is about to go back into.
    func removal(of id: ItemID, near hint: IndexPath?, keepingEmptyFolder keep: ItemID? = nil) throws(ModelEditError) -> Removal {
        guard let p = indexPath(of: id, near: hint) else { throw .unknownItem(id) }
        return try removal(of: id, at: p, keepingEmptyFolder: keep)
    }

    func removal(of id: ItemID, at p: IndexPath, keepingEmptyFolder keep: ItemID?,
                 movableOnly: Bool = true) throws(ModelEditError) -> Removal {
        guard let item = item(at: p) else { throw .unknownItem(id) }
        guard item.isMovable || !movableOnly else { throw .notMovable(id) }
        var vanishes = false, dissolves = false
        if p.child != nil {
            let folder = sections[p.section].items[p.item]
            vanishes = folder.children.count == 1 && folder.id != keep
            dissolves = folder.children.count == 2 && folder.id != keep
        }
        return Removal(path: p, item: item, folderVanishes: vanishes, folderDissolves: dissolves)
    }

    /// Does a checked removal, logging its steps; returns the item taken out.
    mutating func apply(_ r: Removal, log: inout EditLog) -> Item {
        let s = r.path.section, i = r.path.item
        if let c = r.path.child {
            log.append(.replaced(section: s, index: i, old: sections[s].items[i]))
            sections[s].items[i].children.remove(at: c)
            if r.folderVanishes {
                log.append(.removed(section: s, index: i, sections[s].items.remove(at: i)))
            } else if r.folderDissolves {
                // The folder goes and its last item takes its place: a new entry there, not the
                // folder changed (a relayout must not slide it in from anywhere).
                let folder = sections[s].items.remove(at: i)
                log.append(.removed(section: s, index: i, folder))
                sections[s].items.insert(folder.children[0], at: i)
                log.append(.inserted(section: s, index: i))
            }
        } else {
            log.append(.removed(section: s, index: i, sections[s].items.remove(at: i)))
        }
        return r.item
    }

    /// A name for a new folder of `items` in section `s`: a word their titles share ("Task 4" and
    /// "Task 9" make "Task"), else "Folder N"; never the title of another entry of the section
    /// (then "Task 2", "Task 3" …). O(section): one prefix test of each sibling's title.
    func suggestedFolderName(for items: [Item], in s: Int) -> String {
        func words(_ t: String) -> [String] {
            t.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).map(String.init)
                .filter { $0.count >= 2 && !$0.allSatisfy(\.isNumber) }
        }
        var base = "Folder"
        if let first = items.first {
            let others = items.dropFirst().map { Set(words($0.title).map { $0.lowercased() }) }
            if let shared = words(first.title).first(where: { w in others.allSatisfy { $0.contains(w.lowercased()) } }) {
                base = shared
            }
        }
        // Only titles that start with the base can collide: one prefix test per sibling.
        var taken = Set<String>()
        for item in sections[s].items where item.title.hasPrefix(base) { taken.insert(item.title) }
        if base != "Folder" && !taken.contains(base) { return base }
        var n = base == "Folder" ? 1 : 2
        while taken.contains("\(base) \(n)") { n += 1 }
        return "\(base) \(n)"
    }

    /// The first `folder-N` id not taken: deterministic, so replays give the same ids.
    func freshFolderID() -> ItemID { freshID(prefix: "folder-") }

    /// The first `<prefix>N` id not taken (N = 1, 2, …).
    func freshID(prefix: String) -> ItemID { freshIDs(prefix: prefix, count: 1)[0] }

    /// The first `count` `<prefix>N` ids not taken, in ascending N. For the prefixes the model
    /// and the engine make ids with (`FreshNumbers.prefixes`), the lists' notes of the numbers
    /// in use are read: O(chunks + ids with the prefix). Any other prefix costs a scan of every id.
    func freshIDs(prefix: String, count: Int) -> [ItemID] {
        var taken = Set<Int>()
        if let k = FreshNumbers.prefixes.firstIndex(of: prefix) {
            for s in sections { s.items.forEachFreshNumber(prefix: k) { taken.insert($0) } }
        } else {
            taken = numbersByScan(prefix: prefix)
        }
        var out: [ItemID] = []
        out.reserveCapacity(count)
        var n = 1
        while out.count < count {
            if !taken.contains(n) { out.append(ItemID("\(prefix)\(n)")) }
            n += 1
        }
        return out
    }

    /// The numbers after `prefix` that ids carry, read from every id in place (no item copied).
    func numbersByScan(prefix: String) -> Set<Int> {
        var taken = Set<Int>()
        let p = Array(prefix.utf8)
        for s in sections {
            s.items.forEachID { if let n = FreshNumbers.number(in: $0, after: p) { taken.insert(n) } }
        }
        return taken
    }

    /// Adds a new plain item at a top-level place (`at.child == nil`) or into a folder at a child
    /// index. Its id must not be in use (`freshID(prefix:)`).
    /// Inserts top-level `items` at `path`, in order, logged as one insert each: one splice of the
    /// section's list.
    public mutating func insert(contentsOf items: [Item], at path: IndexPath, log: inout EditLog) throws(ModelEditError) {
        guard path.child == nil, items.count > 1 else {
            for (k, item) in items.enumerated() {
                let at = path.child.map { IndexPath(section: path.section, item: path.item, child: $0 + k) }
                    ?? IndexPath(section: path.section, item: path.item + k)
                try insert(item, at: at, log: &log)
            }
            return
        }
        if let folder = items.first(where: \.isFolder) { throw .folderIntoFolder(folder.id) }
        guard sections.indices.contains(path.section) else { throw .unknownSection(path.section) }
        guard (0...sections[path.section].items.count).contains(path.item) else { throw .indexOutOfRange(path) }
        sections[path.section].items.insert(contentsOf: items, at: path.item)
        log.append(.inserted(section: path.section, index: path.item, count: items.count))
    }

    public mutating func insert(_ item: Item, at path: IndexPath, log: inout EditLog) throws(ModelEditError) {
        guard !item.isFolder else { throw .folderIntoFolder(item.id) }
        guard sections.indices.contains(path.section) else { throw .unknownSection(path.section) }
        if let c = path.child {
            guard sections[path.section].items.indices.contains(path.item), sections[path.section].items[path.item].isFolder,
                  (0...sections[path.section].items[path.item].children.count).contains(c) else { throw .indexOutOfRange(path) }
            log.append(.replaced(section: path.section, index: path.item, old: sections[path.section].items[path.item]))
            sections[path.section].items[path.item].children.insert(item, at: c)
        } else {
            guard (0...sections[path.section].items.count).contains(path.item) else { throw .indexOutOfRange(path) }
            sections[path.section].items.insert(item, at: path.item)
            log.append(.inserted(section: path.section, index: path.item))
        }
    }
}

extension Array {
    /// Moves the element at `from` to `to`, shifting those between by one place: O(|to − from|),
    /// by moving memory (no copies, retains or releases of the shifted elements).
    mutating func rotate(from: Int, to: Int) {
        precondition(indices.contains(from) && indices.contains(to))
        guard from != to else { return }
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let moving = (base + from).move()
            if from < to {
                (base + from).moveInitialize(from: base + from + 1, count: to - from)
            } else {
                (base + to + 1).moveInitialize(from: base + to, count: from - to)
            }
            (base + to).initialize(to: moving)
        }
    }
}
