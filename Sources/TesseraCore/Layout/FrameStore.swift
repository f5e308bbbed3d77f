import Synchronization

/// Item frames in one block of memory that several snapshots read, each its first so many
/// (`lease`), and that one masonry pass at a time appends to (`claim`).
///
/// Why: every masonry item's place depends only on the items before it, so after an edit at the
/// end of a million items the frames before it are the ones the snapshot shown already holds.
/// Copying them into the next snapshot's memory (32 MB) took ~2 ms of an undo's frame, and
/// finding the open section's tallest item among them ~1.7 more. Now the next snapshot reads
/// the same memory, its pass appends after it, and the tallest comes from each block's (`tallest`).
///
/// The rule that keeps every reader right: memory is written only past every lease. A claim
/// starts writing at `keeping` only when no snapshot reads further, and every lease is taken
/// at or below what was written; a frame a snapshot reads is never written again while it lives
/// (on any thread: the leases are counted under a lock).
final class FrameStore: Sendable {
    /// Frames it has room for; fixed (a pass that needs more takes another store).
    let capacity: Int
    /// The frames. Read below `written`; written (by the one claim) only at and past it.
    nonisolated(unsafe) let base: UnsafeMutablePointer<Rect>
    /// The tallest height of each complete block of `blockSize` frames below `written`.
    nonisolated(unsafe) private let tallestOfBlock: UnsafeMutablePointer<Double>
    private let state = Mutex(State())
    private struct State {
        /// Frames written from the first on.
        var written = 0
        /// Frames faulted in (written at least once, if only with zeros; see `warm`).
        var warmed = 0
        /// How many live snapshots read how many frames.
        var leases: [Int: Int] = [:]
        var claimed = false
        var furthestLease: Int { leases.keys.max() ?? 0 }
    }

    /// Frames per block of `tallestOfBlock`: 32 KB of them.
    static let blockSize = 1024

    init(capacity: Int) {
        self.capacity = Swift.max(0, capacity)
        base = .allocate(capacity: Swift.max(1, self.capacity))
        tallestOfBlock = .allocate(capacity: self.capacity / Self.blockSize + 1)
    }

