import CX11
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
}
