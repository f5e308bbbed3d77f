import CCairo
import Foundation
import TesseraTestSupport
import Testing
import TesseraCore
import TesseraDesktop
@testable import TesseraFiles

/// The files helper against real files: pictures decoded at the size shown, thumbnails written as
/// the freedesktop spec says and reused (ours and other apps'), type icons from a theme, files
/// gone, images too large or corrupt.
@Suite(.serialized) struct ArtworkMakerTests {
    let folder: String
    let helper: FilesHelper

    init() throws {
        folder = TestScratch.directory("artwork")
        helper = try #require(FilesHelper.load(), "libTesseraFiles.so beside the tests (swift build --product TesseraFiles)")
    }

    func maker(theme: String = "Adwaita") -> ArtworkMaker {
        ArtworkMaker(helper: helper, thumbnails: ThumbnailCache(root: folder + "/thumbnails"),
                     icons: IconThemeLookup(baseDirectories: ["/usr/share/icons"], files: IconFileSystem.files()),
                     iconTheme: theme)
    }

    /// Writes a `w`x`h` PNG of one colour through Cairo.
    func png(_ name: String, _ w: Int32, _ h: Int32) -> String {
        let path = name.hasPrefix("/") ? name : folder + "/" + name
        let s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h)!
        let cr = cairo_create(s)!
        cairo_set_source_rgb(cr, 0.2, 0.5, 0.8)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_write_to_png(s, path)
        cairo_surface_destroy(s)
        return path
    }

    func uri(_ path: String) -> String { "file://" + URIList.percentEncoded(path) }

    @Test func anImageIsDecodedAtTheThumbnailSizeAndItsThumbnailWritten() throws {
        let path = png("wide photo.png", 1200, 600)
        var m = maker()
        guard case let .picture(_, picture, side, aspect) = m.make(.show(location: uri(path), side: 200)) else {
            Issue.record("no picture"); return
        }
        #expect(side == 256)
        #expect(picture.width == 256 && picture.height == 128)
        #expect(aspect == 0.5)
        let md5 = helper.md5(uri(path))
        let thumb = folder + "/thumbnails/large/\(md5).png"
        let written = try #require(helper.readThumbnail(thumb))
        #expect(written.uri == uri(path))
        var st = stat()
        stat(path, &st)
        #expect(written.mtime == Int64(st.st_mtim.tv_sec))
        let attributes = try FileManager.default.attributesOfItem(atPath: thumb)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aValidThumbnailIsReusedAndAStaleOneIsNot() throws {
        let path = png("a.png", 300, 300)
        let location = uri(path)
        var m = maker()
        // Another app's thumbnail (a different picture: 64x32) for the same URI and time is used.
        let md5 = helper.md5(location)
        var st = stat()
        stat(path, &st)
        let other = png("other.png", 64, 32)
        let theirs = try #require(helper.readThumbnail(other)?.picture)
        try FileManager.default.createDirectory(atPath: folder + "/thumbnails/normal", withIntermediateDirectories: true)
        #expect(helper.writeThumbnail(theirs, to: folder + "/thumbnails/normal/\(md5).png", uri: location,
                                      mtime: Int64(st.st_mtim.tv_sec), size: 1, imageWidth: 300, imageHeight: 300) == nil)
        guard case let .picture(_, reused, side, _) = m.make(.show(location: location, side: 100)) else {
            Issue.record("no picture"); return
        }
        #expect(reused.width == 64 && side == 128)
        // Said to be of an older file: decoded afresh (and rewritten).
        #expect(helper.writeThumbnail(theirs, to: folder + "/thumbnails/normal/\(md5).png", uri: location,
                                      mtime: Int64(st.st_mtim.tv_sec) - 10, size: 1, imageWidth: 300, imageHeight: 300) == nil)
        guard case let .picture(_, fresh, _, _) = m.make(.show(location: location, side: 100)) else {
            Issue.record("no picture"); return
        }
        #expect(fresh.width == 128)
    }

    @Test func aFileGoneIsMissingAndACorruptImageUnreadableOnce() throws {
        var m = maker()
        if case .missing = m.make(.show(location: uri(folder + "/nothing.png"), side: 100)) {} else { Issue.record("not missing") }
        // A GIF cut off after its header (50x50, one colour): found out only by decoding. (A PNG
        // or JPEG with bad pixels decodes, as far as it goes: gdk-pixbuf shows what it can.)
        let broken = folder + "/broken.gif"
        let cut: [UInt8] = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x32, 0x00, 0x32, 0x00, 0xF0, 0x00, 0x00, 0xFF, 0x00,
                            0x00, 0x00, 0x00, 0x00, 0x21, 0xF9, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00]
        FileManager.default.createFile(atPath: broken, contents: Data(cut))
        let outcome = m.make(.show(location: uri(broken), side: 100))
        guard case .unreadable(_, let reason, _) = outcome else {
            Issue.record("not unreadable: \(outcome)"); return
        }
        #expect(reason.contains("truncated"))
        // The failure marker keeps it from being decoded again until it changes.
        let marker = folder + "/thumbnails/\(ThumbnailCache.failFolder)/\(helper.md5(uri(broken))).png"
        #expect(FileManager.default.fileExists(atPath: marker))
        guard case .unreadable(_, let again, _) = m.make(.show(location: uri(broken), side: 100)) else {
            Issue.record("not unreadable"); return
        }
        #expect(again.contains("could not be read before"))
    }

    @Test func anImageTooLargeIsNeverDecoded() throws {
        // A PNG saying it is 30000x30000 (its pixels a few bytes): refused from its header alone.
        let path = folder + "/huge.png"
        let header = Self.png(width: 30000, height: 30000, pixels: Self.zlibOfZeros)
        FileManager.default.createFile(atPath: path, contents: Data(header))
        var m = maker()
        let outcome = m.make(.show(location: uri(path), side: 300))
        guard case .unreadable(_, let reason, let aspect) = outcome else {
            Issue.record("not refused: \(outcome), \(helper.imageInfo(path) as Any)"); return
        }
        #expect(reason.contains("30000x30000"))
        #expect(aspect == 1)
    }

    @Test func aMeasureReadsOnlyTheHeader() {
        let path = png("tall.png", 300, 450)
        var m = maker()
        guard case .measured(_, let aspect) = m.make(.measure(location: uri(path))) else { Issue.record("not measured"); return }
        #expect(aspect == 1.5)
        if case .plain = m.make(.measure(location: "https://example.org/x.png")) {} else { Issue.record("a link was measured") }
    }

    @Test func otherFilesGetTheirTypesIconFromTheTheme() throws {
        // A theme of our own: a text file's icon name in a 48 px folder, inheriting hicolor.
        let base = folder + "/icons"
        try FileManager.default.createDirectory(atPath: base + "/Mine/48x48/mimetypes", withIntermediateDirectories: true)
        try "[Icon Theme]\nName=Mine\nDirectories=48x48/mimetypes\n\n[48x48/mimetypes]\nSize=48\nType=Fixed\n"
            .write(toFile: base + "/Mine/index.theme", atomically: true, encoding: .utf8)
        _ = png(base + "/Mine/48x48/mimetypes/text-x-generic.png", 48, 48)
        let text = folder + "/notes.txt"
        try "hello\n".write(toFile: text, atomically: true, encoding: .utf8)
        var m = ArtworkMaker(helper: helper, thumbnails: nil,
                             icons: IconThemeLookup(baseDirectories: [base], files: IconFileSystem.files()), iconTheme: "Mine")
        guard case .typeIcon(_, let icon) = m.make(.show(location: uri(text), side: 200)) else {
            Issue.record("no type icon for \(helper.iconNames(text) as Any)"); return
        }
        #expect(icon.width == 48)
    }

    // MARK: Made-up PNGs

    /// zlib's stream of 64 zero bytes.
    static let zlibOfZeros: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0xA0, 0x0C, 0x00, 0x00, 0x00, 0x40, 0x00, 0x01]

    /// A PNG (8-bit RGBA) of the given size whose IDAT holds `pixels` as they are.
    static func png(width: UInt32, height: UInt32, pixels: [UInt8]) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(UInt32(data.count)) + body + be(crc32(body))
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0]) + chunk("IDAT", pixels) + chunk("IEND", [])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
}
