/// What a host must redraw to turn the previous frame into the next: the retained-mode half of an
/// immediate-mode scene.
///
/// Scrolling moves most nodes by one delta; the host can move those pixels (an X `CopyArea`) and
/// paint only the strip that came into view plus whatever did not follow the scroll. Everything
/// else that differs is repainted where it was and where it is now. See docs/DESIGN.md, "Frame loop".
public struct SceneUpdate: Equatable, Sendable {
    /// Move pixels by (`dx`, `dy`) logical pixels before repainting (whole device pixels): each
    /// pixel of `area` (whole device pixels, inside the window) takes the value of the pixel at
    /// (`x - dx`, `y - dy`), where that lies in the window; the rest of the window keeps its pixels.
    public struct Copy: Equatable, Sendable {
        /// Where the copied pixels land.
        public var area: Rect
        public var dx: Double
        public var dy: Double
    }

    /// Nothing from the previous frame can be kept: repaint the whole window.
    public var isFull: Bool
    public var copy: Copy?
    /// Rects to repaint after the copy, window coordinates in logical pixels, disjoint enough to be
    /// painted and presented one by one. Empty when nothing changed.
    public var damage: [Rect]

    public static func full(_ size: Size) -> SceneUpdate {
        SceneUpdate(isFull: true, copy: nil, damage: [Rect(origin: .zero, size: size)])
    }

    public var isEmpty: Bool { !isFull && copy == nil && damage.isEmpty }
}

/// Computes a ``SceneUpdate`` from two consecutive scenes.
///
/// Nodes are matched by identity (a cell by its item id, other nodes by their translation-invariant
/// content and order of appearance). The scroll delta is the most common whole-pixel offset among
/// matched cells whose content did not change; a node that moved by exactly that delta and is
/// otherwise equal costs nothing. Any other change damages the node's old bounds (where its stale
/// pixels are after the copy) and its new bounds.
public enum SceneDamage {
    /// When repainting would cover more than this share of the window, repaint all of it.
    static let fullRepaintShare = 0.7
    /// At most this many damage rects; more are merged.
    static let maxRects = 16

    /// - Parameter pixelScale: device pixels per logical pixel; a copy must move whole device pixels.
    public static func update(from old: Scene?, to new: Scene, pixelScale: Double = 1) -> SceneUpdate {
        update(from: old.map { FlatScene($0, pixelScale: pixelScale) }, to: FlatScene(new, pixelScale: pixelScale))
    }

