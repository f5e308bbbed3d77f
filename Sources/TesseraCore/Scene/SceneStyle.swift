/// What a scene is drawn with beyond the engine's state: the palette (chrome colours here, tile
/// colours in the renderer, which reads `Scene.palette`) and the device-pixel grid.
public struct SceneStyle: Hashable, Sendable {
    /// Every colour; the host sets it from the appearance (`Palette(appearance)`).
    public var palette = Palette.light
    /// The desktop's UI font (see `Scene.uiFont`); nil: Tessera's own.
    public var uiFont: String?
    /// Device pixels per logical pixel. Scroll offsets are drawn rounded to whole device pixels, so
    /// scrolled content lands on the pixel grid (crisp text, and a host can move pixels instead of
    /// repainting); the engine's own offsets stay continuous.
    public var pixelScale = 1.0
    /// How far beyond the window `Scene.upcoming` reaches, logical pixels (0: none).
    public var prefetchDistance = 160.0
    public init() {}

    /// The default style, made once.
    public static let standard = SceneStyle()

    public var background: Color { palette.background }
    public var sectionBackground: Color { palette.sectionBackground }
    public var boardColumn: Color { palette.boardColumn }
    public var accent: Color { palette.accent }
    public var scrollIndicator: Color { palette.scrollIndicator }
    public var scrim: Color { palette.scrim }
    public var panel: Color { palette.panel }
    /// A context menu's shadow, and the band under its highlighted row.
    public var menuShadow: Color { palette.menuShadow }
    public var menuHighlight: Color { palette.menuHighlight }
    /// Under a board list's "Add task" row while the pointer is over it.
    public var addRowHover: Color { palette.addRowHover }
}
