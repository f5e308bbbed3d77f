import CX11
import CXi

/// An input device as XInput 2 describes it: its scroll valuators (a touchpad's two-finger
/// scroll, a high-resolution wheel), whether it is a touchscreen, whether it is a pen's eraser.
public struct XInputDevice: Equatable, Sendable {
    /// A valuator that scrolls (`XIScrollClassInfo`): which way, and how much of it is one wheel notch.
    public struct ScrollAxis: Equatable, Sendable {
        public var horizontal: Bool
        public var increment: Double
        public init(horizontal: Bool, increment: Double) { self.horizontal = horizontal; self.increment = increment }
    }

    public var id: Int32
    public var name: String
    /// By valuator number.
    public var scrollAxes: [Int32: ScrollAxis]
    /// A touchscreen (`XITouchClassInfo`, `XIDirectTouch`): its touches are the fingers on the
    /// window. A touchpad's touches (`XIDependentTouch`) are not: it scrolls through valuators.
    public var directTouch: Bool
    /// A tablet pen's eraser end (drivers name its device "… eraser"): ignored.
    public var isEraser: Bool

    public init(id: Int32, name: String, scrollAxes: [Int32: ScrollAxis] = [:], directTouch: Bool = false, isEraser: Bool = false) {
        self.id = id; self.name = name; self.scrollAxes = scrollAxes; self.directTouch = directTouch; self.isEraser = isEraser
    }

    /// Read from the classes XIQueryDevice or an XIDeviceChangedEvent lists.
    public init(id: Int32, name: String, classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?, count: Int32) {
        self.init(id: id, name: name, isEraser: name.lowercased().contains("eraser"))
        for k in 0..<Int(Swift.max(0, count)) {
            guard let any = classes?[k] else { continue }
            switch any.pointee.type {
            case XIScrollClass:
                let s = UnsafeMutableRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                // A zero or negative increment would divide the scroll away or turn it round.
                guard s.increment.isFinite, s.increment != 0 else { continue }
                scrollAxes[s.number] = ScrollAxis(horizontal: s.scroll_type == XIScrollTypeHorizontal, increment: s.increment)
            case XITouchClass:
                let t = UnsafeMutableRawPointer(any).assumingMemoryBound(to: XITouchClassInfo.self).pointee
                directTouch = t.mode == XIDirectTouch
            default:
                break
            }
        }
    }
}

/// The devices the server has, and where each scroll valuator was last: XInput 2 reports a
/// scroll valuator's running total, so a scroll is the difference from the last event's. After
/// a device switch, or the pointer coming back from another window (it may have scrolled there),
/// the last value is unknown: the first event sets it and scrolls nothing (GTK does the same).
public struct XInputDevices: Sendable {
    public private(set) var byID: [Int32: XInputDevice] = [:]
    /// Last value of each scroll valuator, by source device and valuator number.
    private var lastScroll: [Int32: [Int32: Double]] = [:]

    public init(_ devices: [XInputDevice] = []) {
        for d in devices { byID[d.id] = d }
    }

    /// Everything anew (at start, and when a device is plugged in or out).
    public mutating func replaceAll(_ devices: [XInputDevice]) {
        byID = [:]
        for d in devices { byID[d.id] = d }
        lastScroll = [:]
    }

    /// A device's classes changed (a driver's reconfiguration; a master's after a slave switch).
    public mutating func update(_ device: XInputDevice) {
        byID[device.id] = device
        lastScroll[device.id] = nil
    }

    /// Forgets where `device`'s scroll valuators were (nil: every device's).
    public mutating func resetScroll(of device: Int32? = nil) {
        if let device { lastScroll[device] = nil } else { lastScroll = [:] }
    }

    /// The scroll in an event's valuators from `source`, in wheel notches (one increment is one
    /// notch; positive: down or right); nil when none of its scroll valuators is in the event.
    public mutating func scroll(from source: Int32, valuators: XIValuatorState) -> (dx: Double, dy: Double)? {
        guard let axes = byID[source]?.scrollAxes, !axes.isEmpty, let mask = valuators.mask, let values = valuators.values else { return nil }
        var dx = 0.0, dy = 0.0, found = false
        var packed = 0
        for bit in 0..<Int(valuators.mask_len) * 8 where tessera_xi_mask_is_set(mask, Int32(bit)) != 0 {
            defer { packed += 1 }
            guard let axis = axes[Int32(bit)] else { continue }
            found = true
            let value = values[packed]
            let last = lastScroll[source]?[Int32(bit)]
            lastScroll[source, default: [:]][Int32(bit)] = value
            guard let last, value.isFinite else { continue }
            let notches = (value - last) / axis.increment
            if axis.horizontal { dx += notches } else { dy += notches }
        }
        return found ? (dx, dy) : nil
    }
}
