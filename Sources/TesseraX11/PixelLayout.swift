import CPixman

/// How a TrueColor visual lays out one pixel in a ZPixmap image, among the layouts the back buffer
/// can present to. Cairo always paints x8r8g8b8 (``x8r8g8b8`` is presented as it is); any other
/// layout is converted by pixman as each rect is sent (see ``BackBuffer``).
enum PixelLayout: Equatable, CaseIterable, CustomStringConvertible {
    case x8r8g8b8, x8b8g8r8
    /// Deep colour (depth 30).
    case x2r10g10b10, x2b10g10r10
    /// Depth 16.
    case r5g6b5, b5g6r5
    /// Depth 15.
    case x1r5g5b5, x1b5g5r5
    /// Depth 24 packed into 3 bytes (servers that list a 24-bpp pixmap format).
    case r8g8b8, b8g8r8

    /// The layout of a visual whose pixels take `bitsPerPixel` bits with these channel masks; nil
    /// when it is none of the above (the caller refuses the display with one line).
    init?(bitsPerPixel: Int, red: UInt, green: UInt, blue: UInt) {
        guard let found = Self.allCases.first(where: {
            $0.bitsPerPixel == bitsPerPixel && $0.masks == (red, green, blue)
        }) else { return nil }
        self = found
    }

    var bitsPerPixel: Int {
        switch self {
        case .x8r8g8b8, .x8b8g8r8, .x2r10g10b10, .x2b10g10r10: 32
        case .r8g8b8, .b8g8r8: 24
        case .r5g6b5, .b5g6r5, .x1r5g5b5, .x1b5g5r5: 16
        }
    }

    /// Red, green and blue masks of a pixel value.
    var masks: (UInt, UInt, UInt) {
        switch self {
        case .x8r8g8b8, .r8g8b8: (0xff0000, 0xff00, 0xff)
        case .x8b8g8r8, .b8g8r8: (0xff, 0xff00, 0xff0000)
        case .x2r10g10b10: (0x3ff0_0000, 0xffc00, 0x3ff)
        case .x2b10g10r10: (0x3ff, 0xffc00, 0x3ff0_0000)
        case .r5g6b5: (0xf800, 0x7e0, 0x1f)
        case .b5g6r5: (0x1f, 0x7e0, 0xf800)
        case .x1r5g5b5: (0x7c00, 0x3e0, 0x1f)
        case .x1b5g5r5: (0x1f, 0x3e0, 0x7c00)
        }
    }

    /// Bits in the narrowest channel: what a colour keeps of Cairo's 8 (a screenshot of this
    /// layout matches one of x8r8g8b8 to within 2^(8 - bits) levels).
    var channelBits: Int {
        switch self {
        case .x8r8g8b8, .x8b8g8r8, .r8g8b8, .b8g8r8: 8
        case .x2r10g10b10, .x2b10g10r10: 10
        case .r5g6b5, .b5g6r5, .x1r5g5b5, .x1b5g5r5: 5
        }
    }

    /// Whether Cairo's pixels are sent as they are.
    var isNative: Bool { self == .x8r8g8b8 }

    /// Fewer bits than Cairo paints: gradients and shadows band unless dithered.
    var isNarrow: Bool { channelBits < 8 }

    var pixmanFormat: pixman_format_code_t {
        switch self {
        case .x8r8g8b8: PIXMAN_x8r8g8b8
        case .x8b8g8r8: PIXMAN_x8b8g8r8
        case .x2r10g10b10: PIXMAN_x2r10g10b10
        case .x2b10g10r10: PIXMAN_x2b10g10r10
        case .r5g6b5: PIXMAN_r5g6b5
        case .b5g6r5: PIXMAN_b5g6r5
        case .x1r5g5b5: PIXMAN_x1r5g5b5
        case .x1b5g5r5: PIXMAN_x1b5g5r5
        case .r8g8b8: PIXMAN_r8g8b8
        case .b8g8r8: PIXMAN_b8g8r8
        }
    }

    var description: String {
        switch self {
        case .x8r8g8b8: "x8r8g8b8"
        case .x8b8g8r8: "x8b8g8r8"
        case .x2r10g10b10: "x2r10g10b10"
        case .x2b10g10r10: "x2b10g10r10"
        case .r5g6b5: "r5g6b5"
        case .b5g6r5: "b5g6r5"
        case .x1r5g5b5: "x1r5g5b5"
        case .x1b5g5r5: "x1b5g5r5"
        case .r8g8b8: "r8g8b8"
        case .b8g8r8: "b8g8r8"
        }
    }
}
