/// The inspector (F12): an overlay that draws what the engine decides from — drop zones, the
/// dwell clock, autoscroll zones and speed, the press slop, frame pacing (see
/// `Engine+Inspector.swift` for the drawing). This is its state: whether it is on, and the recent
/// intervals between frames (kept only while it is on, so an engine with it off holds nothing
/// that changes every frame).
public struct Inspector: Equatable, Sendable {
    public private(set) var isOn = false
    /// The last `capacity` intervals between frames that moved time, seconds, oldest first.
    public private(set) var frameIntervals: [Double] = []
    public static let capacity = 90

    public init() {}

    mutating func toggle() {
        isOn.toggle()
        frameIntervals.removeAll()
    }

    /// Time moved from `from` to `to` between two frames the engine asked for: note the interval
    /// (a host stalled longer than half a second is left out, to keep the graph's scale).
    mutating func noteFrame(from: Double, to: Double) {
        let dt = to - from
        guard isOn, dt > 0, dt <= 0.5 else { return }
        if frameIntervals.count >= Self.capacity { frameIntervals.removeFirst(frameIntervals.count - Self.capacity + 1) }
        frameIntervals.append(dt)
    }
}
