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
final class InputMethod {
    private let im: XIM?
    private let ic: XIC?

    /// Opens the method for `window`; without one, lookups fall back to the keysym's text.
    init(display: OpaquePointer, window: Window) {
        setlocale(LC_CTYPE, "")
        var opened: XIM?
        if XSupportsLocale() != 0 {
            _ = XSetLocaleModifiers("")
            opened = XOpenIM(display, nil, nil, nil)
            if opened == nil {
                // The method named by XMODIFIERS is not running: X's own (Compose, dead keys).
                _ = XSetLocaleModifiers("@im=none")
                opened = XOpenIM(display, nil, nil, nil)
            }
        }
        im = opened
        ic = opened.flatMap { tessera_create_ic($0, window) }
        if let ic { XSetICFocus(ic) }
    }

    deinit {
        if let ic { XDestroyIC(ic) }
        if let im { XCloseIM(im) }
    }

    var isActive: Bool { ic != nil }

    /// The X events the method must be shown (key releases for some), to add to the window's mask.
    var filterEvents: Int { ic.map { Int(tessera_ic_filter_events($0)) } ?? 0 }

    /// Whether the method took the event (part of a composition): then nothing else may see it.
    func filter(_ event: inout XEvent) -> Bool {
        XFilterEvent(&event, 0) != 0
    }

    /// The window has the keyboard focus, or lost it.
    func focus(_ focused: Bool) {
        guard let ic else { return }
        if focused { XSetICFocus(ic) } else { XUnsetICFocus(ic) }
    }

    /// A key press's text (UTF-8) and keysym. The buffer grows when the text does not fit (a long
    /// committed phrase).
    func lookup(_ event: inout XKeyEvent) -> (text: String, keysym: KeySym) {
        var keysym: KeySym = 0
        guard let ic else {
            var buffer = [CChar](repeating: 0, count: 64)
            let n = Int(XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil))
            // Without a context: the keysym's own character when it has one (any layout), else
            // the Latin-1 bytes XLookupString gave.
            if let scalar = Self.scalar(of: keysym) { return (String(Character(scalar)), keysym) }
            var text = ""
            text.unicodeScalars.append(contentsOf: buffer.prefix(Swift.max(0, n)).map { Unicode.Scalar(UInt8(bitPattern: $0)) })
            return (text, keysym)
        }
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

    /// The character a keysym stands for: Latin-1 keysyms are their code point; Unicode keysyms
    /// (0x1000000 + code point, as xdotool and layouts use) carry it.
    static func scalar(of keysym: KeySym) -> Unicode.Scalar? {
        if keysym >= 0x20 && keysym <= 0x7e || keysym >= 0xa0 && keysym <= 0xff { return Unicode.Scalar(UInt32(keysym)) }
        if keysym >= 0x100_0000 && keysym <= 0x110_ffff { return Unicode.Scalar(UInt32(keysym - 0x100_0000)) }
        return nil
    }
}
