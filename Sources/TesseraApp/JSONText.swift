/// JSON text written by hand (the layout export, session traces): one way to quote a string.
enum JSONText {
    /// `s` as a JSON string literal: quotes, backslashes and control characters escaped; the rest
    /// of Unicode as it is.
    static func string(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where ch.value < 0x20:
                let hex = String(ch.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    }
}
