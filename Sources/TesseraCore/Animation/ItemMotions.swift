/// How far each item is drawn from its layout frame right now: layout changes animate by
/// "first, last, invert, play" — when an item's frame changes, it gets a spring holding the
/// difference (old drawn rect − new layout rect), which decays to zero.
///
/// Because a spring keeps its velocity when retargeted, an item already moving that gets a new
/// destination carries on smoothly from where it is drawn.
public typealias ItemMotions = RectMotions<ItemID>

/// A part of a section's chrome that moves with a relayout, as its items do (a layout switch
/// morphs a grid section's band into a board list; a resize re-flows both).
public enum ChromePart: Hashable, Sendable {
    case background(Int), header(Int), footer(Int), pane(Int), addRow(Int)
}

/// How far each section's chrome is drawn from its layout frame right now.
public typealias ChromeMotions = RectMotions<ChromePart>

/// Rects drawn away from their layout frames, each on a spring back to it, by key: the cells
/// (`ItemMotions`), and the sections' chrome (`ChromeMotions`).
public struct RectMotions<Key: Hashable & Sendable>: Equatable, Sendable {
    struct RectSpring: Equatable, Sendable {
        var x, y, w, h: Spring
        func isSettled(at t: Double) -> Bool { x.isSettled(at: t) && y.isSettled(at: t) && w.isSettled(at: t) && h.isSettled(at: t) }
    }
    private var springs: [Key: RectSpring] = [:]

    public init() {}

    public var isEmpty: Bool { springs.isEmpty }
    public var count: Int { springs.count }

    /// The item moved in the layout: from `drawn` (where it is drawn now) to `target`.
    public mutating func animate(_ id: Key, from drawn: Rect, to target: Rect, at t: Double, omega: Double) {
        let dx = drawn.minX - target.minX, dy = drawn.minY - target.minY
        let dw = drawn.width - target.width, dh = drawn.height - target.height
        if let s = springs[id] {
            // `drawn` already includes the spring's current value: keep its velocity, reset its displacement.
            springs[id] = RectSpring(x: s.x.retargeted(by: dx - s.x.value(at: t), at: t),
                                     y: s.y.retargeted(by: dy - s.y.value(at: t), at: t),
                                     w: s.w.retargeted(by: dw - s.w.value(at: t), at: t),
                                     h: s.h.retargeted(by: dh - s.h.value(at: t), at: t))
        } else if abs(dx) + abs(dy) + abs(dw) + abs(dh) > 0.01 {
            springs[id] = RectSpring(x: Spring(displacement: dx, start: t, omega: omega),
                                     y: Spring(displacement: dy, start: t, omega: omega),
                                     w: Spring(displacement: dw, start: t, omega: omega),
                                     h: Spring(displacement: dh, start: t, omega: omega))
        }
    }

    /// Where to draw an item whose layout frame is `frame`.
    public func drawn(_ id: Key, frame: Rect, at t: Double) -> Rect {
        // Mostly nothing moves: skip hashing the id for every cell of every frame.
        guard !springs.isEmpty, let s = springs[id] else { return frame }
        return Rect(x: frame.minX + s.x.value(at: t), y: frame.minY + s.y.value(at: t),
                    width: frame.width + s.w.value(at: t), height: frame.height + s.h.value(at: t))
    }

    public func isMoving(_ id: Key) -> Bool { !springs.isEmpty && springs[id] != nil }

    /// Drops settled springs; true while any is still moving.
    public mutating func prune(at t: Double) -> Bool {
        springs = springs.filter { !$0.value.isSettled(at: t) }
        return !springs.isEmpty
    }

    public mutating func remove(_ id: Key) { springs[id] = nil }
    public mutating func removeAll() { springs.removeAll() }
}
