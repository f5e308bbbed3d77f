/// What a carried item may be dropped on, and what the pointer means: the drag's policy, apart
/// from its mechanism (RecyclerView's `ItemTouchHelper.Callback.canDropOver` and
/// `chooseDropTarget`). The engine asks these; change them here and every path follows (the
/// surface, board lists, an open folder).
public enum DropRules {
    /// Whether `dragged` (now at `from`) may be dropped onto `target` at `path`: into a folder, or
    /// onto a plain item to make a folder of the two. Not onto itself, not onto a done item, not
    /// inside a folder's panel, and never a folder into anything (no folders in folders).
    ///
    /// A group (`group`) is offered a cell even when it holds a folder, so that the dwell can
    /// refuse it with a reason (a single folder is simply not offered one: it only reorders).
    public static func canDrop(_ dragged: Item, from: IndexPath, onto target: Item, at path: IndexPath, group: Bool = false) -> Bool {
        let ownFolder = from.child != nil && path.section == from.section && path.item == from.item
        return path != from && path.child == nil && !ownFolder && target.isMovable && (group || !dragged.isFolder)
    }

    /// The surface target to dwell on, from what the layout reads under the pointer: nil when a
    /// drop there would change nothing (a gap on either side of the carried item's own slot).
    public static func chooseTarget(_ raw: DropTarget?, carriedFrom from: IndexPath) -> DropTarget? {
        if case .gap(let s, let i)? = raw, from.child == nil, s == from.section, i == from.item || i == from.item + 1 {
            return nil
        }
        return raw
    }

    /// The gap to dwell on among an open folder's items, the carried one being child `c`: nil
    /// next to its own place.
    public static func chooseFolderGap(_ gap: Int?, carriedChild c: Int) -> DropTarget? {
        guard let g = gap, g != c, g != c + 1 else { return nil }
        return .gap(section: 0, index: g)
    }

    /// Where a gap target (counted with the carried item still in place) puts the item once it is
    /// taken out: indices after its own place shift down by one — or after its folder's place,
    /// when it is the folder's last item (`emptiesFolder`: taking it out removes the folder).
    public static func destination(ofGap index: Int, in section: Int, carriedFrom from: IndexPath,
                                   emptiesFolder: Bool = false) -> IndexPath {
        let leavesAHole = from.child == nil || emptiesFolder
        let i = (section == from.section && leavesAHole && index > from.item) ? index - 1 : index
        return IndexPath(section: section, item: i)
    }
}
