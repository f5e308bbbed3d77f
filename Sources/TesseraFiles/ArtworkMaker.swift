import CCairo
import TesseraDesktop
#if canImport(Glibc)
import Glibc
#endif

/// What the worker is asked for.
public enum ArtworkJob: Hashable, Sendable {
    /// What a tile `side` device pixels across shows for the file at `location`: its picture, or
    /// its type's icon.
    case show(location: String, side: Int)
    /// Only an image's aspect (from its header), for masonry: items just dropped, not yet drawn.
    case measure(location: String)
    /// Whether the file is still there (after the user was in another app).
    case check(location: String)
}

/// What the worker made.
public enum ArtworkOutcome: @unchecked Sendable {
    /// An image's picture, fitting in `side` (a thumbnail size), and its upright aspect (h / w).
    case picture(location: String, Picture, side: Int, aspect: Double)
    /// The icon the icon theme gives the file's type.
    case typeIcon(location: String, Picture)
    case missing(location: String)
    /// An image that cannot be shown, and why (its aspect when its header said).
    case unreadable(location: String, reason: String, aspect: Double?)
    case measured(location: String, aspect: Double)
    /// Nothing better than the kind's icon: a link, a file no icon is found for.
    case plain(location: String)
    /// A check found the file there.
    case present(location: String)

    public var location: String {
        switch self {
        case .picture(let l, _, _, _), .typeIcon(let l, _), .missing(let l), .unreadable(let l, _, _),
             .measured(let l, _), .plain(let l), .present(let l): l
        }
    }
}

/// Makes a location's artwork, on the worker thread: the file's state, a valid thumbnail from the
/// shared cache (any app's), else the image decoded at the thumbnail size (and the thumbnail
/// written for the next time and for other apps), else the type's icon from the icon theme.
struct ArtworkMaker {
    let helper: FilesHelper
    let thumbnails: ThumbnailCache?
    var icons: IconThemeLookup
    var iconTheme: String
    /// Type icons already drawn, by content type and size (shared by every file of the type).
    private var typeIcons: [String: Picture?] = [:]

    /// The most pixels an image may have to be decoded: a JPEG is decoded at 1/8 of its size at
    /// most (libjpeg scales while decoding), any other format whole, then scaled.
    static let maxPixels = 50_000_000
    static let maxJPEGPixels = 1_000_000_000

    init(helper: FilesHelper, thumbnails: ThumbnailCache?, icons: IconThemeLookup, iconTheme: String) {
        self.helper = helper; self.thumbnails = thumbnails; self.icons = icons; self.iconTheme = iconTheme
    }

    mutating func make(_ job: ArtworkJob) -> ArtworkOutcome {
        switch job {
        case .measure(let location):
            guard let path = URIList.localPath(of: location), let info = helper.imageInfo(path),
                  info.width > 0, info.height > 0 else { return .plain(location: location) }
            return .measured(location: location, aspect: Double(info.height) / Double(info.width))
        case .show(let location, let side):
            return show(location, side: side)
        case .check(let location):
            guard let path = URIList.localPath(of: location) else { return .plain(location: location) }
            var st = stat()
            if stat(path, &st) != 0, errno == ENOENT || errno == ENOTDIR { return .missing(location: location) }
            return .present(location: location)
        }
    }

