import CX11
#if canImport(Glibc)
import Glibc
#endif
import TesseraCore

/// The X `CLIPBOARD` selection, for the title field's Ctrl+C, Ctrl+X and Ctrl+V (ICCCM §2, the
/// protocol every X toolkit speaks).
///
/// Copying takes ownership of `CLIPBOARD` and keeps the text; other clients' requests for it
/// (`SelectionRequest`) are answered as `UTF8_STRING` (also `TEXT`, `text/plain;charset=utf-8`,
/// and `STRING` when the text is Latin-1), and `TARGETS` lists those. Losing ownership
/// (`SelectionClear`) forgets the text.
///
/// Pasting asks the owner to convert to `UTF8_STRING` into a property of our window (falling back
/// to `STRING`, Latin-1, for old clients), reads it when `SelectionNotify` comes, incrementally
/// (`INCR`: `PropertyNotify` chunks) when the owner sends it in parts. The answer becomes an
/// `InputEvent` for the engine: `.paste(text)`, or `.pasteRefused(reason)` when there is nothing
/// to paste, the text is not valid UTF-8 (it never reaches the model), or the owner does not
/// answer within `timeout`. At most `maxBytes` are kept (the field holds far fewer characters;
/// the core cuts the rest with a notice).
final class Clipboard {
    private let display: OpaquePointer
    private let window: Window
    private let clipboard, utf8String, textTarget, plainUTF8, string, targets, incr, property: Atom

    /// The text we own the clipboard with, UTF-8, and since when (the server time we took it).
    private var owned: (bytes: [UInt8], since: Time)?
    private var transfer: Transfer?
    /// Paste answers for the engine, delivered by the shell's next drain.
    private var answers: [InputEvent] = []

    struct Transfer {
        var target: Atom
        var time: Time
        var started: Double
        /// The owner sends the text in chunks (INCR); the transfer ends with an empty one.
        var incremental = false
        /// What came so far; more than `maxBytes` is read and dropped (`overflowed`).
        var received = SelectionBytes()
        var type: Atom = 0
    }

    static let timeout = 2.0
    static let maxBytes = 1 << 20

    /// Made at the first copy or paste (the shell's `clipboard` is lazy): its atoms in one round trip.
    init(display: OpaquePointer, window: Window) {
        self.display = display
        self.window = window
        let names = ["CLIPBOARD", "UTF8_STRING", "TEXT", "text/plain;charset=utf-8", "TARGETS", "INCR", "TESSERA_CLIPBOARD"]
        var atoms = [Atom](repeating: 0, count: names.count)
        var cNames = names.map { strdup($0) }
        XInternAtoms(display, &cNames, Int32(names.count), 0, &atoms)
        cNames.forEach { free($0) }
        (clipboard, utf8String, textTarget, plainUTF8) = (atoms[0], atoms[1], atoms[2], atoms[3])
        (targets, incr, property) = (atoms[4], atoms[5], atoms[6])
        string = Atom(XA_STRING)
    }

    // MARK: Copy

    /// Owns `CLIPBOARD` with `text` from server time `time` (the key press's).
    func copy(_ text: String, time: Time) {
        XSetSelectionOwner(display, clipboard, window, time)
        guard XGetSelectionOwner(display, clipboard) == window else {
            answers.append(.pasteRefused("Nothing copied: another app kept the clipboard"))
            return
        }
        owned = (Array(text.utf8), time)
    }

    // MARK: Paste

    /// Asks the clipboard's owner for its text; the answer comes as an `InputEvent` from
    /// `takeAnswers()`. One paste at a time: a second Ctrl+V while one is under way waits for it.
    func requestPaste(time: Time, now: Double) {
        guard transfer == nil else { return }
        let owner = XGetSelectionOwner(display, clipboard)
        if owner == 0 {
            answers.append(.pasteRefused("Nothing to paste: the clipboard is empty"))
            return
        }
        if let owned, owner == window {
            // Our own text: no round trip through the server.
            answers.append(.paste(String(decoding: owned.bytes, as: UTF8.self)))
            return
        }
        convert(to: utf8String, time: time, now: now)
    }

    private func convert(to target: Atom, time: Time, now: Double) {
        XDeleteProperty(display, window, property)
        XConvertSelection(display, clipboard, target, property, window, time)
        transfer = Transfer(target: target, time: time, started: now)
    }

    /// When a paste under way gives up waiting for the owner.
    var deadline: Double? { transfer.map { $0.started + Self.timeout } }

    /// A paste whose owner has not answered by now is refused.
    func expire(now: Double) {
        guard let d = deadline, now >= d else { return }
        transfer = nil
        answers.append(.pasteRefused("Nothing pasted: the app holding the clipboard did not answer"))
    }

    func takeAnswers() -> [InputEvent] {
        defer { answers.removeAll() }
        return answers
    }

    // MARK: Events

