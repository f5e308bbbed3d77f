import TesseraCore

/// The renderer's proportions. Colours come from the scene's `Palette`.
enum Theme {
    /// Tile corner radius as a fraction of the shorter side.
    static let cornerFraction = 0.12
    /// Icon edge as a fraction of the shorter tile side.
    static let iconFraction = 0.55
}
