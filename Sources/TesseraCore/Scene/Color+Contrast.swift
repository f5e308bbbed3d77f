// In Scene/, not Geometry/: it uses RealModule, which scripts/fuzz.sh's builds of Geometry do not link.
import RealModule

/// WCAG 2 contrast: relative luminance and the ratio between two colours, the measure every
/// palette is checked against (text 4.5:1, large text and UI parts 3:1).
extension Color {
    /// Relative luminance of the opaque colour (sRGB channels linearised), 0 (black) ... 1 (white).
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            let v = Swift.min(Swift.max(c, 0), 1)
            return v <= 0.04045 ? v / 12.92 : Double.pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio with `other`, 1 ... 21 (both taken as opaque: composite first).
    public func contrast(with other: Color) -> Double {
        Self.contrastRatio(relativeLuminance, other.relativeLuminance)
    }

    /// The contrast ratio between two relative luminances.
    static func contrastRatio(_ a: Double, _ b: Double) -> Double {
        (Swift.max(a, b) + 0.05) / (Swift.min(a, b) + 0.05)
    }

    /// This colour painted over an opaque `base` (source-over): what the eye sees.
    public func composited(over base: Color) -> Color {
        let a = Swift.min(Swift.max(alpha, 0), 1)
        return Color(red: base.red + (red - base.red) * a, green: base.green + (green - base.green) * a,
                     blue: base.blue + (blue - base.blue) * a)
    }

    /// Linear blend toward `other`, `t` in 0...1 (0 = self), alpha included.
    public func mixed(with other: Color, _ t: Double) -> Color {
        Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// This colour, moved toward `toward` (black or white) in small steps until it reaches
    /// `ratio` against every one of `backgrounds`; as far as `toward` itself if it never does.
    /// How a desktop's accent colour becomes a readable text colour on any palette.
    public func readable(on backgrounds: [Color], ratio: Double, toward: Color) -> Color {
        // The backgrounds' luminances once, not at every step.
        let under = backgrounds.map(\.relativeLuminance)
        var t = 0.0
        while t < 1 {
            let c = mixed(with: toward, t)
            let l = c.relativeLuminance
            if under.allSatisfy({ Self.contrastRatio(l, $0) >= ratio }) { return c }
            t += 0.02
        }
        return toward
    }
}
