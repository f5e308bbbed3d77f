/// What a run of edits touched, in terms a store can write: the top-level places of the model
/// *after* the edits whose entries were put there or changed, and the items that were taken out
/// somewhere along the way (some of which may be gone for good).
///
/// Everything else kept its container and its order relative to the other untouched entries,
/// because every edit is a sequence of inserts, removals and replacements of single top-level
/// entries: a store keeps the rows of untouched entries as they are and writes only these.
public struct EditFootprint: Hashable, Sendable {
    /// Places (section, item; never a child) in the model after the edits, in order, each once.
    public var slots: [IndexPath]
    /// Items the edits took out of a place or replaced (a folder as it was, with its children):
    /// each is now elsewhere (then at one of `slots`, or inside a folder there) or gone.
    public var departed: [Item]

    public init(slots: [IndexPath], departed: [Item]) {
        self.slots = slots
        self.departed = departed
    }
}

extension EditLog {
    /// The footprint of the logged edits, mapped forward to the model they end on.
    ///
    /// O(steps + runs × slots): a run of inserts at consecutive places (a drop of 10,000 files)
    /// or of removals taking out one block (its undo) shifts the places once, not once a step.
    public var footprint: EditFootprint {
        var slots: [IndexPath] = []
        var departed: [Item] = []
        func shift(_ s: Int, from start: Int, by n: Int) {
            for k in slots.indices where slots[k].section == s && slots[k].item >= start { slots[k].item += n }
        }
        forEachRun { run in
            switch run {
            case .inserted(let s, let places):
                shift(s, from: places.lowerBound, by: places.count)
                slots += places.map { IndexPath(section: s, item: $0) }
            case .removed(let s, let block, let items):
                departed += items
                slots.removeAll { $0.section == s && block.contains($0.item) }
                shift(s, from: block.upperBound, by: -block.count)
            case .replaced(let s, let i, let old):
                slots.append(IndexPath(section: s, item: i))
                departed.append(old)
            case .retitled:
                break   // a section's own row: stores write every section's title with each save
            }
        }
        // A place replaced twice, or inserted then replaced, is one slot. Sorted, then neighbours
        // compared: a drop's 10,000 places come in order, and hashing each cost more than this.
        slots.sort()
        var unique: [IndexPath] = []
        unique.reserveCapacity(slots.count)
        for slot in slots where unique.last != slot { unique.append(slot) }
        return EditFootprint(slots: unique, departed: departed)
    }
}

/// An edit's log with its footprint, worked out once: the relayout (departures), the ids followed
/// after it (``AfterEdits``) and the reveal of the change all read the footprint, and each used
/// to work it out again (three times O(steps) for a drop of 10,000 files).
struct LoggedEdits {
    let log: EditLog
    let footprint: EditFootprint

    init(_ log: EditLog) {
        self.log = log
        footprint = log.footprint
    }
}
