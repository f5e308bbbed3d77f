/// Why the shell could not start; each description is one line meant for stderr.
public enum X11ShellError: Error, CustomStringConvertible, Equatable {
    /// `XOpenDisplay` failed. `name` is the display asked for, `environment` the value of DISPLAY.
    case cannotOpenDisplay(name: String?, environment: String?)
    /// The default visual is not TrueColor, or lays its pixels out in a way the back buffer cannot
    /// convert to (see ``PixelLayout``). `kind` names the visual's class ("PseudoColor").
    case unsupportedVisual(depth: Int, kind: String)

    public var description: String {
        switch self {
        case let .cannotOpenDisplay(name, environment):
            let env = environment.map { "DISPLAY='\($0)'" } ?? "DISPLAY is not set"
            guard let name else {
                return "tessera: cannot open an X display (\(env)); run inside an X11 session or set DISPLAY"
            }
            return "tessera: cannot open X display '\(name)' (\(env)); run inside an X11 session or set DISPLAY"
        case let .unsupportedVisual(depth, kind):
            return "tessera: the X display's default visual (\(kind), depth \(depth)) is not one Tessera can draw on; "
                + "it needs a TrueColor visual of depth 15, 16, 24 or 30 (start the X server at one, e.g. Xvfb -screen 0 1280x800x24)"
        }
    }
}
