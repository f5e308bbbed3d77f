/// The XSETTINGS a settings manager (gnome-settings-daemon, xfsettingsd, xsettingsd…) publishes
/// in the `_XSETTINGS_SETTINGS` property of the owner of `_XSETTINGS_S<screen>`: names with an
/// integer, string or colour each (freedesktop.org XSETTINGS specification 0.5).
///
/// Pure: the shell reads the property's bytes, this parses them. Bad input never traps: a blob
/// that breaks off keeps the settings read before the break and names where it broke.
public struct XSettings: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case integer(Int32)
        case string(String)
        /// Red, green, blue, alpha, each 0...65535.
        case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    /// The manager's count of changes (each change raises it).
    public var serial: UInt32
    public var values: [String: Value]

    public init(serial: UInt32 = 0, values: [String: Value] = [:]) {
        self.serial = serial; self.values = values
    }

    public func integer(_ name: String) -> Int32? {
        if case .integer(let v)? = values[name] { return v }
        return nil
    }

    public func string(_ name: String) -> String? {
        if case .string(let v)? = values[name] { return v }
        return nil
    }

    /// What parsing a blob gave: the settings it could read and what was wrong, if anything.
    public struct Parsed: Hashable, Sendable {
        public var settings: XSettings
        /// One line per problem ("the blob breaks off in setting Net/ThemeName"); empty when clean.
        public var problems: [String]
    }

    /// More settings than this in one blob is not a settings manager talking (a desktop has ~50).
    public static let maximumSettings = 10_000

    /// Parses the property's bytes, in either byte order (the blob's first byte says which).
    public static func parse(_ bytes: [UInt8]) -> Parsed {
        var problems: [String] = []
        var reader = Reader(bytes: bytes)
        guard bytes.count >= 12 else {
            return Parsed(settings: XSettings(), problems: ["the blob is \(bytes.count) bytes, shorter than its 12-byte header"])
        }
        switch bytes[0] {
        case 0: reader.bigEndian = false
        case 1: reader.bigEndian = true
        default:
            return Parsed(settings: XSettings(), problems: ["unknown byte order \(bytes[0]) (0 or 1 expected)"])
        }
        reader.offset = 4
        let serial = reader.card32()!
        let declared = reader.card32()!
        var settings = XSettings(serial: serial)
        if declared > UInt32(maximumSettings) {
            problems.append("the blob declares \(declared) settings; reading at most \(maximumSettings)")
        }
        var previous = "the header"
        for _ in 0..<min(Int(declared), maximumSettings) {
            switch readSetting(&reader) {
            case .success(let (name, value)):
                settings.values[name] = value
                previous = name
            case .failure(let problem):
                problems.append(problem.describe(after: previous))
                return Parsed(settings: settings, problems: problems)
            }
        }
        return Parsed(settings: settings, problems: problems)
    }

    enum Problem: Error {
        case truncated(setting: String?)
        case unknownType(UInt8, setting: String)
        case notUTF8(setting: String?)

        func describe(after previous: String) -> String {
            switch self {
            case .truncated(let name?): "the blob breaks off in setting \(name)"
            case .truncated(nil): "the blob breaks off after \(previous)"
            case .unknownType(let t, let name): "setting \(name) has unknown type \(t)"
            case .notUTF8(let name?): "setting \(name) has a value that is not UTF-8"
            case .notUTF8(nil): "a setting name after \(previous) is not UTF-8"
            }
        }
    }

    private static func readSetting(_ r: inout Reader) -> Result<(String, Value), Problem> {
        guard let type = r.card8(), r.skip(1), let nameLength = r.card16() else { return .failure(.truncated(setting: nil)) }
        guard let nameBytes = r.bytes(Int(nameLength)), r.skip(pad(Int(nameLength))) else { return .failure(.truncated(setting: nil)) }
        guard let name = String(validating: nameBytes, as: UTF8.self) else { return .failure(.notUTF8(setting: nil)) }
        guard r.card32() != nil else { return .failure(.truncated(setting: name)) }   // last-change serial
        switch type {
        case 0:
            guard let v = r.card32() else { return .failure(.truncated(setting: name)) }
            return .success((name, .integer(Int32(bitPattern: v))))
        case 1:
            guard let n = r.card32(), let b = r.bytes(Int(n)), r.skip(pad(Int(n))) else { return .failure(.truncated(setting: name)) }
            guard let s = String(validating: b, as: UTF8.self) else { return .failure(.notUTF8(setting: name)) }
            return .success((name, .string(s)))
        case 2:
            // The specification's order: red, blue, green, alpha.
            guard let red = r.card16(), let blue = r.card16(), let green = r.card16(), let alpha = r.card16() else {
                return .failure(.truncated(setting: name))
            }
            return .success((name, .color(red: red, green: green, blue: blue, alpha: alpha)))
        default:
            return .failure(.unknownType(type, setting: name))
        }
    }

    /// Bytes of padding after `n` bytes, to the next multiple of 4.
    static func pad(_ n: Int) -> Int { (4 - n % 4) % 4 }

    /// Reads CARD8/16/32 in the blob's byte order; nil past the end.
    struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var bigEndian = false

        mutating func card8() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func card16() -> UInt16? {
            guard let b = bytes(2) else { return nil }
            let first = UInt16(b[b.startIndex]), second = UInt16(b[b.startIndex + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }

        mutating func card32() -> UInt32? {
            guard let b = bytes(4) else { return nil }
            let v = b.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return bigEndian ? v : v.byteSwapped
        }

        mutating func bytes(_ n: Int) -> ArraySlice<UInt8>? {
            guard n >= 0, n <= bytes.count - offset else { return nil }
            defer { offset += n }
            return bytes[offset..<offset + n]
        }

        mutating func skip(_ n: Int) -> Bool { bytes(n) != nil }
    }
}
