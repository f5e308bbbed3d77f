/// Makes items by the hundred thousand (a store's load, an import): each icon name is numbered in
/// the process-wide table (``IconNames``: a lock and a hash) once per factory, not once per item.
public struct ItemFactory {
    private var numbers: [String: UInt32] = [:]
    private var last: (name: String, number: UInt32) = ("", 0)

    public init() {}

    /// An icon name, looked up once: a reader that caches it by the name's bytes makes a
    /// million items without hashing a name for each.
    public struct Icon: Sendable {
        let number: UInt32
    }

    public mutating func icon(named name: String) -> Icon { Icon(number: number(for: name)) }

    public func item(id: ItemID, title: String, icon: Icon, rgba: UInt32, aspect: Double,
                     done: Bool, kind: Item.Kind) -> Item {
        var item = Item(id: id, title: title, iconNumber: icon.number, rgba: rgba, sizeHint: SizeHint(aspect: aspect), done: done)
        if kind == .folder { item.kind = .folder }
        return item
    }

    public mutating func item(id: ItemID, title: String, icon: String, rgba: UInt32, aspect: Double,
                              done: Bool, kind: Item.Kind) -> Item {
        item(id: id, title: title, icon: self.icon(named: icon), rgba: rgba, aspect: aspect, done: done, kind: kind)
    }

    private mutating func number(for icon: String) -> UInt32 {
        let number: UInt32
        if icon == last.name {
            number = last.number
        } else if let n = numbers[icon] {
            number = n
            last = (icon, n)
        } else {
            number = IconNames.number(for: icon)
            numbers[icon] = number
            last = (icon, number)
        }
        return number
    }
}

extension Item {
    /// Why `name` cannot be an icon name, or nil when it can. An icon is a name looked up in the
    /// assets' icon folder, never a path: a "/" (absolute or nested), "." or ".." (leaving the
    /// folder), a NUL or more than 255 bytes are refused wherever names come in (a state file, the
    /// store, an import).
    public static func iconNameProblem(_ name: String) -> String? {
        if name.utf8.count > 255 { return "longer than 255 bytes" }
        if name == "." || name == ".." { return "'\(name)' is not a name (icons are names in the assets' icon folder, not paths)" }
        if name.utf8.contains(UInt8(ascii: "/")) {
            return "'\(name.prefix(60))' is a path, not a name (icons are names in the assets' icon folder)"
        }
        if name.utf8.contains(0) { return "it contains a NUL character" }
        return nil
    }
}
