import Testing
@testable import TesseraCore

/// Every text/background pair of every palette reaches WCAG AA (4.5:1; the UI parts that carry
/// meaning without text, 3:1), with Tessera's accent and with the accents a desktop may ask for.
@Suite struct PaletteContrastTests {
    /// libadwaita's accent choices (blue, teal, green, yellow, orange, red, pink, purple, slate),
    /// and none (Tessera's own).
    static let accents: [Color?] = [nil] + ["#3584e4", "#2190a4", "#3a944a", "#c88800", "#ed5b00", "#e62d42",
                                            "#d56199", "#9141ac", "#6f8396"].map { Color(hex: $0)! }

    static var palettes: [(String, Palette)] {
        var out: [(String, Palette)] = []
        for scheme in [Appearance.Scheme.light, .dark] {
            for high in [false, true] {
                for accent in accents {
                    let a = Appearance(scheme: scheme, highContrast: high, accent: accent)
                    out.append(("\(a.name) accent \(accent?.hex ?? "default")", Palette(a)))
                }
            }
        }
        return out
    }

    /// Every pair of (what is drawn, what it is drawn on) and the ratio it needs.
    static func pairs(_ p: Palette) -> [(String, Color, Color, Double)] {
        let text = 4.5, ui = 3.0
        var out: [(String, Color, Color, Double)] = []
        let surfaces = [("background", p.background), ("section", p.sectionBackground), ("board list", p.boardColumn),
                        ("panel", p.panel), ("field", p.fieldBackground),
                        ("menu highlight", p.menuHighlight.composited(over: p.panel)),
                        ("inspector", p.inspectorPanel.composited(over: p.background)),
                        ("add-row hover", p.addRowHover.composited(over: p.boardColumn))]
        for (name, bg) in surfaces { out.append(("text on \(name)", p.text, bg, text)) }
        for (name, bg) in surfaces.prefix(4) { out.append(("secondary text on \(name)", p.secondaryText, bg, text)) }
        out.append(("disabled menu item", p.secondaryText, p.panel, text))
        for (name, bg) in [("section", p.sectionBackground), ("board list", p.boardColumn), ("panel", p.panel),
                           ("add-row hover", p.addRowHover.composited(over: p.boardColumn))] {
            out.append(("accent text on \(name)", p.accentText, bg, text))
        }
        for (name, fill) in [("accent fill", p.accentFill), ("count badge", p.badgeFill), ("banner", p.bannerFill),
                             ("toast", p.toastFill.composited(over: p.background)),
                             ("caption", p.captionFill.composited(over: p.background))] {
            out.append(("text on \(name)", p.onFill, fill, text))
        }
        // The field's selected text.
        out.append(("selected text", p.text, (p.accent.withAlpha(p.isDark ? 0.45 : 0.28)).composited(over: p.fieldBackground), text))
        for hex in SampleData.palette + ["#7f8c8d", "#ffffff", "#000000"] {
            let c = Color(hex: hex)!
            for hovered in [false, true] {
                let tile = p.tileFill(c, hovered: hovered)
                out.append(("title on a \(hex) tile\(hovered ? " (hovered)" : "")", p.text, tile, text))
                out.append(("icon on a \(hex) tile\(hovered ? " (hovered)" : "")", p.glyph(c), tile, ui))
            }
        }
        for (name, bg) in [("background", p.background), ("section", p.sectionBackground), ("board list", p.boardColumn)] {
            out.append(("accent ring on \(name)", p.accent, bg, ui))
            out.append(("refusal ring on \(name)", p.refusal, bg, ui))
        }
        if p.isHighContrast {
            out.append(("tile outline", p.tileOutline, p.background, 7))
            out.append(("text on background (AAA)", p.text, p.background, 7))
        }
        return out
    }

    @Test(arguments: palettes.map(\.0))
    func everyPairReachesAA(_ name: String) {
        let p = Self.palettes.first { $0.0 == name }!.1
        for (what, fg, bg, needed) in Self.pairs(p) {
            let ratio = fg.composited(over: bg).contrast(with: bg)
            #expect(ratio >= needed, "\(name): \(what) is \(ratio):1, needs \(needed):1 (\(fg.hex) on \(bg.hex))")
        }
    }

    @Test func contrastMatchesWCAGsExamples() {
        #expect(abs(Color.black.contrast(with: .white) - 21) < 1e-9)
        #expect(abs(Color.white.contrast(with: .white) - 1) < 1e-9)
        // #767676 on white is the lightest grey that passes 4.5:1 (4.54:1).
        #expect(abs(Color(hex: "#767676")!.contrast(with: .white) - 4.54) < 0.01)
        #expect(Color(hex: "#777777")!.contrast(with: .white) < 4.5)
    }

    @Test func readableMovesOnlyAsFarAsNeeded() {
        let light = Color(hex: "#7fb2ff")!
        let made = light.readable(on: [.white], ratio: 4.5, toward: .black)
        #expect(made.contrast(with: .white) >= 4.5)
        #expect(made.mixed(with: light, 0.05).contrast(with: .white) < 4.6, "not darker than it has to be")
        let dark = Color(hex: "#1a1a80")!
        #expect(dark.readable(on: [.white], ratio: 4.5, toward: .black) == dark, "already readable: unchanged")
    }

    @Test func darkIsDesignedNotInverted() {
        let light = Palette.light, dark = Palette(Appearance(scheme: .dark))
        #expect(dark.background.relativeLuminance < 0.02 && dark.text.relativeLuminance > 0.8)
        // Surfaces step lighter as they come forward: background, card, tile, panel.
        #expect(dark.background.relativeLuminance < dark.sectionBackground.relativeLuminance)
        #expect(dark.sectionBackground.relativeLuminance < dark.tileBase.relativeLuminance)
        // A tile keeps its hue: red stays the reddest channel, on a dark fill.
        let red = dark.tileFill(Color(hex: "#c0392b")!)
        #expect(red.red > red.green && red.red > red.blue && red.relativeLuminance < 0.1)
        // Not the light palette's colours flipped.
        #expect(dark.background != Color(red: 1 - light.background.red, green: 1 - light.background.green, blue: 1 - light.background.blue))
        #expect(dark.liftEdge.alpha > 0 && light.liftEdge.alpha == 0, "a light edge where shadows vanish")
    }
}
