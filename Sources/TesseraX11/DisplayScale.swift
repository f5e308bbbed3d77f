import CX11

/// The HiDPI factor the X session asks for: `Xft.dpi / 96`, or 1 when unset.
enum DisplayScale {
    /// A scale the shell draws at: 0.5 ... 8, whatever the desktop or the command line says.
    static func clamped(_ scale: Double) -> Double { max(0.5, min(scale, 8)) }

    static func fromResources(_ display: OpaquePointer) -> Double {
        guard let resources = XResourceManagerString(display) else { return 1 }
        XrmInitialize()
        guard let db = XrmGetStringDatabase(resources) else { return 1 }
        defer { XrmDestroyDatabase(db) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(db, "Xft.dpi", "Xft.Dpi", &type, &value) != 0, let addr = value.addr,
              let dpi = Double(String(cString: addr).filter { !$0.isWhitespace }), dpi > 0 else { return 1 }
        return dpi / 96
    }
}
