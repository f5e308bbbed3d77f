/// What edits did to the top level of a model, step by step: enough to undo them exactly and to
/// tell where an entry was before them.
///
/// Why not keep a copy of the model instead? A model is a value: holding the old one while
/// editing the new one makes the first edit copy every section it touches (100,000 items: ms and
/// megabytes per drag). A log costs a few steps per edit, and it also maps index paths across the
/// edits, which a relayout needs to slide items in from where they were (RecyclerView's
/// pre-/post-layout positions).
///
/// Every edit is a sequence of primitive steps: three on a section's top-level entries (insert,
/// remove, replace: a folder whose children changed, or a plain item turned into a folder) and one
/// on a section itself (its title changed). Inserts and removals are kept in runs: a drop of
/// 10,000 files is one step, not 10,000 (its undo, redo and every reading of the log were
/// O(steps) with an item copied a step: ~60% of the undo's frame at 100k items).
public struct EditLog: Hashable, Sendable {
    enum Step: Hashable, Sendable {
        /// `count` entries put at `index`, `index + 1` … one after another: after the step they
        /// are the places `index..<index + count`.
        case inserted(section: Int, index: Int, count: Int)
        /// The entries at `index..<index + items.count` taken out (`items` in that order): as
        /// many removals at `index`, one after another.
        case removed(section: Int, index: Int, [Item])
        case replaced(section: Int, index: Int, old: Item)
        case retitled(section: Int, old: String)

        static func inserted(section: Int, index: Int) -> Step { .inserted(section: section, index: index, count: 1) }
        static func removed(section: Int, index: Int, _ item: Item) -> Step { .removed(section: section, index: index, [item]) }

        /// A removal's items, the step left holding none: appended to in place, not copied
        /// (a run of 10,000 removals would copy its items at each one).
        mutating func takeItems() -> [Item] {
            guard case .removed(let s, let i, let items) = self else { return [] }
            self = .removed(section: s, index: i, [])
            return items
        }
    }
    /// No step continues the one before it as a run of inserts or of removals at one place:
    /// `append` joins those (so a run is always one step; removals from a block's end are not
    /// joined, each would copy the block's items).
    private(set) var steps: [Step] = []

    public init() {}

    public var isEmpty: Bool { steps.isEmpty }

    /// Appends a step; an insert right after the last step's inserts, or a removal at the place
    /// the last step removed at, extends that step instead (the same edits, one run).
    mutating func append(_ step: Step) {
        guard let last = steps.indices.last else { return steps.append(step) }
        switch step {
        case .inserted(let t, let j, let m):
            if case .inserted(t, let i, let n) = steps[last], j == i + n {
                steps[last] = .inserted(section: t, index: i, count: n + m)
                return
            }
        case .removed(let t, let j, let more):
            if case .removed(t, j, _) = steps[last] {
                var items = steps[last].takeItems()
                items += more
                steps[last] = .removed(section: t, index: j, items)
                return
            }
        case .replaced, .retitled:
            break
        }
        steps.append(step)
    }

    public mutating func append(contentsOf other: EditLog) {
        guard let first = other.steps.first else { return }
        append(first)
        steps += other.steps.dropFirst()
    }

    /// The log as one step per entry (what the runs stand for): for tests that check the runs
    /// against the steps one at a time.
    var singleSteps: [Step] {
        steps.flatMap { step -> [Step] in
            switch step {
            case .inserted(let s, let i, let n): (0..<n).map { .inserted(section: s, index: i + $0) }
            case .removed(let s, let i, let items): items.map { .removed(section: s, index: i, $0) }
            case .replaced, .retitled: [step]
            }
        }
    }

    /// The folder that held `id` before a step of the log took it out or replaced it (the folder
    /// as it was is in the step): where an item that leaves a folder comes from. O(steps × children);
    /// for many items, make ``PathsBefore`` once.
    func folder(thatHeld id: ItemID) -> ItemID? { PathsBefore(self).folder(thatHeld: id) }

    /// Whether the steps only moved top-level entries about (no folder made, emptied or changed,
    /// no title changed).
    var onlyMoves: Bool {
        steps.allSatisfy { if case .inserted = $0 { true } else if case .removed = $0 { true } else { false } }
    }


    /// Puts the model back as it was before the logged edits (the log must end where the model is
    /// now). Returns the log of the undo itself: a relayout after it maps paths across it too.
    @discardableResult
    public func undo(_ model: inout CollectionModel) -> EditLog {
        var out = EditLog()
        var k = steps.count - 1
        while k >= 0 {
            switch steps[k] {
            case .inserted(let s, let i, let n):
                // A run of inserts is one step: one cut.
                out.append(.removed(section: s, index: i, model.sections[s].items.removeSubrange(i..<(i + n))))
                k -= 1
            case .removed(let s, let i, let items):
                // Removals each ending where the next one took its block out (from a block's
                // end), met from the last: one splice.
                var block = items
                k -= 1
                while k >= 0, case .removed(s, i + block.count, let more) = steps[k] {
                    block += more
                    k -= 1
                }
                model.sections[s].items.insert(contentsOf: block, at: i)
                out.append(.inserted(section: s, index: i, count: block.count))
            case .replaced(let s, let i, let old):
                out.append(.replaced(section: s, index: i, old: model.sections[s].items[i]))
                model.sections[s].items[i] = old
                k -= 1
            case .retitled(let s, let old):
                out.append(.retitled(section: s, old: model.sections[s].title))
                model.sections[s].title = old
                k -= 1
            }
        }
        return out
    }

