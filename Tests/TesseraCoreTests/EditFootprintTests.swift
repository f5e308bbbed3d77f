import Testing
@testable import TesseraCore

/// The footprint a store writes after an edit: the places touched, mapped to the model after it,
/// found in one pass over runs of inserts or removals (a drop of thousands and its undo) and the
/// same as following every step one at a time.
@Suite struct EditFootprintTests {
    /// Every step applied in turn, each shifting the places found so far (O(steps²)).
    static func stepByStep(_ log: EditLog) -> EditFootprint {
        var slots: [IndexPath] = []
        var departed: [Item] = []
        for step in log.steps {
            switch step {
            case .inserted(let s, let i):
                for k in slots.indices where slots[k].section == s && slots[k].item >= i { slots[k].item += 1 }
                slots.append(IndexPath(section: s, item: i))
            case .removed(let s, let i, let item):
                slots.removeAll { $0.section == s && $0.item == i }
                for k in slots.indices where slots[k].section == s && slots[k].item > i { slots[k].item -= 1 }
                departed.append(item)
            case .replaced(let s, let i, let old):
                let here = IndexPath(section: s, item: i)
                if !slots.contains(here) { slots.append(here) }
                departed.append(old)
            case .retitled: break
            }
        }
        return EditFootprint(slots: slots.sorted(), departed: departed)
    }

    @Test(arguments: [21, 22, 23] as [UInt64])
    func runsGiveWhatEveryStepGives(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let item = { (n: Int) in Item(id: ItemID("x\(n)"), title: "x\(n)", icon: "star") }
        for _ in 0..<300 {
            var log = EditLog()
            var made = 0
            for _ in 0..<Int(1 + rng.next() % 6) {
                let s = Int(rng.next() % 2), i = Int(rng.next() % 10), n = Int(1 + rng.next() % 5)
                made += 1
                switch rng.next() % 5 {
                case 0: for k in 0..<n { log.append(.inserted(section: s, index: i + k)) }           // a run, ascending
                case 1: for k in 0..<n { log.append(.removed(section: s, index: i, item(made * 10 + k))) }   // a block from its start
                case 2: for k in 0..<n { log.append(.removed(section: s, index: i + n - 1 - k, item(made * 10 + k))) }   // from its end
                case 3: log.append(.replaced(section: s, index: i, old: item(made * 10)))
                default: log.append(.inserted(section: s, index: i))
                }
            }
            #expect(log.footprint == Self.stepByStep(log), "\(log.steps)")
        }
    }

    @Test func aDropOfTenThousandIsOneRunAndItsUndoAnother() {
        var model = SampleData.generated(count: 30, sections: 1)
        var log = EditLog()
        let incoming = (0..<10_000).map { Item(id: ItemID("d\($0)"), title: "d\($0)", icon: "camera") }
        for (k, it) in incoming.enumerated() {
            model.sections[0].items.insert(it, at: 5 + k)
            log.append(.inserted(section: 0, index: 5 + k))
        }
        #expect(log.footprint.slots == (5..<10_005).map { IndexPath(section: 0, item: $0) })
        let undone = log.undo(&model)
        #expect(undone.footprint == Self.stepByStep(undone))
        #expect(undone.footprint.slots.isEmpty && undone.footprint.departed.count == 10_000)
    }
}
