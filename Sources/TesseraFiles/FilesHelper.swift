import CCairo
import CFilesAPI
import TesseraPlugins
#if canImport(Glibc)
import Glibc
#endif

/// A picture ready to draw: a Cairo image surface (ARGB32) the holder owns. Made on the worker
/// thread, handed to the main thread once; never shared.
public final class Picture: @unchecked Sendable {
    public let surface: OpaquePointer
    public var width: Int { Int(cairo_image_surface_get_width(surface)) }
    public var height: Int { Int(cairo_image_surface_get_height(surface)) }
    public var bytes: Int { Int(cairo_image_surface_get_stride(surface)) * height }

    init(surface: OpaquePointer) { self.surface = surface }
    deinit { cairo_surface_destroy(surface) }
}

/// libTesseraFiles.so (the C half, `CFilesBridge`: gdk-pixbuf, librsvg, GIO), opened with dlopen
/// the first time a tile made from a file is drawn or opened: a collection without any loads none
/// of those libraries. Its functions keep no state and are called from the worker thread.
public final class FilesHelper: @unchecked Sendable {
    private let imageInfoFn: tessera_files_image_info_fn
    private let decodeFn: tessera_files_decode_fn
    private let readThumbnailFn: tessera_files_read_thumbnail_fn
    private let writeThumbnailFn: tessera_files_write_thumbnail_fn
    private let md5Fn: tessera_files_md5_fn
    private let iconNamesFn: tessera_files_icon_names_fn
    private let renderSVGFn: tessera_files_render_svg_fn
    private let launchFn: tessera_files_launch_fn
    private let freeFn: tessera_files_free_fn

    /// The helper beside the executable (or in `../lib/tessera/`, or `$TESSERA_FILES_LIBRARY`);
    /// nil when it cannot be opened.
    public static func load(library: String? = nil) -> FilesHelper? {
        let paths = library.map { [$0] } ?? PluginLibrary.candidatePaths("libTesseraFiles.so", override: "TESSERA_FILES_LIBRARY")
        return PluginLibrary.load(from: paths) { FilesHelper(handle: $0) }
    }

    private init?(handle: UnsafeMutableRawPointer) {
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { PluginLibrary.symbol(handle, name, type) }
        guard let info = symbol("tessera_files_image_info", tessera_files_image_info_fn.self),
              let decode = symbol("tessera_files_decode", tessera_files_decode_fn.self),
              let readThumb = symbol("tessera_files_read_thumbnail", tessera_files_read_thumbnail_fn.self),
              let writeThumb = symbol("tessera_files_write_thumbnail", tessera_files_write_thumbnail_fn.self),
              let md5 = symbol("tessera_files_md5", tessera_files_md5_fn.self),
              let iconNames = symbol("tessera_files_icon_names", tessera_files_icon_names_fn.self),
              let svg = symbol("tessera_files_render_svg", tessera_files_render_svg_fn.self),
              let launch = symbol("tessera_files_launch", tessera_files_launch_fn.self),
              let free = symbol("tessera_files_free", tessera_files_free_fn.self) else { return nil }
        imageInfoFn = info; decodeFn = decode; readThumbnailFn = readThumb; writeThumbnailFn = writeThumb
        md5Fn = md5; iconNamesFn = iconNames; renderSVGFn = svg; launchFn = launch; freeFn = free
    }

    /// An image file's format and size from its header; nil when it is not an image gdk-pixbuf knows.
    public func imageInfo(_ path: String) -> (format: String, width: Int, height: Int)? {
        var format = [CChar](repeating: 0, count: 64)
        var w: Int32 = 0, h: Int32 = 0
        guard imageInfoFn(path, &format, Int32(format.count), &w, &h) == 1 else { return nil }
        return (Self.string(format), Int(w), Int(h))
    }

    /// The image scaled to fit in `side` x `side` (never enlarged), upright.
    public func decode(_ path: String, side: Int) -> Result<Picture, FilesError> {
        picture { decodeFn(path, Int32(side), $0, $1, $2) }
    }

