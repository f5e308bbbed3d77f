/// Where items made from files and links come from: a `file://` URI or a link, by id, read and
/// written like a dictionary; and the ids at each location, kept beside it, so news about a
/// location (a picture measured) finds its items in O(1), not by reading every entry.
///
/// Why: each batch of measured pictures looked up all the collection's located items (~10,000
/// string hashes a batch after a drop of 10,000 files, 2–3 ms; 100,000 located items, 25 ms).
/// Equality and hashing see the locations by id only; the reverse is derived from them.
public struct ItemLocations: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var byID: [ItemID: String] = [:]
    /// The reverse of `byID`: one id a location (the first set there), and in `moreAt` the others
    /// (a file dropped twice): no array allocated for the usual one.
    private var idAt: [String: ItemID] = [:]
    private var moreAt: [String: [ItemID]] = [:]

    public init() {}

    public init(_ byID: [ItemID: String]) {
        idAt.reserveCapacity(byID.count)
        for (id, location) in byID { self[id] = location }
    }

    public init(dictionaryLiteral elements: (ItemID, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Room for `n` more entries at once (a drop of many files): growing one entry at a time
    /// hashed every location again at each doubling.
    public mutating func reserveCapacity(more n: Int) {
        byID.reserveCapacity(byID.count + n)
        idAt.reserveCapacity(idAt.count + n)
    }

    public var isEmpty: Bool { byID.isEmpty }
    public var count: Int { byID.count }

    /// The location of item `id`; set to nil to forget it.
    public subscript(id: ItemID) -> String? {
        get { byID[id] }
        set {
            let old = newValue == nil ? byID.removeValue(forKey: id) : byID.updateValue(newValue!, forKey: id)
            guard old != newValue else { return }
            if let old { forget(id, at: old) }
            // One hash of the location in the usual case: it had no id.
            if let newValue, let first = idAt.updateValue(id, forKey: newValue) {
                idAt[newValue] = first
                moreAt[newValue, default: []].append(id)
            }
        }
    }

    private mutating func forget(_ id: ItemID, at location: String) {
        var more = moreAt.isEmpty ? [] : moreAt.removeValue(forKey: location) ?? []
        if idAt[location] == id {
            idAt[location] = more.isEmpty ? nil : more.removeFirst()
        } else if let k = more.firstIndex(of: id) {
            more.remove(at: k)
        }
        if !more.isEmpty { moreAt[location] = more }
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
        guard let first = idAt[location] else { return }
        body(first)
        if !moreAt.isEmpty, let more = moreAt[location] { more.forEach(body) }
    }

    public func makeIterator() -> Dictionary<ItemID, String>.Iterator { byID.makeIterator() }

    public static func == (a: ItemLocations, b: ItemLocations) -> Bool { a.byID == b.byID }
    public func hash(into hasher: inout Hasher) { hasher.combine(byID) }
}
