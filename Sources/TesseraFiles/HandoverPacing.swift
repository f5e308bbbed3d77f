/// How often the aspects the files thread reads go to the engine. Each batch re-flows masonry
/// (O(items after the first changed one): ~1 ms at 10k items, ~60 ms at a million), so a burst —
/// the 10,000 images of one drop being measured — goes in batches further and further apart:
/// 0.1 s after the first, then 0.2, 0.4, at most 0.8 s. A lone report (a picture scrolled into
/// view) goes at once, as do the first of a burst.
///
/// A batch of more than `largestPiece` goes in pieces `pieceGap` apart. Why: the engine finds
/// each report's items by location and sets their shapes inside the frame it arrives in, ~2–4 µs
/// a report over a million items (most of it hashing locations and ids in tables of that size);
/// the 0.8 s batch of a fast disk held ~5,000 reports and took 10–20 ms, a dropped frame. The
/// re-flow does not run once per piece: pieces that come while one is being computed join the
/// next (`Arrangement.editShapes`).
public struct HandoverPacing: Sendable {
    public static let first = 0.1
    public static let longest = 0.8
    /// The most aspects one handover carries: ~0.6 ms of the engine's work at 100k items, ~1 ms
    /// at 1M. It was 1,000 (2.5 ms at 100k: with the re-flow's slice of the same frame, 4-6 ms).
    public static let largestPiece = 250
    /// The least time between two pieces of a batch: about a 60 Hz frame, so two pieces never
    /// share a frame there (on a faster display, one every frame or two). A rate for the data,
    /// not the frames' pace.
    public static let pieceGap = 1.0 / 60
    private(set) var last = -Double.infinity
    private(set) var interval = first
    /// What is left of the batch taken last, going a piece at a time, and when its last piece went.
    private(set) var owed = 0
    private(set) var lastPiece = -Double.infinity

    public init() {}

    /// When the next piece or batch may go.
    public var due: Double { owed > 0 ? lastPiece + Self.pieceGap : last + interval }

    /// Whether a batch may go at `now`; if so, it is taken as gone.
    public mutating func take(at now: Double) -> Bool {
        guard now >= last + interval else { return false }
        // Soon after the last batch: the same burst, the next wait twice as long.
        interval = now - last < 2 * interval ? Swift.min(Self.longest, interval * 2) : Self.first
        last = now
        return true
    }

    /// How many of the `waiting` aspects go at `now` (0: none yet): the rest of a batch cut into
    /// pieces first, a piece per `pieceGap`; else, when `take(at:)` lets a batch go, all that wait
    /// or its first piece. Aspects that come while a batch goes in pieces wait for the next batch.
    public mutating func take(_ waiting: Int, at now: Double) -> Int {
        if owed > 0 {
            guard now >= lastPiece + Self.pieceGap else { return 0 }
        } else {
            guard waiting > 0, take(at: now) else { return 0 }
            owed = waiting
        }
        let n = Swift.min(owed, Self.largestPiece, waiting)
        owed = n < waiting ? owed - n : 0
        lastPiece = now
        return n
    }
}
