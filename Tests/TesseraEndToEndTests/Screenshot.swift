import CX11
import Foundation

struct RGB: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int

    init(_ r: Int, _ g: Int, _ b: Int) { self.r = r; self.g = g; self.b = b }

    /// "#rrggbb"
    init?(hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let v = Int(digits, radix: 16) else { return nil }
        self.init((v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff)
    }

    static let black = RGB(0, 0, 0)
    static let white = RGB(255, 255, 255)
    /// The surface background (SceneStyle.background).
    static let surface = RGB(0xf2, 0xf2, 0xf7)

    /// A tile's fill: the item colour at 30 % over white (the renderer's Theme.tileFill).
    static func tileFill(_ color: RGB) -> RGB {
        func mix(_ c: Int) -> Int { Int((255 * 0.7 + Double(c) * 0.3).rounded()) }
        return RGB(mix(color.r), mix(color.g), mix(color.b))
    }

    func isClose(to other: RGB, tolerance: Int = 4) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
    }

    var description: String { String(format: "#%02x%02x%02x", r, g, b) }
}

/// One colour channel of a TrueColor pixel value.
private struct Channel {
    let shift: Int
    let maximum: UInt

    init(mask: UInt) {
        shift = mask == 0 ? 0 : mask.trailingZeroBitCount
        maximum = mask >> shift
    }

    /// The channel's value scaled to 0...255, rounded to the nearest.
    func eightBits(of pixel: UInt) -> UInt32 {
        guard maximum > 0 else { return 0 }
        return UInt32(((pixel >> shift) & maximum) * 255 * 2 + maximum) / UInt32(2 * maximum)
    }
}

/// The root window's pixels, read with XGetImage (what is on the virtual screen right now), as
/// 8-bit RGB whatever the server's depth.
struct Screenshot {
    let width: Int
    let height: Int
    private let pixels: [UInt32]

    init(_ session: XSession) throws {
        guard let image = XGetImage(session.display, session.root, 0, 0, UInt32(session.width), UInt32(session.height),
                                    UInt.max /* AllPlanes */, ZPixmap) else {
            throw XSession.Failure(description: "XGetImage on the root window failed")
        }
        defer { XDestroyImage(image) }
        let (w, h) = (session.width, session.height)
        width = w
        height = h
        var buffer = [UInt32](repeating: 0, count: width * height)
        let img = image.pointee
        let masks = (img.red_mask, img.green_mask, img.blue_mask)
        if img.bits_per_pixel == 32, img.byte_order == LSBFirst, masks == (0xff0000, 0xff00, 0xff), let data = img.data {
            let stride = Int(img.bytes_per_line)
            data.withMemoryRebound(to: UInt8.self, capacity: stride * h) { bytes in
                for y in 0..<h {
                    let row = bytes + y * stride
                    for x in 0..<w {
                        let p = row + x * 4
                        // ZPixmap, 24-bit TrueColor, little-endian server: B G R X in memory.
                        buffer[y * w + x] = UInt32(p[2]) << 16 | UInt32(p[1]) << 8 | UInt32(p[0])
                    }
                }
            }
        } else {
            // Any other TrueColor layout (depth 16, 30): each channel scaled to 8 bits.
            let channels = [masks.0, masks.1, masks.2].map { Channel(mask: $0) }
            for y in 0..<h {
                for x in 0..<w {
                    let pixel = UInt(truncatingIfNeeded: XGetPixel(image, Int32(x), Int32(y)))
                    buffer[y * w + x] = channels.reduce(0) { $0 << 8 | $1.eightBits(of: pixel) }
                }
            }
        }
        self.pixels = buffer
    }

    /// Polls until `condition` holds on a fresh screenshot (or `timeout` passes); returns the last one.
    static func waitFor(_ session: XSession, timeout: Double = 5,
                        until condition: (Screenshot) -> Bool) async throws -> Screenshot {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let shot = try Screenshot(session)
            if condition(shot) || Date() >= deadline { return shot }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    func color(at p: Pixel) -> RGB {
        guard p.x >= 0, p.y >= 0, p.x < width, p.y < height else { return .black }
        let v = pixels[p.y * width + p.x]
        return RGB(Int(v >> 16 & 0xff), Int(v >> 8 & 0xff), Int(v & 0xff))
    }

    func pixelsEqual(_ other: Screenshot) -> Bool { pixels == other.pixels }

    /// How many pixels differ from `other`'s (a screenshot of the same size) by more than
    /// `tolerance` levels in some channel.
    func pixelsFartherThan(_ tolerance: Int, from other: Screenshot) -> Int {
        guard width == other.width, height == other.height else { return width * height }
        var count = 0
        for (a, b) in zip(pixels, other.pixels) where a != b {
            for shift in [16, 8, 0] where abs(Int(a >> shift & 0xff) - Int(b >> shift & 0xff)) > tolerance {
                count += 1
                break
            }
        }
        return count
    }

    /// True when every pixel is black (nothing was drawn).
    var isAllBlack: Bool { pixels.allSatisfy { $0 & 0xffffff == 0 } }

    /// How many distinct colours appear (a drawn surface has many).
    var distinctColorCount: Int { Set(pixels.lazy.map { $0 & 0xffffff }).count }

    /// Writes a binary PPM (cheap, no extra process) for looking at a failure; returns the path.
    @discardableResult
    func save(name: String) -> String {
        let dir = NSTemporaryDirectory() + "tessera-e2e-screenshots"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/\(name).ppm"
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        data.reserveCapacity(data.count + width * height * 3)
        for v in pixels { data.append(contentsOf: [UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]) }
        try? data.write(to: URL(fileURLWithPath: path))
        return path
    }
}
