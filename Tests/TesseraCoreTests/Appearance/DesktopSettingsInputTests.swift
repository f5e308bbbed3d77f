import Testing
@testable import TesseraCore

/// The desktop's gesture settings reach the engine as input (`.gestureSettings`), and change
/// exactly the policy values they name.
@Suite struct DesktopSettingsInputTests {
    @Test func aLargerThresholdKeepsATenPixelMoveFromLifting() {
        var s = EngineScript()
        s.send(.gestureSettings(slop: 20, doubleClickInterval: 0.25, reduceMotion: false))
        var expected = DragPolicy()
        expected.slop = 20
        expected.doubleClickInterval = 0.25
        #expect(s.engine.policy == expected, "the slop and double-click time, nothing else")
        let c = s.center("item-2")
        s.down(c)
        s.wait(0.1)
        s.move(Point(x: c.x + 10, y: c.y))
        s.wait(0.05)
        #expect(s.engine.draggedID == nil, "10 px within a 20 px threshold: still a press")
        s.move(Point(x: c.x + 21, y: c.y))
        s.wait(0.05)
        #expect(s.engine.draggedID == "item-2", "past it: the press-and-move lifts")
    }

    @Test func atTheDefaultThresholdTenPixelsLift() {
        var s = EngineScript()
        let c = s.center("item-2")
        s.down(c)
        s.wait(0.1)
        s.move(Point(x: c.x + 10, y: c.y))
        s.wait(0.05)
        #expect(s.engine.draggedID == "item-2")
    }

    /// Two clicks 0.3 s apart on a section's header: a double-click at the default 0.4 s, two
    /// single clicks when the desktop's double-click time is 250 ms.
    @Test func theDoubleClickTimeComesFromTheDesktop() throws {
        for (interval, renames) in [(0.4, true), (0.25, false)] {
            var s = EngineScript(layout: .grid(FlowLayout()))
            s.send(.gestureSettings(slop: 6, doubleClickInterval: interval, reduceMotion: false))
            let header = try #require(s.engine.snapshot.sections[1].header)
            let p = s.engine.snapshot.toWindow(header, pane: nil, offsets: s.engine.offsets).center
            s.down(p)
            s.up(p)
            s.wait(0.3)
            s.down(p)
            s.up(p)
            #expect((s.engine.renaming != nil) == renames, "double-click time \(interval) s")
        }
    }

    @Test func animationsOffIsReducedMotionAndValuesNobodyMeantAreKeptOut() {
        var s = EngineScript()
        s.send(.gestureSettings(slop: -4, doubleClickInterval: 90, reduceMotion: true))
        var expected = DragPolicy()
        expected.reduceMotion = true
        #expect(s.engine.policy == expected)
    }
}

@Suite struct AppearanceChoiceTests {
    static let accent = Color(red: 0.9, green: 0.2, blue: 0.3)

    @Test func thePortalsSchemeComesFirstThenTheThemeThenLight() {
        #expect(DesktopAppearance().appearance == Appearance())
        #expect(DesktopAppearance(themeName: "Adwaita-dark").appearance == Appearance(scheme: .dark))
        #expect(DesktopAppearance(themeName: "Adwaita:dark").appearance.scheme == .dark)
        #expect(DesktopAppearance(themeName: "Arc-Dark").appearance.scheme == .dark)
        #expect(DesktopAppearance(themeName: "Adwaita").appearance == Appearance())
        // The portal's preference wins over the theme's, either way.
        #expect(DesktopAppearance(portal: PortalAppearance(colorScheme: 2), themeName: "Adwaita-dark").appearance.scheme == .light)
        #expect(DesktopAppearance(portal: PortalAppearance(colorScheme: 1), themeName: "Adwaita").appearance.scheme == .dark)
        // "No preference" leaves it to the theme.
        #expect(DesktopAppearance(portal: PortalAppearance(colorScheme: 0), themeName: "Adwaita-dark").appearance.scheme == .dark)
        // High contrast from either source; the portal's accent.
        #expect(DesktopAppearance(themeName: "HighContrast").appearance == Appearance(highContrast: true))
        #expect(DesktopAppearance(themeName: "HighContrastInverse").appearance == Appearance(scheme: .dark, highContrast: true))
        #expect(DesktopAppearance(portal: PortalAppearance(accent: Self.accent, contrast: 1)).appearance
                == Appearance(highContrast: true, accent: Self.accent))
    }

    @Test func theFlagOverridesTheSchemeAndKeepsTheAccent() {
        let desktop = DesktopAppearance(portal: PortalAppearance(colorScheme: 1, accent: Self.accent, contrast: 1))
        #expect(AppearanceChoice.auto.resolve(desktop) == Appearance(scheme: .dark, highContrast: true, accent: Self.accent))
        #expect(AppearanceChoice.light.resolve(desktop) == Appearance(scheme: .light, accent: Self.accent))
        #expect(AppearanceChoice.dark.resolve(DesktopAppearance()) == Appearance(scheme: .dark))
        #expect(AppearanceChoice.highContrast.resolve(DesktopAppearance()) == Appearance(highContrast: true))
        #expect(AppearanceChoice.highContrast.resolve(DesktopAppearance(themeName: "Adwaita-dark"))
                == Appearance(scheme: .dark, highContrast: true))
    }

    @Test func eachPaletteIsTheOneItsAppearanceNames() {
        #expect(Palette(Appearance()) == Palette.light)
        #expect(!Palette.light.isDark && Palette(Appearance(scheme: .dark)).isDark)
        #expect(Palette(Appearance(highContrast: true)).isHighContrast)
        #expect(Palette(Appearance(accent: Self.accent)).accent != Palette.light.accent)
    }
}
