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
        let destination = session.incoming != nil ? incomingDestination(at: p) : insertionPath(at: p).map { .gap($0) }
        dragLeft()
        guard !items.isEmpty, canEditNow, let destination else { return false }
        let kept = items.prefix(Self.dropInLimit)
        let ids = model.freshIDs(prefix: "dropped-", count: kept.count)
        let made: [Item] = zip(ids, kept).map { id, incoming in
            // Cleaned as typed text is (no control characters, within the title limit).
            let clean = TextField.cleaned(incoming.title)
            let title = clean.isEmpty ? "Untitled" : clean
            return Item(id: id, title: title, icon: incoming.icon, rgba: Self.newItemColor(id), sizeHint: .square)
        }
        let summary = made.count == 1 ? "Added \(made[0].title)" : "Added \(WorkProgress.grouped(made.count)) items"
        // Where they are inserted, and the tile they then join (nil: they stay at the gap).
        let start: IndexPath, into: ItemID?
        switch destination {
        case .gap(let path):
            (start, into) = (path, nil)
        case .into(let path), .onto(let path):
            (start, into) = (IndexPath(section: path.section, item: path.item + 1), model.item(at: path)?.id)
        }
        guard (try? update(at: t, summary: summary, toast: true, { (u: inout ModelUpdates) throws(ModelEditError) -> Void in
            try u.insert(contentsOf: made, at: start)
            // Set or cleared: an id freed by an undo may carry an earlier item's entry.
            u.reserveLocations(for: kept.lazy.map(\.location))
            for (k, item) in made.enumerated() { u.setLocation(kept[kept.startIndex + k].location, of: item.id) }
            // Onto a tile: the first joins it (a folder takes it in; a plain item and it become a
            // new folder in its place), the rest follow into that folder, in order.
            guard let target = into else { return }
            let folder = try u.drop(ids[0], onto: target)
            for id in ids.dropFirst() { try u.moveIntoFolder(id, folder: folder) }
        })) != nil else { return false }
        let shown = into == nil ? start : IndexPath(section: start.section, item: start.item - 1)
        navigation.select(into == nil ? ids[0] : (model.item(at: shown)?.id ?? ids[0]), at: shown)
        if let j = snapshot.flatIndex(of: shown) { reveal(j) }
        if items.count > kept.count { notify("Added the first \(kept.count) of \(items.count) dropped items") }
        outbox.redraw()
        return true
    }
}
