/// How often the aspects the files thread reads go to the engine. Each batch re-flows masonry
/// (O(items after the first changed one): ~1 ms at 10k items, ~60 ms at a million), so a burst —
/// the 10,000 images of one drop being measured — goes in batches further and further apart:
/// 0.1 s after the first, then 0.2, 0.4, at most 0.8 s. A lone report (a picture scrolled into
/// view) goes at once, as do the first of a burst.
public struct HandoverPacing: Sendable {
    public static let first = 0.1
    public static let longest = 0.8
    private(set) var last = -Double.infinity
    private(set) var interval = first

    public init() {}

    /// When the next batch may go.
    public var due: Double { last + interval }

    /// Whether a batch may go at `now`; if so, it is taken as gone.
    public mutating func take(at now: Double) -> Bool {
        guard now >= due else { return false }
        // Soon after the last batch: the same burst, the next wait twice as long.
        interval = now - last < 2 * interval ? Swift.min(Self.longest, interval * 2) : Self.first
        last = now
        return true
    }
}
