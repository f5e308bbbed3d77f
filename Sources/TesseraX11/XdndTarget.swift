import CX11
#if canImport(Glibc)
import Glibc
#endif

/// The window as a drop target for other apps (XDND version 5, freedesktop.org): files and links
/// dragged from a file manager or a browser. It says it accepts while the source offers
/// `text/uri-list` or text, and on the drop reads the data from the `XdndSelection` (INCR too)
/// and hands the bytes, their type and where the pointer let go to the client; parsing them is
/// the client's. A source that does not deliver within `timeout` is told the drop failed.
struct XdndTarget {
    let display: OpaquePointer
    let window: Window
    private let atoms: [String: Atom]
    /// The drag over the window now: its source, the type chosen from its offer, the last position.
    private var source: Window = 0
    private var type: Atom = 0
    private(set) var position: (x: Int, y: Int)?
    /// A drop whose data is being read.
    private var transfer: (started: Double, incremental: Bool, received: SelectionBytes)?

    static let version = 5
    static let timeout = 5.0
    /// Most bytes a drop is read up to (a 10,000-file list is about 1 MB).
    static let maxBytes = 8 << 20
    /// The types taken, best first.
    static let accepted = ["text/uri-list", "text/plain;charset=utf-8", "UTF8_STRING", "text/plain"]

    /// What the client hears.
    enum Outcome {
        /// The data of a drop at window device pixel (x, y), of MIME type `type`.
        case dropped(bytes: [UInt8], type: String, x: Int, y: Int, cut: Bool)
        /// A drop that could not be read, and why.
        case failed(String)
        /// The drag (of something we can take) is over window device pixel (x, y).
        case over(x: Int, y: Int)
        /// The drag left the window.
        case left
    }

    init(display: OpaquePointer, window: Window) {
        self.display = display
        self.window = window
        let names = ["XdndAware", "XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop", "XdndFinished",
                     "XdndSelection", "XdndActionCopy", "XdndTypeList", "INCR", "TESSERA_XDND"] + Self.accepted
        var cNames: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var values = [Atom](repeating: 0, count: names.count)
        _ = XInternAtoms(display, &cNames, Int32(names.count), 0, &values)
        atoms = Dictionary(uniqueKeysWithValues: zip(names, values))
        // Announce the version on the window: sources look for this property.
        var v = UInt(Self.version)
        XChangeProperty(display, window, atoms["XdndAware"]!, XA_ATOM, 32, PropModeReplace, withUnsafeBytes(of: &v) {
            $0.baseAddress!.assumingMemoryBound(to: UInt8.self)
        }, 1)
    }

    private func atom(_ name: String) -> Atom { atoms[name]! }

    var deadline: Double? { transfer.map { $0.started + Self.timeout } }

    /// Handles `ev` when it is XDND's (client messages, the selection's answer, its INCR chunks);
    /// returns nil for events that are not, else what the client hears (nothing yet: `[]`).
    mutating func handle(_ ev: inout XEvent, now: Double) -> [Outcome]? {
        switch ev.type {
        case ClientMessage where ev.xclient.window == window:
            let m = ev.xclient, l = [m.data.l.0, m.data.l.1, m.data.l.2, m.data.l.3, m.data.l.4]
            switch m.message_type {
            case atom("XdndEnter"): enter(l)
            case atom("XdndPosition"):
                position(l)
                if type != 0, let p = position { return [.over(x: p.x, y: p.y)] }
            case atom("XdndLeave"):
                if Window(UInt(bitPattern: l[0])) == source, transfer == nil {
                    reset()
                    return [.left]
                }
            case atom("XdndDrop"): return drop(l, now: now)
            default: return nil
            }
            return []
        case SelectionNotify where ev.xselection.requestor == window && ev.xselection.selection == atom("XdndSelection"):
            guard transfer != nil else { return [] }
            if ev.xselection.property == 0 { return finish(.failed("the source did not give the dropped data")) }
            return readChunk()
        case PropertyNotify where ev.xproperty.window == window && ev.xproperty.atom == atom("TESSERA_XDND")
            && ev.xproperty.state == PropertyNewValue && transfer?.incremental == true:
            return readChunk()
        default:
            return nil
        }
    }

    /// The drop's data did not come in time: the source is told, the client hears why.
    mutating func expire(now: Double) -> [Outcome] {
        guard let d = deadline, now >= d else { return [] }
        return finish(.failed("the app the files came from did not hand them over within \(Int(Self.timeout)) s"))
    }

