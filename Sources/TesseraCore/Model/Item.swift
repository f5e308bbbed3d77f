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
///
/// Kept small (56 bytes, no heap for ids and titles up to 15 UTF-8 bytes) because a collection
/// holds one per entry: 100,000 items are 5.6 MB. The colour is stored as 8-bit RGBA — exactly
/// what the state file can say (`#rrggbb[aa]`) — and widened to a `Color` on reading; the icon name
/// as its number in ``IconNames``, sharing a word with the done and kind flags.
public struct Item: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case item, folder }

    public var id: ItemID
    public var title: String
    /// The items inside a folder; always empty for a plain item. Never contains a folder.
    public var children: [Item]
    public var sizeHint: SizeHint
    /// The tile colour as 0xRRGGBBAA.
    public var rgba: UInt32
    /// The icon's number (``IconNames``) in the low 30 bits; bit 30: done; bit 31: a folder.
    private var packed: UInt32

    private static let doneBit: UInt32 = 1 << 30
    private static let folderBit: UInt32 = 1 << 31
    private static let iconMask: UInt32 = IconNames.capacity - 1

    /// Name of an icon in the asset folder, without extension (e.g. "star").
    public var icon: String {
        get { IconNames.name(packed & Self.iconMask) }
        set { packed = (packed & ~Self.iconMask) | IconNames.number(for: newValue) }
    }

    /// Finished items stay where they are: they cannot be lifted or moved (seed 003).
    public var done: Bool {
        get { packed & Self.doneBit != 0 }
        set { packed = newValue ? packed | Self.doneBit : packed & ~Self.doneBit }
    }

    public var kind: Kind {
        get { packed & Self.folderBit != 0 ? .folder : .item }
        set { packed = newValue == .folder ? packed | Self.folderBit : packed & ~Self.folderBit }
    }

    public init(id: ItemID, title: String, icon: String = "", color: Color = .white,
                sizeHint: SizeHint = .square, done: Bool = false, kind: Kind = .item, children: [Item] = []) {
        self.init(id: id, title: title, icon: icon, rgba: Item.pack(color), sizeHint: sizeHint, done: done,
                  kind: kind, children: children)
    }

    /// The compact initialiser: the colour already packed as 0xRRGGBBAA.
    public init(id: ItemID, title: String, icon: String, rgba: UInt32, sizeHint: SizeHint = .square,
                done: Bool = false, kind: Kind = .item, children: [Item] = []) {
        self.id = id; self.title = title; self.rgba = rgba; self.sizeHint = sizeHint; self.children = children
        packed = IconNames.number(for: icon) | (done ? Self.doneBit : 0) | (kind == .folder ? Self.folderBit : 0)
    }

    /// For loaders making many items: the icon already numbered (``IconNames/number(for:)``, a
    /// lock and a hash, once per name instead of once per item).
    init(id: ItemID, title: String, iconNumber: UInt32, rgba: UInt32, sizeHint: SizeHint, done: Bool) {
        self.id = id; self.title = title; self.rgba = rgba; self.sizeHint = sizeHint; children = []
        packed = iconNumber | (done ? Self.doneBit : 0)
    }

    /// The tile colour (8 bits per channel, as stored).
    public var color: Color {
        get {
            Color(red: Double(rgba >> 24) / 255, green: Double((rgba >> 16) & 0xff) / 255,
                  blue: Double((rgba >> 8) & 0xff) / 255, alpha: Double(rgba & 0xff) / 255)
        }
        set { rgba = Item.pack(newValue) }
    }

    /// 0xRRGGBBAA of a colour, each channel rounded to 8 bits.
    public static func pack(_ c: Color) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((Swift.min(Swift.max(v, 0), 1) * 255).rounded()) }
        return byte(c.red) << 24 | byte(c.green) << 16 | byte(c.blue) << 8 | byte(c.alpha)
    }

    public var isFolder: Bool { packed & Self.folderBit != 0 }
    /// Whether a user may lift this item: done items stay put.
    public var isMovable: Bool { !done }
}

/// A titled group of items: a flow-grid section, or one list of the board.
public struct Section: Hashable, Sendable {
    public var id: String
    public var title: String
    /// Read and edited like an array; stored in chunks so an edit never shifts every item.
    public var items: ItemList
    public init(id: String, title: String, items: [Item] = []) {
        self.id = id; self.title = title; self.items = ItemList(items)
    }
    public init(id: String, title: String, items: ItemList) {
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
