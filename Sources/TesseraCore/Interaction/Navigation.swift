/// What the user has selected and what is open on top of the surface: the details of an item, or
/// a folder's panel, and the folder a detail view was opened from (closing it goes back there).
///
/// Each id it follows is kept with where it was last seen (`…Path`), so finding it again costs
/// the distance it moved since, never a scan of the model (see `CollectionModel.indexPath(of:near:)`).
public struct Navigation: Equatable, Sendable {
    public private(set) var selection: ItemID?
    public private(set) var selectionPath: IndexPath?
    public private(set) var overlay: Overlay?
    public private(set) var overlayPath: IndexPath?
    /// The open folder, and how far it was scrolled, that the detail view on top was opened from.
    public private(set) var beneath: FolderReturn?
    /// A title being typed (F2, a double-click on a title), and whose.
    public private(set) var renaming: Renaming?
    /// The context menu open over everything, if any.
    public private(set) var menu: ContextMenu?
    /// The last click on a title (an open folder's, a section's, a board list's): a second one on
    /// the same title soon after renames it.
    public private(set) var titleClick: TitleClick?
    /// The items gathered for a group drag (Ctrl+click, Shift ranges, the rubber band…); the
    /// focus above is apart from them, as in a file manager.
    public private(set) var marks = Marks()

    /// Whose title: an item's (a folder is one) or a section's (a flow section, a board list).
    public enum Titled: Hashable, Sendable {
        case item(ItemID)
        case section(id: String)
    }

    public struct TitleClick: Equatable, Sendable {
        public var title: Titled
        public var at: Double
    }

    public struct Renaming: Equatable, Sendable {
        public var subject: Titled
        /// For an item: where it was last seen.
        public var path: IndexPath?
        public var field: TextField
        /// The item whose title is being typed; nil for a section's.
        public var id: ItemID? { if case .item(let id) = subject { id } else { nil } }
        /// The section whose title is being typed; nil for an item's.
        public var sectionID: String? { if case .section(let id) = subject { id } else { nil } }
    }

    public struct FolderReturn: Equatable, Sendable {
        public var folder: ItemID
        public var path: IndexPath?
        public var offset: Double
    }

    public init() {}

    /// A navigation state as given (tests build expected states with it).
    init(selection: ItemID?, selectionPath: IndexPath? = nil, overlay: Overlay? = nil, overlayPath: IndexPath? = nil,
         beneath: FolderReturn? = nil, marks: Marks = Marks()) {
        self.selection = selection; self.selectionPath = selectionPath; self.overlay = overlay
        self.overlayPath = overlayPath; self.beneath = beneath; self.marks = marks
    }

    mutating func beginRenaming(_ id: ItemID, at path: IndexPath?, title: String) {
        renaming = Renaming(subject: .item(id), path: path, field: TextField(title))
    }

    mutating func beginRenamingSection(_ id: String, title: String) {
        renaming = Renaming(subject: .section(id: id), path: nil, field: TextField(title))
    }

    mutating func editField(_ body: (inout TextField) -> Void) {
        guard var r = renaming else { return }
        body(&r.field)
        renaming = r
    }

    mutating func endRenaming() { renaming = nil }

    /// Changes the marks (Engine+Marks is the only caller).
    mutating func editMarks(_ body: (inout Marks) -> Void) { body(&marks) }

    mutating func openMenu(_ menu: ContextMenu) { self.menu = menu }
    mutating func closeMenu() { menu = nil }

    /// Notes a click on a title at `t`; returns whether it makes a double-click.
    mutating func clickTitle(_ title: Titled, at t: Double, interval: Double) -> Bool {
        if let last = titleClick, last.title == title, t - last.at <= interval {
            titleClick = nil
            return true
        }
        titleClick = TitleClick(title: title, at: t)
        return false
    }

    /// The id of the folder whose panel is open, if one is.
    public var openFolder: ItemID? { if case .folder(let id)? = overlay { id } else { nil } }

    mutating func select(_ id: ItemID?, at path: IndexPath?) {
        selection = id
        selectionPath = id == nil ? nil : path
    }