    /// As ``update(from:to:pixelScale:)`` for prepared scenes (a host keeps the last one), at the
    /// new scene's pixel scale.
    public static func update(from old: FlatScene?, to new: FlatScene) -> SceneUpdate {
        let size = new.scene.size, pixelScale = new.pixelScale
        // A new palette or font changes how every pixel is drawn, not which nodes there are.
        guard let old, old.scene.size == size, old.pixelScale == pixelScale, old.scene.background == new.scene.background,
              old.scene.palette == new.scene.palette, old.scene.uiFont == new.scene.uiFont else { return .full(size) }
        let window = Rect(origin: .zero, size: size)
        // One pass matches nodes and measures how each moved; a second decides what to repaint.
        var pairs: [MatchedPair] = []
        pairs.reserveCapacity(new.drawn.count)
        var matched = [Bool](repeating: false, count: old.drawn.count)
        var damage = DamageAccumulator()
        // Nodes mostly keep their order from frame to frame, so the node after the last one
        // matched is tried before the index (a key comparison instead of hashing it).
        var guess = 0
        for j in new.drawn.indices {
            let i: Int
            if guess < old.drawn.count, old.keys[guess] == new.keys[j] {
                i = guess
            } else if let found = old.index[new.keys[j]] {
                i = found
            } else if let found = resizedBox(new.drawn[j], of: new, in: old, matched: matched) {
                i = found
            } else {
                damage.add(new.drawn[j].bounds)
                continue
            }
            guess = i + 1
            matched[i] = true
            let na = new.drawn[j].anchor, oa = old.drawn[i].anchor
            let d = Point(x: na.x - oa.x, y: na.y - oa.y)
            pairs.append(MatchedPair(old: i, new: j, moved: d,
                                     unchanged: DrawnNode.equals(i, in: old, j, in: new, movedBy: d)))
        }
        let delta = scrollDelta(pairs, new, pixelScale: pixelScale, window: window)
        guard delta != .zero else {
            // Nothing is copied: every change is repainted where it was and where it is.
            for p in pairs where !(p.unchanged && p.moved == .zero) {
                if p.moved == .zero, let bands = resizedBoxDamage(p, old: old, new: new) {
                    for band in bands { damage.add(band) }
                    continue
                }
                damage.add(new.drawn[p.new].bounds)
                damage.add(old.drawn[p.old].bounds)
            }
            for (i, o) in old.drawn.enumerated() where !matched[i] { damage.add(o.bounds) }
            return finish(damage, copy: nil, window: window)
        }
        // The copy lands on `area` only: the smallest rect, in whole device pixels, holding what
        // moved with it. Outside it the window keeps its pixels, so what stood still there (a
        // section header while a re-flow shifts the cells below it) costs nothing.
        let area = copyArea(pairs, new, delta: delta, pixelScale: pixelScale, window: window)
        for p in pairs {
            let n = new.drawn[p.new].bounds, o = old.drawn[p.old].bounds
            if p.unchanged && DrawnNode.same(p.moved, delta) {
                // Moved with the copy: right inside the area; outside it, still at its old place.
                damage.add(outside: area, n)
                damage.add(outside: area, o)
                continue
            }
            if p.unchanged, p.moved == .zero {
                // Stood still: right outside the area; inside it, the copy brought other pixels.
                if let bands = stillOpaqueBoxDamage(p, old: old, new: new, delta: delta) {
                    for band in bands { damage.add(band.intersection(area)) }
                } else {
                    damage.add(n.intersection(area))
                    damage.add(o.offsetBy(dx: delta.x, dy: delta.y).intersection(area))
                }
                continue
            }
            damage.add(n)
            damage.add(stale: o, area: area, delta: delta)
        }
        for (i, o) in old.drawn.enumerated() where !matched[i] {
            damage.add(stale: o.bounds, area: area, delta: delta)
        }
        // Pixels of the area whose source lies outside the window have nothing to copy.
        for strip in subtract(window.offsetBy(dx: delta.x, dy: delta.y), from: area) { damage.add(strip) }
        return finish(damage, copy: SceneUpdate.Copy(area: area, dx: delta.x, dy: delta.y), window: window)
    }

    /// The box of `old` that `node` (a box of `new` whose key `old` lacks) is, resized where it
    /// stands: same colour, corners and origin, and not matched to anything else. Then
    /// ``BoxNode/looksTheSame(as:in:)`` decides whether the window sees the change.
    static func resizedBox(_ node: DrawnNode, of new: FlatScene, in old: FlatScene, matched: [Bool]) -> Int? {
        guard !old.boxAtOrigin.isEmpty, case .box(let b) = new.scene.nodes[node.index],
              let i = old.boxAtOrigin[BoxPlace(color: b.color, cornerRadius: b.cornerRadius, origin: b.frame.origin)],
              !matched[i], new.index[old.keys[i]] == nil else { return nil }
        return i
    }

    /// A box that stands where it stood, as it looked, but with other edges (a board's list as the
    /// board settles, a section's card growing): inside both bounds, clear of the edges that moved
    /// and their corners, its pixels are what they were. Only the rest of where it was and where
    /// it is is repainted — bands along the edges that moved, instead of a box the size of the
    /// window. Nil when the rule does not apply.
    static func resizedBoxDamage(_ p: MatchedPair, old: FlatScene, new: FlatScene) -> [Rect]? {
        let o = old.drawn[p.old], n = new.drawn[p.new]
        guard case .box(let a) = old.scene.nodes[o.index], case .box(let b) = new.scene.nodes[n.index],
              a.color == b.color, a.cornerRadius == b.cornerRadius else { return nil }
        // Both bounds are within their clips. An edge that stayed keeps its antialiased pixel
        // and, with its neighbour, its corners; along one that moved, the corners' and the edge's
        // pixels are repainted (the corner radius, the edge pixel, the bound's pixel).
        let band = Swift.max(b.cornerRadius, 0) + 2
        let e = 1e-3
        var keep = o.bounds.intersection(n.bounds)
        var x0 = keep.minX, y0 = keep.minY, x1 = keep.maxX, y1 = keep.maxY
        if Swift.abs(a.frame.minX - b.frame.minX) > e { x0 += band }
        if Swift.abs(a.frame.minY - b.frame.minY) > e { y0 += band }
        if Swift.abs(a.frame.maxX - b.frame.maxX) > e { x1 -= band }
        if Swift.abs(a.frame.maxY - b.frame.maxY) > e { y1 -= band }
        keep = x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
        return subtract(keep, from: o.bounds) + subtract(keep, from: n.bounds)
    }

