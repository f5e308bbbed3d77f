/// Where a pan or a fling moves the content: the root surface along one axis, a board list, or
/// the open folder's items.
public enum ScrollZone: Hashable, Sendable {
    case root(Axis)
    case pane(Int)
    case folder

    public var axis: Axis {
        if case .root(let a) = self { return a }
        return .vertical
    }
}

/// A finger panning the surface under it (a touch that moved past `Touch.slop` before the hold):
/// the content follows the finger along the zone's axis, rubber-banding past the ends, and flings
/// when the finger lifts with speed.
public struct Pan: Equatable, Sendable {
    /// Where the finger came down.
    public var press: Point
    /// What it moves; nil before it has moved past the slop (a touch that stopped a fling: lifted
    /// before that, it only stopped it), or when nothing under it scrolls that way.
    public var zone: ScrollZone?
    /// Moved past the slop: it is a pan (of `zone`, if any).
    public var engaged = false
    /// The finger's position when the pan engaged, and the zone's offset then (raw: before the
    /// rubber band).
    public var anchor = Point.zero
    public var startOffset = 0.0
    /// The finger's latest positions along the zone's axis, for its velocity at release.
    public var samples = VelocitySamples()

    public init(press: Point, zone: ScrollZone? = nil, engaged: Bool = false, anchor: Point = .zero, startOffset: Double = 0,
                samples: VelocitySamples = VelocitySamples()) {
        self.press = press; self.zone = zone; self.engaged = engaged; self.anchor = anchor; self.startOffset = startOffset
        self.samples = samples
    }

    /// The raw offset (before the rubber band) the finger at `p` asks for: the content point under
    /// the finger at the anchor stays under it.
    public func rawOffset(at p: Point) -> Double {
        guard let zone else { return startOffset }
        return startOffset - (p[zone.axis] - anchor[zone.axis])
    }
}

/// A finger's recent positions along one axis, with their times: its velocity over the last
/// `Touch.velocityWindow` (a finger that paused before lifting has none).
public struct VelocitySamples: Equatable, Sendable {
    public private(set) var times: [Double] = []
    public private(set) var positions: [Double] = []

    public init() {}

    mutating func add(_ position: Double, at t: Double) {
        times.append(t)
        positions.append(position)
        // Only the window counts; keep one sample before it as the baseline.
        while times.count > 2, t - times[1] > Touch.velocityWindow {
            times.removeFirst()
            positions.removeFirst()
        }
    }

    /// px/s over the window ending at the last sample; 0 with fewer than two samples in it.
    public var velocity: Double {
        guard let last = times.last, let end = positions.last else { return 0 }
        guard let i = times.firstIndex(where: { last - $0 <= Touch.velocityWindow }), last - times[i] > 0.005 else { return 0 }
        return (end - positions[i]) / (last - times[i])
    }
}
