import CFontconfig
#if canImport(Glibc)
import Glibc
#endif

/// Asks the kernel to read a face's file into the page cache ahead of its first use, without
/// loading the face.
///
/// Why: a bold face is loaded when bold text is first shown (a masonry's section headers, a
/// board's list titles), not at start-up, so a collection without headers never holds its
/// 2.4 MB. But a face's first load reads its file: Noto Sans CJK's bold is a 19 MB file, and
/// after a boot (nothing of it cached) the first switch to masonry at 100k items drew its
/// frame in 27.6 ms instead of 4.8 (a dropped frame). Read ahead in idle time, the file costs
/// no memory of the app's (the page cache is the kernel's, and given back under pressure).
enum FontReadAhead {
    /// The file fontconfig picks for `families` (a Pango family list: comma-separated, in
    /// fallback order) in bold or regular, as Pango would for text in it; nil if it picks none.
    static func file(families: String, bold: Bool) -> String? {
        let name = families + (bold ? ":weight=bold" : "")
        guard let pattern = FcNameParse(name) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    /// Starts reading `path` into the page cache and returns at once (`POSIX_FADV_WILLNEED`), in
    /// pieces of `piece` bytes: asked for whole, the kernel read only the first 8 MB of the bold
    /// face's 19 MB (and that frame still took 11 ms). False if the file cannot be opened.
    @discardableResult
    static func readAhead(_ path: String, piece: Int = 4 << 20) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return false }
        var offset = 0
        repeat {
            guard posix_fadvise(fd, off_t(offset), off_t(piece), POSIX_FADV_WILLNEED) == 0 else { return false }
            offset += piece
        } while offset < Int(info.st_size)
        return true
    }
}
