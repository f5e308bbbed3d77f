/// A small bounded cache that forgets the least recently used entries.
///
/// Lookups stamp the entry with a use counter; when an insert pushes the count past `capacity`,
/// the oldest quarter is evicted in one pass (amortised O(log n) per insert) and handed to `evict`
/// so native resources (Pango layouts, Cairo surfaces) are released.
final class LRUCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0
    let capacity: Int
    private let evict: (Value) -> Void

    init(capacity: Int, evict: @escaping (Value) -> Void = { _ in }) {
        precondition(capacity > 0)
        self.capacity = capacity
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

    func insert(_ value: Value, for key: Key) {
        clock &+= 1
        if let old = entries.updateValue((value, clock), forKey: key) { evict(old.value) }
        if entries.count > capacity { trim() }
    }

    func removeAll() {
        for (_, e) in entries { evict(e.value) }
        entries.removeAll(keepingCapacity: true)
    }

    private func trim() {
        let drop = max(1, capacity / 4)
        let oldest = entries.sorted { $0.value.stamp < $1.value.stamp }.prefix(drop)
        for (key, e) in oldest {
            entries.removeValue(forKey: key)
            evict(e.value)
        }
    }
}
