import Testing
@testable import TesseraCairo

/// The caches of pixels are bounded by bytes as well as entries: a long session must reach a
/// ceiling and stay there, with what was used last kept.
@Suite struct LRUCacheTests {
    final class Evictions { var values: [Int] = [] }

    @Test func theCostBoundHoldsAndKeepsTheMostRecentlyUsed() {
        let evicted = Evictions()
        let cache = LRUCache<Int, Int>(capacity: 1000, costLimit: 100) { evicted.values.append($0) }
        for i in 0..<10 { cache.insert(i, for: i, cost: 10) }        // exactly at the bound
        #expect(cache.totalCost == 100 && evicted.values.isEmpty)
        _ = cache[0]                                                  // 0 is now the most recent
        cache.insert(10, for: 10, cost: 10)                           // over: down to 90
        #expect(cache.totalCost == 90, "fifteen sixteenths of the bound, or just under")
        #expect(cache[0] != nil && cache[10] != nil, "the last used survive")
        #expect(evicted.values.sorted() == [1, 2], "the oldest went first")
    }

    @Test func entriesTheOwnerKeepsGoLast() {
        let evicted = Evictions()
        let cache = LRUCache<Int, Int>(capacity: 1000, costLimit: 100) { evicted.values.append($0) }
        cache.keepsFirst = { { $0 < 3 } }                             // 0, 1, 2: on screen
        for i in 0..<10 { cache.insert(i, for: i, cost: 10) }
        cache.insert(10, for: 10, cost: 10)                           // over: down to 90
        #expect(evicted.values.sorted() == [3, 4], "the oldest of the others went, not 0, 1, 2")
        cache.keepsFirst = { { _ in true } }                          // all kept: plain LRU among them
        cache.insert(11, for: 11, cost: 30)
        #expect(evicted.values.sorted() == [0, 1, 2, 3, 4])
    }

    @Test func loweringTheBoundEvictsAtOnceAndReplacingAnEntryCountsOnce() {
        let cache = LRUCache<Int, Int>(capacity: 1000, costLimit: 1000)
        for i in 0..<20 { cache.insert(i, for: i, cost: 40) }
        cache.insert(99, for: 5, cost: 40)                            // same key: no double count
        #expect(cache.totalCost == 800 && cache.count == 20)
        cache.setCostLimit(200)
        #expect(cache.totalCost <= 175 && cache[5] == 99)
    }

    @Test func anEntryLargerThanTheBoundSurvivesItsOwnInsert() {
        // A cell image larger than the whole budget (a 1024 px tile in a small window) is drawn
        // right after it is inserted: evicting (destroying) it then would draw freed memory.
        let evicted = Evictions()
        let cache = LRUCache<Int, Int>(capacity: 10, costLimit: 100) { evicted.values.append($0) }
        cache.insert(1, for: 1, cost: 30)
        cache.insert(2, for: 2, cost: 500)
        #expect(cache[2] == 2, "the oversized entry is kept until something else comes")
        #expect(evicted.values == [1], "the older entries made room")
        cache.insert(3, for: 3, cost: 10)
        #expect(cache[2] == nil && cache[3] == 3 && evicted.values == [1, 2])
    }

    @Test func theCountBoundStillHoldsWithoutCosts() {
        let cache = LRUCache<Int, Int>(capacity: 8)
        for i in 0..<9 { cache.insert(i, for: i) }
        #expect(cache.count == 6 && cache[8] != nil)
    }
}