    /// A store holding `frames`, written once (a flow layout's stored frames).
    convenience init(_ frames: [Rect]) {
        self.init(capacity: frames.count)
        let claim = claim(keeping: 0, room: frames.count)!
        frames.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: $0.count) }
        didWrite(0..<frames.count, claim: claim)
    }

    deinit {
        base.deallocate()
        tallestOfBlock.deallocate()
    }

    var written: Int { state.withLock { $0.written } }

    /// Whether nothing reads it and nothing writes it: another pass may write it from the first
    /// frame on.
    var isIdle: Bool { state.withLock { $0.leases.isEmpty && !$0.claimed } }

    /// Frames whose memory is faulted in (written at least once).
    var warmedCount: Int { state.withLock { $0.warmed } }

    /// The right to append from frame `keeping` on, when no snapshot reads past it, the frames
    /// before it are written, no other pass appends and `room` frames fit; nil otherwise. The
    /// frames from `keeping` on count as unwritten from then.
    func claim(keeping: Int, room: Int) -> FrameClaim? { claim(at: keeping, room: room, keepingFramesBefore: true) }

    /// The right to write from frame `start` on, when no snapshot reads past it, no other pass
    /// appends and `room` frames fit, for a pass whose frames before `start` are another store's
    /// (a head, see `LayoutSnapshot.head`): what this store held before `start` is not read.
    func claim(startingAt start: Int, room: Int) -> FrameClaim? { claim(at: start, room: room, keepingFramesBefore: false) }

    private func claim(at start: Int, room: Int, keepingFramesBefore: Bool) -> FrameClaim? {
        let granted = state.withLock { s -> Bool in
            guard !s.claimed, s.furthestLease <= start, start <= (keepingFramesBefore ? s.written : room),
                  room <= capacity else { return false }
            s.claimed = true
            s.written = start
            return true
        }
        return granted ? FrameClaim(self) : nil
    }

    fileprivate func endClaim() { state.withLock { $0.claimed = false } }

    /// `range`, starting at `written`, now holds frames (written through `base` by `claim`'s
    /// holder): the blocks it completes get their tallest.
    func didWrite(_ range: Range<Int>, claim: FrameClaim) {
        advance(over: range, claim: claim)
        forEachBlock(completedBy: range) { tallestOfBlock[$0] = Self.tallest(base + $0 * Self.blockSize, count: Self.blockSize) }
    }

    /// Copies `source`'s frames `range` to the same places here, `range` starting at `written`.
    /// A block the copy holds whole takes its tallest from `source` (the same frames) instead of
    /// finding it again: an undo at the end of a million items copied them and read them again.
    func copy(_ range: Range<Int>, from source: FrameStore, claim: FrameClaim) {
        precondition(range.upperBound <= source.written, "copying frames the source has not written")
        (base + range.lowerBound).initialize(from: source.base + range.lowerBound, count: range.count)
        advance(over: range, claim: claim)
        let n = Self.blockSize
        forEachBlock(completedBy: range) { b in
            tallestOfBlock[b] = b * n >= range.lowerBound ? source.tallestOfBlock[b] : Self.tallest(base + b * n, count: n)
        }
    }

    private func advance(over range: Range<Int>, claim: FrameClaim) {
        precondition(claim.store === self && range.upperBound <= capacity, "FrameStore written without its claim or past its room")
        state.withLock { s in
            precondition(range.lowerBound == s.written, "FrameStore written out of order")
            s.written = range.upperBound
            s.warmed = Swift.max(s.warmed, range.upperBound)
        }
    }

    /// The blocks whose last frame is in `range`.
    private func forEachBlock(completedBy range: Range<Int>, _ body: (Int) -> Void) {
        let n = Self.blockSize
        var block = range.lowerBound / n
        while (block + 1) * n <= range.upperBound {
            body(block)
            block += 1
        }
    }

    /// The largest height among frames `range` (written ones), from each whole block's tallest
    /// and the frames of the blocks it starts and ends in part-way.
    func tallest(in range: Range<Int>) -> Double {
        precondition(range.upperBound <= written, "FrameStore read past what is written")
        let n = Self.blockSize
        var best = 0.0
        var i = range.lowerBound
        // Up to the first block boundary, then whole blocks, then the rest.
        let headEnd = Swift.min(range.upperBound, (i + n - 1) / n * n)
        best = Swift.max(best, Self.tallest(base + i, count: headEnd - i))
        i = headEnd
        while i + n <= range.upperBound {
            best = Swift.max(best, tallestOfBlock[i / n])
            i += n
        }
        return Swift.max(best, Self.tallest(base + i, count: range.upperBound - i))
    }

    private static func tallest(_ frames: UnsafePointer<Rect>, count: Int) -> Double {
        var best = 0.0
        for k in 0..<Swift.max(0, count) {
            let h = frames[k].size.height
            best = h > best ? h : best
        }
        return best
    }

    /// Writes zeros into up to `budget` more frames past those written or warmed, until
    /// `capacity` are: the pages a pass will write are faulted in ahead of it (only while idle).
    /// Returns whether every frame's memory is now warm.
    func warm(budget: Int) -> Bool {
        state.withLock { s in
            guard s.leases.isEmpty && !s.claimed else { return s.warmed >= capacity }
            let from = Swift.max(s.warmed, s.written)
            let n = Swift.min(Swift.max(0, budget), capacity - from)
            (base + from).initialize(repeating: .zero, count: n)
            s.warmed = from + n
            return s.warmed >= capacity
        }
    }

    /// A snapshot reads the first `count` frames from now until `release(count)`.
    func lease(_ count: Int) {
        state.withLock { s in
            precondition(count <= s.written, "a snapshot leased frames not written")
            s.leases[count, default: 0] += 1
        }
    }

    func release(_ count: Int) {
        state.withLock { s in
            guard let k = s.leases[count] else { return }
            s.leases[count] = k == 1 ? nil : k - 1
        }
    }

    /// The frames below `count`, to read (those below `headCount` from `head`'s store).
    func view(_ count: Int, head: FrameStore? = nil, headCount: Int = 0) -> FrameView {
        FrameView(head: head.map { UnsafePointer($0.base) }, headCount: head == nil ? 0 : headCount,
                  base: UnsafePointer(base), count: count)
    }
}

/// The one right to append to a `FrameStore`, held by a masonry pass; given up when the last
/// copy of the pass is dropped or ends, whichever way it ends.
final class FrameClaim: Sendable {
    let store: FrameStore
    fileprivate init(_ store: FrameStore) { self.store = store }
    deinit { store.endClaim() }
}

/// A snapshot's stored frames, to read by flat index (checked against the count it leases): the
/// first `headCount` from a head store, the rest from its own.
struct FrameView {
    let head: UnsafePointer<Rect>?
    let headCount: Int
    let base: UnsafePointer<Rect>?
    let count: Int
    static var none: FrameView { FrameView(head: nil, headCount: 0, base: nil, count: 0) }
    subscript(i: Int) -> Rect {
        precondition(i >= 0 && i < count, "stored frame \(i) out of range")
        return i < headCount ? head.unsafelyUnwrapped[i] : base.unsafelyUnwrapped[i]
    }
}
