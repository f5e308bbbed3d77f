/// Moving an item without a pointer. It is the pointer drag driven by keys, not a second
/// implementation: Space lifts the selected item through the same lift as a held press
/// (`liftOrRefuse`: a done item refuses with the shake), each arrow moves it one slot through the
/// same move a dwell at a gap makes (`Engine.move`, joining the drag's edits, neighbours sliding),
/// Space or Enter drops it through `drop` (one commit, one undo step), Escape cancels through
/// `cancelDrag` (the order from the lift comes back). The snapshot sits over the item's slot
/// (`carriedFrame`), so it slides with the relayout and the scroll; the view follows (`reveal`).
///
/// Where a key moves it: in a grid or masonry, Left / Right one place in reading order (past a
/// section's end into the next section, before its start to the previous one's end), Up / Down to
/// the place of the nearest cell above or below (a row, across sections too); on the board, Up /
/// Down one place in the list (crossing into the next or previous list at its ends), Left / Right to
/// the neighbouring list at the same row; Home / End to its section's or list's ends. Inside an
/// open folder the same keys reorder its items (Up / Down by a row of its grid).
extension Engine {
    /// Whether the carried item was lifted by Space and moves by keys.
    public var isKeyboardLift: Bool { session.lift?.byKeyboard == true }

    /// Space: lifts the selected item (in an open folder, one of its items). Returns whether it
    /// lifted (a done item refuses with the shake and stays).
    @discardableResult
    public mutating func keyboardLift(at t: Double) -> Bool {
        guard canEditNow, navigation.renaming == nil, let id = navigation.selection, let path = locate(id) else { return false }
        var folder: ItemID?
        switch navigation.overlay {
        case .folder(let open)?:
            // Only the open folder's own items move while it is open.
            guard path.child != nil, model.sections[path.section].items[path.item].id == open else { return false }
            folder = open
        case .detail?:
            return false
        case nil:
            guard path.child == nil else { return false }
        }
        guard let frame = drawnFrame(of: id, at: path) else { return false }
        let press = Press(id: id, path: path, start: t, origin: frame.center, folder: folder)
        session.begin(press)
        liftOrRefuse(press, at: t, grabbedAt: frame.center, byKeyboard: true)
        // Refused: no release will come to end the press.
        if session.press != nil { session.end() }
        return session.lift != nil
    }

    /// Keys while an item is carried by keys.
    mutating func keyboardLiftKey(_ k: Key, at t: Double) {
        switch k {
        case .space, .enter: drop(at: t)
        case .escape: cancelDrag(at: t)
        case .left, .right, .up, .down, .home, .end: keyboardMove(k, at: t)
        default: break
        }
    }

    /// Moves the carried item one step in the direction of `k` (see the type's comment).
    mutating func keyboardMove(_ k: Key, at t: Double) {
        guard let lift = session.lift, let from = model.indexPath(of: lift.id, near: lift.path) else { return }
        if let fid = lift.folder, let c = from.child, let panel = folderPanel, panel.folder == fid {
            let count = panel.children.count, columns = panel.columns
            let to: Int = switch k {
            case .left: c - 1
            case .right: c + 1
            case .up: c - columns
            case .down: c + columns
            case .home: 0
            default: count - 1
            }
            guard to != c, to >= 0, to < count else { return }
            reorderInFolder(lift.id, folder: fid, toGap: to > c ? to + 1 : to, from: from, at: t)
            if let after = folderPanel { revealChild(to, in: after) }
            announceMove(of: lift.id, from: from)
            return
        }
        guard let to = keyboardDestination(k, from: from), to != from else { return }
        try? move(lift.id, to: to, near: from, at: t, animated: true)
        if let j = snapshot.flatIndex(of: to) { reveal(j) }
        announceMove(of: lift.id, from: from)
        outbox.redraw()
    }

    /// Where key `k` takes the item at top-level place `from`; nil when it can go no further.
    func keyboardDestination(_ k: Key, from: IndexPath) -> IndexPath? {
        let s = from.section, count = model.sections[s].items.count
        let board = snapshot.sections[s].pane != nil
        // One place on in reading order, crossing into the neighbouring section at the ends.
        func step(_ d: Int) -> IndexPath? {
            let i = from.item + d
            if i >= 0 && i < count { return IndexPath(section: s, item: i) }
            let other = s + d
            guard model.sections.indices.contains(other) else { return nil }
            return IndexPath(section: other, item: d > 0 ? 0 : model.sections[other].items.count)
        }
        switch k {
        case .home: return IndexPath(section: s, item: 0)
        case .end: return IndexPath(section: s, item: count - 1)
        case .left where board, .right where board:
            let other = s + (k == .left ? -1 : 1)
            guard model.sections.indices.contains(other) else { return nil }
            return IndexPath(section: other, item: Swift.min(from.item, model.sections[other].items.count))
        case .up where board: return step(-1)
        case .down where board: return step(1)
        case .left: return step(-1)
        case .right: return step(1)
        default:
            // Up / Down in a grid or masonry: the place of the nearest cell that way.
            guard let i = snapshot.flatIndex(of: from), let j = nearestCell(from: i, toward: k) else { return nil }
            return snapshot.indexPath(ofFlat: j)
        }
    }

    /// Where the carried snapshot is drawn: under the pointer, keeping its grab offset; for a
    /// keyboard lift, over the item's slot as it is drawn now (sliding with the relayout and the
    /// scroll).
    func carriedFrame(_ lift: Lift) -> Rect {
        guard lift.byKeyboard, let frame = drawnFrame(of: lift.id, at: lift.path) else { return lift.frame }
        return frame
    }
}
