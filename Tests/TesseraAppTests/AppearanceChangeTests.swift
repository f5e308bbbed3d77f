import Testing
@testable import TesseraApp
@testable import TesseraCore

/// A change of the desktop's look while the window shows: the palette follows, and the frames of
/// the next 0.2 s carry the cross-fade (the old picture's opacity, easing from 1 to 0), then one
/// frame without it; before the first frame, and under reduced motion, the look just changes.
@MainActor
@Suite struct AppearanceChangeTests {
    func makeApp(reduceMotion: Bool = false) -> AppController {
        var policy = DragPolicy()
        policy.reduceMotion = reduceMotion
        let engine = Engine(model: SampleData.generated(count: 20, sections: 1, seed: 1), layout: .grid,
                            viewport: Size(width: 560, height: 400), policy: policy)
        return AppController(engine: engine, target: nil)
    }

    static let dark = DesktopAppearance(themeName: "Adwaita-dark")

    /// Frames every 1/60 s from `start` until none is drawn: (time, crossFade, palette is dark).
    func frames(_ app: AppController, from start: Double) -> [(Double, Double?, Bool)] {
        var out: [(Double, Double?, Bool)] = []
        var t = start
        while let s = app.frame(at: t) {
            out.append((t, s.crossFade, s.palette.isDark))
            t += 1.0 / 60
            if out.count > 100 { break }
        }
        return out
    }

    @Test func aLiveChangeFadesOverAFifthOfASecond() {
        let app = makeApp()
        _ = app.frame(at: 1)
        app.didPresent(at: 1)
        #expect(app.frame(at: 1.1) == nil, "idle")
        app.desktopAppearanceChanged(Self.dark)
        #expect(app.appearance == Appearance(scheme: .dark))
        #expect(app.nextDeadline(after: 1.2) != nil, "the fade asks for frames")
        let seen = frames(app, from: 1.2)
        // Every frame in the new palette; the old picture over it from fully to not at all.
        #expect(seen.allSatisfy { $0.2 })
        let fades = seen.compactMap(\.1)
        #expect(fades.first == 1)
        #expect(zip(fades, fades.dropFirst()).allSatisfy { $0 > $1 }, "easing down: \(fades)")
        #expect((12...13).contains(fades.count), "0.2 s at 60 Hz: \(fades.count)")
        #expect(seen.last.map { $0.1 == nil } == true, "one frame of the new look alone ends it")
        #expect(seen.last!.0 - seen.first!.0 >= CrossFade.themeChange)
        #expect(app.frame(at: 2) == nil && app.nextDeadline(after: 2) == nil, "idle again: no wake-ups")
    }

    @Test func beforeTheFirstFrameAndUnderReducedMotionTheLookJustChanges() {
        let app = makeApp()
        app.desktopAppearanceChanged(Self.dark)      // read before the window showed
        let first = app.frame(at: 1)
        #expect(first?.palette.isDark == true && first?.crossFade == nil)

        let still = makeApp(reduceMotion: true)
        _ = still.frame(at: 1)
        still.didPresent(at: 1)
        still.desktopAppearanceChanged(Self.dark)
        let seen = frames(still, from: 1.2)
        #expect(seen.count == 1 && seen[0].1 == nil && seen[0].2, "one frame, dark, no fade: \(seen)")
    }

    @Test func theFlagWinsOverTheDesktop() {
        let app = makeApp()
        app.appearanceChoice = .light
        app.desktopAppearanceChanged(Self.dark)
        #expect(app.appearance == Appearance())
        #expect(app.frame(at: 1)?.palette == Palette.light)
        app.appearanceChoice = .highContrast
        #expect(app.appearance == Appearance(scheme: .dark, highContrast: true))
    }

    @Test func crossFadeEasesFromOneToZero() {
        let f = CrossFade(start: 2, duration: 0.2)
        #expect(f.oldOpacity(at: 2) == 1)
        #expect(abs(f.oldOpacity(at: 2.1)! - 0.5) < 1e-9)
        #expect(f.oldOpacity(at: 2.2) == nil)
        #expect(f.oldOpacity(at: 1.9) == 1, "before its start: the old picture")
    }

    @Test func theDesktopFontReachesTheSceneAndRedraws() {
        let app = makeApp()
        _ = app.frame(at: 1)
        app.didPresent(at: 1)
        app.desktopFontChanged("Cantarell 11")
        #expect(app.frame(at: 1.1)?.uiFont == "Cantarell 11", "the next frame is drawn, in the font")
        #expect(app.frame(at: 1.2) == nil)
        app.desktopFontChanged("Cantarell 11")
        #expect(app.frame(at: 1.3) == nil, "the same font again changes nothing")
        app.desktopFontChanged(nil)
        #expect(app.frame(at: 1.4).map { $0.uiFont == nil } == true)
    }
}
