#if canImport(Glibc)
import Glibc
#endif

/// The size a PNG declares in its header, read without decoding it, so a huge image is refused
/// before it costs gigabytes of pixels.
struct PNGHeader: Equatable {
    var width: Int
    var height: Int

    /// Icons larger than this on either side are refused (they are drawn at most a few hundred
    /// pixels wide; anything this big is a mistake or an attack).
    static let maxSide = 2048

    enum Problem: Error, Equatable {
        case unreadable
        case notPNG
        case tooLarge(width: Int, height: Int)
    }

    /// Reads the signature and the IHDR chunk: 8 + 8 + 8 bytes.
    static func read(_ path: String) -> Result<PNGHeader, Problem> {
        guard let file = fopen(path, "rb") else { return .failure(.unreadable) }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 24)
        guard fread(&bytes, 1, 24, file) == 24 else { return .failure(.notPNG) }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return .failure(.notPNG) }
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        let header = PNGHeader(width: be32(16), height: be32(20))
        guard header.width <= maxSide, header.height <= maxSide else {
            return .failure(.tooLarge(width: header.width, height: header.height))
        }
        return .success(header)
    }
}
