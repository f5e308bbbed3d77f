/// A stable identifier of an item: survives moves, folder changes and restarts.
/// Contrast with an ``IndexPath``, which says where an item is right now.
public struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
    public static func < (a: ItemID, b: ItemID) -> Bool { a.rawValue < b.rawValue }
}

/// How an item wants to be sized where the layout lets items differ (masonry, per-item flow).
/// `aspect` is height / width: 1 is square, 1.5 is a tall portrait tile.
public struct SizeHint: Hashable, Sendable {
    public var aspect: Double
    public init(aspect: Double) { self.aspect = aspect }
    public static let square = SizeHint(aspect: 1)
}

/// One thing in the collection: a plain item, or a folder holding plain items.
public struct Item: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case item, folder }

    public var id: ItemID
    public var title: String
    /// Name of an icon in the asset folder, without extension (e.g. "star").
    public var icon: String
    public var color: Color
    public var sizeHint: SizeHint
    /// Finished items stay where they are: they cannot be lifted or moved (seed 003).
    public var done: Bool
    public var kind: Kind
    /// The items inside a folder; always empty for a plain item. Never contains a folder.
    public var children: [Item]

    public init(id: ItemID, title: String, icon: String = "", color: Color = .white,
                sizeHint: SizeHint = .square, done: Bool = false, kind: Kind = .item, children: [Item] = []) {
        self.id = id; self.title = title; self.icon = icon; self.color = color
        self.sizeHint = sizeHint; self.done = done; self.kind = kind; self.children = children
    }

    public var isFolder: Bool { kind == .folder }
    /// Whether a user may lift this item: done items stay put.
    public var isMovable: Bool { !done }
}

/// A titled group of items: a flow-grid section, or one list of the board.
public struct Section: Hashable, Sendable {
    public var id: String
    public var title: String
    public var items: [Item]
    public init(id: String, title: String, items: [Item] = []) {
        self.id = id; self.title = title; self.items = items
    }
}

/// Where an item sits right now: section, index within the section, and for an item inside a folder
/// the index within that folder. Index paths change with every move; ``ItemID``s never do.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    public var child: Int?
    public init(section: Int, item: Int, child: Int? = nil) {
        self.section = section; self.item = item; self.child = child
    }
    public var description: String {
        child.map { "[\(section), \(item), \($0)]" } ?? "[\(section), \(item)]"
    }
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.item, a.child ?? -1) < (b.section, b.item, b.child ?? -1)
    }
}
