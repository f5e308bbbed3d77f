/// Where a cell's done check goes, for the painter and for the click that toggles it (one
/// geometry, so what is drawn is what is hit).
///
/// A row (a board task: wider than 1.6x its height) has it at its leading edge, always shown, as
/// task lists do; a tile has it in its top-right corner, shown filled when done and as an empty
/// circle while the pointer rests on the tile or it is selected.
public enum CheckMark {
    public static func isRow(_ f: Rect) -> Bool { f.width > f.height * 1.6 }

    /// The circle, as its bounding square.
    public static func circle(in f: Rect) -> Rect {
        if isRow(f) {
            let r = Swift.min(10, f.height * 0.24)
            return Rect(x: f.minX + rowInset, y: f.midY - r, width: 2 * r, height: 2 * r)
        }
        let r = Swift.max(6, Swift.min(f.width, f.height) * 0.1)
        return Rect(x: f.maxX - 2 * r - 4, y: f.minY + 4, width: 2 * r, height: 2 * r)
    }

    /// What a click must hit: the circle grown to at least 28 px square (a pointer's slack).
    public static func target(in f: Rect) -> Rect {
        let c = circle(in: f)
        let grow = Swift.max(0, (28 - c.width) / 2)
        return c.insetBy(dx: -grow, dy: -grow)
    }

    /// Where a marked item's badge goes (a filled accent circle with a check): a tile's top-left
    /// corner (the done check has the top-right), a row's trailing end (its start has the done check).
    public static func markBadge(in f: Rect) -> Rect {
        if isRow(f) {
            let r = Swift.min(9, f.height * 0.22)
            return Rect(x: f.maxX - 2 * r - rowInset, y: f.midY - r, width: 2 * r, height: 2 * r)
        }
        let r = Swift.max(7, Swift.min(f.width, f.height) * 0.1)
        return Rect(x: f.minX + 4, y: f.minY + 4, width: 2 * r, height: 2 * r)
    }

    /// Room a row keeps at its start for the check: where its icon begins.
    public static func rowLead(in f: Rect) -> Double { circle(in: f).maxX - f.minX + rowInset - 2 }

    static let rowInset = 10.0
}
