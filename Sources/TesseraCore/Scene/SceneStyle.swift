/// Colours and sizes of the surface's chrome (the renderer owns how cells look inside).
public struct SceneStyle: Hashable, Sendable {
    public var background = Color(hex: "#f2f2f7")!
    public var sectionBackground = Color(hex: "#ffffff")!
    public var boardColumn = Color(hex: "#e5e5ea")!
    public var accent = Color(hex: "#0a84ff")!
    public var scrollIndicator = Color(red: 0, green: 0, blue: 0, alpha: 0.35)
    public var scrim = Color(red: 0, green: 0, blue: 0, alpha: 0.45)
    public var panel = Color(hex: "#ffffff")!
    /// A context menu's shadow, and the band under its highlighted row.
    public var menuShadow = Color(red: 0, green: 0, blue: 0, alpha: 0.18)
    public var menuHighlight = Color(red: 0.04, green: 0.52, blue: 1, alpha: 0.16)
    /// Under a board list's "Add task" row while the pointer is over it.
    public var addRowHover = Color(red: 0, green: 0, blue: 0, alpha: 0.06)
    /// Device pixels per logical pixel. Scroll offsets are drawn rounded to whole device pixels, so
    /// scrolled content lands on the pixel grid (crisp text, and a host can move pixels instead of
    /// repainting); the engine's own offsets stay continuous.
    public var pixelScale = 1.0
    /// How far beyond the window `Scene.upcoming` reaches, logical pixels (0: none).
    public var prefetchDistance = 160.0
    public init() {}

    /// The default style, made once: `init()` parses its colours from hex, which a frame should not.
    public static let standard = SceneStyle()
}
