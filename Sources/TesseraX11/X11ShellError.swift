/// Why the shell could not start; each description is one line meant for stderr.
public enum X11ShellError: Error, CustomStringConvertible, Equatable {
    /// `XOpenDisplay` failed. `name` is the display asked for, `environment` the value of DISPLAY.
    case cannotOpenDisplay(name: String?, environment: String?)
    /// The default visual is not 24-bit TrueColor (8 bits per channel), which the back buffer needs.
    case unsupportedVisual(depth: Int)

    public var description: String {
        switch self {
        case let .cannotOpenDisplay(name, environment):
            let env = environment.map { "DISPLAY='\($0)'" } ?? "DISPLAY is not set"
            guard let name else {
                return "tessera: cannot open an X display (\(env)); run inside an X11 session or set DISPLAY"
            }
            return "tessera: cannot open X display '\(name)' (\(env)); run inside an X11 session or set DISPLAY"
        case let .unsupportedVisual(depth):
            return "tessera: the X display's default visual (depth \(depth)) is not supported; 24-bit TrueColor is required"
        }
    }
}
