import TesseraApp
import TesseraCore
import TesseraDesktop

/// Turns what the desktop publishes (XSETTINGS bytes, from the shell) into the app's appearance
/// and gesture settings, at start and on every change. A setting it cannot use is named once on
/// stderr, not again on each change.
@MainActor
final class DesktopFollower {
    let app: AppController
    private var reported: Set<String> = []
    /// The settings last applied.
    private(set) var settings = DesktopSettings()

    /// Shows the pointer from a cursor theme (the shell's, once it exists); called with the
    /// settings' theme at once, and again when they change.
    var applyCursorTheme: ((String?, Int?) -> Void)? {
        didSet { applyCursorTheme?(settings.cursorThemeName, settings.cursorThemeSize) }
    }

    /// Shows the window at a new scale (the shell's, when `--scale` did not fix it).
    var applyScale: ((Double) -> Void)?

    init(app: AppController) { self.app = app }

    func xsettingsChanged(_ bytes: [UInt8]?, at t: Double) {
        var next = DesktopSettings()
        if let bytes {
            let parsed = XSettings.parse(bytes)
            for p in parsed.problems { report("ignoring the rest of the XSETTINGS: \(p)") }
            next = DesktopSettings(parsed.settings) { report($0) }
        }
        let cursorChanged = next.cursorThemeName != settings.cursorThemeName || next.cursorThemeSize != settings.cursorThemeSize
        let dpiChanged = next.dpi != settings.dpi
        settings = next
        if dpiChanged, let dpi = next.dpi { applyScale?(dpi / 96) }
        if cursorChanged { applyCursorTheme?(next.cursorThemeName, next.cursorThemeSize) }
        var desktop = app.desktopAppearance
        desktop.themeName = next.themeName
        app.desktopAppearanceChanged(desktop)
        app.desktopFontChanged(next.fontName)
        app.desktopGesturesChanged(dragThreshold: next.dragThreshold, doubleClickTime: next.doubleClickTime,
                                   enableAnimations: next.enableAnimations, at: t)
    }

    /// The desktop portal said something new about the look (it answered, or a setting changed).
    func portalChanged(_ portal: PortalAppearance) {
        var desktop = app.desktopAppearance
        desktop.portal = portal
        app.desktopAppearanceChanged(desktop)
    }

    /// One line on stderr, once per distinct line.
    func report(_ line: String) {
        guard reported.insert(line).inserted else { return }
        StandardStreams.error("tessera: \(line)\n")
    }
}
