#if canImport(Glibc)
import Glibc
#endif

/// Writing to stdout/stderr and taking paths apart without Foundation's `FileHandle` and
/// `NSString`: the executable links FoundationEssentials only, which keeps about 5 MB of libraries
/// (Foundation, its ICU) out of memory and out of start-up.
public enum StandardStreams {
    /// Writes `text` to standard error, unbuffered.
    public static func error(_ text: String) { write(text, to: 2) }

    /// Writes `text` to standard output.
    public static func output(_ text: String) { write(text, to: 1) }

    private static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}

/// Path pieces, as `NSString` gives them, for plain `String` paths.
public enum PathParts {
    /// "a/b/c.json" -> "c.json"; "c.json" -> "c.json"; trailing slashes are ignored.
    public static func lastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// "a/b/c.json" -> "a/b"; "/c.json" -> "/"; "c.json" -> "".
    public static func deletingLastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// The user's home directory from the password database (when `$HOME` is unset).
    public static func homeDirectory() -> String {
        if let pw = getpwuid(getuid()), let dir = pw.pointee.pw_dir { return String(cString: dir) }
        return "/"
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var s = Substring(path)
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return String(s)
    }
}