    private mutating func show(_ location: String, side: Int) -> ArtworkOutcome {
        guard let path = URIList.localPath(of: location) else { return .plain(location: location) }
        var st = stat()
        guard stat(path, &st) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .missing(location: location) }
            return .unreadable(location: location, reason: String(cString: strerror(errno)), aspect: nil)
        }
        if st.st_mode & S_IFMT == S_IFDIR { return typeIcon(location, names: ["folder"], type: "inode/directory", side: side) }
        guard let info = helper.imageInfo(path) else {
            guard let named = helper.iconNames(path) else { return .plain(location: location) }
            // An image by its name and first bytes that gdk-pixbuf cannot read (corrupt, cut short,
            // a format without a loader here): a placeholder, not a picture's icon.
            if named.contentType.hasPrefix("image/"), named.contentType != "image/svg+xml" {
                return .unreadable(location: location, reason: "it is not an image this computer can read (\(named.contentType))", aspect: nil)
            }
            return typeIcon(location, names: named.names, type: named.contentType, side: side)
        }
        let aspect = info.width > 0 && info.height > 0 ? Double(info.height) / Double(info.width) : nil
        let pixels = info.width * info.height
        let limit = info.format == "jpeg" ? Self.maxJPEGPixels : Self.maxPixels
        guard pixels <= limit else {
            return .unreadable(location: location, reason: "it is \(info.width)x\(info.height) pixels, too large to preview", aspect: aspect)
        }
        let flavor = ThumbnailCache.Flavor.fitting(side)
        let mtime = Int64(st.st_mtim.tv_sec)
        let md5 = thumbnails.map { _ in helper.md5(location) }
        if let thumbnails, let md5 {
            for f in ThumbnailCache.Flavor.allCases where f >= flavor {
                guard let t = helper.readThumbnail(thumbnails.path(md5: md5, flavor: f)),
                      ThumbnailCache.isValid(thumbnailURI: t.uri, thumbnailMTime: t.mtime, uri: location, mtime: mtime) else { continue }
                return .picture(location: location, t.picture, side: f.rawValue,
                                aspect: Double(t.picture.height) / Double(max(1, t.picture.width)))
            }
            if let failed = helper.readThumbnail(thumbnails.failPath(md5: md5)),
               ThumbnailCache.isValid(thumbnailURI: failed.uri, thumbnailMTime: failed.mtime, uri: location, mtime: mtime) {
                return .unreadable(location: location, reason: "it could not be read before and has not changed since", aspect: aspect)
            }
        }
        switch helper.decode(path, side: flavor.rawValue) {
        case .success(let picture):
            if let thumbnails, let md5 {
                ThumbnailCache.writeAtomically(thumbnails.path(md5: md5, flavor: flavor)) {
                    helper.writeThumbnail(picture, to: $0, uri: location, mtime: mtime, size: Int64(st.st_size),
                                          imageWidth: info.width, imageHeight: info.height) == nil
                }
            }
            return .picture(location: location, picture, side: flavor.rawValue,
                            aspect: Double(picture.height) / Double(max(1, picture.width)))
        case .failure(let error):
            // The spec's failure marker: not tried again until the file changes.
            if let thumbnails, let md5, case .success(let dot) = Self.blank() {
                ThumbnailCache.writeAtomically(thumbnails.failPath(md5: md5)) {
                    helper.writeThumbnail(dot, to: $0, uri: location, mtime: mtime, size: Int64(st.st_size),
                                          imageWidth: info.width, imageHeight: info.height) == nil
                }
            }
            return .unreadable(location: location, reason: error.message, aspect: aspect)
        }
    }

    /// The theme's icon for the type (PNG decoded, SVG drawn by librsvg), at 128 px (256 for big tiles).
    private mutating func typeIcon(_ location: String, names: [String], type: String, side: Int) -> ArtworkOutcome {
        let size = side > 320 ? 256 : 128
        let key = "\(type) \(size)"
        if typeIcons[key] == nil {
            var made: Picture?
            if let file = icons.lookup(names, size: size, theme: iconTheme) {
                let result = file.hasSuffix(".svg") ? helper.renderSVG(file, side: size) : helper.decode(file, side: size)
                if case .success(let p) = result { made = p }
            }
            typeIcons[key] = .some(made)
        }
        guard let icon = typeIcons[key] ?? nil else { return .plain(location: location) }
        return .typeIcon(location: location, icon)
    }

    /// A 1x1 clear picture: the body of a failure marker.
    private static func blank() -> Result<Picture, FilesError> {
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return .failure(FilesError("out of memory")) }
        return .success(Picture(surface: s))
    }
}
