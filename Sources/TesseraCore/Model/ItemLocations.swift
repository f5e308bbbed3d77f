/// Where items made from files and links come from: a `file://` URI or a link, by id, read and
/// written like a dictionary; and the ids at each location, kept beside it, so news about a
/// location (a picture measured) finds its items in O(1), not by reading every entry.
///
/// Why: each batch of measured pictures looked up all the collection's located items (~10,000
/// string hashes a batch after a drop of 10,000 files, 2–3 ms; 100,000 located items, 25 ms).
/// Equality and hashing see the locations by id only; the reverse is derived from them.
///
/// The reverse is brought up to date when it is read (`ids(at:)`, `forEachID(at:)`) or when the
/// engine's work after a frame indexes a slice of the changes (`index(limit:)`), not as each
/// location is set: a drop of 10,000 files set them all inside its frame, ~2–2.5 ms of a frame
/// that took 11–16 ms on a slow host, and the first lookup (a batch of measured pictures) comes
/// frames later.
public struct ItemLocations: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var byID: [ItemID: String] = [:]
    /// The reverse of `byID`: the ids at each location, no array allocated for the usual one.
    /// One table, changed in place: a file dropped again costs one hash of its location, where a
    /// table of first ids beside one of the others cost three (the first's put back, the other's
    /// added) — ~40% of the frame that drops 10,000 files a second time.
    private var idsAt: [String: IDs] = [:]
    /// Changes of `byID` in the order they were made; those from `indexedChanges` on are not yet
    /// in `idsAt`. Not shortened slice by slice: a model handed to the saver shares the array,
    /// and changing it would copy 10,000 changes after a drop.
    private var unindexed: [Change] = []
    private var indexedChanges = 0

    /// Item `id` moved from `old` to `new` (nil: no location).
    private struct Change: Sendable {
        var id: ItemID
        var old: String?
        var new: String?
    }

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
        self.byID = byID
        idsAt.reserveCapacity(byID.count)
        for (id, location) in byID { idsAt[location, default: .none].add(id) }
    }

    public init(dictionaryLiteral elements: (ItemID, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Room for the entries of a batch about to be set at once (a drop of many files), one per id:
    /// growing one entry at a time hashed every id again at each doubling. (The table of locations
    /// makes its room when the batch is indexed, `index(limit:)`.)
    public mutating func reserveCapacity<C: RandomAccessCollection>(for locations: C) where C.Element == String? {
        byID.reserveCapacity(byID.count + locations.count)
        unindexed.reserveCapacity(unindexed.count + locations.count)
    }

    /// Room in the table of locations for `changes`, all that wait to be indexed (so a batch
    /// indexed in slices grows the table once, not at each slice): it grows only by the share of
    /// a sample of their locations it does not know yet — the same files dropped again add no
    /// location, and growing it for them anyway rehashed 10,000 locations for nothing (~2.5 ms).
    private mutating func reserveLocations(for changes: ArraySlice<Change>) {
        guard changes.count > Self.sampleSize else { return }
        var new = 0
        for k in 0..<Self.sampleSize {
            let at = changes.startIndex + k * changes.count / Self.sampleSize
            if let location = changes[at].new, idsAt[location] == nil { new += 1 }
        }
        guard new > 0 else { return }
        idsAt.reserveCapacity(idsAt.count + (changes.count * new + Self.sampleSize - 1) / Self.sampleSize)
    }

    /// How many of a batch's locations are looked up to size the table of locations.
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
            unindexed.append(Change(id: id, old: old, new: newValue))
        }
    }

    /// Whether changes wait to be indexed (`index(limit:)`).
    public var hasUnindexedChanges: Bool { indexedChanges < unindexed.count }

    /// Brings the ids at each location up to date with the first `limit` changes waiting (all by
    /// default), in the order they were made; returns whether some are left.
    @discardableResult
    public mutating func index(limit: Int = .max) -> Bool {
        guard hasUnindexedChanges else { return false }
        let waiting = unindexed[indexedChanges...]
        let end = indexedChanges + Swift.min(Swift.max(limit, 1), waiting.count)
        reserveLocations(for: waiting)
        for change in unindexed[indexedChanges..<end] {
            if let old = change.old { forget(change.id, at: old) }
            if let new = change.new { idsAt[new, default: .none].add(change.id) }
        }
        indexedChanges = end
        guard end == unindexed.count else { return true }
        unindexed = []
        indexedChanges = 0
        return false
    }

    private mutating func forget(_ id: ItemID, at location: String) {
        guard let i = idsAt.index(forKey: location) else { return }
        idsAt.values[i].remove(id)
        if idsAt.values[i] == .none { idsAt.remove(at: i) }
    }

    /// The ids whose location is `location` (items no longer in the collection included, as for
    /// `subscript`: an entry outlives its item so an undo finds it again).
    public mutating func ids(at location: String) -> [ItemID] {
        var out: [ItemID] = []
        forEachID(at: location) { out.append($0) }
        return out
    }

    /// `ids(at:)` without an array made.
    public mutating func forEachID(at location: String, _ body: (ItemID) -> Void) {
        index()
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
