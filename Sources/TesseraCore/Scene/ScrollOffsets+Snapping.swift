extension ScrollOffsets {
    /// The offsets rounded to whole device pixels, as the scene draws them.
    public func snapped(toPixelsOf scale: Double) -> ScrollOffsets {
        guard scale > 0 else { return self }
        func r(_ v: Double) -> Double { (v * scale).rounded() / scale }
        return ScrollOffsets(root: Point(x: r(root.x), y: r(root.y)), panes: panes.map(r))
    }
}
