/// The context menu of an item (right-click, the Menu key, Shift+F10): what can be done to it,
/// Launcher3's "Move to…" in spirit, drawn by the engine's scene, driven by keys and the pointer.
///
/// A value: the entries are made once when it opens (from the model then), the highlighted row
/// and an open submenu are its state. Choosing an entry closes it and runs its `MenuAction`
/// through the ordinary edits (Engine+Menu): each is one undoable step, saved like a drop.
public struct ContextMenu: Equatable, Sendable {
    public var item: ItemID
    public var entries: [MenuEntry]
    /// The menu's frame, in window coordinates.
    public var frame: Rect
    /// The highlighted entry (keys, or the pointer over it), if any.
    public var highlighted: Int?
    /// The entry whose submenu is open, with the submenu's frame and highlighted entry.
    public var submenu: OpenSubmenu?

    public struct OpenSubmenu: Equatable, Sendable {
        public var parent: Int
        public var frame: Rect
        public var highlighted: Int?
    }

    static let rowHeight = 30.0
    static let width = 250.0
    static let padding = 6.0

    /// A menu of `entries` opened at window point `anchor`, kept inside `viewport` (it opens up or
    /// left of the anchor when there is no room below or to the right).
    init(item: ItemID, entries: [MenuEntry], anchor: Point, viewport: Size) {
        self.item = item
        self.entries = entries
        frame = Self.place(rows: entries.count, at: anchor, in: viewport)
    }

    static func place(rows: Int, at anchor: Point, in viewport: Size, avoiding: Rect? = nil) -> Rect {
        let size = Size(width: width, height: Double(rows) * rowHeight + 2 * padding)
        var x = anchor.x, y = anchor.y
        if x + size.width > viewport.width - 4 { x = (avoiding?.minX ?? anchor.x) - size.width }
        if y + size.height > viewport.height - 4 { y = viewport.height - 4 - size.height }
        return Rect(x: Swift.max(4, x), y: Swift.max(4, y), width: size.width, height: size.height)
    }

    /// The frame of row `k` of a menu at `frame`.
    static func row(_ k: Int, in frame: Rect) -> Rect {
        Rect(x: frame.minX + padding, y: frame.minY + padding + Double(k) * rowHeight, width: frame.width - 2 * padding, height: rowHeight)
    }

    /// The row of the menu at `frame` under window point `p`, if any.
    static func row(at p: Point, in frame: Rect, count: Int) -> Int? {
        guard frame.contains(p) else { return nil }
        let k = Int(((p.y - frame.minY - padding) / rowHeight).rounded(.down))
        return k >= 0 && k < count ? k : nil
    }

    /// The entries of the open submenu, if one is open.
    public var submenuEntries: [MenuEntry] { submenu.map { entries[$0.parent].children } ?? [] }

    // MARK: Keys

    /// The next enabled row from `from` going `step` (±1) among `list`, wrapping around.
    static func next(in list: [MenuEntry], from: Int?, step: Int) -> Int? {
        guard !list.isEmpty else { return nil }
        var k = from ?? (step > 0 ? -1 : list.count)
        for _ in 0..<list.count {
            k = (k + step + list.count) % list.count
            if list[k].isEnabled { return k }
        }
        return nil
    }

    /// The next enabled row after `from` whose title starts with `letter` (case-insensitive).
    static func next(in list: [MenuEntry], from: Int?, startingWith letter: String) -> Int? {
        guard !list.isEmpty, let wanted = letter.lowercased().first else { return nil }
        var k = from ?? -1
        for _ in 0..<list.count {
            k = (k + 1) % list.count
            if list[k].isEnabled, list[k].title.lowercased().first == wanted { return k }
        }
        return nil
    }

    mutating func openSubmenu(of k: Int, in viewport: Size, highlightFirst: Bool) {
        let children = entries[k].children
        guard !children.isEmpty else { return }
        let rowFrame = Self.row(k, in: frame)
        let f = Self.place(rows: children.count, at: Point(x: frame.maxX - 4, y: rowFrame.minY - Self.padding), in: viewport,
                           avoiding: frame)
        submenu = OpenSubmenu(parent: k, frame: f, highlighted: highlightFirst ? Self.next(in: children, from: nil, step: 1) : nil)
    }
}

/// One row of a context menu: a title, and what choosing it does (or a submenu of more rows).
public struct MenuEntry: Hashable, Sendable {
    public var title: String
    public var action: MenuAction?
    public var children: [MenuEntry]
    public var isEnabled: Bool { action != nil || !children.isEmpty }

    public init(_ title: String, _ action: MenuAction?, children: [MenuEntry] = []) {
        self.title = title; self.action = action; self.children = children
    }
}

/// What a menu entry does to the menu's item.
public enum MenuAction: Hashable, Sendable {
    case open
    case moveToTop
    case moveToBottom
    /// To the end of another section or board list.
    case moveToSection(Int)
    case addToFolder(ItemID)
    /// A new folder of the item and this one (the next item).
    case createFolder(with: ItemID)
    case removeFromFolder
    case rename
    case toggleDone
    case delete
}
