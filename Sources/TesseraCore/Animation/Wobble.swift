import RealModule

/// The lifted snapshot's rotation over time, from the moment of lift.
///
/// First the seed's shake: rotation −a → +a → −a… modelled as a·sin(2π·τ/(2·shakeDuration)) for
/// τ < 2·shakeDuration (out to +a in half a shake, back through zero to −a, home), with
/// a = shakeAngle. Then a gentle continuous wobble w·sin(2π·(τ − 2·shakeDuration)/period), so a
/// lifted item looks alive while the pointer is still. Zero with reduced motion.
public enum Wobble {
    public static func angle(sinceLift tau: Double, policy p: DragPolicy) -> Double {
        guard !p.reduceMotion, tau >= 0 else { return 0 }
        let shakeEnd = 2 * p.shakeDuration
        if tau < shakeEnd { return p.shakeAngle * Double.sin(2 * .pi * tau / shakeEnd) }
        return p.wobbleAngle * Double.sin(2 * .pi * (tau - shakeEnd) / p.wobblePeriod)
    }

    /// Sideways offset (px) of a done item refusing to lift: a decaying shake.
    public static func refusal(since tau: Double, policy p: DragPolicy) -> Double {
        guard !p.reduceMotion, tau >= 0, tau < p.refuseDuration else { return 0 }
        let decay = 1 - tau / p.refuseDuration
        return p.refuseAmplitude * decay * Double.sin(2 * .pi * tau / (p.refuseDuration / 3))
    }
}
