/// Answers "which items intersect this rect" in time proportional to the answer, not to N.
///
/// Items are grouped into runs (a flow section, a masonry column, a board list). Within a run,
/// items form bands along one axis (a flow line, a single masonry or list item) whose low and high
/// edges never decrease, so a binary search finds the first band that can reach the rect and a
/// scan stops at the first band past it.
struct SpatialIndex: Sendable {
    struct Band: Sendable {
        var lo: Double
        var hi: Double
        /// Range into `order`.
        var start: Int32
        var end: Int32
    }
    struct Run: Sendable {
        var pane: Int?
        var axis: Axis
        var bands: Range<Int>
        /// A column run (masonry): one item per band, in `order[columnItems]`, each band being the
        /// item's own frame along the axis. No band records: a million-item masonry saves 24 MB.
        var columnItems: Range<Int>? = nil
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

    /// Adds a run of single items stacked along `axis` (flat indices, frames in ascending order).
    mutating func addColumn<C: Collection<Int32>>(pane: Int?, axis: Axis, items: C) {
        endRun()
        guard !items.isEmpty else { return }
        let start = order.count
        order.append(contentsOf: items)
        runs.append(Run(pane: pane, axis: axis, bands: bands.count..<bands.count, columnItems: start..<order.count))
    }

    mutating func endRun() {
        guard let r = openRun else { return }
        if bands.count > r.start { runs.append(Run(pane: r.pane, axis: r.axis, bands: r.start..<bands.count)) }
        openRun = nil
    }

    /// Calls `body` with the flat index of every item in `pane` whose frame intersects `rect`.
    func forEach(in rect: Rect, pane: Int?, frames: [Rect], _ body: (Int) -> Void) {
        for run in runs where run.pane == pane {
            let lo = rect.min(run.axis), hi = rect.max(run.axis)
            if let column = run.columnItems {
                // First item whose far edge passes the rect's near edge; stop at the first past it.
                var a = column.lowerBound, b = column.upperBound
                while a < b {
                    let m = (a + b) / 2
                    if frames[Int(order[m])].max(run.axis) <= lo { a = m + 1 } else { b = m }
                }
                while a < column.upperBound {
                    let i = Int(order[a])
                    let f = frames[i]
                    guard f.min(run.axis) < hi else { break }
                    if f.intersects(rect) { body(i) }
                    a += 1
                }
                continue
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