    /// Where the top-level entry now at `path` was before the logged edits; nil when it was put
    /// there by them (an inserted entry: the moved item, or a new folder).
    ///
    /// O(steps); for many paths, make ``PathsBefore`` once.
    public func pathBefore(_ path: IndexPath) -> IndexPath? { PathsBefore(self).pathBefore(path) }

    /// What the steps do, in runs: consecutive inserts (a drop of 10,000 files), or removals
    /// taking out one block (its undo: at the same place, from the block's start, or each ending
    /// where the one before began, from its end), each handed over once; a replacement or a
    /// retitling alone.
    enum StepRun {
        /// Entries put at `places` (the places after the run), in order.
        case inserted(section: Int, places: Range<Int>)
        /// The entries of `block` (the places before the run), taken out; `items` in the order
        /// the steps took them.
        case removed(section: Int, block: Range<Int>, items: [Item])
        case replaced(section: Int, index: Int, old: Item)
        case retitled(section: Int, old: String)
    }

    /// Hands `body` the log's runs in order: O(steps + items the steps removed).
    func forEachRun(_ body: (StepRun) -> Void) {
        var k = 0
        while k < steps.count {
            switch steps[k] {
            case .inserted(let s, let i, let n):
                body(.inserted(section: s, places: i..<(i + n)))
                k += 1
            case .removed(let s, let i, let first):
                // Removals at one place are one step already; those from a block's end follow
                // one another, each ending where the one before began.
                var items = first, low = i
                k += 1
                while k < steps.count, case .removed(s, let j, let more) = steps[k], j + more.count == low {
                    items += more
                    low = j
                    k += 1
                }
                body(.removed(section: s, block: low..<(low + items.count), items: items))
            case .replaced(let s, let i, let old):
                body(.replaced(section: s, index: i, old: old))
                k += 1
            case .retitled(let s, let old):
                body(.retitled(section: s, old: old))
                k += 1
            }
        }
    }

    /// Maps paths back across a log, and finds the folder a step took an item out of, with the
    /// log's runs (a drop of 10,000 files is one run of inserts, its undo one run of removals)
    /// each taken in one go: a relayout asks this of every tile in view, and asking the log
    /// itself cost O(steps) a tile (10,000 steps × 80 asks in the frame of a big drop).
    public struct PathsBefore: Sendable {
        /// A run of steps in one section: inserts at consecutive places (`low..<low+count` after
        /// them), or removals of a block (`low..<low+count` before them).
        private struct Run: Sendable {
            var inserted: Bool
            var section: Int
            var low: Int
            var count: Int
        }
        private var runs: [Run] = []
        /// The folder each item was in, for items a step took out of a folder or whose folder a
        /// step replaced (the folder as it was is in the step). The first step wins.
        private var holders: [ItemID: ItemID] = [:]

        /// O(steps + children of the folders the steps took out or replaced).
        public init(_ log: EditLog) {
            log.forEachRun { run in
                switch run {
                case .inserted(let s, let places):
                    runs.append(Run(inserted: true, section: s, low: places.lowerBound, count: places.count))
                case .removed(let s, let block, let items):
                    for item in items { Self.noteHolder(of: item, in: &holders) }
                    runs.append(Run(inserted: false, section: s, low: block.lowerBound, count: block.count))
                case .replaced(_, _, let old):
                    Self.noteHolder(of: old, in: &holders)
                case .retitled:
                    break
                }
            }
        }

        private static func noteHolder(of old: Item, in holders: inout [ItemID: ItemID]) {
            guard old.isFolder else { return }
            for child in old.children where holders[child.id] == nil { holders[child.id] = old.id }
        }

        /// As ``EditLog/pathBefore(_:)``: O(runs).
        public func pathBefore(_ path: IndexPath) -> IndexPath? {
            var i = path.item
            for run in runs.reversed() where run.section == path.section {
                if run.inserted {
                    if i >= run.low + run.count { i -= run.count } else if i >= run.low { return nil }
                } else if i >= run.low {
                    i += run.count
                }
            }
            return IndexPath(section: path.section, item: i)
        }

        /// Where the top-level entry at `path` before the logged edits is after them; nil when
        /// a step took it out (moved, into a folder, gone). O(runs).
        public func pathAfter(_ path: IndexPath) -> IndexPath? {
            var i = path.item
            for run in runs where run.section == path.section {
                if run.inserted {
                    if i >= run.low { i += run.count }
                } else if i >= run.low + run.count {
                    i -= run.count
                } else if i >= run.low {
                    return nil
                }
            }
            return IndexPath(section: path.section, item: i)
        }

        /// As ``EditLog/folder(thatHeld:)``: O(1).
        public func folder(thatHeld id: ItemID) -> ItemID? { holders[id] }
    }
}
