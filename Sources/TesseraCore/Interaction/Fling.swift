/// The motion of a scroll offset after a finger let go of it (UIScrollView's deceleration): it
/// coasts at the release velocity, slowing by `Touch.deceleration` every millisecond, and stops
/// once slower than `Touch.stopSpeed`. Coasting past an end of the content, or let go beyond one
/// (a rubber-banded pan), it bounces: a critically damped spring pulls it back to the end, starting
/// at the overshoot with the velocity it had. One axis, closed form in the time since it began
/// (frame-rate independent: the same curve at 60 Hz and 144 Hz).
public struct Fling: Equatable, Sendable {
    public enum Motion: Equatable, Sendable {
        /// From `from` at `velocity` (px/s), `elapsed` seconds ago.
        case coasting(from: Double, velocity: Double, elapsed: Double)
        /// Pulled back to `edge`: `displacement` past it and `velocity` (px/s) when the bounce
        /// began, `elapsed` seconds ago.
        case bouncing(edge: Double, displacement: Double, velocity: Double, elapsed: Double)
    }

    public private(set) var motion: Motion
    /// The content's end: the offset stays in 0...limit once it comes to rest.
    public let limit: Double
    /// Where it is now.
    public private(set) var offset: Double
    /// Came to rest.
    public private(set) var isFinished = false

    /// A release at `offset` moving at `velocity` (px/s, offset units: positive shows what is
    /// further on). Beyond an end it bounces back at once.
    public init(offset: Double, velocity: Double, limit: Double) {
        self.limit = Swift.max(0, limit)
        self.offset = offset
        if offset < 0 {
            motion = .bouncing(edge: 0, displacement: offset, velocity: velocity, elapsed: 0)
        } else if offset > self.limit {
            motion = .bouncing(edge: self.limit, displacement: offset - self.limit, velocity: velocity, elapsed: 0)
        } else {
            motion = .coasting(from: offset, velocity: velocity, elapsed: 0)
            if abs(velocity) < Touch.stopSpeed { isFinished = true }
        }
    }

    /// The velocity now (px/s).
    public var velocity: Double {
        switch motion {
        case let .coasting(_, v, t): return v * Touch.decay(t)
        case let .bouncing(_, x0, v0, t): return Touch.springVelocity(x0: x0, v0: v0, t: t)
        }
    }

    /// `dt` seconds on.
    public mutating func advance(by dt: Double) {
        guard !isFinished, dt > 0 else { return }
        switch motion {
        case let .coasting(from, v, t0):
            let t = t0 + dt
            let x = from + Touch.coastDistance(velocity: v, time: t)
            // Past an end: the bounce starts where it crossed, with the speed it had there.
            let edge: Double? = x < 0 ? 0 : x > limit ? limit : nil
            if let edge, let crossed = Touch.coastTime(velocity: v, distance: edge - from) {
                motion = .bouncing(edge: edge, displacement: 0, velocity: v * Touch.decay(crossed), elapsed: 0)
                advance(by: t - crossed)
                return
            }
            offset = x
            motion = .coasting(from: from, velocity: v, elapsed: t)
            if abs(v * Touch.decay(t)) < Touch.stopSpeed { isFinished = true }
        case let .bouncing(edge, x0, v0, t0):
            let t = t0 + dt
            let x = Touch.springDisplacement(x0: x0, v0: v0, t: t)
            motion = .bouncing(edge: edge, displacement: x0, velocity: v0, elapsed: t)
            // Within half a pixel and nearly still (or long past its swing): at the end.
            if abs(x) < 0.5 && abs(Touch.springVelocity(x0: x0, v0: v0, t: t)) < Touch.stopSpeed * 4 || t > 2 {
                offset = edge
                isFinished = true
            } else {
                offset = edge + x
            }
        }
    }
}

/// The constants and curves of touch scrolling (UIScrollView's, and Android's thresholds).
public enum Touch {
    /// A coasting offset keeps this fraction of its speed each millisecond (UIScrollView's
    /// `decelerationRate` .normal).
    public static let deceleration = 0.998
    /// Slower than this (px/s) it has stopped.
    public static let stopSpeed = 5.0
    /// A release slower than this (px/s) does not fling (Android's minimum fling velocity, 50 dp/s).
    public static let minFlingSpeed = 50.0
    /// The bounce's spring: critically damped at this angular frequency (1/s). A 3000 px/s
    /// fling overshoots by v/(ωe) ≈ 74 px and is back in about half a second.
    public static let bounceFrequency = 15.0
    /// Rubber band's stiffness (UIScrollView's 0.55): a pan of x past an end moves the content
    /// (1 − 1/(x·c/d + 1))·d, d the visible extent; it never reaches d.
    public static let rubberBand = 0.55
    /// Finger travel (px) before a touch is a pan rather than a hold or a tap: more than the
    /// mouse's, as a fingertip wavers (Android's touch slop is 8 dp).
    public static let slop = 10.0
    /// The finger's velocity is measured over this much of its latest motion (s).
    public static let velocityWindow = 0.1

    /// The fraction of a coasting velocity left after `t` seconds.
    static func decay(_ t: Double) -> Double { Double.pow(deceleration, t * 1000) }

    /// Distance covered coasting at `v` for `t` seconds: ∫ v·d^(1000s) ds = v·(d^(1000t) − 1)/(1000·ln d).
    static func coastDistance(velocity v: Double, time t: Double) -> Double {
        v * (decay(t) - 1) / (1000 * Double.log(deceleration))
    }

    /// When a coast at `v` has covered `distance` (nil: it stops short of it).
    static func coastTime(velocity v: Double, distance: Double) -> Double? {
        guard v != 0, distance * v >= 0 else { return distance == 0 ? 0 : nil }
        let fraction = 1 + distance * 1000 * Double.log(deceleration) / v
        guard fraction > 0 else { return nil }
        return Double.log(fraction) / (1000 * Double.log(deceleration))
    }

    static func springDisplacement(x0: Double, v0: Double, t: Double) -> Double {
        let w = bounceFrequency
        return (x0 + (v0 + w * x0) * t) * expm(-w * t)
    }

    static func springVelocity(x0: Double, v0: Double, t: Double) -> Double {
        let w = bounceFrequency
        return (v0 - w * (v0 + w * x0) * t) * expm(-w * t)
    }

    /// Where a pan that would put the offset at `raw` shows it: as is within 0...limit, rubber-banded
    /// beyond (`extent`: the visible length along the axis).
    public static func rubberBanded(_ raw: Double, limit: Double, extent: Double) -> Double {
        let limit = Swift.max(0, limit), d = Swift.max(1, extent)
        func band(_ x: Double) -> Double { (1 - 1 / (x * rubberBand / d + 1)) * d }
        if raw < 0 { return -band(-raw) }
        if raw > limit { return limit + band(raw - limit) }
        return raw
    }

    /// Inverse of `rubberBanded`: the raw offset that shows at `shown` (a pan taken over mid-bounce
    /// keeps the content where it is).
    public static func unbanded(_ shown: Double, limit: Double, extent: Double) -> Double {
        let limit = Swift.max(0, limit), d = Swift.max(1, extent)
        func unband(_ y: Double) -> Double { let f = Swift.min(y / d, 0.999); return f / (1 - f) * d / rubberBand }
        if shown < 0 { return -unband(-shown) }
        if shown > limit { return limit + unband(shown - limit) }
        return shown
    }
}
