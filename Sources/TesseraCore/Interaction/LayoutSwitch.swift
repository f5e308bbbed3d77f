/// A switch to `target`, its snapshot computed by `pass` (a masonry) or at once (`result`).
struct LayoutSwitch: Sendable {
    var target: LayoutConfiguration
    private var pass: MasonryPass?
    private(set) var result: LayoutSnapshot?
    var isReady: Bool { result != nil }
    /// Its frame's slice was done when it was asked for: the next `continueLayoutWork` runs none
    /// and counts it as this work's slice. An edit that placed what it needed at once and left the
    /// rest of its pass to `reshaping` (the drop of 10,000 files onto 100,000 items placed them,
    /// ~10 ms, and a slice of 100,000 more, ~3.5 ms, would follow before the next frame); a
    /// switch laid out in one go (`landSwitchNextFrame`), which so lands a frame later.
    var restsOneSlice = false
    /// Whether `continueLayoutWork` has something to do for it.
    var hasWork: Bool { !isReady || restsOneSlice }
    /// Whether it may land now: computed, and not resting the slice after the frame that asked
    /// for it (then it lands in the frame after that slice).
    var isLandable: Bool { isReady && !restsOneSlice }
    /// Items its pass has placed (nil: no pass, or it is over).
    var itemsPlaced: Int? { pass?.itemsPlaced }

    /// A pass already under way (the exact layout behind a provisional snapshot), run to its end
    /// at once when what it has left fits `budget` (`MasonryPass.workLeft`).
    init(target: LayoutConfiguration, continuing pass: consuming MasonryPass, budget: Int = 0) {
        self.target = target
        let atOnce = pass.workLeft <= budget
        // Moved in, not copied: a second owner of its frames would make the first append
        // copy them into fresh pages (a drop's batch of pictures at the end of 100,000 items
        // took 3 ms instead of 0.5).
        self.pass = consume pass
        if atOnce { run(budget: budget) }
    }

    init(target: LayoutConfiguration, model: CollectionModel, viewport: Size, reusing spare: FrameStore?, budget: Int) {
        self.target = target
        if case .masonry(let m) = target {
            pass = MasonryPass(m, model: model, viewport: viewport, reusing: spare)
            if model.topLevelCount <= budget { run(budget: budget) }
        } else {
            result = target.snapshot(of: model, viewport: viewport)
        }
    }

    mutating func run(budget: Int) {
        guard var p = pass else { return }
        pass = nil
        if p.run(budget: budget) { result = p.snapshot() } else { pass = p }
    }

    /// The store of an unfinished pass's frames, for another pass to write into.
    consuming func abandon() -> FrameStore? {
        guard let p = pass else { return nil }
        pass = nil
        return p.releaseFrames()
    }
}
