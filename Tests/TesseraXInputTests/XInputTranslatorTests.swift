import CX11
import CXi
import Testing
import TesseraCore
@testable import TesseraXInput

/// XInput 2 events made in the test, as the server would send them, through the translator.
@Suite struct XInputTranslatorTests {
    static let touchpad: Int32 = 11, wheel: Int32 = 12, screen: Int32 = 13, pad: Int32 = 14, eraser: Int32 = 15, mouse: Int32 = 16

    /// A device as XIQueryDevice lists it, built from class infos.
    static func device(_ id: Int32, _ name: String, scroll: [(number: Int32, type: Int32, increment: Double)] = [],
                       touch: Int32? = nil) -> XInputDevice {
        var scrolls = scroll.map {
            XIScrollClassInfo(type: XIScrollClass, sourceid: id, number: $0.number, scroll_type: $0.type, increment: $0.increment, flags: 0)
        }
        var valuators = (0..<2).map { n in
            XIValuatorClassInfo(type: XIValuatorClass, sourceid: id, number: Int32(n), label: 0, min: 0, max: 0, value: 0, resolution: 1, mode: 0)
        }
        var touches = touch.map { [XITouchClassInfo(type: XITouchClass, sourceid: id, mode: $0, num_touches: 10)] } ?? []
        return scrolls.withUnsafeMutableBufferPointer { s in
            valuators.withUnsafeMutableBufferPointer { v in
                touches.withUnsafeMutableBufferPointer { t in
                    var classes: [UnsafeMutablePointer<XIAnyClassInfo>?] = []
                    for k in v.indices { classes.append(UnsafeMutableRawPointer(v.baseAddress! + k).assumingMemoryBound(to: XIAnyClassInfo.self)) }
                    for k in s.indices { classes.append(UnsafeMutableRawPointer(s.baseAddress! + k).assumingMemoryBound(to: XIAnyClassInfo.self)) }
                    for k in t.indices { classes.append(UnsafeMutableRawPointer(t.baseAddress! + k).assumingMemoryBound(to: XIAnyClassInfo.self)) }
                    return classes.withUnsafeMutableBufferPointer { XInputDevice(id: id, name: name, classes: $0.baseAddress, count: Int32($0.count)) }
                }
            }
        }
    }

    static func translator() -> XInputTranslator {
        XInputTranslator(devices: XInputDevices([
            device(touchpad, "SynPS/2 Synaptics TouchPad", scroll: [(2, XIScrollTypeVertical, 15), (3, XIScrollTypeHorizontal, 15)],
                   touch: XIDependentTouch),
            device(wheel, "Logitech MX Master", scroll: [(2, XIScrollTypeVertical, 120), (3, XIScrollTypeHorizontal, -120)]),
            device(screen, "ELAN Touchscreen", touch: XIDirectTouch),
            device(pad, "Wacom Intuos S Pen stylus"),
            device(eraser, "Wacom Intuos S Pen eraser"),
            device(mouse, "PixArt USB Optical Mouse"),
        ]))
    }

    /// Sends an XIDeviceEvent with the valuators given (number → value), packed as the server packs them.
    static func send(_ t: inout XInputTranslator, _ evtype: Int32, from source: Int32, detail: Int32 = 0, x: Double = 200, y: Double = 80,
                     valuators: [Int32: Double] = [:], flags: Int32 = 0, mods: Int32 = 0) -> XInputEvent {
        var mask = [UInt8](repeating: 0, count: 4)
        var values: [Double] = []
        for n in valuators.keys.sorted() { tessera_xi_set_mask(&mask, n); values.append(valuators[n]!) }
        return mask.withUnsafeMutableBufferPointer { m in
            values.withUnsafeMutableBufferPointer { v in
                var e = XIDeviceEvent()
                e.type = GenericEvent
                e.evtype = evtype
                e.deviceid = 2
                e.sourceid = source
                e.detail = detail
                e.event_x = x
                e.event_y = y
                e.flags = flags
                e.time = 1000
                e.mods.effective = mods
                e.valuators = XIValuatorState(mask_len: Int32(m.count), mask: m.baseAddress, values: v.baseAddress)
                return withUnsafePointer(to: &e) { t.translate(evtype: evtype, data: UnsafeRawPointer($0)) }
            }
        }
    }

