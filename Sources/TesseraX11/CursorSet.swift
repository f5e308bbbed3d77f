import CX11
import CXcursor
import TesseraCore

/// The pointer's shapes, made once: from the user's cursor theme when it has them (libXcursor:
/// `XCURSOR_THEME` or the `Xcursor.theme` resource, the names GTK and Qt ask for — "grab",
/// "grabbing", "not-allowed"), else from the core cursor font, which every X server has. The four
/// of dragging are made at start; the pointing hand (only over a board list's "Add task" row)
/// when first shown, so start-up does not read its theme files.
final class CursorSet {
    private let display: OpaquePointer
    private let arrow, openHand, closedHand, notAllowed: Cursor
    private lazy var pointingHand: Cursor = Self.load(.pointingHand, display: display)

    /// Theme names in the order they are tried, then the core font's shape.
    static let names: [CursorShape: (theme: [String], font: UInt32)] = [
        .arrow: (["default", "left_ptr"], UInt32(XC_left_ptr)),
        .openHand: (["grab", "openhand"], UInt32(XC_hand2)),
        .closedHand: (["grabbing", "closedhand", "dnd-move"], UInt32(XC_fleur)),
        .notAllowed: (["not-allowed", "crossed_circle", "forbidden"], UInt32(XC_X_cursor)),
        .pointingHand: (["pointer", "hand2", "hand1"], UInt32(XC_hand2)),
    ]

    init(display: OpaquePointer) {
        self.display = display
        arrow = Self.load(.arrow, display: display)
        openHand = Self.load(.openHand, display: display)
        closedHand = Self.load(.closedHand, display: display)
        notAllowed = Self.load(.notAllowed, display: display)
    }

    private static func load(_ shape: CursorShape, display: OpaquePointer) -> Cursor {
        let (theme, font) = names[shape]!
        for name in theme {
            let c = XcursorLibraryLoadCursor(display, name)
            if c != 0 { return c }
        }
        return XCreateFontCursor(display, font)
    }

    /// Frees the shapes made at start, when a new set replaces this one (not in `deinit`: the
    /// display may be closed by then).
    func release() {
        for c in [arrow, openHand, closedHand, notAllowed] { XFreeCursor(display, c) }
    }

    func cursor(for shape: CursorShape) -> Cursor {
        switch shape {
        case .arrow: arrow
        case .openHand: openHand
        case .closedHand: closedHand
        case .notAllowed: notAllowed
        case .pointingHand: pointingHand
        }
    }
}