    /// A thumbnail PNG's picture and the URI and modification time it says it was made from.
    public func readThumbnail(_ path: String) -> (picture: Picture, uri: String, mtime: Int64)? {
        var uri = [CChar](repeating: 0, count: 8192)
        var mtime: Int64 = -1
        var pixels = TesseraPixels()
        guard readThumbnailFn(path, &pixels, &uri, Int32(uri.count), &mtime) == 0,
              let p = picture(from: &pixels) else { return nil }
        return (p, Self.string(uri), mtime)
    }

    /// Writes `picture` as a thumbnail PNG with the spec's keys at `path` (not atomically: the
    /// caller writes a temporary name and renames it).
    public func writeThumbnail(_ picture: Picture, to path: String, uri: String, mtime: Int64, size: Int64,
                               imageWidth: Int, imageHeight: Int) -> FilesError? {
        cairo_surface_flush(picture.surface)
        var pixels = TesseraPixels(data: cairo_image_surface_get_data(picture.surface),
                                   width: Int32(picture.width), height: Int32(picture.height),
                                   stride: cairo_image_surface_get_stride(picture.surface))
        var message = [CChar](repeating: 0, count: 512)
        guard writeThumbnailFn(path, &pixels, uri, mtime, size, Int32(imageWidth), Int32(imageHeight),
                               &message, Int32(message.count)) == 0 else { return FilesError(Self.string(message)) }
        return nil
    }

    /// The MD5 of `text` in hex: a thumbnail's name is the MD5 of its file's URI.
    public func md5(_ text: String) -> String {
        var out = [CChar](repeating: 0, count: 33)
        md5Fn(text, &out)
        return Self.string(out)
    }

    /// The file's content type and the icon names the desktop gives it, most specific first.
    public func iconNames(_ path: String) -> (contentType: String, names: [String])? {
        var type = [CChar](repeating: 0, count: 256)
        var names = [CChar](repeating: 0, count: 2048)
        guard iconNamesFn(path, &type, Int32(type.count), &names, Int32(names.count)) == 0 else { return nil }
        return (Self.string(type), Self.string(names).split(separator: "\n").map(String.init))
    }

    /// An SVG file drawn to fit in `side` x `side`.
    public func renderSVG(_ path: String, side: Int) -> Result<Picture, FilesError> {
        picture { renderSVGFn(path, Int32(side), $0, $1, $2) }
    }

    /// Runs a helper function that fills pixels or a message (0: filled), as a picture or its failure.
    private func picture(_ call: (UnsafeMutablePointer<TesseraPixels>, UnsafeMutablePointer<CChar>, Int32) -> Int32)
        -> Result<Picture, FilesError> {
        var message = [CChar](repeating: 0, count: 512)
        var pixels = TesseraPixels()
        guard call(&pixels, &message, Int32(message.count)) == 0 else { return .failure(FilesError(Self.string(message))) }
        return picture(from: &pixels).map { .success($0) } ?? .failure(FilesError("out of memory"))
    }

    /// Starts the default application for `uri`; nil when it started, else why not.
    public func launch(_ uri: String) -> FilesError? {
        var message = [CChar](repeating: 0, count: 512)
        guard launchFn(uri, &message, Int32(message.count)) == 0 else { return FilesError(Self.string(message)) }
        return nil
    }

    /// The helper's malloc'd pixels copied into a Cairo surface of our own, then freed.
    private func picture(from pixels: inout TesseraPixels) -> Picture? {
        defer { freeFn(pixels.data); pixels.data = nil }
        guard let data = pixels.data, pixels.width > 0, pixels.height > 0,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixels.width, pixels.height),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let dst = cairo_image_surface_get_data(surface)!
        let dstStride = Int(cairo_image_surface_get_stride(surface)), srcStride = Int(pixels.stride)
        let row = min(dstStride, srcStride, Int(pixels.width) * 4)
        for y in 0..<Int(pixels.height) {
            memcpy(dst + y * dstStride, data + y * srcStride, row)
        }
        cairo_surface_mark_dirty(surface)
        return Picture(surface: surface)
    }

    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Why a file could not be read, drawn or opened, in the words of the library that said so.
public struct FilesError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