    /// The update for `damage` (and `copy`), or a full repaint when it would cover most of the window.
    private static func finish(_ damage: DamageAccumulator, copy: SceneUpdate.Copy?, window: Rect) -> SceneUpdate {
        let rects = damage.rects(clippedTo: window, maxCount: maxRects)
        let area = rects.reduce(0) { $0 + $1.width * $1.height }
        if area > fullRepaintShare * window.width * window.height { return .full(window.size) }
        return SceneUpdate(isFull: false, copy: copy, damage: rects)
    }

    /// The bounds of the nodes that moved by exactly `delta`, unchanged, within the window and
    /// rounded outwards to whole device pixels.
    static func copyArea(_ pairs: [MatchedPair], _ new: FlatScene, delta: Point, pixelScale: Double, window: Rect) -> Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in pairs where p.unchanged && DrawnNode.same(p.moved, delta) {
            let b = new.drawn[p.new].bounds
            guard !b.isEmpty else { continue }
            x0 = Swift.min(x0, b.minX); y0 = Swift.min(y0, b.minY)
            x1 = Swift.max(x1, b.maxX); y1 = Swift.max(y1, b.maxY)
        }
        guard x0 < x1, y0 < y1 else { return window }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).snapped(toPixelsOf: pixelScale, outward: true).intersection(window)
    }

    /// The most common whole-device-pixel offset of unchanged cells, or zero when most stood still
    /// or the copy would keep too little of the window to be worth it.
    static func scrollDelta(_ pairs: [MatchedPair], _ new: FlatScene, pixelScale: Double, window: Rect) -> Point {
        // A frame mostly has one or two distinct offsets (a scroll; a re-flow's shift and wrap): a
        // short list searched in order costs less than hashing every cell's vote. Cells springing
        // to new places each have their own: past a few, count in a dictionary.
        var votes: [(key: DeltaKey, count: Int)] = []
        var many: [DeltaKey: Int]?
        var still = 0
        for p in pairs where p.unchanged {
            guard new.drawn[p.new].isCell else { continue }
            if p.moved == .zero { still += 1; continue }
            guard let key = DeltaKey(dx: p.moved.x, dy: p.moved.y, pixelScale: pixelScale) else { continue }
            if many != nil {
                many![key, default: 0] += 1
            } else if let k = votes.firstIndex(where: { $0.key == key }) {
                votes[k].count += 1
            } else if votes.count < 8 {
                votes.append((key, 1))
            } else {
                many = Dictionary(votes.map { ($0.key, $0.count) }, uniquingKeysWith: +)
                many![key, default: 0] += 1
            }
        }
        if let many { votes = many.map { ($0.key, $0.value) } }
        guard let (key, count) = votes.max(by: { $0.count < $1.count }), count > still else { return .zero }
        let d = key.point(pixelScale: pixelScale)
        // Keep at least a quarter of the window, or a repaint is as cheap as the copy.
        guard Swift.abs(d.x) <= window.width * 0.75, Swift.abs(d.y) <= window.height * 0.75 else { return .zero }
        return d
    }

    /// A solid opaque box that stays put while the content scrolls (a section background larger
    /// than the window, a board column) is one colour inside: where both a pixel and its copy
    /// source lie inside it, the copy brought that colour (or nodes that moved with the copy, or
    /// nodes damaged on their own). Only the rest of where it is, and of where the copy carried its
    /// old pixels (`movedBounds`), is wrong. Nil when the rule does not apply (translucent, not a box).
    ///
    /// Its straight edges are the same all along: a copy along an edge (a re-flow moving cells one
    /// column left) brings the edge's own pixels, away from the rounded corners, when nothing but
    /// the scene's background lies below the box (`onlyBackgroundBelow`), so they are kept too.
    static func stillOpaqueBoxDamage(_ p: MatchedPair, old: FlatScene, new: FlatScene, delta: Point) -> [Rect]? {
        let node = new.drawn[p.new]
        guard case .box(let box) = new.scene.nodes[node.index], box.color.alpha >= 1 else { return nil }
        let movedBounds = old.drawn[p.old].bounds.offsetBy(dx: delta.x, dy: delta.y)
        // The uniform inside: clear of the rounded corners and the antialiased edge.
        let inset = Swift.max(box.cornerRadius, 0) + 1
        var inside = box.frame.insetBy(dx: inset, dy: inset)
        if delta.x == 0 || delta.y == 0, onlyBackgroundBelow(p.new, in: new), onlyBackgroundBelow(p.old, in: old) {
            // Between the corners, a column (or row) of the box, edges included, looks like any other.
            inside = delta.y == 0
                ? Rect(x: inside.minX, y: node.bounds.minY, width: inside.width, height: node.bounds.height)
                : Rect(x: node.bounds.minX, y: inside.minY, width: node.bounds.width, height: inside.height)
        }
        if let clip = node.clip { inside = inside.intersection(clip) }
        let keep = inside.intersection(inside.offsetBy(dx: delta.x, dy: delta.y))
        return subtract(keep, from: node.bounds) + subtract(keep, from: movedBounds)
    }

    /// Whether no node drawn before `drawn[i]` may paint where it does (its antialiased edge then
    /// blends with the scene's background only).
    static func onlyBackgroundBelow(_ i: Int, in flat: FlatScene) -> Bool {
        let b = flat.drawn[i].bounds
        for j in 0..<i where flat.drawn[j].bounds.intersects(b) { return false }
        return true
    }

    /// `a` minus `b`, as up to four rects (bands above, below, left and right of `b`).
    static func subtract(_ b: Rect, from a: Rect) -> [Rect] {
        var out: [Rect] = []
        forEachBand(of: a, outside: b) { out.append($0) }
        return out
    }

    /// Hands over the bands of `a` outside `b` (above, below, left, right; `a` itself when they
    /// do not meet) without building an array: damage tracking asks this of every node that
    /// followed a scroll, nearly always inside the copy's area, so nearly always for nothing.
    static func forEachBand(of a: Rect, outside b: Rect, _ body: (Rect) -> Void) {
        let b = b.intersection(a)
        guard !b.isEmpty else { return body(a) }
        if b.minY > a.minY { body(Rect(x: a.minX, y: a.minY, width: a.width, height: b.minY - a.minY)) }
        if b.maxY < a.maxY { body(Rect(x: a.minX, y: b.maxY, width: a.width, height: a.maxY - b.maxY)) }
        if b.minX > a.minX { body(Rect(x: a.minX, y: b.minY, width: b.minX - a.minX, height: b.height)) }
        if b.maxX < a.maxX { body(Rect(x: b.maxX, y: b.minY, width: a.maxX - b.maxX, height: b.height)) }
    }

    /// The parts of `area` that a copy by (dx, dy) leaves without valid pixels.
    static func uncovered(_ area: Rect, dx: Double, dy: Double) -> [Rect] {
        var strips: [Rect] = []
        if dy > 0 { strips.append(Rect(x: area.minX, y: area.minY, width: area.width, height: dy)) }
        if dy < 0 { strips.append(Rect(x: area.minX, y: area.maxY + dy, width: area.width, height: -dy)) }
        if dx > 0 { strips.append(Rect(x: area.minX, y: area.minY, width: dx, height: area.height)) }
        if dx < 0 { strips.append(Rect(x: area.maxX + dx, y: area.minY, width: -dx, height: area.height)) }
        return strips
    }
}

/// A node present in both scenes: how its anchor moved, and whether it is otherwise the same.
struct MatchedPair {
    var old: Int
    var new: Int
    var moved: Point
    var unchanged: Bool
}

/// A scroll delta in whole device pixels; nil when the offset is not a whole number of them.
struct DeltaKey: Hashable {
    var dx: Int
    var dy: Int
    init?(dx: Double, dy: Double, pixelScale: Double) {
        let x = dx * pixelScale, y = dy * pixelScale
        let rx = x.rounded(), ry = y.rounded()
        guard Swift.abs(x - rx) < 1e-3, Swift.abs(y - ry) < 1e-3, Swift.abs(rx) < 1e9, Swift.abs(ry) < 1e9 else { return nil }
        self.dx = Int(rx); self.dy = Int(ry)
    }
    func point(pixelScale: Double) -> Point { Point(x: Double(dx) / pixelScale, y: Double(dy) / pixelScale) }
}
