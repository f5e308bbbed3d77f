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
            case .inserted(let s, let i):
                // Entries from i on move up one; the new one at i ends the run before them.
                tails[s] = (Swift.max(tails[s].from, i) + 1, tails[s].shift + 1)
            case .removed(let s, let i, _):
                tails[s] = (Swift.max(tails[s].from - 1, i), tails[s].shift - 1)
            case .replaced(let s, let i, _):
                tails[s].from = Swift.max(tails[s].from, i + 1)
            case .retitled:
                break   // a title is not an entry
            }
        }
        return tails
    }
}
