import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Text from the keyboard through the X input method: what makes Chinese through fcitx or ibus,
/// dead keys and Compose, and any keyboard layout type what the user means, as UTF-8.
///
/// The locale is taken from the environment (`setlocale(LC_CTYPE, "")`, `XSetLocaleModifiers("")`:
/// `XMODIFIERS=@im=fcitx` picks the method), an input context is made with no pre-edit area of
/// ours (the method draws its own candidates), every event goes through `XFilterEvent` first (the
/// method eats the keys it composes), and key presses are read with `Xutf8LookupString`. Without
/// an input method (none running, or a locale X does not support), `Xutf8LookupString` on a plain
/// context-free path still gives UTF-8 for the keysym, so typing works everywhere.
///
/// It opens on the first key press, not at start-up: the locale's input method data (compose
/// tables) cost most of a megabyte that a session driven by the pointer never needs.
final class InputMethod {
    private let display: OpaquePointer
    private let window: Window
    /// The window's event mask, to which the method's own events are added when it opens.
    private let eventMask: Int
    private var opened = false
    private var im: XIM?
    private var ic: XIC?

    init(display: OpaquePointer, window: Window, eventMask: Int) {
        self.display = display
        self.window = window
        self.eventMask = eventMask
    }

    /// Opens the method for the window; without one, lookups fall back to the keysym's text.
    private func open() {
        guard !opened else { return }
        opened = true
        setlocale(LC_CTYPE, "")
        var method: XIM?
        if XSupportsLocale() != 0 {
            _ = XSetLocaleModifiers("")
            method = XOpenIM(display, nil, nil, nil)
            if method == nil {
                // The method named by XMODIFIERS is not running: X's own (Compose, dead keys).
                _ = XSetLocaleModifiers("@im=none")
                method = XOpenIM(display, nil, nil, nil)
            }
        }
        im = method
        ic = method.flatMap { tessera_create_ic($0, window) }
        guard let ic else { return }
        XSetICFocus(ic)
        let extra = Int(tessera_ic_filter_events(ic))
        if extra & ~eventMask != 0 { XSelectInput(display, window, eventMask | extra) }
    }

    deinit {
        if let ic { XDestroyIC(ic) }
        if let im { XCloseIM(im) }
    }

    var isActive: Bool { ic != nil }

    /// Whether the method took the event (part of a composition): then nothing else may see it.
    /// The first key press opens the method.
    func filter(_ event: inout XEvent) -> Bool {
        if !opened {
            guard event.type == KeyPress else { return false }
            open()
        }
        return XFilterEvent(&event, 0) != 0
    }

    /// The window has the keyboard focus, or lost it.
    func focus(_ focused: Bool) {
        guard let ic else { return }
        if focused { XSetICFocus(ic) } else { XUnsetICFocus(ic) }
    }

    /// A key press's text (UTF-8) and keysym. The buffer grows when the text does not fit (a long
    /// committed phrase).
    func lookup(_ event: inout XKeyEvent) -> (text: String, keysym: KeySym) {
        open()
        var keysym: KeySym = 0
        guard let ic else { return Self.plainLookup(&event) }
        var size = 64
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            var status: Int32 = 0
            let n = Int(Xutf8LookupString(ic, &event, &buffer, Int32(size), &keysym, &status))
            if status == XBufferOverflow { size = n + 1; continue }
            guard status == XLookupChars || status == XLookupBoth, n > 0 else { return ("", keysym) }
            let bytes = buffer.prefix(n).map { UInt8(bitPattern: $0) }
            // Invalid UTF-8 (a broken method) never reaches the model: it is replaced, then cleaned.
            return (String(decoding: bytes, as: UTF8.self), keysym)
        }
    }

    /// Without an input method (none could be opened; tests without a window): the keysym and its
    /// character (any layout's keysyms, including the Unicode ones xdotool types with), else
    /// XLookupString's Latin-1.
    static func plainLookup(_ event: inout XKeyEvent) -> (text: String, keysym: KeySym) {
        var buffer = [CChar](repeating: 0, count: 32)
        var keysym: KeySym = 0
        let n = Int(XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil))
        if let scalar = scalar(of: keysym) { return (String(Character(scalar)), keysym) }
        var text = ""
        text.unicodeScalars.append(contentsOf: buffer.prefix(Swift.max(0, n)).map { Unicode.Scalar(UInt8(bitPattern: $0)) })
        return (text, keysym)
    }

    /// The character a keysym stands for: Latin-1 keysyms are their code point; Unicode keysyms
    /// (0x1000000 + code point, as xdotool and layouts use) carry it.
    static func scalar(of keysym: KeySym) -> Unicode.Scalar? {
        if keysym >= 0x20 && keysym <= 0x7e || keysym >= 0xa0 && keysym <= 0xff { return Unicode.Scalar(UInt32(keysym)) }
        if keysym >= 0x100_0000 && keysym <= 0x110_ffff { return Unicode.Scalar(UInt32(keysym - 0x100_0000)) }
        return nil
    }
}
