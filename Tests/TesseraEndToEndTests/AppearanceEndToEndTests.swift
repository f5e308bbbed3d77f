import CX11
import Foundation
import Testing

/// The window follows the desktop's XSETTINGS (served by xsettingsd, as a desktop's settings
/// daemon serves them): dark at start when the theme is dark, light again within 2 s of the theme
/// changing while it runs, the press-and-move slop from `Net/DndDragThreshold`.
@Suite("End to end: following the desktop's settings")
struct AppearanceEndToEndTests {
    /// The dark palette's surface (`Palette.designDark`).
    static let darkSurface = RGB(0x16, 0x16, 0x18)

    /// xsettingsd on the harness's display, serving `conf` (rewrite it and `reload()` to change).
    final class SettingsDaemon {
        let child: ChildProcess
        let path: String
        init(_ h: Harness, _ conf: String) throws {
            path = h.directory + "/xsettingsd.conf"
            try conf.write(toFile: path, atomically: true, encoding: .utf8)
            let places = ["/usr/bin/xsettingsd", "/usr/local/bin/xsettingsd"]
            guard let binary = places.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                throw XSession.Failure(description: "xsettingsd is not installed (scripts/deps.sh installs it)")
            }
            child = try ChildProcess(executable: binary, arguments: ["-c", path],
                                     environment: ["DISPLAY": h.xvfb.display, "PATH": "/usr/bin:/bin"],
                                     stderrPath: h.directory + "/xsettingsd.log")
        }
        func reload(_ conf: String) throws {
            try conf.write(toFile: path, atomically: true, encoding: .utf8)
            child.send(SIGHUP)
        }
        func stop() { _ = child.terminate() }
    }

    /// Waits until a manager owns `_XSETTINGS_S0` on the harness's display.
    static func waitForManager(_ h: Harness) async throws {
        let selection = XInternAtom(h.x.display, "_XSETTINGS_S0", 0)
        for _ in 0..<100 {
            if XGetSelectionOwner(h.x.display, selection) != 0 { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw XSession.Failure(description: "xsettingsd did not take _XSETTINGS_S0 within 2 s")
    }

    @Test("a dark theme makes the window dark from its first frame; switching to Adwaita makes it light within 2 s")
    func followsTheThemeLive() async throws {
        let h = try await Harness.start("xsettings-theme")
        defer { h.close() }
        let daemon = try SettingsDaemon(h, "Net/ThemeName \"Adwaita-dark\"\n")
        defer { daemon.stop() }
        try await Self.waitForManager(h)
        let app = try await h.launch(firstFrame: Self.darkSurface)
        let dark = try Screenshot(h.x)
        #expect(dark.color(at: Pixel(2, 2)) == Self.darkSurface)
        // Text on the dark surface is light: the first section's header reads light on dark.
        #expect(dark.distinctColorCount > 100)

        try daemon.reload("Net/ThemeName \"Adwaita\"\n")
        let light = try await Screenshot.waitFor(h.x, timeout: 2) { $0.color(at: Pixel(2, 2)) == .surface }
        #expect(light.color(at: Pixel(2, 2)) == .surface, "light within 2 s: \(light.save(name: "xsettings-still-dark"))")
        #expect(app.process.status == nil, "the same process, not a restart")
        #expect(app.standardError.isEmpty, "stderr: \(app.standardError)")
    }

    @Test("a drag in flight goes on through a change of theme, and its drop is saved")
    func aDragSurvivesAThemeChange() async throws {
        let h = try await Harness.start("xsettings-drag")
        defer { h.close() }
        let daemon = try SettingsDaemon(h, "Net/ThemeName \"Adwaita\"\n")
        defer { daemon.stop() }
        try await Self.waitForManager(h)
        let layout = try await h.layout()
        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        let app = try await h.launch()
        await h.x.lift(at: s1.frame.center, thenGlideTo: fourth.gapAfter(fifth))
        try daemon.reload("Net/ThemeName \"Adwaita-dark\"\n")
        await h.x.gesture { x in x.pause(EndToEndTests.gapDwell); x.release() }
        let expected = layout.ids(inSection: 0).moving("s1", before: fifth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected, "the drop landed; stderr: \(app.standardError)")
        let dark = try await Screenshot.waitFor(h.x, timeout: 2) { $0.color(at: Pixel(2, 2)) == Self.darkSurface }
        #expect(dark.color(at: Pixel(2, 2)) == Self.darkSurface)
    }

    @Test("Xft/DPI changing from 96 to 192 while running shows everything twice as large, and a drag still lands where aimed")
    func followsTheDPILive() async throws {
        let h = try await Harness.start("xsettings-dpi")
        defer { h.close() }
        let daemon = try SettingsDaemon(h, "Xft/DPI 98304\n")     // 96 dpi x 1024
        defer { daemon.stop() }
        try await Self.waitForManager(h)
        let layout = try await h.layout()
        let s1 = try layout.item("s1"), second = try layout.item(section: 0, index: 1)
        let app = try await h.launch()
        // Between the first two tiles at scale 1; inside the first tile at scale 2.
        let probe = Pixel((Int(s1.frame.x + s1.frame.width) + Int(second.frame.x)) / 2, Int(s1.frame.midY))
        let before = try Screenshot(h.x).color(at: probe)
        #expect(!before.isClose(to: .tileFill(RGB(hex: "#4a90e2")!), tolerance: 30), "between tiles at 96 dpi: \(before)")
        try daemon.reload("Xft/DPI 196608\n")
        let after = try await Screenshot.waitFor(h.x, timeout: 2) { $0.color(at: probe) != before }
        let inside = after.color(at: probe)
        #expect(inside != before, "at 192 dpi the first tile covers it: \(after.save(name: "dpi-unchanged"))")
        // The window's 1024x720 device pixels are now 512x360 logical ones: a drag aimed by that
        // layout, in device pixels, reorders as it would there.
        let half = try await h.layout(["--geometry", "512x360"])
        let s1Now = try half.item("s1"), third = try half.item(section: 0, index: 2), fourth = try half.item(section: 0, index: 3)
        func device(_ p: Pixel) -> Pixel { Pixel(p.x * 2, p.y * 2) }
        await h.x.drag(from: device(s1Now.frame.center), to: device(third.gapAfter(fourth)), dwell: EndToEndTests.gapDwell)
        let expected = half.ids(inSection: 0).moving("s1", before: fourth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected, "the drag at 192 dpi landed where it was aimed")
        #expect(app.standardError.isEmpty, "stderr: \(app.standardError)")
    }

    @Test("with no settings manager the window is light; a manager that starts later with a dark theme makes it dark")
    func aManagerStartingLaterIsFollowed() async throws {
        let h = try await Harness.start("xsettings-late")
        defer { h.close() }
        let app = try await h.launch()   // waits for the light surface at the corner
        let daemon = try SettingsDaemon(h, "Net/ThemeName \"Adwaita-dark\"\n")
        defer { daemon.stop() }
        let dark = try await Screenshot.waitFor(h.x, timeout: 3) { $0.color(at: Pixel(2, 2)) == Self.darkSurface }
        #expect(dark.color(at: Pixel(2, 2)) == Self.darkSurface, "\(dark.save(name: "xsettings-late-still-light"))")
        #expect(app.standardError.isEmpty, "stderr: \(app.standardError)")
    }

    @Test("--appearance light overrides a dark desktop")
    func theFlagOverrides() async throws {
        let h = try await Harness.start("xsettings-flag")
        defer { h.close() }
        let daemon = try SettingsDaemon(h, "Net/ThemeName \"Adwaita-dark\"\n")
        defer { daemon.stop() }
        try await Self.waitForManager(h)
        try await h.launch(["--appearance", "light"])
        #expect(try Screenshot(h.x).color(at: Pixel(2, 2)) == .surface)
    }

    /// Presses the middle of s1, moves 10 px in small steps and reads the cursor: "grabbing"
    /// once lifted.
    static func cursorAfterTenPixels(_ h: Harness) async throws -> String {
        let s1 = try await h.layout().item("s1")
        let c = s1.frame.center
        await h.x.gesture { x in
            x.move(to: c); x.pause(0.1); x.press(); x.pause(0.05)
            for dx in 1...10 { x.move(to: Pixel(c.x + dx, c.y)); x.pause(0.01) }
            x.pause(0.1)
        }
        let name = CursorThemeTests.cursorName(h.x)
        await h.x.gesture { x in x.release(); x.pause(0.3) }
        return name
    }

    @Test("Net/DndDragThreshold 20: a 10 px press-and-move does not lift (it does at the default 6 px)")
    func theDragThresholdComesFromTheDesktop() async throws {
        for threshold in [nil, 20] as [Int?] {
            let h = try await Harness.start("xsettings-threshold")
            defer { h.close() }
            try CursorThemeTests.installTheme("tessera-test", in: h.directory)
            let daemon = try SettingsDaemon(h, threshold.map { "Net/DndDragThreshold \($0)\n" } ?? "Net/ThemeName \"Adwaita\"\n")
            defer { daemon.stop() }
            try await Self.waitForManager(h)
            // A hold that cannot lift within the test (a loaded machine may take seconds over the
            // gesture): only the move can.
            try await h.launch(["--lift-delay", "30"],
                               environment: ["XCURSOR_PATH": h.directory + "/icons", "XCURSOR_THEME": "tessera-test", "XCURSOR_SIZE": "16"])
            let cursor = try await Self.cursorAfterTenPixels(h)
            if threshold == nil {
                #expect(cursor == "grabbing", "at the default slop a 10 px move lifts")
            } else {
                #expect(cursor == "grab", "within a 20 px threshold the press has not lifted")
            }
        }
    }

    @Test("Gtk/CursorThemeName picks the pointer's theme, and a change while running is followed")
    func theCursorThemeComesFromTheDesktop() async throws {
        let h = try await Harness.start("xsettings-cursor")
        defer { h.close() }
        try CursorThemeTests.installTheme("tessera-xs", in: h.directory)
        let daemon = try SettingsDaemon(h, "Gtk/CursorThemeName \"tessera-xs\"\n")
        defer { daemon.stop() }
        try await Self.waitForManager(h)
        // The theme's folder is on the search path; which theme to use is the desktop's to say.
        try await h.launch(environment: ["XCURSOR_PATH": h.directory + "/icons"])
        let s1 = try await h.layout().item("s1")
        await h.x.gesture { $0.move(to: s1.frame.center); $0.pause(0.2) }
        #expect(await CursorThemeTests.waitFor(h.x, name: "grab") == "grab", "the open hand from tessera-xs")
        // A theme that does not exist: the core cursor font's hand, which has no name.
        try daemon.reload("Gtk/CursorThemeName \"no-such-theme\"\n")
        await h.x.gesture { $0.move(to: Pixel(s1.frame.center.x + 2, s1.frame.center.y)); $0.pause(0.3) }
        var seen = "grab"
        for _ in 0..<100 where seen == "grab" {
            try await Task.sleep(for: .milliseconds(20))
            seen = CursorThemeTests.cursorName(h.x)
        }
        #expect(seen != "grab", "the pointer left the theme that is no longer the desktop's")
    }

    /// A private session bus with the stand-in portal (Scripts/portal_standin.py) on it.
    final class StandInPortal {
        let address: String
        private let daemon: ChildProcess
        private let portal: ChildProcess

        init(_ h: Harness, colorScheme: Int) async throws {
            let addressFile = h.directory + "/portal-bus-address"
            daemon = try ChildProcess(executable: "/usr/bin/dbus-daemon", arguments: ["--session", "--nofork", "--print-address=1"],
                                      stdoutPath: addressFile, stderrPath: h.directory + "/portal-dbus.log")
            var read = ""
            for _ in 0..<200 where !read.contains("\n") {
                try await Task.sleep(for: .milliseconds(20))
                read = (try? String(contentsOfFile: addressFile, encoding: .utf8)) ?? ""
            }
            address = read.trimmingCharacters(in: .whitespacesAndNewlines)
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/portal_standin.py").path
            let ready = h.directory + "/portal-ready"
            portal = try ChildProcess(executable: "/usr/bin/python3", arguments: [script, String(colorScheme), ready],
                                      environment: ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"],
                                      stdoutPath: h.directory + "/portal.log", stderrPath: h.directory + "/portal.log")
            for _ in 0..<250 where !FileManager.default.fileExists(atPath: ready) {
                try await Task.sleep(for: .milliseconds(20))
            }
            guard !address.isEmpty, FileManager.default.fileExists(atPath: ready) else {
                stop()
                throw XSession.Failure(description: "the stand-in portal did not start: "
                    + ((try? String(contentsOfFile: h.directory + "/portal.log", encoding: .utf8)) ?? ""))
            }
        }

        /// The portal's color-scheme becomes prefer-light (2) or prefer-dark (1), with SettingChanged.
        func preferLight() { portal.send(SIGUSR1) }
        func preferDark() { portal.send(SIGUSR2) }

        func stop() {
            _ = portal.terminate()
            _ = daemon.terminate()
        }
    }

    @Test("the desktop portal's prefer-dark makes the window dark; a SettingChanged to prefer-light makes it light")
    func followsThePortal() async throws {
        let h = try await Harness.start("portal")
        defer { h.close() }
        let portal = try await StandInPortal(h, colorScheme: 1)
        defer { portal.stop() }
        // The portal is asked once the first frame shows (start-up never waits for the bus): the
        // first frame is light, and the portal's answer turns it dark a moment later.
        let app = try await h.launch(environment: ["DBUS_SESSION_BUS_ADDRESS": portal.address], firstFrame: Self.darkSurface)
        let dark = try Screenshot(h.x)
        #expect(dark.color(at: Pixel(2, 2)) == Self.darkSurface, "prefer-dark: \(dark.save(name: "portal-not-dark")); stderr: \(app.standardError)")
        portal.preferLight()
        let light = try await Screenshot.waitFor(h.x, timeout: 2) { $0.color(at: Pixel(2, 2)) == .surface }
        #expect(light.color(at: Pixel(2, 2)) == .surface, "prefer-light within 2 s: \(light.save(name: "portal-not-light"))")
        portal.preferDark()
        let again = try await Screenshot.waitFor(h.x, timeout: 2) { $0.color(at: Pixel(2, 2)) == Self.darkSurface }
        #expect(again.color(at: Pixel(2, 2)) == Self.darkSurface)
        #expect(app.process.status == nil && app.standardError.isEmpty, "stderr: \(app.standardError)")
    }
}
