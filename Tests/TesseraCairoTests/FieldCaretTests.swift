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

    /// Draws `field` (as the window would show it).
    func show(_ field: FieldNode) {
        _ = PixelCanvas(Scene(size: Size(width: 200, height: 40), background: .white, nodes: [.field(field)]),
                        width: 200, height: 40, renderer: renderer)
    }

    func field(_ text: String, caret: Int) -> FieldNode {
        FieldNode(frame: Rect(x: 0, y: 6, width: 120, height: 28), text: text, caret: caret, selection: caret..<caret)
    }

    /// A long title scrolls to show the caret at its end; moving the caret back keeps the scroll
    /// while the caret is in view (the text does not jump), and scrolls once it would leave.
    @Test func aScrolledFieldIsMeasuredAsDrawnAndKeepsItsScroll() {
        let text = "Summer trip plans for the whole family"
        show(field(text, caret: text.count))
        #expect(renderer.characterIndex(in: field(text, caret: text.count), atX: 110) == text.count, "the end shows at the right edge")
        let leftEdge = renderer.characterIndex(in: field(text, caret: text.count), atX: 9)
        #expect(leftEdge > 20, "the start is scrolled out of view")
        // The caret moves back a few characters, still in view: nothing moves under the pointer.
        show(field(text, caret: text.count - 3))
        #expect(renderer.characterIndex(in: field(text, caret: text.count - 3), atX: 9) == leftEdge)
        // To the start: it scrolls back.
        show(field(text, caret: 0))
        #expect(renderer.characterIndex(in: field(text, caret: 0), atX: 9) == 0)
    }
}
