/// Writes the state file by hand rather than through JSONEncoder: the key order is fixed (version
/// first, then id, title, kind...), so files diff well and read naturally, and writing 100k items
/// allocates one buffer.
extension StateFile {
    public static func encode(_ model: CollectionModel) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128 + model.allIDs.count * 120)
        out += Array("{\n  \"version\": \(currentVersion),\n  \"sections\": [".utf8)
        for (s, section) in model.sections.enumerated() {
            out += Array((s == 0 ? "\n" : ",\n").utf8)
            out += Array("    {\"id\": ".utf8); string(section.id, &out)
            out += Array(", \"title\": ".utf8); string(section.title, &out)
            out += Array(", \"items\": [".utf8)
            for (i, item) in section.items.enumerated() {
                out += Array((i == 0 ? "\n" : ",\n").utf8)
                write(item, indent: 6, locations: model.locations, &out)
            }
            out += Array((section.items.isEmpty ? "]}" : "\n    ]}").utf8)
        }
        out += Array((model.sections.isEmpty ? "]\n}\n" : "\n  ]\n}\n").utf8)
        return out
    }

    static func write(_ item: Item, indent: Int, locations: ItemLocations = [:], _ out: inout [UInt8]) {
        out += [UInt8](repeating: 0x20, count: indent)
        out += Array("{\"id\": ".utf8); string(item.id.rawValue, &out)
        out += Array(", \"title\": ".utf8); string(item.title, &out)
        out += Array(", \"kind\": \"\(item.kind.rawValue)\", \"icon\": ".utf8); string(item.icon, &out)
        out += Array(", \"color\": \"\(item.color.hex)\", \"aspect\": \(number(item.sizeHint.aspect)), \"done\": \(item.done)".utf8)
        if !locations.isEmpty, let location = locations[item.id] {
            out += Array(", \"location\": ".utf8); string(location, &out)
        }
        if item.isFolder {
            out += Array(", \"children\": [".utf8)
            for (c, child) in item.children.enumerated() {
                out += Array((c == 0 ? "\n" : ",\n").utf8)
                write(child, indent: indent + 2, locations: locations, &out)
            }
            out += Array("\n".utf8) + [UInt8](repeating: 0x20, count: indent) + Array("]".utf8)
        }
        out += Array("}".utf8)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped; UTF-8 kept as is.
    static func string(_ s: String, _ out: inout [UInt8]) {
        out.append(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: out += [0x5c, 0x22]
            case 0x5c: out += [0x5c, 0x5c]
            case 0x0a: out += [0x5c, UInt8(ascii: "n")]
            case 0x0d: out += [0x5c, UInt8(ascii: "r")]
            case 0x09: out += [0x5c, UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += [0x5c, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xf)]]
            default: out.append(b)
            }
        }
        out.append(0x22)
    }

    /// Shortest round-tripping form; integers without a fraction.
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }
}
