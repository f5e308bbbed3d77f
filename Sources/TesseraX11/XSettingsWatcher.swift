import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Follows the XSETTINGS manager of a screen (freedesktop.org XSETTINGS): finds the owner of
/// `_XSETTINGS_S<screen>`, reads its `_XSETTINGS_SETTINGS` property, and reads it again when it
/// changes (PropertyNotify on the owner), when a manager starts (the MANAGER client message on
/// the root window) and when the owner goes away (DestroyNotify). Hands out raw bytes: parsing is
/// `TesseraDesktop`'s.
struct XSettingsWatcher {
    let display: OpaquePointer
    let root: Window
    let selection: Atom
    let property: Atom
    let manager: Atom
    /// The manager's window; 0 without one.
    private(set) var owner: Window = 0

    /// Interns the atoms (one round trip) and asks for the root window's client messages.
    init(display: OpaquePointer, screen: Int32) {
        self.display = display
        root = XRootWindow(display, screen)
        let wanted = ["_XSETTINGS_S\(screen)", "_XSETTINGS_SETTINGS", "MANAGER"]
        var names: [UnsafeMutablePointer<CChar>?] = wanted.map { strdup($0) }
        defer { names.forEach { free($0) } }
        var atoms = [Atom](repeating: 0, count: 3)
        _ = XInternAtoms(display, &names, 3, 0, &atoms)
        selection = atoms[0]; property = atoms[1]; manager = atoms[2]
        // MANAGER messages go to the root with StructureNotifyMask (ICCCM 2.8).
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, root, &attributes)
        XSelectInput(display, root, attributes.your_event_mask | StructureNotifyMask)
    }

    /// Finds the current owner, watches it and reads its settings: nil without a manager, or when
    /// it has no settings property.
    mutating func readCurrent() -> [UInt8]? {
        XGrabServer(display)   // the owner must not go between asking who it is and watching it
        owner = XGetSelectionOwner(display, selection)
        if owner != 0 {
            _ = X11ErrorHandling.trappingErrors(display) { XSelectInput(display, owner, PropertyChangeMask | StructureNotifyMask) }
        }
        XUngrabServer(display)
        return owner == 0 ? nil : readProperty()
    }

    /// What an event means for the settings: nil when it is not about them; `.some(bytes)` with
    /// the settings as they are now (`bytes` nil: no manager any more).
    mutating func handle(_ event: inout XEvent) -> [UInt8]?? {
        switch event.type {
        case ClientMessage where event.xclient.window == root && event.xclient.message_type == manager
            && Atom(event.xclient.data.l.1) == selection:
            return .some(readCurrent())
        case PropertyNotify where owner != 0 && event.xproperty.window == owner && event.xproperty.atom == property:
            return .some(readProperty())
        case DestroyNotify where owner != 0 && event.xdestroywindow.window == owner:
            owner = 0
            return .some(readCurrent())
        default:
            return nil
        }
    }

    /// The owner's `_XSETTINGS_SETTINGS`, at most 1 MiB (a desktop's is about 2 KB).
    private func readProperty() -> [UInt8]? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        var status: Int32 = 0
        let clean = X11ErrorHandling.trappingErrors(display) {
            status = XGetWindowProperty(display, owner, property, 0, 1 << 18, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &after, &data)
        }
        defer { if let data { XFree(data) } }
        guard clean, status == Success, format == 8, let data else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }
}
