/// Answers "which items intersect this rect" in time proportional to the answer, not to N.
///
/// Items are grouped into runs (a flow section, a masonry column, a board list). Within a run,
/// items form bands along one axis (a flow line, a single masonry or list item) whose low and high
/// edges never decrease, so a binary search finds the first band that can reach the rect and a
/// scan stops at the first band past it.
struct SpatialIndex: Sendable {
    struct Band: Equatable, Sendable {
        var lo: Double
        var hi: Double
        /// Range into `order`.
        var start: Int32
        var end: Int32
    }
    struct Run: Equatable, Sendable {
        var pane: Int?
        var axis: Axis
        var bands: Range<Int>
        /// A masonry column or section with no records at all (a million-item masonry would spend
        /// 4 MB on an order list and 24 MB on bands): see ``Shape``.
        var shape: Shape? = nil
    }

    /// Runs of single items whose own frames are the bands, read straight from the frames.
    enum Shape: Equatable, Sendable {
        /// Flat indices `items` whose leading edges never decrease, none longer than `reach` along
        /// the axis: a shortest-column masonry section (each item goes where the shortest column
        /// ends, and the shortest end only grows).
        case monotone(items: Range<Int>, reach: Double)
        /// `count` flat indices from `first`, `step` apart, stacked along the axis: a round-robin
        /// masonry column.
        case strided(first: Int, count: Int, step: Int)
    }

    /// Flat item indices, grouped by band.
    private(set) var order: [Int32] = []
    private(set) var bands: [Band] = []
    private(set) var runs: [Run] = []
    private var openRun: (pane: Int?, axis: Axis, start: Int)?

    mutating func beginRun(pane: Int?, axis: Axis) {
        endRun()
        openRun = (pane, axis, bands.count)
    }

    /// Adds a band holding `items` (flat indices) spanning `lo..<hi` along the run's axis.
    mutating func addBand<S: Sequence<Int>>(lo: Double, hi: Double, items: S) {
        let start = Int32(order.count)
        for i in items { order.append(Int32(i)) }
        bands.append(Band(lo: lo, hi: hi, start: start, end: Int32(order.count)))
    }

    /// Adds a ``Shape`` run (items whose own frames are its bands).
    mutating func add(_ shape: Shape, pane: Int?, axis: Axis) {
        endRun()
        switch shape {
        case .monotone(let items, _): guard !items.isEmpty else { return }
        case .strided(_, let count, _): guard count > 0 else { return }
        }
        runs.append(Run(pane: pane, axis: axis, bands: bands.count..<bands.count, shape: shape))
    }

    mutating func endRun() {
        guard let r = openRun else { return }
        if bands.count > r.start { runs.append(Run(pane: r.pane, axis: r.axis, bands: r.start..<bands.count)) }
        openRun = nil
    }

    /// Calls `body` with the flat index of every item in `pane` whose frame intersects `rect`.
    func forEach(in rect: Rect, pane: Int?, frames: FrameView, _ body: (Int) -> Void) {
        for run in runs where run.pane == pane {
            let lo = rect.min(run.axis), hi = rect.max(run.axis)
            switch run.shape {
            case .monotone(let items, let reach)?:
                // An item that starts before `lo - reach` ends before `lo`: find the first that
                // does not, then stop at the first that starts past the rect.
                var a = items.lowerBound, b = items.upperBound
                while a < b {
                    let m = (a + b) / 2
                    if frames[m].min(run.axis) < lo - reach { a = m + 1 } else { b = m }
                }
                while a < items.upperBound {
                    let f = frames[a]
                    guard f.min(run.axis) < hi else { break }
                    if f.intersects(rect) { body(a) }
                    a += 1
                }
                continue
            case .strided(let first, let count, let step)?:
                // First item whose far edge passes the rect's near edge; stop at the first past it.
                var a = 0, b = count
                while a < b {
                    let m = (a + b) / 2
                    if frames[first + m * step].max(run.axis) <= lo { a = m + 1 } else { b = m }
                }
                while a < count {
                    let i = first + a * step
                    let f = frames[i]
                    guard f.min(run.axis) < hi else { break }
                    if f.intersects(rect) { body(i) }
                    a += 1
                }
                continue
            case nil:
                break
            }
            // First band whose high edge passes the rect's low edge.
            var a = run.bands.lowerBound, b = run.bands.upperBound
            while a < b {
                let m = (a + b) / 2
                if bands[m].hi <= lo { a = m + 1 } else { b = m }
            }
            var k = a
            while k < run.bands.upperBound, bands[k].lo < hi {
                let band = bands[k]
                for j in Int(band.start)..<Int(band.end) {
                    let i = Int(order[j])
                    if frames[i].intersects(rect) { body(i) }
                }
                k += 1
            }
        }
    }
}
