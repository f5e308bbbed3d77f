/// Items dropped from another app (XDND): made where the pointer let go — at the gap it is at, as
/// a drag's gap bar reads it — in the order they came, as one undoable step.
extension Engine {
    /// The most items one drop makes (a larger drop is cut, with a notice).
    public static let dropInLimit = 10_000

    /// Where a drop at window point `p` puts new items: the gap there (a tile's centre reads as
    /// its nearer edge); outside every section, the end of the last one.
    func insertionPath(at p: Point) -> IndexPath? {
        guard !model.sections.isEmpty else { return nil }
        if case .gap(let s, let i)? = snapshot.dropTarget(at: p, offsets: offsets, previous: nil, zones: policy.dropZones,
                                                           accepts: { _ in false }) {
            return IndexPath(section: s, item: i)
        }
        let last = model.sections.count - 1
        return IndexPath(section: last, item: model.sections[last].items.count)
    }

    /// Adds `items` at the gap under `p`, in order, as one step of the history ("Added 3 items"),
    /// selects the first and shows it. Returns whether anything was added.
    @discardableResult
    mutating func dropIn(_ items: [IncomingItem], at p: Point, t: Double) -> Bool {
        let destination = session.incoming != nil ? incomingDestination(at: p) : insertionPath(at: p)
        dragLeft()
        guard !items.isEmpty, canEditNow, let start = destination else { return false }
        let kept = items.prefix(Self.dropInLimit)
        var ids: [ItemID] = []
        var next = nextDroppedNumber()
        let made: [Item] = kept.map { incoming in
            let id = ItemID("dropped-\(next)")
            next += 1
            ids.append(id)
            // Cleaned as typed text is (no control characters, within the title limit).
            let clean = TextField(incoming.title).text
            let title = clean.isEmpty ? "Untitled" : clean
            return Item(id: id, title: title, icon: incoming.icon, rgba: Self.newItemColor(id), sizeHint: .square)
        }
        let summary = made.count == 1 ? "Added \(made[0].title)" : "Added \(made.count) items"
        guard (try? update(at: t, summary: summary, toast: true, { (u: inout ModelUpdates) throws(ModelEditError) -> Void in
            for (k, item) in made.enumerated() {
                try u.insert(item, at: start.child.map { IndexPath(section: start.section, item: start.item, child: $0 + k) }
                    ?? IndexPath(section: start.section, item: start.item + k))
            }
        })) != nil else { return false }
        navigation.select(ids[0], at: start)
        if start.child == nil, let j = snapshot.flatIndex(of: start) { reveal(j) }
        if items.count > kept.count { notify("Added the first \(kept.count) of \(items.count) dropped items") }
        outbox.redraw()
        return true
    }

    /// The first N with no `dropped-N` at or after it: one scan, whatever the drop's size.
    private func nextDroppedNumber() -> Int {
        var highest = 0
        for s in model.sections {
            for item in s.items {
                highest = Swift.max(highest, Self.droppedNumber(item.id))
                for c in item.children { highest = Swift.max(highest, Self.droppedNumber(c.id)) }
            }
        }
        return highest + 1
    }

    private static func droppedNumber(_ id: ItemID) -> Int {
        let raw = id.rawValue
        guard raw.hasPrefix("dropped-"), let n = Int(raw.dropFirst(8)), n > 0 else { return 0 }
        return n
    }
}
