import CX11
import CXcursor
import TesseraCore

/// The pointer's shapes, made once: from the user's cursor theme when it has them (libXcursor:
/// `XCURSOR_THEME` or the `Xcursor.theme` resource, the names GTK and Qt ask for — "grab",
/// "grabbing", "not-allowed"), else from the core cursor font, which every X server has.
struct CursorSet {
    private let arrow, openHand, closedHand, notAllowed, pointingHand: Cursor

    /// Theme names in the order they are tried, then the core font's shape.
    static let names: [CursorShape: (theme: [String], font: UInt32)] = [
        .arrow: (["default", "left_ptr"], UInt32(XC_left_ptr)),
        .openHand: (["grab", "openhand"], UInt32(XC_hand2)),
        .closedHand: (["grabbing", "closedhand", "dnd-move"], UInt32(XC_fleur)),
        .notAllowed: (["not-allowed", "crossed_circle", "forbidden"], UInt32(XC_X_cursor)),
        .pointingHand: (["pointer", "hand2", "hand1"], UInt32(XC_hand2)),
    ]

    init(display: OpaquePointer) {
        func load(_ shape: CursorShape) -> Cursor {
            let (theme, font) = Self.names[shape]!
            for name in theme {
                let c = XcursorLibraryLoadCursor(display, name)
                if c != 0 { return c }
            }
            return XCreateFontCursor(display, font)
        }
        arrow = load(.arrow)
        openHand = load(.openHand)
        closedHand = load(.closedHand)
        notAllowed = load(.notAllowed)
        pointingHand = load(.pointingHand)
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