    /// Opens `overlay` (the item at `path`). `beneath`: the folder it is opened from, if any.
    mutating func open(_ overlay: Overlay, at path: IndexPath?, over beneath: FolderReturn?) {
        self.overlay = overlay
        overlayPath = path
        self.beneath = beneath
    }

    /// Closes what is open; returns the folder to go back to, if the detail view came from one.
    mutating func close() -> FolderReturn? {
        defer { overlay = nil; overlayPath = nil; beneath = nil }
        if case .detail? = overlay { return beneath }
        return nil
    }

    /// After edits (`edits`, when given): where the followed ids are now (each found near
    /// where it was; one the edits took out, only where they put entries: see ``AfterEdits``).
    mutating func follow(_ model: CollectionModel, after edits: LoggedEdits? = nil) {
        marks.follow(model)
        let after = edits.map { AfterEdits($0.footprint) }
        func find(_ id: ItemID, near hint: IndexPath?) -> IndexPath? {
            after.map { $0.indexPath(of: id, near: hint, in: model) } ?? model.indexPath(of: id, near: hint)
        }
        if let id = selection { selectionPath = find(id, near: selectionPath) }
        switch overlay {
        case .detail(let id)?, .folder(let id)?:
            overlayPath = find(id, near: overlayPath)
            if overlayPath == nil { overlay = nil; beneath = nil }   // it went away (a folder emptied)
        case nil: break
        }
        if let b = beneath { beneath?.path = find(b.folder, near: b.path) }
        if let m = menu, find(m.item, near: selectionPath) == nil { menu = nil }   // its item went
        if let r = renaming, let id = r.id {
            renaming?.path = find(id, near: r.path)
            if renaming?.path == nil { renaming = nil }   // the item went (an undo)
        }
    }
}

/// Where an item is after a run of edits, found without a search of the collection when the edits
/// took it out: it is then at one of the places they put entries (or in a folder there), or gone
/// (``EditFootprint``). An id looked for and not found is a scan of every item: the undo of a
/// drop of 10,000 files, whose first file was selected, scanned a million items (~20 ms).
struct AfterEdits {
    private let slots: [IndexPath]
    /// The items the edits took out of a place (the footprint's own array, not copied).
    private let departed: [Item]

    /// O(1). Why not a set of the departed ids: at most five ids are followed (the selection,
    /// what is open, the folder beneath, the menu's item, the one being renamed), and putting the
    /// 10,000 ids of an undone drop in a set cost its frame ~1.5 ms (a profile of `--script drop`);
    /// five reads of them in order cost less than one set built from them.
    init(_ footprint: EditFootprint) {
        slots = footprint.slots
        departed = footprint.departed
    }

    /// Whether the edits took `id` out of a place (folders' children included): O(departed items).
    private func tookOut(_ id: ItemID) -> Bool {
        departed.contains { $0.id == id || ($0.isFolder && $0.children.contains { $0.id == id }) }
    }

    /// Where `id` is in `model` (the model the edits ended on): O(places the edits touched) for an
    /// id they took out, else a search near `hint`. With no hint (an item an undo took out, that a
    /// redo puts back) the places the edits put entries are looked at first: the redo of a drop
    /// of 10,000 files at the end of a million items searched them all for its first file (~14 ms).
    func indexPath(of id: ItemID, near hint: IndexPath?, in model: CollectionModel) -> IndexPath? {
        if !tookOut(id) {
            if hint == nil, let found = inSlots(id, model) { return found }
            return model.indexPath(of: id, near: hint)
        }
        return inSlots(id, model)
    }

    /// `id` at one of the places the edits put entries, or in a folder there.
    private func inSlots(_ id: ItemID, _ model: CollectionModel) -> IndexPath? {
        for slot in slots {
            guard let entry = model.item(at: slot) else { continue }
            if entry.id == id { return slot }
            if let c = entry.children.firstIndex(where: { $0.id == id }) { return IndexPath(section: slot.section, item: slot.item, child: c) }
        }
        return nil
    }
}

/// A view over the surface.
public enum Overlay: Hashable, Sendable {
    /// The details of a clicked item.
    case detail(ItemID)
    /// An open folder: its items shown in a panel over the surface, where they can be reordered
    /// and dragged out.
    case folder(ItemID)
}
