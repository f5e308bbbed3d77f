import RealModule

/// A critically damped spring towards zero, evaluated in closed form, so it is exact at any frame
/// rate and can be retargeted mid-flight without a jump.
///
/// x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ω·t),  v(t) = (v0 − ω·(v0 + ω·x0)·t)·e^(−ω·t),
/// with t measured from `start`. The displacement is what is left to travel; retargeting adds the
/// change of destination to the current displacement and keeps the current velocity.
public struct Spring: Hashable, Sendable {
    public var start: Double
    public var x0: Double
    public var v0: Double
    public var omega: Double

    /// ω such that a displacement falls under 1% after `settleTime` seconds (x ≈ (1+ωt)e^(−ωt)).
    public static func omega(settleTime: Double) -> Double { 6.64 / Swift.max(settleTime, 1e-3) }

    public init(displacement: Double, velocity: Double = 0, start: Double, omega: Double) {
        x0 = displacement; v0 = velocity; self.start = start; self.omega = omega
    }

    public func value(at t: Double) -> Double {
        let dt = Swift.max(0, t - start)
        return (x0 + (v0 + omega * x0) * dt) * Double.exp(-omega * dt)
    }

    public func velocity(at t: Double) -> Double {
        let dt = Swift.max(0, t - start)
        return (v0 - omega * (v0 + omega * x0) * dt) * Double.exp(-omega * dt)
    }

    /// Settled: under a quarter pixel away and slower than 2 px/s.
    public func isSettled(at t: Double) -> Bool { abs(value(at: t)) < 0.25 && abs(velocity(at: t)) < 2 }

    /// The spring after its destination moved by `shift`: continues from where it is, as fast as it was.
    public func retargeted(by shift: Double, at t: Double) -> Spring {
        Spring(displacement: value(at: t) + shift, velocity: velocity(at: t), start: t, omega: omega)
    }
}
