import CX11
import CXi
import TesseraCore

/// What an XInput 2 event means to the shell, in device pixels and the X server's terms; the
/// shell's `EventTranslator` makes core input of it (logical pixels, the same button rules as
/// core events).
public enum XInputEvent: Equatable, Sendable {
    /// The pointer moved (a mouse, a touchpad's finger, a pen).
    case motion(x: Double, y: Double, time: UInt)
    /// A button pressed or released, with the modifier state (core masks).
    case button(UInt32, pressed: Bool, x: Double, y: Double, state: UInt32, time: UInt)
    /// Smooth scrolling, in wheel notches (fractions kept; positive: down, right).
    case scroll(dx: Double, dy: Double, x: Double, y: Double, state: UInt32)
    /// A touchscreen finger.
    case touch(TouchPhase, id: UInt32, x: Double, y: Double, time: UInt)
    /// The pointer left the window (`mode`: XINotifyNormal, XINotifyGrab, …).
    case left(mode: Int32)
    /// Devices were plugged in or out: the shell queries them again.
    case devicesChanged
    case ignored
}

/// Turns XInput 2 events into `XInputEvent`s, keeping the device table (`XInputDevices`) up to date.
///
/// - A scroll valuator's motion becomes `.scroll`; the buttons 4–7 the server emulates from the
///   same motion for old clients (`XIPointerEmulated`) are dropped, so nothing scrolls twice. A
///   wheel on a device without scroll valuators sends plain buttons 4–7, which stay wheel notches.
/// - The pointer the server emulates from a touch (`XIPointerEmulated` on motion and buttons) is
///   dropped: the touch itself arrives as touch events.
/// - A pen's eraser end is ignored; its tip and buttons are the mouse's.
public struct XInputTranslator: Sendable {
    public var devices: XInputDevices
    /// The source of the last pointer event: a switch to another device forgets its valuators.
    private var lastSource: Int32?

    public init(devices: XInputDevices = XInputDevices()) { self.devices = devices }

    /// An event's data (`XGetEventData`'s cookie), by its XI2 type.
    public mutating func translate(evtype: Int32, data: UnsafeRawPointer) -> XInputEvent {
        switch evtype {
        case XI_Motion, XI_ButtonPress, XI_ButtonRelease, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            return device(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee)
        case XI_Enter, XI_Leave:
            return crossing(data.assumingMemoryBound(to: XIEnterEvent.self).pointee)
        case XI_DeviceChanged:
            deviceChanged(data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee)
            return .ignored
        case XI_HierarchyChanged:
            return .devicesChanged
        default:
            return .ignored
        }
    }

    public mutating func device(_ e: XIDeviceEvent) -> XInputEvent {
        if devices.byID[Int32(e.sourceid)]?.isEraser == true { return .ignored }
        let emulated = e.flags & XIPointerEmulated != 0
        let state = UInt32(bitPattern: e.mods.effective)
        switch e.evtype {
        case XI_Motion:
            guard !emulated else { return .ignored }
            noteSource(Int32(e.sourceid))
            if let (dx, dy) = devices.scroll(from: Int32(e.sourceid), valuators: e.valuators) {
                // A scroll valuator in the event: a scroll (the pointer does not move with it).
                return dx == 0 && dy == 0 ? .ignored : .scroll(dx: dx, dy: dy, x: e.event_x, y: e.event_y, state: state)
            }
            return .motion(x: e.event_x, y: e.event_y, time: e.time)
        case XI_ButtonPress, XI_ButtonRelease:
            guard !emulated else { return .ignored }
            noteSource(Int32(e.sourceid))
            return .button(UInt32(e.detail), pressed: e.evtype == XI_ButtonPress, x: e.event_x, y: e.event_y, state: state, time: e.time)
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            // A touchpad's touches drive its pointer and scrolling; only a touchscreen's are fingers on the window.
            if let d = devices.byID[Int32(e.sourceid)], !d.directTouch { return .ignored }
            let phase: TouchPhase = e.evtype == XI_TouchBegin ? .began : e.evtype == XI_TouchEnd ? .ended : .moved
            return .touch(phase, id: UInt32(truncatingIfNeeded: e.detail), x: e.event_x, y: e.event_y, time: e.time)
        default:
            return .ignored
        }
    }

    public mutating func crossing(_ e: XIEnterEvent) -> XInputEvent {
        // Away, the valuators may have moved (a scroll in another window): read them anew.
        devices.resetScroll()
        return e.evtype == XI_Leave ? .left(mode: e.mode) : .ignored
    }

    /// A device's classes changed; on a slave switch the master now speaks for another device,
    /// whose valuators are read anew.
    public mutating func deviceChanged(_ e: XIDeviceChangedEvent) {
        if e.reason == XIDeviceChange {
            let id = Int32(e.deviceid)
            devices.update(XInputDevice(id: id, name: devices.byID[id]?.name ?? "", classes: e.classes, count: e.num_classes))
        }
        devices.resetScroll(of: Int32(e.sourceid))
        lastSource = Int32(e.sourceid)
    }

    private mutating func noteSource(_ source: Int32) {
        if let last = lastSource, last != source { devices.resetScroll(of: source) }
        lastSource = source
    }
}
