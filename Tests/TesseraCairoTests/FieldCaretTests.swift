import Testing
import TesseraCore
@testable import TesseraCairo

/// Where a click in a field puts the caret: the character boundary nearest the pointer, in the
/// field as drawn (scrolled to show its caret when the text is wider than the field).
@Suite struct FieldCaretTests {
    let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)

    @Test func aClickPutsTheCaretAtTheNearestBoundary() {
        let f = FieldNode(frame: Rect(x: 100, y: 0, width: 300, height: 28), text: "Summer trip", caret: 0, selection: 0..<0)
        #expect(renderer.characterIndex(in: f, atX: 0) == 0, "left of the text: its start")
        #expect(renderer.characterIndex(in: f, atX: 399) == 11, "right of the text: its end")
        var indices: [Int] = []
        for x in stride(from: 100.0, through: 400, by: 4) { indices.append(renderer.characterIndex(in: f, atX: x)) }
        #expect(indices == indices.sorted() && Set(indices) == Set(0...11), "every boundary, in order, left to right")
    }

    @Test func aScrolledFieldIsMeasuredAsDrawn() {
        let text = "Summer trip plans for the whole family"
        let end = FieldNode(frame: Rect(x: 0, y: 0, width: 120, height: 28), text: text, caret: text.count, selection: text.count..<text.count)
        #expect(renderer.characterIndex(in: end, atX: 110) == text.count, "the caret's end shows at the right edge")
        #expect(renderer.characterIndex(in: end, atX: 9) > 20, "the start is scrolled out of view")
        let start = FieldNode(frame: end.frame, text: text, caret: 0, selection: 0..<0)
        #expect(renderer.characterIndex(in: start, atX: 9) == 0)
    }
}