    @Test func devicesAreReadFromTheirClasses() {
        let t = Self.translator()
        let pad = t.devices.byID[Self.touchpad]!
        #expect(pad.scrollAxes == [2: .init(horizontal: false, increment: 15), 3: .init(horizontal: true, increment: 15)])
        #expect(!pad.directTouch && t.devices.byID[Self.screen]!.directTouch)
        #expect(t.devices.byID[Self.eraser]!.isEraser && !t.devices.byID[Self.pad]!.isEraser)
    }

    @Test func scrollValuatorsBecomeNotchesFromTheirIncrementsWithFractionsKept() {
        var t = Self.translator()
        // The first event only says where the valuator is: nothing to scroll by yet.
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [2: 300]) == .ignored)
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [2: 315]) == .scroll(dx: 0, dy: 1, x: 200, y: 80, state: 0))
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [2: 322.5]) == .scroll(dx: 0, dy: 0.5, x: 200, y: 80, state: 0))
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [3: 40]) == .ignored)  // the horizontal axis's first
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [2: 315, 3: 10]) == .scroll(dx: -2, dy: -0.5, x: 200, y: 80, state: 0))
        // A pointer motion in the same device's event, without scroll valuators, is a motion.
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, x: 201.5, y: 90.25, valuators: [0: 201.5, 1: 90.25])
                == .motion(x: 201.5, y: 90.25, time: 1000))
    }

    @Test func aHighResolutionWheelScrollsByEighthsAndANegativeIncrementTurnsTheAxisRound() {
        var t = Self.translator()
        _ = Self.send(&t, XI_Motion, from: Self.wheel, valuators: [2: 0, 3: 0])
        #expect(Self.send(&t, XI_Motion, from: Self.wheel, valuators: [2: 15]) == .scroll(dx: 0, dy: 0.125, x: 200, y: 80, state: 0))
        #expect(Self.send(&t, XI_Motion, from: Self.wheel, valuators: [3: 120]) == .scroll(dx: -1, dy: 0, x: 200, y: 80, state: 0))
    }

    @Test func aDeviceSwitchOrAReturnFromAnotherWindowReadsTheValuatorsAnew() {
        var t = Self.translator()
        _ = Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [2: 100])
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [2: 130]) == .scroll(dx: 0, dy: 2, x: 200, y: 80, state: 0))
        // The mouse moves; back on the touchpad, whose valuator the server may have carried on: no jump.
        _ = Self.send(&t, XI_Motion, from: Self.mouse, valuators: [0: 10, 1: 10])
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [2: 5000]) == .ignored)
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [2: 5015]) == .scroll(dx: 0, dy: 1, x: 200, y: 80, state: 0))
        // A slave switch announced by XIDeviceChangedEvent.
        var changed = XIDeviceChangedEvent()
        changed.evtype = XI_DeviceChanged
        changed.deviceid = 2
        changed.sourceid = Self.touchpad
        changed.reason = XISlaveSwitch
        withUnsafePointer(to: &changed) { _ = t.translate(evtype: XI_DeviceChanged, data: UnsafeRawPointer($0)) }
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [2: 9000]) == .ignored)
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [2: 9030]) == .scroll(dx: 0, dy: 2, x: 200, y: 80, state: 0))
        // The pointer went to another window and came back.
        var enter = XIEnterEvent()
        enter.evtype = XI_Enter
        withUnsafePointer(to: &enter) { _ = t.translate(evtype: XI_Enter, data: UnsafeRawPointer($0)) }
        #expect(Self.send(&t, XI_Motion, from: Self.touchpad, valuators: [2: 12000]) == .ignored)
    }

    @Test func emulatedWheelButtonsAreDroppedAndPlainOnesKept() {
        var t = Self.translator()
        #expect(Self.send(&t, XI_ButtonPress, from: Self.touchpad, detail: 5, flags: XIPointerEmulated) == .ignored)
        #expect(Self.send(&t, XI_ButtonRelease, from: Self.touchpad, detail: 5, flags: XIPointerEmulated) == .ignored)
        // A wheel without scroll valuators (or XTest's): its buttons are its notches.
        #expect(Self.send(&t, XI_ButtonPress, from: Self.mouse, detail: 5, mods: ShiftMask)
                == .button(5, pressed: true, x: 200, y: 80, state: UInt32(ShiftMask), time: 1000))
    }

    @Test func aTouchscreensTouchesAreFingersAndItsEmulatedPointerIsDropped() {
        var t = Self.translator()
        #expect(Self.send(&t, XI_TouchBegin, from: Self.screen, detail: 42, x: 10.5, y: 20) == .touch(.began, id: 42, x: 10.5, y: 20, time: 1000))
        #expect(Self.send(&t, XI_TouchUpdate, from: Self.screen, detail: 42, x: 30, y: 20) == .touch(.moved, id: 42, x: 30, y: 20, time: 1000))
        #expect(Self.send(&t, XI_TouchEnd, from: Self.screen, detail: 42, x: 31, y: 22) == .touch(.ended, id: 42, x: 31, y: 22, time: 1000))
        // The same touch as a pointer, for clients that do not read touches: not twice.
        #expect(Self.send(&t, XI_ButtonPress, from: Self.screen, detail: 1, flags: XIPointerEmulated) == .ignored)
        #expect(Self.send(&t, XI_Motion, from: Self.screen, valuators: [0: 30, 1: 20], flags: XIPointerEmulated) == .ignored)
        #expect(Self.send(&t, XI_ButtonRelease, from: Self.screen, detail: 1, flags: XIPointerEmulated) == .ignored)
        // A touchpad's touches move its pointer; they are no fingers on the window.
        #expect(Self.send(&t, XI_TouchBegin, from: Self.touchpad, detail: 3) == .ignored)
    }

    @Test func aPenIsTheMouseAndItsEraserIsIgnored() {
        var t = Self.translator()
        #expect(Self.send(&t, XI_ButtonPress, from: Self.pad, detail: 1) == .button(1, pressed: true, x: 200, y: 80, state: 0, time: 1000))
        #expect(Self.send(&t, XI_Motion, from: Self.pad, x: 220, y: 90, valuators: [0: 220, 1: 90]) == .motion(x: 220, y: 90, time: 1000))
        #expect(Self.send(&t, XI_ButtonPress, from: Self.eraser, detail: 1) == .ignored)
        #expect(Self.send(&t, XI_Motion, from: Self.eraser, valuators: [0: 1, 1: 1]) == .ignored)
    }

    @Test func leavingAndDeviceHotplugAreReported() {
        var t = Self.translator()
        var leave = XIEnterEvent()
        leave.evtype = XI_Leave
        leave.mode = XINotifyGrab
        #expect(withUnsafePointer(to: &leave) { t.translate(evtype: XI_Leave, data: UnsafeRawPointer($0)) } == .left(mode: XINotifyGrab))
        var hierarchy = XIHierarchyEvent()
        #expect(withUnsafePointer(to: &hierarchy) { t.translate(evtype: XI_HierarchyChanged, data: UnsafeRawPointer($0)) } == .devicesChanged)
    }

    @Test func aDeviceChangeReadsTheNewClasses() {
        var t = Self.translator()
        let reconfigured = Self.device(Self.mouse, "PixArt USB Optical Mouse", scroll: [(2, XIScrollTypeVertical, 1)])
        t.devices.update(reconfigured)
        _ = Self.send(&t, XI_Motion, from: Self.mouse, valuators: [2: 0])
        #expect(Self.send(&t, XI_Motion, from: Self.mouse, valuators: [2: 3]) == .scroll(dx: 0, dy: 3, x: 200, y: 80, state: 0))
    }
}
