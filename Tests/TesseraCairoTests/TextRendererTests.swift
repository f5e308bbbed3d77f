import CPango
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
}
