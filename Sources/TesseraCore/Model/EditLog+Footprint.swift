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
    /// The footprint of the logged edits, mapped forward to the model they end on. O(steps²),
    /// with a handful of steps per edit (a drag with ten reorders logs about twenty).
    public var footprint: EditFootprint {
        var slots: [IndexPath] = []
        var departed: [Item] = []
        for step in steps {
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
            case .retitled:
                break   // a section's own row: stores write every section's title with each save
            }
        }
        return EditFootprint(slots: slots.sorted(), departed: departed)
    }
}
