import TesseraCore

/// The renderer's palette and proportions, in one place.
enum Theme {
    /// Accent used for selection and drop-target rings and dwell progress.
    static let accent = Color(red: 0.20, green: 0.47, blue: 0.96)
    static let text = Color(red: 0.13, green: 0.14, blue: 0.16)
    static let secondaryText = Color(red: 0.45, green: 0.47, blue: 0.50)
    static let bannerFill = Color(red: 0.62, green: 0.11, blue: 0.13)
    /// The toast after an edit: dark grey, as the platform's notifications.
    static let toastFill = Color(red: 0.16, green: 0.17, blue: 0.19, alpha: 0.94)
    /// The caption strip of an announced move: the accent, darkened, so it reads apart from a toast.
    static let captionFill = Color(red: 0.02, green: 0.33, blue: 0.72, alpha: 0.95)
    static let badgeFill = Color(red: 0.90, green: 0.24, blue: 0.22)
    /// The outline of a done item refusing a lift.
    static let refusal = Color(red: 0.86, green: 0.20, blue: 0.18)
    static let doneBadgeFill = Color(red: 0.18, green: 0.64, blue: 0.35)
    static let placeholderFill = Color(red: 0.74, green: 0.75, blue: 0.77)
    static let placeholderLine = Color(red: 0.55, green: 0.56, blue: 0.58)

    /// Tile corner radius as a fraction of the shorter side.
    static let cornerFraction = 0.12
    /// Icon edge as a fraction of the shorter tile side.
    static let iconFraction = 0.55
    /// Weight of the item colour in a tile's fill; the rest is white.
    static let tintStrength = 0.30

    /// The soft tint a tile is filled with: `white * (1 - s) + color * s`, s = ``tintStrength``.
    static func tileFill(_ c: Color, hovered: Bool = false) -> Color {
        // Under the pointer: a little lighter, the hover a desktop expects, without a shape change.
        mix(.white, c, hovered ? tintStrength * 0.72 : tintStrength)
    }

    /// The glyph colour on a tile: the item's own colour, a little deeper, so it reads on the pastel.
    static func glyph(_ c: Color) -> Color {
        mix(c, .black, 0.12)
    }

    /// Linear blend of two colours, `t` in 0...1 (0 = a).
    static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        Color(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
              blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
    }
}
