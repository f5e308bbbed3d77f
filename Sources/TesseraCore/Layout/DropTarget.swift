/// Where a dragged item would land if released now.
public enum DropTarget: Hashable, Sendable, CustomStringConvertible {
    /// Insert before the item now at `index` of `section` (`index` == count: at the end).
    /// Counted with the dragged item still in place, so "after item i" and "before item i+1" are one target.
    case gap(section: Int, index: Int)
    /// Onto the item at this path: into it when it is a folder, else the two form a new folder.
    case into(IndexPath)

    public var description: String {
        switch self {
        case .gap(let s, let i): "gap(\(s), \(i))"
        case .into(let p): "into\(p)"
        }
    }
}

/// How a cell is split into a centre zone (drop into) and edge bands (reorder at a gap).
///
/// Scaled to the cell, not fixed pixels (seed 001 used 20 px, which leaves a 10 px centre on a
/// 50 px cell and a 56 px one on a 96 px cell): the centre zone is the middle `intoFraction` of
/// the cell's width and of its height. A cell at least twice as long across the reorder axis as
/// along it (a board row) is a list entry: its centre zone is a band across the whole row, at most
/// `listIntoFraction` of the row along the reorder axis, so most of a row reorders
/// (react-beautiful-dnd's "combine"). Once inside, the zone grows by `hysteresisFraction` (along
/// the reorder axis for a row) so the target does not flicker when the pointer rests on the boundary.
public struct DropZones: Hashable, Sendable {
    public var intoFraction: Double = 0.5
    public var listIntoFraction: Double = 1.0 / 3
    public var hysteresisFraction: Double = 0.15
    public init(intoFraction: Double = 0.5, listIntoFraction: Double = 1.0 / 3, hysteresisFraction: Double = 0.15) {
        self.intoFraction = intoFraction; self.listIntoFraction = listIntoFraction; self.hysteresisFraction = hysteresisFraction
    }

    /// The centre zone of a cell `f` whose "before/after" runs along `axis` (`entered`: the
    /// pointer is in it already, so it is grown by the hysteresis).
    public func intoZone(of f: Rect, axis: Axis, entered: Bool) -> Rect {
        let across: Axis = axis == .horizontal ? .vertical : .horizontal
        let grow = entered ? hysteresisFraction : 0
        var along = intoFraction + grow, wide = intoFraction + grow
        if f.size[across] >= 2 * f.size[axis] {
            along = Swift.min(intoFraction, listIntoFraction) + grow
            wide = 1
        }
        let w = f.width * (axis == .horizontal ? along : wide), h = f.height * (axis == .horizontal ? wide : along)
        return Rect(x: f.midX - w / 2, y: f.midY - h / 2, width: w, height: h)
    }
}

extension LayoutSnapshot {
    /// Classifies a window point as a drop target.
    ///
    /// - `previous`: the target found last time, for hysteresis.
    /// - `accepts`: whether an item may receive a drop (not the dragged item, not a done item);
    ///   over a cell that does not accept, the centre zone reads as an edge band.
    public func dropTarget(at window: Point, offsets: ScrollOffsets, previous: DropTarget?,
                           zones: DropZones = DropZones(),
                           accepts: (IndexPath) -> Bool = { _ in true }) -> DropTarget? {
        guard let s = section(near: window, offsets: offsets) else { return nil }
        let geo = sections[s]
        let p = fromWindow(window, pane: geo.pane, offsets: offsets)
        let axis = reorderAxis
        let look = Rect(x: p.x - geo.reach, y: p.y - geo.reach, width: 2 * geo.reach, height: 2 * geo.reach)
        var nearest: (flat: Int, distance: Double)?
        var inside: Int?
        forEachItem(in: look, section: s) { i in
            let f = frame(ofFlat: i)
            if f.contains(p) { inside = i; return }
            let dx = Swift.max(f.minX - p.x, 0, p.x - f.maxX), dy = Swift.max(f.minY - p.y, 0, p.y - f.maxY)
            let d = dx * dx + dy * dy
            if nearest == nil || d < nearest!.distance || (d == nearest!.distance && i < nearest!.flat) { nearest = (i, d) }
        }
        if let i = inside {
            let f = frame(ofFlat: i)
            let path = IndexPath(section: s, item: i - geo.firstItem)
            let z = zones.intoZone(of: f, axis: axis, entered: previous == .into(path))
            if accepts(path) && p.x >= z.minX && p.x <= z.maxX && p.y >= z.minY && p.y <= z.maxY {
                return .into(path)
            }
            return .gap(section: s, index: path.item + (p[axis] < f.center[axis] ? 0 : 1))
        }
        // After the last item of the last line, or below that line: the section's end (not the
        // nearest cell, which may be in the line above).
        if geo.fillsLines, geo.itemCount > 0 {
            let last = frame(ofFlat: geo.firstItem + geo.itemCount - 1)
            let a = scrollAxisForItems(s), c: Axis = a == .vertical ? .horizontal : .vertical
            if p[a] > last.max(a) || (p[a] >= last.min(a) && p[c] > last.max(c)) {
                return .gap(section: s, index: geo.itemCount)
            }
        }
        if let (i, _) = nearest {
            let f = frame(ofFlat: i)
            return .gap(section: s, index: i - geo.firstItem + (p[axis] < f.center[axis] ? 0 : 1))
        }
        // Nothing near: an empty section, or far past (or before) the section's items.
        guard geo.itemCount > 0 else { return .gap(section: s, index: 0) }
        let last = frame(ofFlat: geo.firstItem + geo.itemCount - 1)
        return .gap(section: s, index: p[scrollAxisForItems(s)] >= last.min(scrollAxisForItems(s)) ? geo.itemCount : 0)
    }

    /// The section a drop at this window point belongs to: the board list under (or nearest to) the
    /// pointer, else the section whose band along the scroll axis holds it (clamped to the first and
    /// last sections).
    public func section(near window: Point, offsets: ScrollOffsets) -> Int? {
        guard !sections.isEmpty else { return nil }
        let q = window + offsets.root
        if !panes.isEmpty {
            var best = 0, bestDistance = Double.infinity
            for (k, pane) in panes.enumerated() {
                let d = q.x < pane.frame.minX ? pane.frame.minX - q.x : (q.x > pane.frame.maxX ? q.x - pane.frame.maxX : 0)
                if d < bestDistance { best = k; bestDistance = d }
            }
            return panes[best].section
        }
        let axis = scrollAxis
        for (s, geo) in sections.enumerated() where q[axis] < geo.background.max(axis) { return s }
        return sections.count - 1
    }

    /// The axis along which a section's items advance (root scroll axis, or vertical in a pane).
    func scrollAxisForItems(_ s: Int) -> Axis { sections[s].pane == nil ? scrollAxis : .vertical }
}
