/// A small bounded cache that forgets the least recently used entries.
///
/// Bounded by a count of entries and, for caches of pixels, by a total cost (bytes) that can change
/// at run time (a cache of cell images follows the window's area). Lookups stamp the entry with a
/// use counter; when an insert goes over either bound, the oldest entries are evicted in one pass
/// (amortised O(log n) per insert) down to three quarters of the count or seven eighths of the cost,
/// and handed to `evict`, so native resources (Pango layouts, Cairo surfaces) are released. The cost
/// keeps more: a cache of pixels is sized to what one frame draws, and must not drop below it.
final class LRUCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, stamp: UInt64, cost: Int)] = [:]
    private var clock: UInt64 = 0
    let capacity: Int
    /// The most total cost kept (`Int.max`: no bound but the count).
    private(set) var costLimit: Int
    private(set) var totalCost = 0
    private let evict: (Value) -> Void

    init(capacity: Int, costLimit: Int = .max, evict: @escaping (Value) -> Void = { _ in }) {
        precondition(capacity > 0 && costLimit > 0)
        self.capacity = capacity
        self.costLimit = costLimit
        self.evict = evict
        entries.reserveCapacity(capacity + 1)
    }

    deinit { removeAll() }

    var count: Int { entries.count }

    subscript(key: Key) -> Value? {
        clock &+= 1
        guard let index = entries.index(forKey: key) else { return nil }
        entries.values[index].stamp = clock
        return entries.values[index].value
    }

    func insert(_ value: Value, for key: Key, cost: Int = 0) {
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

    func removeAll() {
        for (_, e) in entries { evict(e.value) }
        entries.removeAll(keepingCapacity: true)
        totalCost = 0
    }

    private func trim(keeping kept: Key? = nil) {
        // Below whichever bound was passed; the other is left alone.
        let countTarget = entries.count > capacity ? capacity * 3 / 4 : entries.count
        let costTarget = totalCost > costLimit ? costLimit / 8 * 7 : totalCost
        for (key, e) in entries.sorted(by: { $0.value.stamp < $1.value.stamp }) where key != kept {
            guard entries.count > countTarget || totalCost > costTarget else { break }
            entries.removeValue(forKey: key)
            totalCost -= e.cost
            evict(e.value)
        }
    }
}
