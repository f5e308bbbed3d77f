import Testing
@testable import TesseraCore

/// Thousands of seeded random edits; after each the model keeps every invariant and every id.
@Suite struct RandomEditTests {
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomEditsKeepInvariants(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var model = SampleData.model()
        var ids = Set(model.allIDs)
        var applied = 0
        for step in 0..<2000 {
            let all = model.allIDs
            let id = all[Int(rng.next() % UInt64(all.count))]
            let other = all[Int(rng.next() % UInt64(all.count))]
            let s = Int(rng.next() % UInt64(model.sections.count + 1))  // sometimes out of range
            let i = Int(rng.next() % 30)
            let before = model
            var created: ItemID?
            do {
                switch rng.next() % 4 {
                case 0: try model.move(id, to: IndexPath(section: s, item: i))
                case 1: try model.moveIntoFolder(id, folder: other, at: rng.next() % 2 == 0 ? nil : i % 4)
                case 2: created = try model.drop(id, onto: other)
                default: try model.moveOutOfFolder(id, to: IndexPath(section: s, item: i))
                }
                applied += 1
            } catch {
                #expect(model == before, "a refused edit changed the model at step \(step): \(error)")
            }
            let problems = model.checkInvariants()
            #expect(problems.isEmpty, "step \(step): \(problems)")
            // Ids are conserved: only new folders appear, only emptied folders disappear.
            let now = Set(model.allIDs)
            if let c = created, !ids.contains(c) { ids.insert(c) }
            let vanished = ids.subtracting(now)
            if !vanished.isEmpty {
                #expect(vanished.allSatisfy { before.item(withID: $0)?.isFolder == true }, "lost \(vanished) at step \(step)")
            }
            #expect(now.subtracting(ids).isEmpty, "ids appeared from nowhere at step \(step)")
            ids = now
            // Plain items are never lost or doubled.
            let plain = plainIDs(model)
            #expect(Set(plain).count == plain.count)
        }
        #expect(applied > 200, "too few edits were valid to mean anything: \(applied)")
        #expect(Set(plainIDs(SampleData.model())) == Set(plainIDs(model)))
    }

    func plainIDs(_ m: CollectionModel) -> [ItemID] {
        m.sections.flatMap(\.items).flatMap { $0.isFolder ? $0.children.map(\.id) : [$0.id] }
    }
}