    private mutating func enter(_ l: [Int]) {
        reset()
        source = Window(UInt(bitPattern: l[0]))
        var offered = [Atom(UInt(bitPattern: l[2])), Atom(UInt(bitPattern: l[3])), Atom(UInt(bitPattern: l[4]))].filter { $0 != 0 }
        if l[1] & 1 != 0 { offered = typeList(of: source) }
        let names = atoms
        type = Self.accepted.map { names[$0]! }.first { offered.contains($0) } ?? 0
    }

    private func typeList(of w: Window) -> [Atom] {
        var actual: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        var list: [Atom] = []
        _ = X11ErrorHandling.trappingErrors(display) {
            if XGetWindowProperty(display, w, atom("XdndTypeList"), 0, 4096, 0, XA_ATOM, &actual, &format, &count, &after, &data) == Success,
               let data, format == 32 {
                data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { list = Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
            }
        }
        if let data { XFree(data) }
        return list
    }

    private mutating func position(_ l: [Int]) {
        guard Window(UInt(bitPattern: l[0])) == source else { return }
        let rootX = Int32((l[2] >> 16) & 0xffff), rootY = Int32(l[2] & 0xffff)
        var x: Int32 = 0, y: Int32 = 0, child: Window = 0
        XTranslateCoordinates(display, XDefaultRootWindow(display), window, rootX, rootY, &x, &y, &child)
        self.position = (Int(x), Int(y))
        // Accepted with a copy, and positions wanted all the time (an empty rectangle).
        send(to: source, "XdndStatus", [Int(window), type != 0 ? 1 | 2 : 2, 0, 0, type != 0 ? Int(atom("XdndActionCopy")) : 0])
    }

    private mutating func drop(_ l: [Int], now: Double) -> [Outcome] {
        guard Window(UInt(bitPattern: l[0])) == source, source != 0 else { return [] }
        guard type != 0, position != nil else {
            send(to: source, "XdndFinished", [Int(window), 0, 0, 0, 0])
            reset()
            return [.failed("the dropped data is neither files, links nor text")]
        }
        let time = Time(UInt(bitPattern: l[2]))
        XDeleteProperty(display, window, atom("TESSERA_XDND"))
        XConvertSelection(display, atom("XdndSelection"), type, atom("TESSERA_XDND"), window, time)
        transfer = (now, false, SelectionBytes())
        return []
    }

    /// Reads (and deletes, asking an INCR source for its next chunk) the property the source wrote.
    private mutating func readChunk() -> [Outcome] {
        guard var t = transfer else { return [] }
        var actual: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, atom("TESSERA_XDND"), 0, Self.maxBytes / 4 + 1, 1, Atom(AnyPropertyType),
                                        &actual, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, actual != 0 else { return finish(.failed("the dropped data could not be read")) }
        if actual == atom("INCR") {
            t.incremental = true
            transfer = t
            return []
        }
        let n = Int(count) * Int(format / 8)
        t.received.append(data, count: n, after: after, limit: Self.maxBytes)
        if t.incremental && n > 0 {
            transfer = t
            return []
        }
        let name = Self.accepted.first { atom($0) == type } ?? "text/plain"
        guard let p = position else { return finish(.failed("the drop had no position")) }
        return finish(.dropped(bytes: t.received.bytes, type: name, x: p.x, y: p.y, cut: t.received.overflowed))
    }

    private mutating func finish(_ outcome: Outcome) -> [Outcome] {
        let ok: Bool
        if case .dropped = outcome { ok = true } else { ok = false }
        if source != 0 {
            send(to: source, "XdndFinished", [Int(window), ok ? 1 : 0, ok ? Int(atom("XdndActionCopy")) : 0, 0, 0])
        }
        reset()
        return [outcome]
    }

    private mutating func reset() {
        source = 0; type = 0; position = nil; transfer = nil
    }

    private func send(to target: Window, _ name: String, _ l: [Int]) {
        var ev = XEvent()
        ev.xclient.type = ClientMessage
        ev.xclient.display = display
        ev.xclient.window = target
        ev.xclient.message_type = atom(name)
        ev.xclient.format = 32
        ev.xclient.data.l = (l[0], l[1], l[2], l[3], l[4])
        _ = X11ErrorHandling.trappingErrors(display) { XSendEvent(display, target, 0, 0, &ev) }
    }
}
