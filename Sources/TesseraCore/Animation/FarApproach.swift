/// Tiles sliding between a place in view and one far beyond the window's edge travel only as far
/// as `reach` beyond it.
///
/// An undone drop of 10,000 files brings the tiles that were after it back from 10,000 places
/// below the window: sliding straight from there, the nearest of them crossed ~0.2 s of empty
/// window after the dropped tiles had faded (the window stood blank), then all shot in at once.
/// The drop itself pushed the tiles in view 10,000 places down: they left the window within one
/// frame, before the new tiles had grown in. Now the far ends on each side of the window are moved
/// toward it as one group (their spacing kept, so they read as the rest of the collection), until
/// the nearest is `reach` beyond the edge; ends nearer than that stay where they are, as every
/// small edit's do.
enum FarApproach {
    /// For each of `far` (window frames, the far ends of slides), the shift along `axis` (the
    /// scroll axis) that brings it near; zero for rects in view or beyond it only across the axis.
    static func shifts(_ far: [Rect], view: Rect, axis: Axis, reach: Double) -> [Point] {
        func low(_ r: Rect) -> Double { axis == .vertical ? r.minY : r.minX }
        func high(_ r: Rect) -> Double { axis == .vertical ? r.maxY : r.maxX }
        let after = far.filter { low($0) >= high(view) }.map { low($0) - high(view) }.min() ?? 0
        let before = far.filter { high($0) <= low(view) }.map { low(view) - high($0) }.min() ?? 0
        let pullAfter = Swift.max(0, after - reach), pullBefore = Swift.max(0, before - reach)
        return far.map { r in
            let d = low(r) >= high(view) ? -pullAfter : high(r) <= low(view) ? pullBefore : 0
            return axis == .vertical ? Point(x: 0, y: d) : Point(x: d, y: 0)
        }
    }
}
