/// The board pages: when a sideways scroll or a drag ends, the board settles on a list boundary
/// (seed 003's paging). Slow: the nearest boundary. A flick (faster than `flickVelocity`): the next
/// boundary in the flick's direction, so a quick flick always turns the page and never skips one.
///
/// Part of `Scroll` (which applies the page it picks); this is the sideways motion it remembers.
public struct BoardPaging: Equatable, Sendable {
    /// px/s above which a sideways scroll is a flick.
    static let flickVelocity = 300.0
    /// A sideways scroll counts as ended after this long without wheel input.
    static let quietTime = 0.15

    /// When the last sideways wheel step came.
    public private(set) var lastScroll = -Double.infinity
    /// Its velocity, px/s, smoothed over consecutive steps.
    public private(set) var velocity = 0.0
    /// When to settle on a page, if a sideways scroll is under way.
    public private(set) var settleAt: Double?

    public init() {}

    mutating func note(dx: Double, at t: Double) {
        guard dx != 0 else { return }
        let dt = Swift.max(1.0 / 120, t - lastScroll)
        // A lone notch says nothing about speed; consecutive ones do.
        velocity = dt > 0.3 ? 0 : 0.5 * velocity + 0.5 * dx / dt
        lastScroll = t
        settleAt = t + Self.quietTime
    }

    /// The velocity to settle with, once the scroll has been quiet long enough (clears the timer).
    mutating func takeDue(at t: Double) -> Double? {
        guard let due = settleAt, t >= due else { return nil }
        settleAt = nil
        return velocity
    }

    /// Forgets the motion (a page was picked).
    mutating func stop() {
        velocity = 0
        settleAt = nil
    }

    /// The page to settle on from offset `x` moving at `velocity`.
    static func page(from x: Double, velocity: Double, pages: [Double]) -> Double? {
        if velocity > flickVelocity { return pages.first { $0 > x + 0.5 } ?? pages.last }
        if velocity < -flickVelocity { return pages.last { $0 < x - 0.5 } ?? pages.first }
        return pages.min { abs($0 - x) < abs($1 - x) }
    }
}
