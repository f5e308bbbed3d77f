/// Light or dark, high contrast or not, and the accent: what the palette is made from
/// (`Palette(appearance)`). The desktop says it (`DesktopAppearance`), `--appearance` may override
/// it (`AppearanceChoice`); `resolve` is the one place that decides.
public struct Appearance: Hashable, Sendable {
    public enum Scheme: String, Hashable, Sendable { case light, dark }
    public var scheme: Scheme
    public var highContrast: Bool
    /// The desktop's accent colour; nil: Tessera's blue.
    public var accent: Color?

    public init(scheme: Scheme = .light, highContrast: Bool = false, accent: Color? = nil) {
        self.scheme = scheme; self.highContrast = highContrast; self.accent = accent
    }

    /// Tessera's own accent on light surfaces, and the lighter one it uses on dark surfaces.
    public static let defaultAccent = Color(red: 0.20, green: 0.47, blue: 0.96)
    public static let defaultDarkAccent = Color(red: 0.30, green: 0.58, blue: 1.0)

    /// A one-word description for logs and the accessibility tree: "light", "dark",
    /// "high-contrast light"...
    public var name: String { (highContrast ? "high-contrast " : "") + scheme.rawValue }
}

/// The `org.freedesktop.appearance` settings of the XDG desktop portal, as it answered them.
public struct PortalAppearance: Hashable, Sendable {
    /// `color-scheme`: 0 no preference, 1 prefer dark, 2 prefer light.
    public var colorScheme: UInt32?
    /// `accent-color`: an sRGB triple, each in 0...1 (out of range: the portal gave none).
    public var accent: Color?
    /// `contrast`: 0 normal, 1 high.
    public var contrast: UInt32?

    public init(colorScheme: UInt32? = nil, accent: Color? = nil, contrast: UInt32? = nil) {
        self.colorScheme = colorScheme; self.accent = accent; self.contrast = contrast
    }
}

/// Everything the desktop has said so far about how apps should look. Sources answer at
/// different times (the portal over D-Bus, after the first frame); each answer replaces its part.
public struct DesktopAppearance: Hashable, Sendable {
    /// The portal's answer; nil while it has not answered or when there is none.
    public var portal: PortalAppearance?
    /// XSETTINGS `Net/ThemeName` (the GTK theme), nil without an XSETTINGS manager.
    public var themeName: String?

    public init(portal: PortalAppearance? = nil, themeName: String? = nil) {
        self.portal = portal; self.themeName = themeName
    }

    /// Whether a GTK theme name means dark: it ends in `-dark` or `:dark` (Adwaita-dark,
    /// Arc-Dark, Adwaita:dark) or is an inverse high-contrast theme.
    public static func themeIsDark(_ name: String) -> Bool {
        let n = name.lowercased()
        return n.hasSuffix("-dark") || n.hasSuffix(":dark") || n.contains("highcontrastinverse")
    }

    /// Whether a GTK theme name means high contrast (HighContrast, HighContrastInverse).
    public static func themeIsHighContrast(_ name: String) -> Bool {
        name.lowercased().contains("highcontrast")
    }

    /// What the desktop asks for: the portal's colour scheme when it states one (1 or 2), else
    /// the XSETTINGS theme's, else light; high contrast when either says so; the portal's accent.
    public var appearance: Appearance {
        var a = Appearance()
        if let s = portal?.colorScheme, s == 1 || s == 2 {
            a.scheme = s == 1 ? .dark : .light
        } else if let t = themeName, Self.themeIsDark(t) {
            a.scheme = .dark
        }
        a.highContrast = portal?.contrast == 1 || themeName.map(Self.themeIsHighContrast) == true
        a.accent = portal?.accent
        return a
    }
}

/// `--appearance`: follow the desktop, or force one look.
public enum AppearanceChoice: String, CaseIterable, Hashable, Sendable {
    case auto, light, dark
    case highContrast = "high-contrast"

    /// The appearance to show: `auto` is the desktop's; `light` and `dark` force the scheme and
    /// normal contrast; `high-contrast` forces high contrast on the desktop's scheme. The
    /// desktop's accent is kept in every case.
    public func resolve(_ desktop: DesktopAppearance) -> Appearance {
        var a = desktop.appearance
        switch self {
        case .auto: break
        case .light: a.scheme = .light; a.highContrast = false
        case .dark: a.scheme = .dark; a.highContrast = false
        case .highContrast: a.highContrast = true
        }
        return a
    }
}
