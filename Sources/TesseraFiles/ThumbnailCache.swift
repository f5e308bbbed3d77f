#if canImport(Glibc)
import Glibc
#endif

/// The freedesktop thumbnail cache (Thumbnail Managing Standard 0.9), shared with every file
/// manager and image viewer: `$XDG_CACHE_HOME/thumbnails/<size>/<md5 of the URI>.png`, each PNG
/// saying which URI and modification time it was made from. A thumbnail another app made is used
/// when it is still valid, and ours are valid for them.
public struct ThumbnailCache: Sendable {
    /// The spec's sizes: a thumbnail fits in a square of this many pixels.
    public enum Flavor: Int, CaseIterable, Comparable, Sendable {
        case normal = 128, large = 256, xLarge = 512, xxLarge = 1024

        public var folder: String {
            switch self {
            case .normal: "normal"
            case .large: "large"
            case .xLarge: "x-large"
            case .xxLarge: "xx-large"
            }
        }

        /// The smallest size at least `pixelSide` (the largest there is beyond it).
        public static func fitting(_ pixelSide: Int) -> Flavor {
            allCases.first { $0.rawValue >= pixelSide } ?? .xxLarge
        }

        public static func < (a: Flavor, b: Flavor) -> Bool { a.rawValue < b.rawValue }
    }

    /// `.../thumbnails`.
    public let root: String
    /// The folder of our failure markers (`fail/tessera-<n>`): an image we could not read is not
    /// tried again until it changes.
    public static let failFolder = "fail/tessera-1"

    public init(root: String) { self.root = root }

    /// `$XDG_CACHE_HOME/thumbnails`, else `$HOME/.cache/thumbnails`; nil without either.
    public static func standardRoot(cacheHome: String?, home: String?) -> String? {
        if let c = cacheHome, c.hasPrefix("/") { return c + "/thumbnails" }
        if let h = home, h.hasPrefix("/") { return h + "/.cache/thumbnails" }
        return nil
    }

    public func path(md5: String, flavor: Flavor) -> String { "\(root)/\(flavor.folder)/\(md5).png" }
    public func failPath(md5: String) -> String { "\(root)/\(Self.failFolder)/\(md5).png" }

    /// A thumbnail is valid for a file when it names the file's URI and its modification time.
    public static func isValid(thumbnailURI: String, thumbnailMTime: Int64, uri: String, mtime: Int64) -> Bool {
        thumbnailURI == uri && thumbnailMTime == mtime
    }

    /// Makes `folder` and its parents, private to the user (0700) as the spec asks.
    @discardableResult
    public static func makeFolders(_ folder: String) -> Bool {
        var path = ""
        for part in folder.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    /// Writes a file through `write` at a temporary name beside `path`, then renames it over
    /// `path` (other apps never see half a thumbnail) with mode 0600.
    public static func writeAtomically(_ path: String, _ write: (String) -> Bool) -> Bool {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard makeFolders(folder) else { return false }
        let temporary = "\(path).tessera-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard write(temporary) else { unlink(temporary); return false }
        guard chmod(temporary, 0o600) == 0, rename(temporary, path) == 0 else { unlink(temporary); return false }
        return true
    }
}
