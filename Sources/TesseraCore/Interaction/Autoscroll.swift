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
}
