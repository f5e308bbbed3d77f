extension EditLog {
    /// Per section, the run at its end that the logged edits left alone: from `from` (an index in
    /// the model after the edits) on, the section holds the entries it held before from
    /// `from - shift` on, in the same order. O(steps).
    ///
    /// Why: a masonry laid out again after an edit re-places every item after the first it
    /// changed, but an item past the last one it changed has the same neighbours as before; its
    /// frame from the layout before is a good stand-in while the new one is computed
    /// (`Arrangement`, "borrowed tail").
    func untouchedTails(sectionCount: Int) -> [(from: Int, shift: Int)] {
        var tails = [(from: Int, shift: Int)](repeating: (0, 0), count: sectionCount)
        for step in steps {
            switch step {
            case .inserted(let s, let i, let n):
                // Entries from i on move up n; the new ones at i..<i+n end the run before them.
                tails[s] = (Swift.max(tails[s].from, i) + n, tails[s].shift + n)
            case .removed(let s, let i, let items):
                tails[s] = (Swift.max(tails[s].from - items.count, i), tails[s].shift - items.count)
            case .replaced(let s, let i, _):
                tails[s].from = Swift.max(tails[s].from, i + 1)
            case .retitled:
                break   // a title is not an entry
            }
        }
        return tails
    }
}

extension EditLog {
    /// The first place the logged edits touched, in reading order: every entry before it (all of
    /// the sections before `section`, the first `index` entries of `section`) is where it was
    /// before them, unchanged. Nil when no entry was touched (only titles). O(steps).
    ///
    /// Why: each step changes only places at or after its index, so no step moves an entry
    /// that sits before every step's place. A masonry laid out again keeps those entries'
    /// frames from the layout before (`MasonryPass`, adopting) instead of placing them again.
    func untouchedHead() -> (section: Int, index: Int)? {
        var first: (section: Int, index: Int)?
        for step in steps {
            let place: (section: Int, index: Int)
            switch step {
            case .inserted(let s, let i, _), .removed(let s, let i, _), .replaced(let s, let i, _): place = (s, i)
            case .retitled: continue
            }
            if let f = first, (f.section, f.index) <= (place.section, place.index) { continue }
            first = place
        }
        return first
    }
}
