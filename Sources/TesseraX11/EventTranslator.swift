import CX11
import CXi
import TesseraCore
import TesseraXInput

/// Turns one X event into what the shell acts on; coordinates become logical pixels (÷ scale).
///
/// Wheel: buttons 4/5 scroll vertically, 6/7 horizontally, ``wheelStep`` logical pixels per notch
/// (button 5 = positive dy = content moves up, showing what is below).
struct EventTranslator {
    enum Outcome {
        case input(InputEvent)
        /// Pointer motion (and its server time), kept apart so a drained batch can deliver only the last one.
        case motion(Point, time: UInt)
        /// The window changed size, in device pixels.
        case resized(width: Int, height: Int)
        /// Part of the window needs repainting from the back buffer.
        case exposed
        /// Ctrl+Q or the window manager's close button.
        case quit
        /// Another client destroyed the window (`DestroyNotify`).
        case windowDestroyed
        /// The window manager will resize the window and asks to hear when a frame at the new size
        /// is drawn (`_NET_WM_SYNC_REQUEST`: the value's low and high words, and whether it names the
        /// extended counter; see ``FrameSync``).
        case syncRequest(low: Int, high: Int, extended: Int)
        /// The keyboard focus came back to the window from another (the user was in another app).
        case focusReturned
        case ignored
    }

    static let wheelStep = 48.0

    var scale: Double
    let window: Window
    let wmProtocols: Atom
    let wmDeleteWindow: Atom
    /// Button 1 is held: the pointer is implicitly grabbed, so leaving the window is not "left".
    private(set) var primaryButtonDown = false
    /// The server time of the last key or button press: what taking the clipboard is stamped with.
    private(set) var lastInputTime = Time(CurrentTime)
    /// `_NET_WM_SYNC_REQUEST` when the window takes part in frame synchronisation (nil: it does not).
    var syncRequest: Atom?
    /// Key text through the X input method (nil: the keysym's own character, as tests without a
    /// window translate).
    var inputMethod: InputMethod?

    init(scale: Double, window: Window, wmProtocols: Atom, wmDeleteWindow: Atom) {
        self.scale = scale
        self.window = window
        self.wmProtocols = wmProtocols
        self.wmDeleteWindow = wmDeleteWindow
    }

    private func point(_ x: Int32, _ y: Int32) -> Point { Point(x: Double(x) / scale, y: Double(y) / scale) }

    mutating func translate(_ ev: inout XEvent) -> Outcome {
        switch ev.type {
        case MotionNotify:
            return .motion(point(ev.xmotion.x, ev.xmotion.y), time: ev.xmotion.time)
        case ButtonPress, ButtonRelease:
            let e = ev.xbutton
            return button(e.button, pressed: ev.type == ButtonPress, at: point(e.x, e.y), state: e.state, time: e.time)
        case KeyPress:
            return key(&ev.xkey)
        case ConfigureNotify:
            return .resized(width: Int(ev.xconfigure.width), height: Int(ev.xconfigure.height))
        case Expose:
            return ev.xexpose.count == 0 ? .exposed : .ignored
        case GraphicsExpose:
            // A scroll copy read pixels the server did not have (an obscured part of the window).
            return ev.xgraphicsexpose.count == 0 ? .exposed : .ignored
        case LeaveNotify:
            return left(mode: ev.xcrossing.mode)
        case FocusIn:
            inputMethod?.focus(true)
            // From another window, not a grab's end or our own child: the user was elsewhere.
            guard ev.xfocus.detail != NotifyInferior, ev.xfocus.mode == NotifyNormal else { return .ignored }
            return .focusReturned
        case MappingNotify:
            // The keyboard's mapping changed (a layout switch; xdotool typing a character the
            // layout lacks remaps a spare key for it): Xlib's copy must follow, or keys read as
            // what they were before.
            XRefreshKeyboardMapping(&ev.xmapping)
            return .ignored
        case FocusOut:
            inputMethod?.focus(false)
            // The keyboard went elsewhere: another client grabbed it (a screen locker, a window
            // switcher: mode NotifyGrab) or took the focus (NotifyNormal, NotifyWhileGrabbed). A
            // drag in flight is cancelled, so Escape never goes to another window mid-drag and no
            // half-finished order survives the switch. Focus moving into a child of ours
            // (NotifyInferior) is not a loss; Tessera has no child windows, but be exact.
            guard ev.xfocus.detail != NotifyInferior else { return .ignored }
            return .input(.grabLost)
        case UnmapNotify:
            // Minimised or hidden mid-drag: the server ends a held button's grab with the window,
            // and the release goes to whatever is under the pointer then.
            guard ev.xunmap.window == window else { return .ignored }
            primaryButtonDown = false
            return .input(.grabLost)
        case DestroyNotify:
            return ev.xdestroywindow.window == window ? .windowDestroyed : .ignored
        case ClientMessage:
            guard ev.xclient.message_type == wmProtocols else { return .ignored }
            let l = ev.xclient.data.l
            if Atom(l.0) == wmDeleteWindow { return .quit }
            if let syncRequest, Atom(l.0) == syncRequest { return .syncRequest(low: l.2, high: l.3, extended: l.4) }
            return .ignored
        default:
            return .ignored
        }
    }

