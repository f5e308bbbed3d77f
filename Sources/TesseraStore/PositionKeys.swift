/// Order keys for the entries of one section or one folder: gapped integers.
///
/// A new store numbers entries `gap`, `2·gap`, `3·gap`… (`gap` = 2³²). An entry placed between two
/// others takes a key between theirs, so a move writes one row; after about 32 placements into the
/// same gap its neighbours' keys are adjacent, and a window around the place is renumbered
/// (`StoreWriter`): the window doubles until its keys can be spread at least `minimumSpacing`
/// apart, so the rewrite costs O(log n) rows amortised and leaves room for many more moves there.
enum PositionKeys {
    static let gap: Int64 = 1 << 32
    /// A renumbered window spreads its keys at least this far apart (2¹⁶: sixteen halvings of room).
    static let minimumSpacing: Int64 = 1 << 16

    /// Keys for the entries of a new container: gap, 2·gap, …
    static func fresh(count: Int) -> [Int64] { (0..<count).map { Int64($0 + 1) * gap } }

    /// `count` increasing keys strictly between `low` and `high` (nil: open on that side), at
    /// least `spacing` apart and from the bounds; nil when there is not that much room.
    ///
    /// Open on one side, keys step by `gap` away from the other bound (appending at a section's
    /// end keeps full gaps); between two bounds they are spread evenly.
    static func between(_ low: Int64?, _ high: Int64?, count: Int, spacing: Int64 = 1) -> [Int64]? {
        guard count > 0 else { return [] }
        let n = Int64(count)
        switch (low, high) {
        case (nil, nil):
            return fresh(count: count)
        case (let lo?, nil):
            let (end, overflow) = gap.multipliedReportingOverflow(by: n)
            guard !overflow, lo <= Int64.max - end else { return nil }
            return (1...n).map { lo + $0 * gap }
        case (nil, let hi?):
            let (end, overflow) = gap.multipliedReportingOverflow(by: n)
            guard !overflow, hi >= Int64.min + end else { return nil }
            return (0..<n).map { hi - (n - $0) * gap }
        case (let lo?, let hi?):
            let (span, overflow) = hi.subtractingReportingOverflow(lo)
            guard !overflow, span > 0 else { return nil }
            let step = span / (n + 1)
            guard step >= spacing else { return nil }
            return (1...n).map { lo + $0 * step }
        }
    }
}
