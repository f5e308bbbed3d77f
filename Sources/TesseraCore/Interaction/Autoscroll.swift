/// Edge autoscroll speed.
///
/// speed (px/s) = maxSpeed · (depth / inset)² · min(1, held / rampDuration), where depth is how far
/// the pointer is inside the edge zone (clamped to the zone; past the window edge counts as full
/// depth) and held is how long it has been in the zone. Squared depth keeps the zone's outer part
/// gentle; the ramp keeps the first moments gentle even when the pointer jumps deep. Independent of
/// frame rate: the distance per frame is speed · dt.
public enum Autoscroll {
    public static func speed(depth: Double, held: Double, policy p: DragPolicy) -> Double {
        guard depth > 0, p.autoscrollEdgeInset > 0 else { return 0 }
        let d = Swift.min(1, depth / p.autoscrollEdgeInset)
        let ramp = p.autoscrollRampDuration > 0 ? Swift.min(1, Swift.max(0, held) / p.autoscrollRampDuration) : 1
        return p.autoscrollMaxSpeed * d * d * ramp
    }

    /// Signed depth into the edge zones of the span `lo..<hi` at coordinate `v`: negative near `lo`
    /// (scroll back), positive near `hi` (scroll forward), zero in between.
    public static func depth(of v: Double, lo: Double, hi: Double, inset: Double) -> Double {
        let zone = Swift.min(inset, (hi - lo) / 3)
        guard zone > 0 else { return 0 }
        if v < lo + zone { return -(lo + zone - v) * inset / zone }
        if v > hi - zone { return (v - (hi - zone)) * inset / zone }
        return 0
    }

    /// One frame of edge autoscroll of an offset in `0...limit`: the new offset, or nil when the
    /// pointer is in no zone or the offset is already at the end it pushes towards. `since` is when
    /// the pointer entered the zone (set on entry, cleared on leaving), for the speed's ramp.
    static func step(offset: Double, limit: Double, depth: Double, since: inout Double?, at t: Double, dt: Double,
                     policy: DragPolicy) -> Double? {
        guard depth < 0 ? offset > 0 : (depth > 0 && offset < limit) else {
            since = nil
            return nil
        }
        let start = since ?? t
        since = start
        let v = speed(depth: Swift.abs(depth), held: t - start, policy: policy)
        return Swift.min(limit, Swift.max(0, offset + (depth < 0 ? -v : v) * dt))
    }
}
