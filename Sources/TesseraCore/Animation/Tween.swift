/// A value moving from `from` to `to` over `duration` seconds with an easing curve. Used where the
/// seeds give durations (folder growth 0.5 s, shrink 0.1 s, settle 0.25 s). Retargeting starts a
/// new tween from the current value, so there is never a jump.
public struct Tween: Hashable, Sendable {
    public enum Curve: Hashable, Sendable { case linear, easeOut, easeInOut }
    public var from: Double
    public var to: Double
    public var start: Double
    public var duration: Double
    public var curve: Curve

    public init(from: Double, to: Double, start: Double, duration: Double, curve: Curve = .easeOut) {
        self.from = from; self.to = to; self.start = start; self.duration = duration; self.curve = curve
    }

    /// A tween that is already at `value`.
    public static func at(_ value: Double) -> Tween { Tween(from: value, to: value, start: 0, duration: 0) }

    public func progress(at t: Double) -> Double {
        guard duration > 0 else { return 1 }
        let p = Swift.min(1, Swift.max(0, (t - start) / duration))
        switch curve {
        case .linear: return p
        case .easeOut: return 1 - (1 - p) * (1 - p) * (1 - p)
        case .easeInOut: return p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) * (-2 * p + 2) * (-2 * p + 2) / 2
        }
    }

    public func value(at t: Double) -> Double { from + (to - from) * progress(at: t) }
    public func isFinished(at t: Double) -> Bool { t >= start + duration }

    /// Heads for `target` from wherever the value is at `t`.
    public func retargeted(to target: Double, at t: Double, duration: Double) -> Tween {
        if target == to { return self }
        return Tween(from: value(at: t), to: target, start: t, duration: duration, curve: curve)
    }
}
