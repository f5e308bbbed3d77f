import Testing
@testable import TesseraDesktop

@Suite struct DesktopSettingsTests {
    @Test func takesWhatADesktopAppFollows() {
        let s = DesktopSettings(XSettings.parse(XSettingsFixtures.xsettingsd).settings)
        var expected = DesktopSettings()
        expected.themeName = "Adwaita-dark"
        expected.iconThemeName = "Adwaita"
        expected.fontName = "Noto Sans 12"
        expected.dpi = 96
        expected.dragThreshold = 20
        expected.doubleClickTime = 0.25
        expected.enableAnimations = false
        expected.cursorThemeName = "Adwaita"
        expected.cursorThemeSize = 32
        #expect(s == expected)
    }

    @Test func absurdValuesAreLeftOutWithOneLineEach() {
        var x = XSettings()
        x.values = ["Xft/DPI": .integer(5_000_000), "Gtk/FontName": .string("Cantarell 900"),
                    "Net/DndDragThreshold": .integer(-3), "Net/DoubleClickTime": .integer(0),
                    "Gtk/EnableAnimations": .integer(7), "Net/ThemeName": .string("")]
        var lines: [String] = []
        let s = DesktopSettings(x) { lines.append($0) }
        #expect(s == DesktopSettings())
        #expect(lines.count == 6)
        #expect(lines.contains { $0.contains("Xft/DPI") && $0.contains("48...480") })
        #expect(lines.contains { $0.contains("Gtk/FontName") && $0.contains("900") })
        // The wrong type is simply not the setting (a manager speaks the types it documents).
        x.values = ["Net/DndDragThreshold": .string("20")]
        #expect(DesktopSettings(x).dragThreshold == nil)
    }

    @Test func fontSizesAreReadFromTheDescription() {
        #expect(DesktopSettings.fontSize(of: "Cantarell 11") == 11)
        #expect(DesktopSettings.fontSize(of: "Noto Sans CJK SC Bold 10.5") == 10.5)
        #expect(DesktopSettings.fontSize(of: "Sans 14px") == 14)
        #expect(DesktopSettings.fontSize(of: "Sans") == nil)
    }
}
