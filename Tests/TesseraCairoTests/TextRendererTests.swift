import CPango
import Glibc
import Testing
@testable import TesseraCairo
import TesseraCore

/// Which faces text is set in: one family for every style — Noto Sans CJK sets Latin and Chinese,
/// regular and bold (issue 15: headers and titles no longer mix DejaVu's Latin with Noto's).
@Suite struct TextRendererTests {
    private func families(_ string: String, _ style: TextStyle, _ text: TextRenderer) -> Set<String> {
        let layout = text.layout(string, width: 1000, style: style).layout
        var result = Set<String>()
        let iterator = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator),
                  let description = pango_font_describe(run.pointee.item.pointee.analysis.font) else { continue }
            result.insert(String(cString: pango_font_description_get_family(description)))
            pango_font_description_free(description)
        } while pango_layout_iter_next_run(iterator) != 0
        return result
    }

    @Test func headersTitlesAndBadgesAreSetInOneFamily() {
        let text = TextRenderer()
        #expect(families("Today", .label(.header), text).allSatisfy { $0.hasPrefix("Noto Sans CJK") })
        #expect(families("12", .badge, text).allSatisfy { $0.hasPrefix("Noto Sans CJK") })
        #expect(families("Photos", .cellTitle, text).allSatisfy { $0.hasPrefix("Noto Sans CJK") })
        #expect(families("今天", .label(.header), text).allSatisfy { $0.hasPrefix("Noto Sans CJK") })
        #expect(families("Photos 照片", .cellTitle, text).allSatisfy { $0.hasPrefix("Noto Sans CJK") })
    }

    /// Emoji in a title come out in colour (Noto Color Emoji, found by fallback), not as empty
    /// boxes or grey outlines; the text's own colour is a dark grey, so coloured pixels are the emoji's.
    @Test func emojiAreDrawnInColour() {
        let text = TextRenderer()
        #expect(families("Party 🎉", .cellTitle, text).contains("Noto Color Emoji"))
        let canvas = PixelCanvas(width: 80, height: 30, background: .white) { cr in
            text.draw("🎉🇨🇳", in: Rect(x: 0, y: 0, width: 80, height: 30), style: .rowTitle, cr: cr)
        }
        let coloured = canvas.count(in: Rect(x: 0, y: 0, width: 80, height: 30)) { p in
            max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 80
        }
        #expect(coloured > 40, "\(coloured) coloured pixels")
    }

    /// The desktop's UI font (XSETTINGS Gtk/FontName): its family first, Tessera's after it for
    /// what it lacks (Chinese), at its size against 11 pt, within 0.85...1.3.
    @Test func theDesktopFontSetsFamilyAndSize() {
        #expect(TextRenderer.typeface(nil) == (TextStyle.families, 1))
        #expect(TextRenderer.typeface("Cantarell 11") == ("Cantarell, " + TextStyle.families, 1))
        #expect(TextRenderer.typeface("DejaVu Serif 13").scale == 13.0 / 11)
        #expect(TextRenderer.typeface("Sans 44").scale == 1.3 && TextRenderer.typeface("Sans 5").scale == 0.85)
        #expect(abs(TextRenderer.typeface("Sans 14px").scale - 10.5 / 11) < 1e-9, "14 px is 10.5 pt")
        #expect(TextRenderer.typeface("12").families == TextStyle.families, "a size alone keeps the family")

        let text = TextRenderer()
        text.uiFont = "DejaVu Serif 13"
        #expect(families("Photos", .cellTitle, text) == ["DejaVu Serif"])
        #expect(families("今天", .label(.header), text).allSatisfy { $0.hasPrefix("Noto Sans CJK") }, "Chinese from the fallback")
        func width(_ t: TextRenderer) -> Int32 {
            var w: Int32 = 0, h: Int32 = 0
            pango_layout_get_pixel_size(t.layout("Photos", width: 1000, style: .cellTitle).layout, &w, &h)
            return w
        }
        let serif = width(text)
        text.uiFont = nil
        #expect(families("Photos", .cellTitle, text).allSatisfy { $0.hasPrefix("Noto Sans CJK") }, "back to Tessera's")
        let plain = width(TextRenderer())
        #expect(width(text) == plain)
        #expect(serif > plain, "13 pt serif is set wider: \(serif) against \(plain)")
    }
}

/// After start-up, idle turns set the text styles later interactions show, one a turn, so their
/// first frames do not load them; bold ones only once the bold face is in.
@Suite struct TextWarmingTests {
    @Test func idleTurnsSetEachColdStyleOnceAndBoldOnlyWithTheBoldFace() {
        let plain = TextRenderer()
        var turns = 0
        while plain.warmNextStyle() { turns += 1 }
        #expect(!plain.hasColdStyles)
        #expect(plain.warmedStyles.contains(.rowTitle) && plain.warmedStyles.contains(.label(.menuItem)))
        #expect(!plain.warmedStyles.contains { $0.isBold }, "no headers shown: the bold face stays out")
        #expect(turns <= 8, "one style a turn")

        let withHeaders = TextRenderer()
        withHeaders.loadFonts(usedIn: Scene(size: Size(width: 100, height: 100), background: .white,
                                            nodes: [.label(LabelNode(frame: Rect(x: 0, y: 0, width: 90, height: 20), text: "Today", style: .header))]))
        while withHeaders.warmNextStyle() {}
        #expect(withHeaders.warmedStyles.contains(.label(.listTitle)), "the bold face is in: a board's list titles are set too")
        #expect(withHeaders.boldFileReadAhead == nil, "the bold face is in: nothing to read ahead")
    }

    /// A layout switch on its way names its labels' styles (`Scene.upcomingLabelStyles`): idle time
    /// sets them, the bold face included, so the flight's first frame does not (a switch from a
    /// grid without headers to a masonry with them loaded the bold face inside it: 2.4 ms).
    @Test func aSwitchOnItsWaySetsItsLabelsStylesBoldIncluded() {
        let plain = TextRenderer()
        while plain.warmNextStyle() {}
        plain.loadFonts(for: [])
        #expect(!plain.warmedStyles.contains { $0.isBold }, "nothing upcoming: the bold face stays out")
        plain.loadFonts(for: [.header, .footer])
        #expect(plain.warmedStyles.contains(.label(.header)) && plain.warmedStyles.contains(.label(.footer)))
        let board = TextRenderer()
        board.loadFonts(for: [.listTitle, .addRow])
        #expect(board.warmedStyles.isSuperset(of: [.label(.listTitle), .label(.addRow)]))
    }

    /// Without headers on the first screens, the bold face stays out but its file is read into the
    /// page cache in an idle turn, once: the first switch to masonry after a boot drew its frame in
    /// 27.6 ms reading the 20 MB file, and in 4.8 ms with the file read ahead.
    @Test func withoutTheBoldFaceItsFileIsReadAheadOnce() throws {
        let plain = TextRenderer()
        while plain.warmNextStyle() {}
        let file = try #require(plain.boldFileReadAhead)
        #expect(file == FontReadAhead.file(families: TextStyle.families, bold: true))
        #expect(file != FontReadAhead.file(families: TextStyle.families, bold: false), "the bold face's own file")
        #expect(file.contains("Bold"), "\(file)")
        #expect(access(file, R_OK) == 0)
        #expect(FontReadAhead.readAhead(file))
        #expect(!FontReadAhead.readAhead("/nonexistent/face.ttc"))
    }
}
