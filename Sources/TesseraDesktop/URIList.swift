/// What another app drops or pastes: `text/uri-list` (RFC 2483: one URI a line, CRLF, `#` comment
/// lines) or `text/plain`, read into entries Tessera makes items of.
///
/// Local files (`file:///path`, `file://localhost/path`, `file://<this host>/path`) become paths,
/// percent-decoded; any other URI, a `file://` of another host included, stays a link and is never
/// fetched. A line that is not a URI, or whose path is not UTF-8, is left out with a reason.
public enum DroppedEntry: Hashable, Sendable {
    case file(path: String)
    case link(url: String, host: String)
    case text(String)

    /// The title of the item made from it: the file's name, the link's host (else the URL), the
    /// text's first line.
    public var title: String {
        switch self {
        case .file(let path):
            String(path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path[...])
        case .link(let url, let host): host.isEmpty ? url : host
        case .text(let text): String(text.split(whereSeparator: \.isNewline).first ?? "").trimmingSpaces
        }
    }

    /// Where the item made from it comes from: a local file as a `file://` URI (its path
    /// percent-encoded), a link as it was given; nil for text.
    public var location: String? {
        switch self {
        case .file(let path): "file://" + URIList.percentEncoded(path)
        case .link(let url, _): url
        case .text: nil
        }
    }

    /// The tile's icon for it, by the file's kind (its extension), a link's globe, a note's pencil.
    public var icon: String {
        switch self {
        case .link: return "globe"
        case .text: return "pencil"
        case .file(let path):
            let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path[...]
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "book" }
            switch name[name.index(after: dot)...].lowercased() {
            case "png", "jpg", "jpeg", "webp", "gif", "svg", "bmp", "tif", "tiff", "heic", "avif": return "camera"
            case "mp4", "mkv", "webm", "mov", "avi": return "film"
            case "mp3", "ogg", "oga", "flac", "wav", "opus", "m4a": return "music"
            case "eml", "mbox": return "mail"
            default: return "book"
            }
        }
    }
}

public enum URIList {
    /// Reads a `text/uri-list`. `localHost`: this machine's name (a `file://` URI naming it is local).
    public static func parse(_ text: String, localHost: String? = nil) -> (entries: [DroppedEntry], problems: [String]) {
        var entries: [DroppedEntry] = [], problems: [String] = []
        // By bytes: a drop of 10,000 files is a megabyte of text, read while the window waits.
        for (n, raw) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            guard let first = raw.firstIndex(where: { !isSpace($0) }), let last = raw.lastIndex(where: { !isSpace($0) }),
                  raw[first] != UInt8(ascii: "#") else { continue }
            let line = String(decoding: raw[first...last], as: UTF8.self)
            switch entry(line, localHost: localHost) {
            case .success(let e): entries.append(e)
            case .failure(let why): problems.append("line \(n + 1) (\(line.prefix(60))): \(why.text)")
            }
        }
        return (entries, problems)
    }

    /// Reads `text/plain`: a list of URIs when every line is one, else the text itself.
    public static func parsePlain(_ text: String, localHost: String? = nil) -> [DroppedEntry] {
        let lines = text.split(whereSeparator: \.isNewline).map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        if !lines.isEmpty, lines.allSatisfy({ scheme(of: $0) != nil }) {
            let parsed = parse(lines.joined(separator: "\r\n"), localHost: localHost)
            if parsed.problems.isEmpty { return parsed.entries }
        }
        let trimmed = text.trimmingSpaces
        return trimmed.isEmpty ? [] : [.text(trimmed)]
    }

    struct Refusal: Error { var text: String }

    /// The local path a `file://` URI names (percent-decoded); nil for any other URI.
    public static func localPath(of uri: String, localHost: String? = nil) -> String? {
        guard case .success(.file(let path)) = entry(uri, localHost: localHost) else { return nil }
        return path
    }

    static func entry(_ uri: String, localHost: String?) -> Result<DroppedEntry, Refusal> {
        guard let scheme = scheme(of: uri) else { return .failure(Refusal(text: "not a URI (no scheme)")) }
        let rest = uri.dropFirst(scheme.count + 1)
        guard scheme.lowercased() == "file" else {
            return .success(.link(url: uri, host: authority(of: rest).map { hostName($0) } ?? ""))
        }
        // file:/path (no authority), file:///path, file://host/path.
        var host = "", path = Substring(rest)
        if let auth = authority(of: rest) {
            host = auth
            path = rest.dropFirst(2 + auth.count)
        }
        guard path.hasPrefix("/") else { return .failure(Refusal(text: "a file URI without a path")) }
        let local = host.isEmpty || host.lowercased() == "localhost" || host == localHost
        guard local else { return .success(.link(url: uri, host: host)) }
        guard let decoded = percentDecoded(path) else {
            return .failure(Refusal(text: "its path is not valid percent-encoded UTF-8"))
        }
        guard !decoded.utf8.contains(0) else { return .failure(Refusal(text: "its path contains a NUL")) }
        return .success(.file(path: decoded))
    }

    /// `scheme:` at the start (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
    static func scheme(of s: String) -> String? {
        func isLetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        let bytes = s.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon != bytes.startIndex else { return nil }
        let name = bytes[..<colon]
        guard isLetter(name.first!), name.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// The authority after `//`, up to the next `/` (nil without `//`).
    static func authority(of rest: Substring) -> String? {
        guard rest.hasPrefix("//") else { return nil }
        let after = rest.dropFirst(2)
        return String(after.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }

    /// A host from an authority: user info and port left out.
    static func hostName(_ authority: String) -> String {
        var h = Substring(authority)
        if let at = h.lastIndex(of: "@") { h = h[h.index(after: at)...] }
        if h.hasPrefix("["), let close = h.firstIndex(of: "]") { return String(h[...close]) }
        if let colon = h.lastIndex(of: ":") { h = h[..<colon] }
        return String(h)
    }

    /// A path percent-encoded as GLib's `g_filename_to_uri` does (letters, digits and
    /// `!$&'()*+,-./:=@_~` kept): the URI every GTK app names the file by, so a thumbnail (named
    /// by the MD5 of the URI) made by a file manager is found, and ours are found by it.
    public static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count + 16)
        for b in path.utf8 {
            if b < 0x80, keptInURIs[Int(b)] {
                out.append(b)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The ASCII bytes `percentEncoded` keeps: letters, digits and `!$&'()*+,-./:=@_~`.
    private static let keptInURIs: [Bool] = (0..<128).map { b in
        let c = UInt8(b)
        return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            || "!$&'()*+,-./:=@_~".utf8.contains(c)
    }

    /// `%XX` decoded to bytes, the bytes read as UTF-8; nil for a bad escape or bad UTF-8.
    static func percentDecoded(_ s: Substring) -> String? {
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: c - 0x30
            case 0x41...0x46: c - 0x41 + 10
            case 0x61...0x66: c - 0x61 + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        var it = s.utf8.makeIterator()
        while let b = it.next() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard let h = it.next().flatMap(nibble), let l = it.next().flatMap(nibble) else { return nil }
            bytes.append(h << 4 | l)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension String {
    /// Without the spaces, tabs and line ends at either end.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
