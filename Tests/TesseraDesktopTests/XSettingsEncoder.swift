@testable import TesseraDesktop

/// Writes settings as a manager would, in either byte order (the tests' way to make a big-endian
/// blob and malformed ones; checked against a real little-endian capture).
enum XSettingsEncoder {
    /// `order` is the names' order in the blob (a manager's own; xsettingsd sorts them).
    static func encode(_ settings: XSettings, bigEndian: Bool, order: [String]? = nil) -> [UInt8] {
        var out: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0]
        func card16(_ v: UInt16) { out += bigEndian ? [UInt8(v >> 8), UInt8(v & 0xff)] : [UInt8(v & 0xff), UInt8(v >> 8)] }
        func card32(_ v: UInt32) {
            let b = [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)]
            out += bigEndian ? b : b.reversed()
        }
        func padded(_ b: [UInt8]) { out += b + [UInt8](repeating: 0, count: XSettings.pad(b.count)) }
        card32(settings.serial)
        card32(UInt32(settings.values.count))
        for name in order ?? settings.values.keys.sorted() {
            let value = settings.values[name]!
            switch value {
            case .integer: out.append(0)
            case .string: out.append(1)
            case .color: out.append(2)
            }
            out.append(0)
            card16(UInt16(name.utf8.count))
            padded(Array(name.utf8))
            card32(settings.serial)   // the setting's last change: xsettingsd writes the serial
            switch value {
            case .integer(let v): card32(UInt32(bitPattern: v))
            case .string(let s): card32(UInt32(s.utf8.count)); padded(Array(s.utf8))
            case let .color(r, g, b, a): card16(r); card16(b); card16(g); card16(a)
            }
        }
        return out
    }
}
