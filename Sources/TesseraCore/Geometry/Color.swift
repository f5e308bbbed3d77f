/// An sRGB colour with alpha, each channel in 0...1.
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#rrggbb` or `#rrggbbaa`; returns nil for anything else.
    public init?(hex: String) {
        var s = Substring(hex)
        guard s.first == "#" else { return nil }
        s = s.dropFirst()
        guard s.count == 6 || s.count == 8, let v = UInt32(s, radix: 16) else { return nil }
        let hasAlpha = s.count == 8
        let rgb = hasAlpha ? v >> 8 : v
        red = Double((rgb >> 16) & 0xff) / 255
        green = Double((rgb >> 8) & 0xff) / 255
        blue = Double(rgb & 0xff) / 255
        alpha = hasAlpha ? Double(v & 0xff) / 255 : 1
    }

    /// `#rrggbb` (alpha dropped when opaque), the form used in the state file.
    public var hex: String {
        func h(_ c: Double) -> String {
            let v = Int((min(max(c, 0), 1) * 255).rounded())
            return v < 16 ? "0" + String(v, radix: 16) : String(v, radix: 16)
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
    }

    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let black = Color(red: 0, green: 0, blue: 0)
}
