/// The items of one section laid out as a uniform grid: every item the same size, `perLine` to a
/// line, lines stacked along the main (scroll) axis. Frames come from the index, so a section of a
/// million items costs a few numbers, not a million rects, and rect queries are arithmetic.
///
/// For item k: line ℓ = k / perLine, column c = k % perLine,
///   main  = itemsStart + ℓ · linePitch
///   cross = crossLead + c · (ℓ is the last line ? lastCrossPitch : crossPitch)
/// (a full flow line spreads its items to the insets; the last line keeps the spacing of the line
/// before it when it fits — see `FlowLayout`).
struct GridGeometry: Sendable, Hashable {
    var count: Int
    var perLine: Int
    var main: Axis
    var pane: Int?
    var itemSize: Size
    var itemsStart: Double
    var linePitch: Double
    var crossLead: Double
    var crossPitch: Double
    var lastCrossPitch: Double

    var lineCount: Int { count == 0 ? 0 : (count - 1) / perLine + 1 }

    func frame(_ k: Int) -> Rect {
        let line = k / perLine, column = k - line * perLine
        let pitch = line == lineCount - 1 ? lastCrossPitch : crossPitch
        return AxisFrame(main: main).rect(main: itemsStart + Double(line) * linePitch,
                                          cross: crossLead + Double(column) * pitch,
                                          mainLength: itemSize[main], crossLength: itemSize[main.other])
    }

    /// Calls `body` with k for every item whose frame intersects `rect`, in ascending order.
    ///
    /// Candidate lines and columns come from division, widened by one on each side so rounding
    /// can never lose an item; each candidate is then tested against its exact frame, so the
    /// answer is what a test of every frame would give.
    func forEach(in rect: Rect, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        let lines = candidates(lo: rect.min(main), hi: rect.max(main), start: itemsStart, pitch: linePitch,
                               length: itemSize[main], count: lineCount)
        guard !lines.isEmpty else { return }
        let cross = main.other
        for line in lines {
            let inLine = Swift.min(perLine, count - line * perLine)
            let pitch = line == lineCount - 1 ? lastCrossPitch : crossPitch
            let columns = candidates(lo: rect.min(cross), hi: rect.max(cross), start: crossLead, pitch: pitch,
                                     length: itemSize[cross], count: inLine)
            for column in columns {
                let k = line * perLine + column
                if frame(k).intersects(rect) { body(k) }
            }
        }
    }

    /// Indices i in 0..<count whose span [start + i·pitch, + length) may meet [lo, hi).
    private func candidates(lo: Double, hi: Double, start: Double, pitch: Double, length: Double, count: Int) -> Range<Int> {
        guard count > 0, lo.isFinite || hi.isFinite else { return 0..<count }
        guard pitch > 0 else { return 0..<count }  // degenerate: zero-sized lines; test them all
        let first = ((lo - start - length) / pitch).rounded(.down) - 1
        let last = ((hi - start) / pitch).rounded(.down) + 1
        let a = first.isFinite ? Int(Swift.max(0, Swift.min(Double(count), first))) : (first < 0 ? 0 : count)
        let b = last.isFinite ? Int(Swift.max(-1, Swift.min(Double(count - 1), last))) : (last < 0 ? -1 : count - 1)
        return a <= b ? a..<(b + 1) : 0..<0
    }
}
