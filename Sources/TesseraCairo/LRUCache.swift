/// A small bounded cache that forgets the least recently used entries (those its owner asks to
/// keep, see `keepsFirst`, last).
///
/// Bounded by a count of entries and, for caches of pixels, by a total cost (bytes) that can change
/// at run time (a cache of cell images follows the window's area). Lookups stamp the entry with a
/// use counter; when an insert goes over either bound, the oldest entries are evicted in one pass
/// (amortised O(log n) per insert) down to three quarters of the count or fifteen sixteenths of the cost,
/// and handed to `evict`, so native resources (Pango layouts, Cairo surfaces) are released. The cost
/// keeps more: a cache of pixels is sized to what one frame draws, and must not drop below it.
public final class LRUCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, stamp: UInt64, cost: Int)] = [:]
    private var clock: UInt64 = 0
    let capacity: Int
    /// The most total cost kept (`Int.max`: no bound but the count).
    private(set) var costLimit: Int
    public private(set) var totalCost = 0
    private let evict: (Value) -> Void
    /// Asked once per entry when a trim runs: those it keeps go only after every other one, oldest
    /// first as usual (a cache of cell images keeps the cells on screen, however long ago they
    /// were drawn). Nil: plain LRU.
    var keepsFirst: (() -> (Key) -> Bool)?

    public init(capacity: Int, costLimit: Int = .max, evict: @escaping (Value) -> Void = { _ in }) {
        precondition(capacity > 0 && costLimit > 0)
        self.capacity = capacity
        self.costLimit = costLimit
        self.evict = evict
        entries.reserveCapacity(capacity + 1)
    }

    deinit { removeAll() }

    public var count: Int { entries.count }

    /// The keys held, in no order (not a use: no entry gets younger).
    public var keys: [Key] { Array(entries.keys) }

    public subscript(key: Key) -> Value? {
        clock &+= 1
        guard let index = entries.index(forKey: key) else { return nil }
        entries.values[index].stamp = clock
        return entries.values[index].value
    }

    /// `key`'s value without counting as a use (its age unchanged).
    public func peek(_ key: Key) -> Value? { entries[key]?.value }

    public func insert(_ value: Value, for key: Key, cost: Int = 0) {
        clock &+= 1
        if let old = entries.updateValue((value, clock, cost), forKey: key) {
            totalCost -= old.cost
            evict(old.value)
        }
        totalCost += cost
        // The value just inserted is never evicted by its own insert, even when it alone is over
        // the bound: the caller is about to draw with it (a cell image, an icon). It goes with a
        // later insert or bound change, like any other.
        if entries.count > capacity || totalCost > costLimit { trim(keeping: key) }
    }

    /// Changes the cost bound, evicting the oldest entries at once if the cache is now over it.
    func setCostLimit(_ limit: Int) {
        costLimit = max(1, limit)
        if totalCost > costLimit { trim() }
    }

    /// Forgets `key`'s entry (handed to `evict`).
    public func remove(_ key: Key) {
        guard let e = entries.removeValue(forKey: key) else { return }
        totalCost -= e.cost
        evict(e.value)
    }

    /// Forgets the entries whose keys `condition` holds for; how many.
    @discardableResult
    public func removeAll(where condition: (Key) -> Bool) -> Int {
        let gone = entries.keys.filter(condition)
        for key in gone { remove(key) }
        return gone.count
    }

    public func removeAll() {
        for (_, e) in entries { evict(e.value) }
        entries.removeAll(keepingCapacity: true)
        totalCost = 0
    }

    private func trim(keeping kept: Key? = nil) {
        // Below whichever bound was passed; the other is left alone.
        let countTarget = entries.count > capacity ? capacity * 3 / 4 : entries.count
        let costTarget = totalCost > costLimit ? costLimit / 16 * 15 : totalCost
        let protected = keepsFirst?()
        let order = entries.map { (key: $0.key, stamp: $0.value.stamp, cost: $0.value.cost, keep: protected?($0.key) ?? false) }
            .sorted { ($0.keep ? 1 : 0, $0.stamp) < ($1.keep ? 1 : 0, $1.stamp) }
        for e in order where e.key != kept {
            guard entries.count > countTarget || totalCost > costTarget else { break }
            guard let removed = entries.removeValue(forKey: e.key) else { continue }
            totalCost -= e.cost
            evict(removed.value)
        }
    }
}