    /// The pointer left the window, the core's `LeaveNotify` and XInput 2's `XI_Leave` alike (their
    /// modes have the same values; XI 2.2's passive grab modes count as grabs).
    private mutating func left(mode: Int32) -> Outcome {
        switch mode {
        case NotifyGrab, XINotifyPassiveGrab:
            // Another client grabbed the pointer: no release will reach us.
            return .input(.grabLost)
        case NotifyUngrab where primaryButtonDown, XINotifyPassiveUngrab where primaryButtonDown:
            // The implicit grab of a held button ended before its release reached us (the
            // window was unmapped, or the grab was broken): the release will never come.
            primaryButtonDown = false
            return .input(.grabLost)
        case NotifyNormal, NotifyUngrab, XINotifyPassiveUngrab:
            // While the button is held the pointer stays ours (implicit grab): not "left".
            return primaryButtonDown ? .ignored : .input(.pointerLeft)
        default:
            return .ignored
        }
    }

    /// Shift turns a vertical wheel sideways (a board narrower than its lists), as in every toolkit.
    private mutating func button(_ number: UInt32, pressed: Bool, at p: Point, state: UInt32, time: UInt) -> Outcome {
        lastInputTime = time
        let sideways = state & UInt32(ShiftMask) != 0
        func wheel(_ d: Double, vertical: Bool) -> Outcome {
            vertical && !sideways ? .input(.wheel(dx: 0, dy: d, at: p)) : .input(.wheel(dx: d, dy: 0, at: p))
        }
        switch Int32(number) {
        case Button1:
            primaryButtonDown = pressed
            var held: Modifiers = []
            if state & UInt32(ControlMask) != 0 { held.insert(.control) }
            if sideways { held.insert(.shift) }
            return .input(pressed ? .pointerDown(p, held) : .pointerUp(p))
        case Button3 where pressed: return .input(.contextClick(p))
        case Button4 where pressed: return wheel(-Self.wheelStep, vertical: true)
        case Button5 where pressed: return wheel(Self.wheelStep, vertical: true)
        case 6 where pressed: return wheel(-Self.wheelStep, vertical: false)
        case 7 where pressed: return wheel(Self.wheelStep, vertical: false)
        default: return .ignored
        }
    }

    // MARK: - XInput 2

    /// An XInput 2 event (already read by `XInputConnection`): the same outcomes as the core
    /// events it replaces, plus pixel-precise scrolling (one notch is ``wheelStep``) and touches.
    mutating func translate(_ event: XInputEvent) -> Outcome {
        func at(_ x: Double, _ y: Double) -> Point { Point(x: x / scale, y: y / scale) }
        switch event {
        case let .motion(x, y, time):
            return .motion(at(x, y), time: time)
        case let .button(number, pressed, x, y, state, time):
            return button(number, pressed: pressed, at: at(x, y), state: state, time: time)
        case let .scroll(dx, dy, x, y, state):
            // Shift turns a vertical scroll sideways, as it does the wheel's notches.
            let sideways = state & UInt32(ShiftMask) != 0 && dx == 0
            let px = Self.wheelStep
            return .input(sideways ? .scroll(dx: dy * px, dy: 0, at: at(x, y)) : .scroll(dx: dx * px, dy: dy * px, at: at(x, y)))
        case let .touch(phase, id, x, y, time):
            if phase == .began { lastInputTime = time }
            return .input(.touch(phase, id: id, at: at(x, y)))
        case .left(let mode):
            return left(mode: mode)
        case .devicesChanged, .ignored:
            return .ignored
        }
    }

    private mutating func key(_ e: inout XKeyEvent) -> Outcome {
        lastInputTime = e.time
        let (typed, keysym) = inputMethod?.lookup(&e) ?? InputMethod.plainLookup(&e)
        let control = e.state & UInt32(ControlMask) != 0
        var modifiers: Modifiers = []
        if e.state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if control { modifiers.insert(.control) }
        if e.state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alt) }
        let sym = Int32(truncatingIfNeeded: keysym)
        if control && (sym == XK_q || sym == XK_Q) { return .quit }
        let named: Key? = switch sym {
        case XK_Escape: .escape
        case XK_Return, XK_KP_Enter: .enter
        case XK_space: .space
        case XK_Left, XK_KP_Left: .left
        case XK_Right, XK_KP_Right: .right
        case XK_Up, XK_KP_Up: .up
        case XK_Down, XK_KP_Down: .down
        case XK_Page_Up, XK_KP_Page_Up: .pageUp
        case XK_Page_Down, XK_KP_Page_Down: .pageDown
        case XK_Home, XK_KP_Home: .home
        case XK_End, XK_KP_End: .end
        case XK_F12: .f12
        case XK_Delete, XK_KP_Delete: .delete
        case XK_BackSpace: .backspace
        case XK_F2: .f2
        case XK_Menu: .menu
        case XK_F10: .f10
        default: nil
        }
        if let named { return .input(.key(named, modifiers)) }
        // Ctrl with a letter (Ctrl+Z, Ctrl+Shift+Z): the letter, lowercase, whatever the buffer
        // holds (a control character) and whichever case the keysym came in.
        if control {
            let lower = sym >= XK_A && sym <= XK_Z ? sym - XK_A + XK_a : sym
            guard lower >= XK_a && lower <= XK_z, let letter = Unicode.Scalar(UInt32(lower)) else { return .ignored }
            return .input(.key(.character(String(Character(letter))), modifiers))
        }
        // Control characters (a Tab, an Escape's byte) are not text.
        guard !typed.isEmpty, typed.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f }) else { return .ignored }
        // The text already has Shift in it.
        return .input(.key(.character(typed), modifiers.subtracting(.shift)))
    }
}
