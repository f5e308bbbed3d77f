/// What a host must redraw to turn the previous frame into the next: the retained-mode half of an
/// immediate-mode scene.
///
/// Scrolling moves most nodes by one delta; the host can move those pixels (an X `CopyArea`) and
/// paint only the strip that came into view plus whatever did not follow the scroll. Everything
/// else that differs is repainted where it was and where it is now. See docs/DESIGN.md, "Frame loop".
public struct SceneUpdate: Equatable, Sendable {
    /// Move the pixels of `area` by (`dx`, `dy`) logical pixels before repainting; whole device pixels.
    public struct Copy: Equatable, Sendable {
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
        update(from: old.map(FlatScene.init), to: FlatScene(new), pixelScale: pixelScale)
    }

    /// As ``update(from:to:pixelScale:)`` for prepared scenes (a host keeps the last one).
    public static func update(from old: FlatScene?, to new: FlatScene, pixelScale: Double = 1) -> SceneUpdate {
        let size = new.scene.size
        guard let old, old.scene.size == size, old.scene.background == new.scene.background else { return .full(size) }
        let window = Rect(origin: .zero, size: size)
        // One pass matches nodes and measures how each moved; a second decides what to repaint.
        var pairs: [MatchedPair] = []
        pairs.reserveCapacity(new.drawn.count)
        var matched = [Bool](repeating: false, count: old.drawn.count)
        var damage = DamageAccumulator()
        for (j, n) in new.drawn.enumerated() {
            guard let i = old.index[n.key] else { damage.add(n.bounds); continue }
            matched[i] = true
            let o = old.drawn[i]
            let d = Point(x: n.anchor.x - o.anchor.x, y: n.anchor.y - o.anchor.y)
            pairs.append(MatchedPair(old: i, new: j, moved: d,
                                     unchanged: DrawnNode.equals(o, in: old.scene, n, in: new.scene, movedBy: d)))
        }
        let delta = scrollDelta(pairs, new, pixelScale: pixelScale, window: window)
        for p in pairs {
            if p.unchanged && DrawnNode.same(p.moved, delta) { continue }
            if delta != .zero, p.unchanged, p.moved == .zero,
               let bands = stillOpaqueBoxDamage(new.drawn[p.new], in: new.scene, delta: delta,
                                                movedBounds: old.drawn[p.old].bounds.offsetBy(dx: delta.x, dy: delta.y)) {
                for band in bands { damage.add(band) }
                continue
            }
            damage.add(new.drawn[p.new].bounds)
            damage.add(old.drawn[p.old].bounds.offsetBy(dx: delta.x, dy: delta.y))
        }
        for (i, o) in old.drawn.enumerated() where !matched[i] {
            damage.add(o.bounds.offsetBy(dx: delta.x, dy: delta.y))
        }
        var copy: SceneUpdate.Copy?
        if delta != .zero {
            copy = SceneUpdate.Copy(area: window, dx: delta.x, dy: delta.y)
            for strip in uncovered(window, dx: delta.x, dy: delta.y) { damage.add(strip) }
        }
        let rects = damage.rects(clippedTo: window, maxCount: maxRects)
        let area = rects.reduce(0) { $0 + $1.width * $1.height }
        if area > fullRepaintShare * window.width * window.height { return .full(size) }
        return SceneUpdate(isFull: false, copy: copy, damage: rects)
    }

    /// The most common whole-device-pixel offset of unchanged cells, or zero when most stood still
    /// or the copy would keep too little of the window to be worth it.
    static func scrollDelta(_ pairs: [MatchedPair], _ new: FlatScene, pixelScale: Double, window: Rect) -> Point {
        var votes: [DeltaKey: Int] = [:]
        var still = 0
        for p in pairs where p.unchanged {
            guard case .cell = new.drawn[p.new].key else { continue }
            if p.moved == .zero { still += 1; continue }
            guard let key = DeltaKey(dx: p.moved.x, dy: p.moved.y, pixelScale: pixelScale) else { continue }
            votes[key, default: 0] += 1
        }
        guard let (key, count) = votes.max(by: { $0.value < $1.value }), count > still else { return .zero }
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
    static func stillOpaqueBoxDamage(_ node: DrawnNode, in scene: Scene, delta: Point, movedBounds: Rect) -> [Rect]? {
        guard case .box(let box) = scene.nodes[node.index], box.color.alpha >= 1 else { return nil }
        // The uniform inside: clear of the rounded corners and the antialiased edge.
        let inset = Swift.max(box.cornerRadius, 0) + 1
        var inside = box.frame.insetBy(dx: inset, dy: inset)
        if let clip = node.clip { inside = inside.intersection(clip) }
        let keep = inside.intersection(inside.offsetBy(dx: delta.x, dy: delta.y))
        return subtract(keep, from: node.bounds) + subtract(keep, from: movedBounds)
    }

    /// `a` minus `b`, as up to four rects (bands above, below, left and right of `b`).
    static func subtract(_ b: Rect, from a: Rect) -> [Rect] {
        let b = b.intersection(a)
        guard !b.isEmpty else { return [a] }
        var out: [Rect] = []
        if b.minY > a.minY { out.append(Rect(x: a.minX, y: a.minY, width: a.width, height: b.minY - a.minY)) }
        if b.maxY < a.maxY { out.append(Rect(x: a.minX, y: b.maxY, width: a.width, height: a.maxY - b.maxY)) }
        if b.minX > a.minX { out.append(Rect(x: a.minX, y: b.minY, width: b.minX - a.minX, height: b.height)) }
        if b.maxX < a.maxX { out.append(Rect(x: b.maxX, y: b.minY, width: a.maxX - b.maxX, height: b.height)) }
        return out
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
