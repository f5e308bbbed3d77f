/// The text of an editing field and where its caret and selection are: the logic of a one-line
/// text box, with no drawing and no keyboard in it (the engine maps keys to these operations, the
/// renderer draws `text` with the caret and selection).
///
/// Positions count grapheme clusters (Swift's `Character`s): the caret moves over "é", "👍🏽" and
/// "🇨🇳" as one step each, and Backspace deletes each whole, never a byte or a scalar of it.
/// `anchor` is the selection's other end (equal to `caret` when nothing is selected).
///
/// Text coming in (typed, pasted) is cleaned: control characters are dropped, line breaks and tabs
/// become spaces, and what would pass `limit` characters is cut at a grapheme boundary
/// (`insert` says when it cut).
public struct TextField: Hashable, Sendable {
    public private(set) var text: String
    public private(set) var caret: Int
    public private(set) var anchor: Int
    /// Most characters the field holds.
    public let limit: Int

    public init(_ text: String, limit: Int = StateFile.maximumTitleLength) {
        self.text = Self.cleaned(text, limit: limit)
        self.limit = limit
        caret = self.text.count
        anchor = 0   // all selected: typing replaces it, as a rename field starts
    }

    public var count: Int { text.count }
    public var hasSelection: Bool { caret != anchor }
    /// The selected characters' offsets, low to high.
    public var selection: Range<Int> { Swift.min(caret, anchor) ..< Swift.max(caret, anchor) }
    public var selectedText: String { String(characters[selection]) }

    private var characters: [Character] { Array(text) }

    // MARK: - Caret

    public mutating func moveLeft(extending: Bool = false) {
        if hasSelection && !extending { collapse(to: selection.lowerBound); return }
        place(caret - 1, extending: extending)
    }

    public mutating func moveRight(extending: Bool = false) {
        if hasSelection && !extending { collapse(to: selection.upperBound); return }
        place(caret + 1, extending: extending)
    }

    public mutating func moveToStart(extending: Bool = false) { place(0, extending: extending) }
    public mutating func moveToEnd(extending: Bool = false) { place(count, extending: extending) }

    /// Puts the caret at character `at` (a click in the field); `extending` keeps the anchor, so
    /// the selection runs from it (a drag across the text).
    public mutating func placeCaret(at: Int, extending: Bool = false) { place(at, extending: extending) }

    public mutating func selectAll() {
        anchor = 0
        caret = count
    }

    private mutating func place(_ at: Int, extending: Bool) {
        caret = Swift.min(Swift.max(at, 0), count)
        if !extending { anchor = caret }
    }

    private mutating func collapse(to at: Int) {
        caret = at
        anchor = at
    }

    // MARK: - Editing

    /// Replaces the selection (or inserts at the caret) with `input`, cleaned; returns whether the
    /// input was cut to stay within `limit`.
    @discardableResult
    public mutating func insert(_ input: String) -> Bool {
        let chars = characters
        let range = selection
        let room = limit - (chars.count - range.count)
        let clean = Array(Self.clean(input))
        let taken = clean.prefix(Swift.max(0, room))
        // Characters typed one at a time can join the one before them into one (a skin tone after
        // 👍, the second half of a flag, a combining accent): the caret is counted again.
        let head = String(chars[..<range.lowerBound]) + String(taken)
        text = head + String(chars[range.upperBound...])
        collapse(to: Swift.min(head.count, text.count))
        return taken.count < clean.count
    }

    /// Backspace: the selection, else the character before the caret.
    public mutating func deleteBackward() {
        if hasSelection { insert(""); return }
        guard caret > 0 else { return }
        let chars = characters
        let head = String(chars[..<(caret - 1)])
        text = head + String(chars[caret...])
        collapse(to: Swift.min(head.count, text.count))
    }

    /// Delete: the selection, else the character after the caret.
    public mutating func deleteForward() {
        if hasSelection { insert(""); return }
        guard caret < count else { return }
        let chars = characters
        let head = String(chars[..<caret])
        text = head + String(chars[(caret + 1)...])
        collapse(to: Swift.min(head.count, text.count))
    }

    /// Cut: the selected text, removed.
    public mutating func cut() -> String {
        let taken = selectedText
        if hasSelection { insert("") }
        return taken
    }

    // MARK: - Cleaning

    /// `text` as a field holds it: ``clean(_:)``, then at most `limit` characters. A title with
    /// no control character and no more bytes than `limit` is returned as it is, without walking
    /// its characters: a drop of 10,000 files cleans 10,000 names in one frame.
    public static func cleaned(_ text: String, limit: Int = StateFile.maximumTitleLength) -> String {
        let clean = Self.clean(text)
        // A character is at least one UTF-8 byte: no more bytes than the limit, no more characters.
        return clean.utf8.count <= limit ? clean : String(clean.prefix(limit))
    }

    /// Line breaks and tabs become spaces (a pasted paragraph becomes one line); other control
    /// characters (C0, DEL, C1) are dropped.
    public static func clean(_ input: String) -> String {
        // Nothing to clean: no C0 or DEL byte, and no lead byte of C1 (U+0080...) or of the line and
        // paragraph separators (U+2028/9) — a title with such a lead byte takes the long way.
        if !input.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) { return input }
        var out = String.UnicodeScalarView()
        var lastWasBreak = false
        for scalar in input.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x09, 0x2028, 0x2029:
                // "\r\n" is one break, one space.
                if !(lastWasBreak && scalar.value == 0x0A) { out.append(" ") }
                lastWasBreak = scalar.value == 0x0D
                continue
            case 0x00 ..< 0x20, 0x7F ..< 0xA0:
                break
            default:
                out.append(scalar)
            }
            lastWasBreak = false
        }
        return String(out)
    }
}
