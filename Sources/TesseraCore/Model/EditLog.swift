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
/// on a section itself (its title changed).
public struct EditLog: Hashable, Sendable {
    enum Step: Hashable, Sendable {
        case inserted(section: Int, index: Int)
        case removed(section: Int, index: Int, Item)
        case replaced(section: Int, index: Int, old: Item)
        case retitled(section: Int, old: String)
    }
    private(set) var steps: [Step] = []

    public init() {}

    public var isEmpty: Bool { steps.isEmpty }

    mutating func append(_ step: Step) { steps.append(step) }
    public mutating func append(contentsOf other: EditLog) { steps += other.steps }

    /// The folder that held `id` before a step of the log took it out or replaced it (the folder
    /// as it was is in the step): where an item that leaves a folder comes from. O(steps × children).
    func folder(thatHeld id: ItemID) -> ItemID? {
        for step in steps {
            switch step {
            case .removed(_, _, let old), .replaced(_, _, let old):
                if old.isFolder, old.children.contains(where: { $0.id == id }) { return old.id }
            case .inserted, .retitled: break
            }
        }
        return nil
    }

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
        for step in steps.reversed() {
            switch step {
            case .inserted(let s, let i):
                out.append(.removed(section: s, index: i, model.sections[s].items.remove(at: i)))
            case .removed(let s, let i, let item):
                model.sections[s].items.insert(item, at: i)
                out.append(.inserted(section: s, index: i))
            case .replaced(let s, let i, let old):
                out.append(.replaced(section: s, index: i, old: model.sections[s].items[i]))
                model.sections[s].items[i] = old
            case .retitled(let s, let old):
                out.append(.retitled(section: s, old: model.sections[s].title))
                model.sections[s].title = old
            }
        }
        return out
    }

    /// Where the top-level entry now at `path` was before the logged edits; nil when it was put
    /// there by them (an inserted entry: the moved item, or a new folder).
    ///
    /// Runs the steps backwards: O(steps).
    public func pathBefore(_ path: IndexPath) -> IndexPath? {
        var s = path.section, i = path.item
        for step in steps.reversed() {
            switch step {
            case .inserted(let ss, let ii) where ss == s:
                if ii == i { return nil }
                if ii < i { i -= 1 }
            case .removed(let ss, let ii, _) where ss == s:
                if ii <= i { i += 1 }
            default: break
            }
        }
        return IndexPath(section: s, item: i)
    }
}
