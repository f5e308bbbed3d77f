/// Real image files for drops, made without an image library: a PNG of one colour, lighter at the
/// top (8-bit RGB, its pixels in stored deflate blocks, so no compressor is needed).
enum TestImages {
    static func png(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + 3 * width))
        for y in 0..<height {
            raw.append(0)   // filter: none
            // The top fifth blends towards white; the rest is the colour itself.
            let k = max(0, 1 - Double(y) / (Double(height) * 0.2))
            func lift(_ c: UInt8) -> UInt8 { UInt8(Double(c) + (255 - Double(c)) * k * 0.6) }
            let pixel = [lift(red), lift(green), lift(blue)]
            for _ in 0..<width { raw += pixel }
        }
        // zlib: header, stored blocks of at most 65535 bytes, Adler-32.
        var z: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, raw.count - offset)
            z.append(offset + n == raw.count ? 1 : 0)
            z += [UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)]
            z += raw[offset..<offset + n]
            offset += n
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        z += be((b << 16) | a)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be(UInt32(width)) + be(UInt32(height)) + [8, 2, 0, 0, 0])
            + chunk("IDAT", z) + chunk("IEND", [])
    }

    private static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var c: UInt32 = 0xFFFF_FFFF
        for byte in body {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return be(UInt32(data.count)) + body + be(~c)
    }
}
