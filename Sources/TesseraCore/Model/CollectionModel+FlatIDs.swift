/// The top-level ids of a model in section-major order — what a layout snapshot's flat indices
/// name — read in place: no list of ids is built or kept (it would duplicate every id).
public struct FlatIDs: RandomAccessCollection, Sendable {
    let sections: [Section]
    public let count: Int

    init(_ model: CollectionModel) {
        sections = model.sections
        count = model.topLevelCount
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// O(sections).
    public subscript(flat: Int) -> ItemID {
        precondition(flat >= 0 && flat < count, "flat index \(flat) out of range")
        var i = flat
        for s in sections {
            if i < s.items.count { return s.items[i].id }
            i -= s.items.count
        }
        preconditionFailure("unreachable")
    }
}

extension CollectionModel {
    /// Top-level ids in flat (section-major) order, as a view.
    public var flatIDs: FlatIDs { FlatIDs(self) }
}
