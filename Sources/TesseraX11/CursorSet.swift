import CX11
import TesseraCore

/// The four pointer shapes, created once from the core cursor font.
struct CursorSet {
    private let arrow, openHand, closedHand, notAllowed: Cursor

    init(display: OpaquePointer) {
        arrow = XCreateFontCursor(display, UInt32(XC_left_ptr))
        openHand = XCreateFontCursor(display, UInt32(XC_hand2))
        closedHand = XCreateFontCursor(display, UInt32(XC_fleur))
        notAllowed = XCreateFontCursor(display, UInt32(XC_X_cursor))
    }

    func cursor(for shape: CursorShape) -> Cursor {
        switch shape {
        case .arrow: arrow
        case .openHand: openHand
        case .closedHand: closedHand
        case .notAllowed: notAllowed
        }
    }
}
