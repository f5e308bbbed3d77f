/// Items made from files and links: the platform's news about their pictures, and opening them.
extension Engine {
    /// Notes each location's state (the cells showing it draw again) and gives the images their
    /// real aspect: masonry re-flows, the neighbours sliding to their new places. Measuring is not
    /// an edit: nothing to undo, but saved, so the next start lays out the same wall.
    mutating func artworkReported(_ reports: [ArtworkReport], at t: Double) {
        guard !reports.isEmpty else { return }
        var aspects: [String: Double] = [:]
        for r in reports {
            presentation.artwork.note(r)
            if let a = r.aspect, a.isFinite, a > 0 {
                aspects[r.location] = min(max(a, SizeHint.pictureAspects.lowerBound), SizeHint.pictureAspects.upperBound)
            }
        }
        outbox.redraw()
        guard !aspects.isEmpty else { return }
        // O(reports) to find their items, then a pass for their places (until all are found):
        // reports come in batches, at most one a frame, and only while pictures are being read.
        var wanted: [ItemID: Double] = [:]
        for (location, a) in aspects { arrangement.forEachItem(atLocation: location) { wanted[$0] = a } }
        guard !wanted.isEmpty else { return }
        var changed: [(ItemID, IndexPath, Double)] = []
        for (id, path) in model.indexPaths(of: Set(wanted.keys)) {
            guard let item = model.item(at: path), let a = wanted[id], !item.isFolder,
                  abs(item.sizeHint.aspect - a) > 0.005 else { continue }
            changed.append((id, path, a))
        }
        guard !changed.isEmpty else { return }
        let before = layoutBefore(at: t, animated: true)
        // A large masonry re-flows over the next frames (`Arrangement.editShapes`); the tiles
        // slide when it lands.
        let (log, laidOut) = arrangement.editShapes(budget: layoutSliceBudget) { u in
            for (id, path, a) in changed { try? u.setAspect(a, of: id, near: path) }
        }
        guard !log.isEmpty else { return }
        if laidOut { afterRelayout(before, edits: LoggedEdits(log), at: t, animated: true) }
        outbox.post(.commit(log))
        navigation.follow(model)
        refreshFolderPanel()
    }

    /// Opens an item made from a file or a link with the desktop's application for it (the
    /// platform launches it and reports a failure as a notice). False for other items.
    mutating func launch(_ id: ItemID, item: Item) -> Bool {
        guard !item.isFolder, let location = model.locations[id] else { return false }
        outbox.post(.launch(location: location, title: item.title))
        presentation.show(Toast(text: "Opening \u{201C}\(item.title)\u{201D}", action: nil, shownAt: now, avoid: nil))
        outbox.redraw()
        return true
    }
}
