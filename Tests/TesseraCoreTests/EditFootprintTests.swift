import Testing
@testable import TesseraCore

/// The footprint a store writes after an edit: the places touched, mapped to the model after it,
/// found in one pass over runs of inserts or removals (a drop of thousands and its undo) and the
/// same as following every step one at a time.
@Suite struct EditFootprintTests {
    /// Every step applied in turn, one entry at a time (the runs taken apart), each shifting the
    /// places found so far (O(steps²)).
    static func stepByStep(_ log: EditLog) -> EditFootprint {
        var slots: [IndexPath] = []
        var departed: [Item] = []
        for step in log.singleSteps {
            switch step {
            case .inserted(let s, let i, _):
                for k in slots.indices where slots[k].section == s && slots[k].item >= i { slots[k].item += 1 }
                slots.append(IndexPath(section: s, item: i))
            case .removed(let s, let i, let items):
                slots.removeAll { $0.section == s && $0.item == i }
                for k in slots.indices where slots[k].section == s && slots[k].item > i { slots[k].item -= 1 }
                departed += items
            case .replaced(let s, let i, let old):
                let here = IndexPath(section: s, item: i)
                if !slots.contains(here) { slots.append(here) }
                departed.append(old)
            case .retitled: break
            }
        }
        return EditFootprint(slots: slots.sorted(), departed: departed)
    }

    /// Per section, the run the edits left alone, one entry at a time.
    static func tailsStepByStep(_ log: EditLog, sectionCount: Int) -> [[Int]] {
        var tails = [[Int]](repeating: [0, 0], count: sectionCount)
        for step in log.singleSteps {
            switch step {
            case .inserted(let s, let i, _): tails[s] = [Swift.max(tails[s][0], i) + 1, tails[s][1] + 1]
            case .removed(let s, let i, _): tails[s] = [Swift.max(tails[s][0] - 1, i), tails[s][1] - 1]
            case .replaced(let s, let i, _): tails[s][0] = Swift.max(tails[s][0], i + 1)
            case .retitled: break
            }
        }
        return tails
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
                switch rng.next() % 7 {
                case 0: for k in 0..<n { log.append(.inserted(section: s, index: i + k)) }           // a run, ascending
                case 1: for k in 0..<n { log.append(.removed(section: s, index: i, item(made * 10 + k))) }   // a block from its start
                case 2: for k in 0..<n { log.append(.removed(section: s, index: i + n - 1 - k, item(made * 10 + k))) }   // from its end
                case 3: log.append(.replaced(section: s, index: i, old: item(made * 10)))
                case 4: log.append(.inserted(section: s, index: i, count: n))                          // a run in one step
                case 5: log.append(.removed(section: s, index: i, (0..<n).map { item(made * 10 + $0) }))   // a block in one step
                default: log.append(.inserted(section: s, index: i))
                }
            }
            #expect(log.footprint == Self.stepByStep(log), "\(log.steps)")
            #expect(log.untouchedTails(sectionCount: 2).map { [$0.from, $0.shift] } == Self.tailsStepByStep(log, sectionCount: 2), "\(log.steps)")
            let held = log.singleSteps.reduce(0) { n, step in
                switch step {
                case .removed(_, _, let items): n + items.count
                case .replaced: n + 1
                case .inserted, .retitled: n
                }
            }
            #expect(log.itemsHeld == held)
        }
    }

    /// Steps that continue one another are kept as one: inserts at consecutive places, removals
    /// at one place (a block from its start), also across logs appended to one another.
    @Test func stepsThatContinueARunJoinIt() {
        let item = { (n: Int) in Item(id: ItemID("x\(n)"), title: "x\(n)", icon: "star") }
        var log = EditLog()
        for k in 0..<1000 { log.append(.inserted(section: 1, index: 40 + k)) }
        var more = EditLog()
        more.append(.inserted(section: 1, index: 1040, count: 10))
        log.append(contentsOf: more)
        log.append(.inserted(section: 0, index: 1050))   // another section: a new step
        #expect(log.steps == [.inserted(section: 1, index: 40, count: 1010), .inserted(section: 0, index: 1050)])
        var removals = EditLog()
        for k in 0..<1000 { removals.append(.removed(section: 0, index: 7, item(k))) }
        removals.append(.removed(section: 0, index: 6, item(1000)))   // before the block: a new step
        #expect(removals.steps == [.removed(section: 0, index: 7, (0..<1000).map(item)), .removed(section: 0, index: 6, item(1000))])
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
