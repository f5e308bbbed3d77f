/// The whole window fading from how it looked to how it looks now (a theme or accent changed
/// while running): the old picture is laid over the new one at an opacity that eases from 1 to 0
/// over `duration`. Pure timing; the host keeps the old picture and blends it.
public struct CrossFade: Hashable, Sendable {
    public var start: Double
    public var duration: Double

    public init(start: Double, duration: Double = CrossFade.themeChange) {
        self.start = start; self.duration = duration
    }

    /// How long a change of appearance fades (s).
    public static let themeChange = 0.2

    /// The old picture's opacity at `t`: 1 at the start, easing (smoothstep) to 0; nil once over.
    public func oldOpacity(at t: Double) -> Double? {
        guard duration > 0, t < start + duration else { return nil }
        let p = Swift.max(0, t - start) / duration
        return 1 - p * p * (3 - 2 * p)
    }

    /// When the fade is over.
    public var end: Double { start + duration }
}
