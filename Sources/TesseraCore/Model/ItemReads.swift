#if DEBUG
/// Counts the items read out of `ItemList`s by the current task, in debug builds only: the probe
/// behind the tests that hold a frame's cost to what is on screen (a frame over 1M items must read
/// no more items than one over 1k). Release builds have no probe and no cost.
///
///     let reads = ItemReadCounter()
///     ItemReads.$counter.withValue(reads) { engine.advance(to: t); _ = engine.scene() }
///     reads.count   // items read by that frame
///
/// Task-local, so tests running in parallel never count each other's reads.
public enum ItemReads {
    @TaskLocal public static var counter: ItemReadCounter?

    @inline(__always) static func note(_ n: Int = 1) {
        if let c = counter { c.count += n }
    }
}

/// A tally for `ItemReads`; used by one task at a time.
public final class ItemReadCounter: @unchecked Sendable {
    public var count = 0
    public init() {}
}
#endif
