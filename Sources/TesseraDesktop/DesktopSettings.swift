/// What a desktop app takes from XSETTINGS, checked: the theme (light or dark), the UI font, the
/// DPI, the drag threshold, the double-click time, whether to animate, the cursor theme.
///
/// A value out of any sensible range is left out (as if unset) with one line naming the setting,
/// so a broken settings manager can make Tessera fall back to its defaults but never misbehave.
public struct DesktopSettings: Hashable, Sendable {
    /// `Net/ThemeName`: the GTK theme ("Adwaita-dark" means dark).
    public var themeName: String?
    /// `Net/IconThemeName`: the icon theme file types' icons come from ("Adwaita", "breeze").
    public var iconThemeName: String?
    /// `Gtk/FontName`: a Pango font description ("Cantarell 11").
    public var fontName: String?
    /// `Xft/DPI`, in dots per inch (the setting holds DPI x 1024).
    public var dpi: Double?
    /// `Net/DndDragThreshold`: how far a press moves before it is a drag, pixels.
    public var dragThreshold: Double?
    /// `Net/DoubleClickTime`, seconds.
    public var doubleClickTime: Double?
    /// `Gtk/EnableAnimations`.
    public var enableAnimations: Bool?
    /// `Gtk/CursorThemeName` and `Gtk/CursorThemeSize` (pixels).
    public var cursorThemeName: String?
    public var cursorThemeSize: Int?

    public init() {}

    /// Reads the settings Tessera follows out of `x`; `report` hears one line per value refused.
    public init(_ x: XSettings, report: (String) -> Void = { _ in }) {
        func int(_ name: String, in range: ClosedRange<Int32>, unit: String) -> Int32? {
            guard let v = x.integer(name) else { return nil }
            guard range.contains(v) else {
                report("ignoring XSETTINGS \(name) = \(v)\(unit): outside \(range.lowerBound)...\(range.upperBound)\(unit)")
                return nil
            }
            return v
        }
        func text(_ name: String, maxLength: Int = 256) -> String? {
            guard let s = x.string(name) else { return nil }
            guard !s.isEmpty, s.utf8.count <= maxLength, !s.contains(where: { $0.isNewline || $0 == "\0" }) else {
                report("ignoring XSETTINGS \(name): not a usable name")
                return nil
            }
            return s
        }
        themeName = text("Net/ThemeName")
        iconThemeName = text("Net/IconThemeName")
        fontName = text("Gtk/FontName")
        if let name = fontName, let size = Self.fontSize(of: name), !(size >= 4 && size <= 72) {
            report("ignoring XSETTINGS Gtk/FontName \"\(name)\": size \(size) is outside 4...72")
            fontName = nil
        }
        // -1 means "the default" in the specification.
        if let v = x.integer("Xft/DPI"), v != -1 {
            let dpi = Double(v) / 1024
            if dpi >= 48 && dpi <= 480 { self.dpi = dpi } else { report("ignoring XSETTINGS Xft/DPI = \(v) (\(dpi) dpi): outside 48...480 dpi") }
        }
        dragThreshold = int("Net/DndDragThreshold", in: 1...200, unit: " px").map(Double.init)
        doubleClickTime = int("Net/DoubleClickTime", in: 50...5000, unit: " ms").map { Double($0) / 1000 }
        enableAnimations = int("Gtk/EnableAnimations", in: 0...1, unit: "").map { $0 != 0 }
        cursorThemeName = text("Gtk/CursorThemeName")
        cursorThemeSize = int("Gtk/CursorThemeSize", in: 0...512, unit: " px").flatMap { $0 == 0 ? nil : Int($0) }
    }

    /// The size at the end of a Pango font description ("Noto Sans Bold 11" -> 11), if it has one.
    public static func fontSize(of description: String) -> Double? {
        guard let last = description.split(separator: " ").last else { return nil }
        let digits = last.hasSuffix("px") ? last.dropLast(2) : last
        return Double(digits)
    }
}
