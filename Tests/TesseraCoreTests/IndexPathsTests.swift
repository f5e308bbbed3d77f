import Testing
@testable import TesseraCore

/// `CollectionModel.indexPaths(of:)`: where many items are at once, as a batch of measured
/// pictures asks. Ids the model makes ("dropped-N", "new-N", "folder-N") are looked for only in
/// the chunks noted to hold them.
@Suite struct IndexPathsTests {
    /// Two sections of 6,000 generated items; 400 "dropped-N" items put in at random places, some
    /// of them into folders; a few "new-N" ones.
    static func model(seed: UInt64) throws -> CollectionModel {
        var rng = SeededRandom(seed: seed)
        var m = SampleData.generated(count: 12_000, sections: 2, seed: seed)
        var log = EditLog()
        for n in 1...400 {
            let s = Int.random(in: 0..<2, using: &rng)
            let item = Item(id: ItemID("dropped-\(n)"), title: "File \(n)")
            try m.put(item, at: IndexPath(section: s, item: Int.random(in: 0...m.sections[s].items.count, using: &rng)), log: &log)
        }
        for n in stride(from: 3, through: 400, by: 7) {
            let target = m.sections[0].items[Int.random(in: 0..<m.sections[0].items.count, using: &rng)].id
            if target != ItemID("dropped-\(n)") { _ = try? m.drop(ItemID("dropped-\(n)"), onto: target) }
        }
        for n in 1...5 { try m.put(Item(id: ItemID("new-\(n)"), title: "New"), at: IndexPath(section: 1, item: n * 900), log: &log) }
        return m
    }

    /// Every item's place, read one by one.
    static func reference(_ m: CollectionModel) -> [ItemID: IndexPath] {
        var all: [ItemID: IndexPath] = [:]
        for (s, section) in m.sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                all[item.id] = IndexPath(section: s, item: i)
                for (c, child) in item.children.enumerated() { all[child.id] = IndexPath(section: s, item: i, child: c) }
            }
        }
        return all
    }

    @Test func findsWhatAReadOfEveryItemFinds() throws {
        for seed in 1...3 as ClosedRange<UInt64> {
            let m = try Self.model(seed: seed)
            let all = Self.reference(m)
            var rng = SeededRandom(seed: seed + 10)
            let made = all.keys.filter { FreshNumbers.tag(of: $0) != nil }
            let plain = all.keys.filter { FreshNumbers.tag(of: $0) == nil }
            #expect(made.count > 400, "the dropped items, the new ones and the folders made")
            for round in 0..<20 {
                var wanted = Set(made.shuffled(using: &rng).prefix(Int.random(in: 1...300, using: &rng)))
                if round % 3 == 1 { wanted.formUnion(plain.shuffled(using: &rng).prefix(5)) }   // mixed: a pass
                if round % 5 == 3, let made = wanted.first, let p = all[made] {
                    // A plain id beside a made one: found by the chunks' read, and still by the pass.
                    wanted.formUnion(all.filter { $0.value.section == p.section && abs($0.value.item - p.item) < 3 }.keys)
                }
                if round % 4 == 2 { wanted.insert("dropped-9999") }                              // gone: a pass
                let found = m.indexPaths(of: wanted)
                #expect(found == all.filter { wanted.contains($0.key) }, "seed \(seed), round \(round)")
            }
        }
    }

    #if DEBUG
    /// A batch of a drop's pictures at the end of a large section reads the chunks that hold
    /// them, not every item before; nor every item when one of them is gone.
    @Test func aDropsItemsAreFoundWithoutReadingTheRest() throws {
        var m = SampleData.generated(count: 60_000, sections: 1, seed: 4)
        let drop = (1...300).map { Item(id: ItemID("dropped-\($0)"), title: "File \($0)") }
        var log = EditLog()
        try m.insert(contentsOf: drop, at: IndexPath(section: 0, item: 59_000), log: &log)
        let wanted = Set(drop.prefix(150).map(\.id) + ["dropped-9999"])   // and one gone (a drop undone)
        let reads = ItemReadCounter()
        let found = ItemReads.$counter.withValue(reads) { m.indexPaths(of: wanted) }
        #expect(found.count == 150 && found.values.allSatisfy { $0.item >= 59_000 && $0.item < 59_300 })
        #expect(reads.count <= 2 * ItemList.maxChunk, "\(reads.count) items read")
    }

    /// A plain id the chunks' read already found does not send the pass to the end.
    @Test func aPlainIdFoundBesideADropEndsThePassThere() throws {
        var m = SampleData.generated(count: 60_000, sections: 1, seed: 4)
        let drop = (1...300).map { Item(id: ItemID("dropped-\($0)"), title: "File \($0)") }
        var log = EditLog()
        try m.insert(contentsOf: drop, at: IndexPath(section: 0, item: 100), log: &log)
        let plain = m.sections[0].items[99].id
        let reads = ItemReadCounter()
        let found = ItemReads.$counter.withValue(reads) { m.indexPaths(of: Set(drop.prefix(20).map(\.id) + [plain])) }
        #expect(found.count == 21 && found[plain] == IndexPath(section: 0, item: 99))
        #expect(reads.count <= 3 * ItemList.maxChunk, "\(reads.count) items read")
    }
    #endif
}
