import TesseraCore

/// Presses in the title being typed: only the shell can measure the glyphs under the pointer (the
/// renderer's Pango layout of the field as drawn), so a press there reaches the engine as the
/// caret's new place (`InputEvent.caret`), and a drag with the button held selects to where it is.
extension X11Shell {
    /// The field the window shows, if any.
    private var shownField: FieldNode? {
        guard let nodes = frames.shown?.nodes else { return nil }
        for case .field(let f) in nodes.reversed() { return f }
        return nil
    }

    /// What the engine gets for `input`: a press in the shown field becomes its caret (and starts
    /// a selection drag), the release that ends that drag nothing; anything else as it is.
    func routedThroughField(_ input: InputEvent) -> InputEvent? {
        switch input {
        case .pointerDown(let p, _):
            guard let f = shownField, f.frame.contains(p) else { return input }
            selectingInField = true
            return .caret(renderer.characterIndex(in: f, atX: p.x), extending: false)
        case .pointerUp where selectingInField:
            selectingInField = false
            return nil
        case .grabLost:
            selectingInField = false
            return input
        default:
            return input
        }
    }

    /// A motion while a press in the field is held: the selection runs to the character under it.
    func fieldDrag(to p: Point) -> InputEvent? {
        guard selectingInField, let f = shownField else { return nil }
        return .caret(renderer.characterIndex(in: f, atX: p.x), extending: true)
    }
}
