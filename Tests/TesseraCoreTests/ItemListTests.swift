import Testing
@testable import TesseraCore

/// `ItemList` must behave exactly like the array it replaces, whatever its chunks look like.
@Suite struct ItemListTests {
    static func item(_ n: Int) -> Item { Item(id: ItemID("i\(n)"), title: "Item \(n)") }

    /// Thousands of random edits on a list large enough to split chunks, mirrored on an array:
    /// after each, the same items in the same order, read by index and by iteration.
    @Test func randomEditsMatchAnArray() {
        var rng = SeededRandom(seed: 5)
        var reference = (0..<5000).map(Self.item)
        var list = ItemList(reference)
        var next = 5000
        for step in 0..<3000 {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1:
                // Bursts at one place grow a chunk past its limit, so it splits.
                let at = step % 7 == 0 ? 10 : Int.random(in: 0...reference.count, using: &rng)
                reference.insert(Self.item(next), at: at); list.insert(Self.item(next), at: at); next += 1
            case 2 where !reference.isEmpty:
                let at = Int.random(in: 0..<reference.count, using: &rng)
                #expect(list.remove(at: at) == reference.remove(at: at))
            case 3 where !reference.isEmpty && step % 4 == 0:
                // Blocks cut out anywhere (an undone drop), within a chunk or across many.
                let low = Int.random(in: 0..<reference.count, using: &rng)
                let high = Swift.min(reference.count, low + Int.random(in: 0...2500, using: &rng))
                #expect(list.removeSubrange(low..<high) == Array(reference[low..<high]))
                reference.removeSubrange(low..<high)
            case 3 where !reference.isEmpty:
                let from = Int.random(in: 0..<reference.count, using: &rng), to = Int.random(in: 0..<reference.count, using: &rng)
                reference.rotate(from: from, to: to); list.rotate(from: from, to: to)
            case 4 where !reference.isEmpty:
                let at = Int.random(in: 0..<reference.count, using: &rng)
                reference[at].title += "!"; list[at].title += "!"
            case 5 where step % 3 == 0:
                // Batches larger than a chunk, as the loaders append them.
                let batch = (0..<Int.random(in: 0...700, using: &rng)).map { Self.item(next + $0) }
                next += batch.count
                reference += batch; list.append(contentsOf: batch)
            case 5 where step % 3 == 1:
                // Batches spliced in anywhere (a drop of many files), the end included.
                let batch = (0..<Int.random(in: 0...1500, using: &rng)).map { Self.item(next + $0) }
                next += batch.count
                let at = Int.random(in: 0...reference.count, using: &rng)
                reference.insert(contentsOf: batch, at: at); list.insert(contentsOf: batch, at: at)
            default:
                reference.append(Self.item(next)); list.append(Self.item(next)); next += 1
            }
            if step % 250 == 0 || step == 2999 {
                #expect(list.count == reference.count)
                #expect(Array(list) == reference)
                #expect(list.indices.allSatisfy { list[$0] == reference[$0] })
            }
        }
    }

    /// A model is built a chunk's worth at a time (SampleData, the state file): each batch becomes
    /// a chunk as it is. The list is still a value: the batch changing afterwards does not touch it.
    /// Every id in order, each folder's children right after it, across chunks: what a fresh id
    /// must not collide with. The first `folder-N` ids not taken skip those of children too, and
    /// an id that `folder-\(n)` never makes ("folder-04") takes nothing.
    @Test func everyIdInPlaceAndFreshIdsSkipThemAll() {
        var items = (0..<1500).map(Self.item)
        items[3] = Item(id: "folder-1", title: "F")
        items[700] = Item(id: "box", title: "Box", icon: "folder", color: Color(hex: "#7f8c8d")!, sizeHint: .square,
                          kind: .folder, children: [Item(id: "folder-2", title: "a"), Item(id: "folder-04", title: "b")])
        items[1400] = Item(id: "folder-3", title: "G")
        let list = ItemList(items)
        var seen: [ItemID] = []
        list.forEachID { seen.append($0) }
        let expected = items.flatMap { [$0.id] + $0.children.map(\.id) }
        #expect(seen == expected)
        let model = CollectionModel(sections: [Section(id: "s", title: "S", items: list)])
        #expect(model.freshIDs(prefix: "folder-", count: 3) == ["folder-4", "folder-5", "folder-6"])
        #expect(model.freshID(prefix: "i") == "i3", "i3's place holds folder-1: the first number free")
    }

    /// The number a fresh id carries is read exactly as `\(prefix)\(n)` writes it, and nothing
    /// else carries one: no leading zero, no sign or other digits, at most 18 digits.
    @Test func freshNumbersAreReadOnlyFromIdsAFreshIdWrites() {
        let dropped = Array("dropped-".utf8)
        let cases: [(String, Int?)] = [
            ("dropped-1", 1), ("dropped-12", 12), ("dropped-10000", 10_000),
            ("dropped-999999999999999999", 999_999_999_999_999_999), ("dropped-1000000000000000000", nil),
            ("dropped-0", nil), ("dropped-012", nil), ("dropped-", nil), ("dropped", nil), ("dropped--1", nil),
            ("dropped-+1", nil), ("dropped-1a", nil), ("dropped-1 ", nil), ("dropped-١", nil), ("dropped-１", nil),
            ("Dropped-1", nil), ("droppedx1", nil), ("new-1", nil), ("", nil),
            ("dropped-123456789012345678", 123_456_789_012_345_678),   // a large (heap) string
        ]
        for (id, n) in cases {
            #expect(FreshNumbers.number(in: ItemID(id), after: dropped) == n, "\(id)")
        }
        for (k, prefix) in FreshNumbers.prefixes.enumerated() {
            let split = FreshNumbers.tag(of: ItemID("\(prefix)42")).map(FreshNumbers.split)
            #expect(split?.prefix == k && split?.number == 42, "\(prefix)")
        }
        #expect(FreshNumbers.tag(of: "item-42") == nil && FreshNumbers.tag(of: "folder-") == nil && FreshNumbers.tag(of: "new-07") == nil)
    }

    /// The numbers fresh ids must skip are noted per chunk and kept by every edit: after random
    /// edits of ids with and without the fresh prefixes (folders' children, ids changed in place,
    /// blocks cut and spliced, chunks split), the notes hold exactly the numbers a scan of every id
    /// finds, and a model's fresh ids are the ones the scan gives.
    @Test func freshNumberNotesFollowEveryEdit() {
        for byte in UInt8.min...UInt8.max {
            #expect(FreshNumbers.startsAPrefix(byte) == FreshNumbers.prefixes.contains { $0.utf8.first == byte })
        }
        var rng = SeededRandom(seed: 11)
        func id(_ n: Int) -> ItemID {
            switch n % 5 {
            case 0: ItemID("dropped-\(n)")
            case 1: ItemID("new-\(n)")
            case 2: ItemID("folder-\(n)")
            case 3: ItemID("dropped-0\(n)")      // never made by a fresh id: takes no number
            default: ItemID("i\(n)")
            }
        }
        func make(_ n: Int) -> Item {
            guard n % 7 == 0 else { return Item(id: id(n), title: "t") }
            return Item(id: id(n), title: "F", icon: "folder", kind: .folder,
                        children: [Item(id: id(n + 1), title: "a"), Item(id: id(n + 2), title: "b")])
        }
        var reference = (0..<3000).map(make)
        var list = ItemList(reference)
        var next = 3000
        for step in 0..<1500 {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:
                let at = Int.random(in: 0...reference.count, using: &rng)
                reference.insert(make(next), at: at); list.insert(make(next), at: at); next += 3
            case 1 where !reference.isEmpty:
                let at = Int.random(in: 0..<reference.count, using: &rng)
                #expect(list.remove(at: at) == reference.remove(at: at))
            case 2 where !reference.isEmpty:
                let at = Int.random(in: 0..<reference.count, using: &rng)
                let fresh = id(next); next += 3
                if reference[at].isFolder, Bool.random(using: &rng) {
                    reference[at].children[0].id = fresh; list[at].children[0].id = fresh
                } else {
                    reference[at].id = fresh; list[at].id = fresh
                }
            case 3:
                let batch = (0..<Int.random(in: 2...1200, using: &rng)).map { make(next + 3 * $0) }
                next += 3 * batch.count
                let at = Int.random(in: 0...reference.count, using: &rng)
                reference.insert(contentsOf: batch, at: at); list.insert(contentsOf: batch, at: at)
            case 4 where !reference.isEmpty:
                let low = Int.random(in: 0..<reference.count, using: &rng)
                let high = Swift.min(reference.count, low + Int.random(in: 0...1200, using: &rng))
                #expect(list.removeSubrange(low..<high) == Array(reference[low..<high]))
                reference.removeSubrange(low..<high)
            default:
                let batch = (0..<Int.random(in: 0...700, using: &rng)).map { make(next + 3 * $0) }
                next += 3 * batch.count
                reference += batch; list.append(contentsOf: batch)
                reference.append(make(next)); list.append(make(next)); next += 3
            }
            if step % 100 == 0 || step == 1499 {
                #expect(Array(list) == reference)
                let model = CollectionModel(sections: [Section(id: "s", title: "S", items: list)])
                for (k, prefix) in FreshNumbers.prefixes.enumerated() {
                    var noted: [Int] = []
                    list.forEachFreshNumber(prefix: k) { noted.append($0) }
                    let p = Array(prefix.utf8)
                    let scanned = reference.flatMap { [$0] + $0.children }.compactMap { FreshNumbers.number(in: $0.id, after: p) }
                    #expect(noted.sorted() == scanned.sorted(), "\(prefix) at step \(step)")
                    #expect(Set(noted) == model.numbersByScan(prefix: prefix))
                    let taken = Set(scanned)
                    var firstFree: [ItemID] = []
                    for n in 1... where !taken.contains(n) {
                        firstFree.append(ItemID("\(prefix)\(n)"))
                        if firstFree.count == 5 { break }
                    }
                    #expect(model.freshIDs(prefix: prefix, count: 5) == firstFree)
                }
            }
        }
    }

    @Test func batchesOfAChunkAppendAsChunksAndStayValues() {
        var list = ItemList()
        var reference: [Item] = []
        var batch = (0..<ItemList.chunkSize).map(Self.item)
        for round in 0..<3 {
            list.append(contentsOf: batch)
            reference += batch
            batch[0].title = "changed \(round)"                     // the caller reuses its array
            batch = batch.map { Self.item(Int($0.id.rawValue.dropFirst())! + ItemList.chunkSize) }
        }
        list.append(contentsOf: Array(batch.prefix(100)))             // a short last batch
        reference += batch.prefix(100)
        #expect(Array(list) == reference)
        list.insert(Self.item(-1), at: ItemList.chunkSize)            // edits after: as an array
        reference.insert(Self.item(-1), at: ItemList.chunkSize)
        list.append(contentsOf: Array(batch.suffix(10)))              // onto a part-filled chunk
        reference += batch.suffix(10)
        #expect(Array(list) == reference && list.count == reference.count)
        #expect(list.indices.allSatisfy { list[$0] == reference[$0] })
    }

    @Test func removingEveryItemOfAChunkLeavesAConsistentList() {
        var list = ItemList((0..<3000).map(Self.item))
        for _ in 0..<1100 { list.remove(at: 0) }        // the whole first chunk and more
        #expect(list.count == 1900)
        #expect(list.first?.id == "i1100")
        #expect(list[1899].id == "i2999")
        list.insert(Self.item(-1), at: 0)
        #expect(list.first?.id == "i-1")
        while !list.isEmpty { list.remove(at: list.count - 1) }
        list.append(Self.item(7))
        #expect(Array(list) == [Self.item(7)])
    }

    /// Equal items are equal lists with equal hashes, however each was built up.
    @Test func equalityAndHashIgnoreTheChunks() {
        let items = (0..<2500).map(Self.item)
        let built = ItemList(items)
        var grown = ItemList()
        for item in items.reversed() { grown.insert(item, at: 0) }    // one chunk, split as it grew
        #expect(built == grown)
        #expect(built.hashValue == grown.hashValue)
        var other = grown
        other[1234].title = "changed"
        #expect(other != built)
        #expect(grown == built, "a copy's edit leaves the original alone")
    }

    @Test func aMoveAcrossChunksKeepsEveryItemOnce() {
        var list = ItemList((0..<100_000).map(Self.item))
        list.rotate(from: 0, to: 50_000)
        #expect(list[50_000].id == "i0")
        #expect(list[0].id == "i1")
        #expect(list[49_999].id == "i50000")
        #expect(list[50_001].id == "i50001")
        #expect(Set(list.map(\.id)).count == 100_000)
    }

    /// Equality skips the chunks two lists share: a copy of 100k items edited in two places and
    /// edited back compares equal reading a few chunks' worth, not every item; and it answers
    /// exactly as the arrays do after random edits on copies (different chunkings of equal lists).
    @Test func equalityCostsWhatDiffersAndAnswersAsArraysDo() {
        let original = ItemList((0..<100_000).map(Self.item))
        var copy = original
        let moved = copy.remove(at: 10)
        copy.insert(moved, at: 90_000)
        copy.insert(copy.remove(at: 90_000), at: 10)
        let reads = ItemReadCounter()
        let equal = ItemReads.$counter.withValue(reads) { copy == original }
        #expect(equal)
        #expect(reads.count < 4 * ItemList.maxChunk, "\(reads.count) item reads to compare")
        var rng = SeededRandom(seed: 9)
        let small = ItemList((0..<3000).map(Self.item))
        for _ in 0..<200 {
            var a = small, b = small
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let from = Int.random(in: 0..<a.count, using: &rng), to = Int.random(in: 0..<a.count, using: &rng)
                if Bool.random(using: &rng) { a.rotate(from: from, to: to) } else { b.insert(b.remove(at: from), at: to) }
            }
            #expect((a == b) == (Array(a) == Array(b)))
        }
    }
}
