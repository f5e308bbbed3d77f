/// Every colour Tessera draws with, for one appearance: the surface's chrome (read by the engine
/// when it builds a scene) and the inside of tiles (read by the renderer from `Scene.palette`).
///
/// Four designs: light, dark (designed, not inverted: tiles mix the item colour into a dark base,
/// shadows get a light edge), and high contrast on each (solid outlines, full-strength text, no
/// translucent fills, a thicker ring). Colours that carry text are derived so that every pair
/// reaches WCAG AA whatever accent the desktop asks for (`Color.readable`); `PaletteContrastTests`
/// checks every pair of every palette.
public struct Palette: Hashable, Sendable {
    public var isDark: Bool
    public var isHighContrast: Bool

    // MARK: Surfaces
    public var background: Color
    /// A section's card in grids and masonry.
    public var sectionBackground: Color
    /// A board list's frame.
    public var boardColumn: Color
    /// Menus, the detail view, an open folder's panel.
    public var panel: Color
    public var scrim: Color
    public var menuShadow: Color
    /// The band under a menu's highlighted row.
    public var menuHighlight: Color
    /// Under a board list's "Add task" row while the pointer is over it.
    public var addRowHover: Color
    public var scrollIndicator: Color
    /// The timing inspector's panel (`--inspect`).
    public var inspectorPanel: Color

    // MARK: Accent
    /// Rings (selection, drop target, focus), the dwell progress, the gap bar, a drop target's glow.
    public var accent: Color
    /// Text in the accent's hue ("Add task"), readable on the surfaces it sits on.
    public var accentText: Color
    /// Fills that carry white text or a white mark (a stack's count, a marked item's badge).
    public var accentFill: Color
    /// Text and marks on `accentFill`, `badgeFill`, `bannerFill`, `toastFill`, `captionFill`.
    public var onFill: Color

    // MARK: Text
    public var text: Color
    public var secondaryText: Color

    // MARK: Messages
    public var bannerFill: Color
    public var toastFill: Color
    /// The caption strip of an announced move.
    public var captionFill: Color

    // MARK: Tiles
    /// What a tile's item colour is mixed into (`tileFill`).
    public var tileBase: Color
    /// Weight of the item colour in a tile's fill, at rest and under the pointer.
    public var tint: Double
    public var hoverTint: Double
    /// Icons and a new item's initial are the item colour moved this far toward `glyphToward`.
    public var glyphToward: Color
    public var glyphShift: Double
    /// A hairline of shade under every tile.
    public var tileShade: Color
    /// Drawn around every tile in high contrast; clear otherwise.
    public var tileOutline: Color
    /// One of the lifted tile's shadow layers.
    public var liftShadow: Color
    /// A lifted tile's edge: clear on light surfaces, a faint light line on dark ones (where a
    /// shadow alone vanishes).
    public var liftEdge: Color
    /// The inner edge of a folder tile.
    public var folderRing: Color
    /// A folder's mini tiles: the base their item colour is mixed into, and how much.
    public var miniTileBase: Color
    public var miniTint: Double
    /// A folder's count badge (white digits).
    public var badgeFill: Color
    /// The ring that separates a badge from the tile under it.
    public var badgeEdge: Color
    public var doneBadgeFill: Color
    /// The outline of a done item refusing a lift.
    public var refusal: Color
    /// The empty circle a click marks done.
    public var checkFill: Color
    /// The text field of a rename or a new item.
    public var fieldBackground: Color
    /// An icon that could not be loaded.
    public var placeholderFill: Color
    public var placeholderLine: Color
    /// Width of the selection and focus ring, logical pixels.
    public var ringWidth: Double

    /// A tile's fill: `tileBase` mixed with the item colour (`tint`, or `hoverTint` under the
    /// pointer), moved back toward the base's end of the scale if the title would not read on it
    /// (a white item's tile on a dark palette).
    public func tileFill(_ c: Color, hovered: Bool = false) -> Color {
        let fill = tileBase.mixed(with: c.withAlpha(1), hovered ? hoverTint : tint)
        guard fill.contrast(with: text) < 4.6 else { return fill }
        return fill.readable(on: [text], ratio: 4.6, toward: isDark ? .black : .white)
    }