    /// Handles a selection event (a request for our text, its loss, a paste's answer or chunk);
    /// returns whether `ev` was one.
    func handle(_ ev: inout XEvent, now: Double) -> Bool {
        switch ev.type {
        case SelectionRequest:
            answer(ev.xselectionrequest)
        case SelectionClear:
            if ev.xselectionclear.selection == clipboard { owned = nil }
        case SelectionNotify:
            let e = ev.xselection
            guard e.requestor == window, e.selection == clipboard, let t = transfer else { return false }
            if e.property == 0 {
                // The owner cannot give this form: UTF-8 first, then Latin-1, then there is no text.
                if t.target == utf8String {
                    convert(to: string, time: t.time, now: now)
                } else {
                    transfer = nil
                    answers.append(.pasteRefused("Nothing pasted: the clipboard holds no text"))
                }
                return true
            }
            readProperty()
        case PropertyNotify:
            let e = ev.xproperty
            guard e.window == window, e.atom == property, e.state == PropertyNewValue, transfer?.incremental == true else { return false }
            readProperty()
        default:
            return false
        }
        return true
    }

    /// Reads (and deletes, which asks an INCR owner for the next chunk) the property the owner
    /// wrote; an empty chunk ends an incremental transfer.
    private func readProperty() {
        guard var t = transfer else { return }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, property, 0, Self.maxBytes / 4 + 1, 1, Atom(AnyPropertyType),
                                        &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type != 0 else {
            transfer = nil
            answers.append(.pasteRefused("Nothing pasted: the clipboard's answer could not be read"))
            return
        }
        if type == incr {
            // The owner will send the text in chunks, each a new value of the property.
            t.incremental = true
            transfer = t
            return
        }
        let n = Int(count) * Int(format / 8)
        if t.type == 0 { t.type = type }
        t.received.append(data, count: n, after: after, limit: Self.maxBytes)
        if t.incremental && n > 0 {
            transfer = t
            return
        }
        transfer = nil
        answers.append(Self.decode(t.received.bytes, latin1: t.type == string, cut: t.received.overflowed))
    }

    /// The pasted bytes as the engine's input: UTF-8 checked (a text cut at `maxBytes` loses its
    /// unfinished last character, not the whole paste); Latin-1 (`STRING`) widened.
    static func decode(_ bytes: [UInt8], latin1: Bool, cut: Bool) -> InputEvent {
        if latin1 { return .paste(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))) }
        var bytes = bytes
        if cut {
            // Drop a sequence the cut left unfinished (at most three bytes of it).
            var k = bytes.count - 1
            while k >= 0, bytes.count - k <= 3, bytes[k] & 0xC0 == 0x80 { k -= 1 }
            if k >= 0, bytes[k] >= 0xC0 {
                let length = bytes[k] >= 0xF0 ? 4 : bytes[k] >= 0xE0 ? 3 : 2
                if bytes.count - k < length { bytes.removeSubrange(k...) }
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .pasteRefused("Nothing pasted: the clipboard's text is not valid UTF-8")
        }
        return .paste(text)
    }

    /// Gives a requestor our text in the form it asked for, or refuses (property None).
    private func answer(_ req: XSelectionRequestEvent) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.send_event = 1
        reply.xselection.display = display
        reply.xselection.requestor = req.requestor
        reply.xselection.selection = req.selection
        reply.xselection.target = req.target
        reply.xselection.time = req.time
        reply.xselection.property = 0
        // Obsolete clients name no property: the target's name is used (ICCCM 2.2).
        let into = req.property == 0 ? req.target : req.property
        if req.selection == clipboard, let owned, req.time == UInt(CurrentTime) || req.time >= owned.since {
            if req.target == targets {
                var offered: [Atom] = [targets, utf8String, textTarget, plainUTF8]
                if Self.latin1(owned.bytes) != nil { offered.append(string) }
                offered.withUnsafeBytes { raw in
                    _ = XChangeProperty(display, req.requestor, into, Atom(XA_ATOM), 32, PropModeReplace,
                                        raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(offered.count))
                }
                reply.xselection.property = into
            } else if req.target == utf8String || req.target == textTarget || req.target == plainUTF8 {
                let type = req.target == plainUTF8 ? plainUTF8 : utf8String
                put(owned.bytes, type: type, on: req.requestor, into: into)
                reply.xselection.property = into
            } else if req.target == string, let latin = Self.latin1(owned.bytes) {
                put(latin, type: string, on: req.requestor, into: into)
                reply.xselection.property = into
            }
        }
        XSendEvent(display, req.requestor, 0, 0, &reply)
    }

    private func put(_ bytes: [UInt8], type: Atom, on requestor: Window, into: Atom) {
        bytes.withUnsafeBufferPointer { buf in
            _ = XChangeProperty(display, requestor, into, type, 8, PropModeReplace, buf.baseAddress, Int32(buf.count))
        }
    }

    /// The text in Latin-1 (`STRING`), when every character is in it.
    static func latin1(_ utf8: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            guard scalar.value < 256 else { return nil }
            out.append(UInt8(scalar.value))
        }
        return out
    }
}
