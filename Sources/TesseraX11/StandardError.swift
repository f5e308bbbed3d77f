#if canImport(Glibc)
import Glibc
#endif

/// Writes one line to stderr with `write(2)`; safe in C callbacks (no Swift globals touched).
func writeToStandardError(_ line: String) {
    var text = line
    if !text.hasSuffix("\n") { text += "\n" }
    text.utf8CString.withUnsafeBufferPointer { buf in
        _ = write(2, buf.baseAddress, buf.count - 1)
    }
}