    /// The glyph colour on a tile: the item's own colour, moved toward contrast with the tile
    /// (`glyphShift`, and further if it still does not reach the 3:1 a graphic needs on the tile
    /// at rest and hovered: a yellow icon on a pale yellow tile).
    public func glyph(_ c: Color) -> Color {
        c.withAlpha(1).mixed(with: glyphToward, glyphShift)
            .readable(on: [tileFill(c), tileFill(c, hovered: true)], ratio: 3, toward: glyphToward)
    }

    /// A folder's mini tile of an item of colour `c`.
    public func miniTile(_ c: Color) -> Color { miniTileBase.mixed(with: c.withAlpha(1), miniTint) }
}

extension Palette {
    /// The light palette with the default accent.
    public static let light = Palette(Appearance())
    /// The palette of an appearance (its accent, or the default).
    public init(_ a: Appearance) {
        switch (a.scheme, a.highContrast) {
        case (.light, false): self = Self.designLight(accent: a.accent ?? Appearance.defaultAccent)
        case (.dark, false): self = Self.designDark(accent: a.accent ?? Appearance.defaultDarkAccent)
        case (.light, true): self = Self.designHighContrast(dark: false, accent: a.accent ?? Appearance.defaultAccent)
        case (.dark, true): self = Self.designHighContrast(dark: true, accent: a.accent ?? Appearance.defaultDarkAccent)
        }
    }

    private static func rgb(_ hex: String) -> Color { Color(hex: hex)! }

    static func designLight(accent: Color) -> Palette {
        let background = rgb("#f2f2f7"), section = rgb("#ffffff"), board = rgb("#e5e5ea")
        let accent = accent.withAlpha(1).readable(on: [background, section, board], ratio: 3, toward: .black)
        return Palette(
            isDark: false, isHighContrast: false,
            background: background, sectionBackground: section, boardColumn: board, panel: .white,
            scrim: Color.black.withAlpha(0.45), menuShadow: Color.black.withAlpha(0.18),
            menuHighlight: accent.withAlpha(0.16), addRowHover: Color.black.withAlpha(0.06),
            scrollIndicator: Color.black.withAlpha(0.35), inspectorPanel: Color.white.withAlpha(0.88),
            accent: accent,
            accentText: accent.readable(on: [section, board, .white, Color.black.withAlpha(0.06).composited(over: board)],
                                        ratio: 4.5, toward: .black),
            accentFill: accent.readable(on: [.white], ratio: 4.5, toward: .black),
            onFill: .white,
            text: Color(red: 0.13, green: 0.14, blue: 0.16),
            secondaryText: Color(red: 0.45, green: 0.47, blue: 0.50).readable(on: [background, section, board], ratio: 4.5, toward: .black),
            bannerFill: Color(red: 0.62, green: 0.11, blue: 0.13),
            toastFill: Color(red: 0.16, green: 0.17, blue: 0.19, alpha: 0.94),
            captionFill: accent.readable(on: [.white], ratio: 5.5, toward: .black).withAlpha(0.95),
            tileBase: .white, tint: 0.30, hoverTint: 0.216, glyphToward: .black, glyphShift: 0.12,
            tileShade: Color.black.withAlpha(0.08), tileOutline: .clear,
            liftShadow: Color.black.withAlpha(0.045), liftEdge: .clear,
            folderRing: Color.white.withAlpha(0.8), miniTileBase: .white, miniTint: 0.45,
            badgeFill: Color(red: 0.90, green: 0.24, blue: 0.22).readable(on: [.white], ratio: 4.5, toward: .black),
            badgeEdge: .white,
            doneBadgeFill: Color(red: 0.18, green: 0.64, blue: 0.35),
            refusal: Color(red: 0.86, green: 0.20, blue: 0.18),
            checkFill: Color.white.withAlpha(0.9), fieldBackground: .white,
            placeholderFill: Color(red: 0.74, green: 0.75, blue: 0.77), placeholderLine: Color(red: 0.55, green: 0.56, blue: 0.58),
            ringWidth: 2)
    }

