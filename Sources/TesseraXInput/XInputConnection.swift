import CX11
import CXi

/// XInput 2.2 on a display: the events selected on the window, the devices read, and each
/// generic event's data fetched and translated. `open` returns nil when the server lacks XI 2.2
/// (the shell then reads core events, as before).
public final class XInputConnection {
    public let display: OpaquePointer
    /// The extension's major opcode: a GenericEvent carrying it is ours.
    public let opcode: Int32
    /// The version the server agreed to (2.2 or later).
    public let version: (major: Int32, minor: Int32)
    public private(set) var translator = XInputTranslator()

    private init(display: OpaquePointer, opcode: Int32, version: (Int32, Int32)) {
        self.display = display
        self.opcode = opcode
        self.version = version
    }

    /// Asks for XI 2.2, selects the window's pointer, crossing and touch events from every master
    /// device, and device changes on the root; nil without XI 2.2.
    ///
    /// Keys and focus stay core events: the X input method (XIM) filters and composes core
    /// `KeyPress` events only.
    public static func open(display: OpaquePointer, window: Window, root: Window) -> XInputConnection? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else { return nil }
        let connection = XInputConnection(display: display, opcode: opcode, version: (major, minor))
        connection.select(on: window, device: XIAllMasterDevices,
                          events: [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_Leave,
                                   XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_DeviceChanged])
        connection.select(on: root, device: XIAllDevices, events: [XI_HierarchyChanged])
        connection.readDevices()
        return connection
    }

    private func select(on window: Window, device: Int32, events: [Int32]) {
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for e in events { tessera_xi_set_mask(&bits, e) }
        bits.withUnsafeMutableBufferPointer { buf in
            var mask = XIEventMask(deviceid: device, mask_len: Int32(buf.count), mask: buf.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
    }

    /// Every device's classes, anew (at start and on hotplug).
    public func readDevices() {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, XIAllDevices, &count) else { return }
        defer { XIFreeDeviceInfo(infos) }
        var devices: [XInputDevice] = []
        for k in 0..<Int(count) {
            let info = infos[k]
            let name = info.name.map { String(cString: $0) } ?? ""
            devices.append(XInputDevice(id: info.deviceid, name: name, classes: info.classes, count: info.num_classes))
        }
        translator.devices.replaceAll(devices)
    }

    /// The event's meaning if it is an XInput event (its data fetched and freed here), else nil.
    public func translate(_ ev: inout XEvent) -> XInputEvent? {
        guard ev.type == GenericEvent, ev.xcookie.extension == opcode else { return nil }
        guard XGetEventData(display, &ev.xcookie) != 0 else { return .ignored }
        defer { XFreeEventData(display, &ev.xcookie) }
        guard let data = ev.xcookie.data else { return .ignored }
        let outcome = translator.translate(evtype: ev.xcookie.evtype, data: UnsafeRawPointer(data))
        if outcome == .devicesChanged { readDevices() }
        return outcome
    }
}
