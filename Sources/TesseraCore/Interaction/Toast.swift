/// A short message at the bottom of the window after an edit that is easy to miss or to regret —
/// a drop into a folder, a new folder, a delete, an undo — saying what happened and offering to
/// take it back: a click on it undoes (or, after an undo, redoes). It fades after `duration`.
/// A notice (no action: a paste cut short or refused) says what happened and a click dismisses it.
public struct Toast: Hashable, Sendable {
    /// What happened: "Moved Photos into Travel".
    public var text: String
    /// What a click does; nil for a notice.
    public var action: EditHistory.Direction?
    public var shownAt: Double
    /// Where the pointer dropped: the toast moves to the top of the window rather than cover it.
    public var avoid: Point?

    public static let duration = 5.0
    /// The last part of `duration`, fading out.
    public static let fade = 0.4
    static let height = 40.0
    static let maxWidth = 460.0
    static let margin = 20.0

    /// "Moved Photos into Travel — Undo"; a notice's text alone.
    public var label: String {
        guard let action else { return text }
        return text + " — " + (action == .undo ? "Undo" : "Redo")
    }

    var fadeStart: Double { shownAt + Self.duration - Self.fade }
    var end: Double { shownAt + Self.duration }

    /// Centred near the bottom; near the top when that would cover the drop point.
    func frame(in viewport: Size) -> Rect {
        let w = Swift.min(Self.maxWidth, viewport.width - 2 * Self.margin)
        let x = (viewport.width - w) / 2
        let bottom = Rect(x: x, y: viewport.height - Self.margin - Self.height, width: w, height: Self.height)
        if let p = avoid, bottom.insetBy(dx: -24, dy: -24).contains(p) {
            return Rect(x: x, y: Self.margin, width: w, height: Self.height)
        }
        return bottom
    }

    /// A title as a toast names it: whole when short, else cut with an ellipsis (at a character).
    static func quoted(_ title: String) -> String {
        title.count <= 28 ? title : String(title.prefix(27)) + "…"
    }

    func opacity(at t: Double) -> Double {
        t <= fadeStart ? 1 : Swift.max(0, (end - t) / Self.fade)
    }
}
