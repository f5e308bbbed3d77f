/// Where items made from files and links come from: a `file://` URI or a link, by id, read and
/// written like a dictionary; and the ids at each location, kept beside it, so news about a
/// location (a picture measured) finds its items in O(1), not by reading every entry.
///
/// Why: each batch of measured pictures looked up all the collection's located items (~10,000
/// string hashes a batch after a drop of 10,000 files, 2–3 ms; 100,000 located items, 25 ms).
/// Equality and hashing see the locations by id only; the reverse is derived from them.
public struct ItemLocations: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var byID: [ItemID: String] = [:]
    /// The reverse of `byID`: the ids at each location, no array allocated for the usual one.
    /// One table, changed in place: a file dropped again costs one hash of its location, where a
    /// table of first ids beside one of the others cost three (the first's put back, the other's
    /// added) — ~40% of the frame that drops 10,000 files a second time.
    private var idsAt: [String: IDs] = [:]

    /// The ids at one location, in the order they were set there.
    private enum IDs: Hashable, Sendable {
        case none
        case one(ItemID)
        case many([ItemID])

        mutating func add(_ id: ItemID) {
            switch self {
            case .none: self = .one(id)
            case .one(let first): self = .many([first, id])
            case .many(var ids):
                self = .none   // the array unshared while it grows
                ids.append(id)
                self = .many(ids)
            }
        }

        mutating func remove(_ id: ItemID) {
            switch self {
            case .none: break
            case .one(let only): if only == id { self = .none }
            case .many(var ids):
                guard let k = ids.firstIndex(of: id) else { return }
                self = .none
                ids.remove(at: k)
                self = ids.count == 1 ? .one(ids[0]) : .many(ids)
            }
        }
    }

    public init() {}

    public init(_ byID: [ItemID: String]) {
        idsAt.reserveCapacity(byID.count)
        for (id, location) in byID { self[id] = location }
    }

    public init(dictionaryLiteral elements: (ItemID, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Room for the entries of a batch about to be set at once (a drop of many files), one per id,
    /// at `locations`: growing one entry at a time hashed every location again at each doubling.
    /// The table of locations grows only by the share of a sample of them it does not know yet:
    /// the same files dropped again add no location, and growing it for them anyway rehashed
    /// 10,000 locations for nothing (~2.5 ms of the drop's frame).
    public mutating func reserveCapacity<C: RandomAccessCollection>(for locations: C) where C.Element == String? {
        byID.reserveCapacity(byID.count + locations.count)
        guard !locations.isEmpty else { return }
        let sampled = Swift.min(locations.count, Self.sampleSize)
        var new = 0
        for k in 0..<sampled {
            let at = locations.index(locations.startIndex, offsetBy: k * locations.count / sampled)
            if let location = locations[at], idsAt[location] == nil { new += 1 }
        }
        guard new > 0 else { return }
        idsAt.reserveCapacity(idsAt.count + (locations.count * new + sampled - 1) / sampled)
    }

    /// How many of a batch's locations `reserveCapacity(for:)` looks up.
    static let sampleSize = 16

    /// How many locations the table of locations has room for (tests).
    var locationCapacity: Int { idsAt.capacity }

    public var isEmpty: Bool { byID.isEmpty }
    public var count: Int { byID.count }

    /// The location of item `id`; set to nil to forget it.
    public subscript(id: ItemID) -> String? {
        get { byID[id] }
        set {
            let old = newValue == nil ? byID.removeValue(forKey: id) : byID.updateValue(newValue!, forKey: id)
            guard old != newValue else { return }
            if let old { forget(id, at: old) }
            if let newValue { idsAt[newValue, default: .none].add(id) }
        }
    }

    private mutating func forget(_ id: ItemID, at location: String) {
        guard let i = idsAt.index(forKey: location) else { return }
        idsAt.values[i].remove(id)
        if idsAt.values[i] == .none { idsAt.remove(at: i) }
    }

    /// The ids whose location is `location` (items no longer in the collection included, as for
    /// `subscript`: an entry outlives its item so an undo finds it again).
    public func ids(at location: String) -> [ItemID] {
        var out: [ItemID] = []
        forEachID(at: location) { out.append($0) }
        return out
    }

    /// `ids(at:)` without an array made.
    public func forEachID(at location: String, _ body: (ItemID) -> Void) {
        switch idsAt[location] {
        case .one(let id)?: body(id)
        case .many(let ids)?: ids.forEach(body)
        case .none?, nil: break
        }
    }

    public func makeIterator() -> Dictionary<ItemID, String>.Iterator { byID.makeIterator() }

    public static func == (a: ItemLocations, b: ItemLocations) -> Bool { a.byID == b.byID }
    public func hash(into hasher: inout Hasher) { hasher.combine(byID) }
}
