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
