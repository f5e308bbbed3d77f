import CX11
import CXi
import TesseraXInput
import Testing
import TesseraCore
@testable import TesseraX11

/// X events become the core's input as a user expects.
@Suite struct EventTranslatorTests {
    func press(_ button: Int32, state: Int32 = 0) -> InputEvent? {
        var t = EventTranslator(scale: 2, window: 7, wmProtocols: 0, wmDeleteWindow: 0)
        var ev = XEvent()
        ev.type = ButtonPress
        ev.xbutton.button = UInt32(button)
        ev.xbutton.state = UInt32(state)
        ev.xbutton.x = 100
        ev.xbutton.y = 40
        if case .input(let e) = t.translate(&ev) { return e }
        return nil
    }

    @Test func theWheelScrollsAndShiftTurnsItSideways() {
        let at = Point(x: 50, y: 20)                         // logical pixels at scale 2
        #expect(press(Button5) == .wheel(dx: 0, dy: EventTranslator.wheelStep, at: at))
        #expect(press(Button4) == .wheel(dx: 0, dy: -EventTranslator.wheelStep, at: at))
        #expect(press(Button5, state: ShiftMask) == .wheel(dx: EventTranslator.wheelStep, dy: 0, at: at))
        #expect(press(Button4, state: ShiftMask) == .wheel(dx: -EventTranslator.wheelStep, dy: 0, at: at))
        #expect(press(7) == .wheel(dx: EventTranslator.wheelStep, dy: 0, at: at))
        #expect(press(7, state: ShiftMask) == .wheel(dx: EventTranslator.wheelStep, dy: 0, at: at))
        #expect(press(Button1) == .pointerDown(at))
    }

    @Test func xinputsScrollIsPreciseAndTouchesAreFingersInLogicalPixels() {
        var t = EventTranslator(scale: 2, window: 7, wmProtocols: 0, wmDeleteWindow: 0)
        func input(_ e: XInputEvent) -> InputEvent? { if case .input(let i) = t.translate(e) { i } else { nil } }
        let at = Point(x: 100, y: 40)
        // One notch is the wheel's step; a touchpad's fraction of one stays a fraction.
        #expect(input(.scroll(dx: 0, dy: 0.25, x: 200, y: 80, state: 0)) == .scroll(dx: 0, dy: EventTranslator.wheelStep / 4, at: at))
        #expect(input(.scroll(dx: -1.5, dy: 0, x: 200, y: 80, state: 0)) == .scroll(dx: -EventTranslator.wheelStep * 1.5, dy: 0, at: at))
        #expect(input(.scroll(dx: 0, dy: 1, x: 200, y: 80, state: UInt32(ShiftMask))) == .scroll(dx: EventTranslator.wheelStep, dy: 0, at: at))
        #expect(input(.touch(.began, id: 9, x: 200, y: 80, time: 5)) == .touch(.began, id: 9, at: at))
        #expect(input(.touch(.ended, id: 9, x: 201, y: 81, time: 6)) == .touch(.ended, id: 9, at: Point(x: 100.5, y: 40.5)))
        // The pointer's buttons as core events' (Ctrl held: a mark's toggle).
        #expect(input(.button(1, pressed: true, x: 200, y: 80, state: UInt32(ControlMask), time: 7)) == .pointerDown(at, [.control]))
        #expect(input(.button(1, pressed: false, x: 200, y: 80, state: 0, time: 7)) == .pointerUp(at))
        #expect(input(.button(5, pressed: true, x: 200, y: 80, state: 0, time: 7)) == .wheel(dx: 0, dy: EventTranslator.wheelStep, at: at))
        if case .motion(let p, let time) = t.translate(.motion(x: 201, y: 80.5, time: 8)) {
            #expect(p == Point(x: 100.5, y: 40.25) && time == 8)
        } else {
            Issue.record("a motion")
        }
        // Leaving: grabs taken by another client, active or passive, end a drag; a plain leave is "left".
        #expect(input(.left(mode: XINotifyPassiveGrab)) == .grabLost)
        #expect(input(.left(mode: XINotifyNormal)) == .pointerLeft)
        _ = t.translate(.button(1, pressed: true, x: 0, y: 0, state: 0, time: 9))
        #expect(input(.left(mode: XINotifyNormal)) == nil)  // the held button keeps the pointer ours
    }
}