    /// Dark: near-black surfaces that step lighter as they come forward (surface, card, tile,
    /// panel), text a little off white, tiles the item colour mixed into a dark grey so a row of
    /// them reads as coloured without glowing, icons lifted toward white.
    static func designDark(accent: Color) -> Palette {
        let background = rgb("#161618"), section = rgb("#222226"), board = rgb("#222226"), panel = rgb("#2c2c30")
        let accent = accent.withAlpha(1).readable(on: [background, section, board], ratio: 3, toward: .white)
        return Palette(
            isDark: true, isHighContrast: false,
            background: background, sectionBackground: section, boardColumn: board, panel: panel,
            scrim: Color.black.withAlpha(0.6), menuShadow: Color.black.withAlpha(0.5),
            menuHighlight: accent.withAlpha(0.30), addRowHover: Color.white.withAlpha(0.07),
            scrollIndicator: Color.white.withAlpha(0.4), inspectorPanel: panel.withAlpha(0.92),
            accent: accent,
            accentText: accent.readable(on: [section, board, panel, Color.white.withAlpha(0.07).composited(over: board)],
                                        ratio: 4.5, toward: .white),
            accentFill: accent.readable(on: [.white], ratio: 4.5, toward: .black),
            onFill: .white,
            text: rgb("#ececf0"),
            secondaryText: rgb("#9a9ca3").readable(on: [background, section, board, panel], ratio: 4.5, toward: .white),
            bannerFill: Color(red: 0.62, green: 0.11, blue: 0.13),
            toastFill: rgb("#3a3a40").withAlpha(0.96),
            captionFill: accent.readable(on: [.white], ratio: 5.5, toward: .black).withAlpha(0.95),
            tileBase: rgb("#2a2a2f"), tint: 0.30, hoverTint: 0.38, glyphToward: .white, glyphShift: 0.28,
            tileShade: Color.black.withAlpha(0.35), tileOutline: .clear,
            liftShadow: Color.black.withAlpha(0.10), liftEdge: Color.white.withAlpha(0.22),
            folderRing: Color.white.withAlpha(0.14), miniTileBase: rgb("#3a3a40"), miniTint: 0.5,
            badgeFill: Color(red: 0.90, green: 0.24, blue: 0.22).readable(on: [.white], ratio: 4.5, toward: .black),
            badgeEdge: section,
            doneBadgeFill: Color(red: 0.19, green: 0.66, blue: 0.37),
            refusal: Color(red: 1.0, green: 0.38, blue: 0.35),
            checkFill: rgb("#2c2c30").withAlpha(0.9), fieldBackground: rgb("#1c1c1f"),
            placeholderFill: Color(red: 0.30, green: 0.31, blue: 0.33), placeholderLine: Color(red: 0.50, green: 0.51, blue: 0.53),
            ringWidth: 2)
    }

    /// High contrast: the page in one colour and its ink in the other, every tile outlined in
    /// ink, colour kept only as a light wash, nothing translucent but the scrim, a thicker ring.
    static func designHighContrast(dark: Bool, accent: Color) -> Palette {
        let paper: Color = dark ? .black : .white, ink: Color = dark ? .white : .black
        let hover = dark ? rgb("#262626") : rgb("#e6e6e6")
        let accent = accent.withAlpha(1).readable(on: [paper, hover], ratio: 4.5, toward: ink)
        let fill = accent.readable(on: [.white], ratio: 7, toward: .black)
        return Palette(
            isDark: dark, isHighContrast: true,
            background: paper, sectionBackground: paper, boardColumn: paper, panel: paper,
            scrim: Color.black.withAlpha(0.75), menuShadow: ink,
            menuHighlight: dark ? rgb("#1a3a66") : rgb("#cfe0ff"), addRowHover: hover,
            scrollIndicator: ink, inspectorPanel: paper,
            accent: accent, accentText: accent, accentFill: fill, onFill: .white,
            text: ink, secondaryText: dark ? rgb("#d0d0d0") : rgb("#303030"),
            bannerFill: rgb("#8a0000"), toastFill: dark ? rgb("#303030") : .black, captionFill: fill,
            tileBase: paper, tint: 0.16, hoverTint: 0.24, glyphToward: ink, glyphShift: 0.5,
            tileShade: .clear, tileOutline: ink,
            liftShadow: Color.black.withAlpha(dark ? 0 : 0.06), liftEdge: ink,
            folderRing: ink, miniTileBase: paper, miniTint: 0.3,
            badgeFill: rgb("#b00000"), badgeEdge: paper,
            doneBadgeFill: rgb("#00662a"), refusal: dark ? rgb("#ff6b6b") : rgb("#c00000"),
            checkFill: paper, fieldBackground: paper,
            placeholderFill: dark ? rgb("#404040") : rgb("#c0c0c0"), placeholderLine: ink,
            ringWidth: 3.5)
    }
}

extension Color {
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
