import CCairo
import TesseraCore
#if canImport(Glibc)
import Glibc
#endif

/// Loads icon PNGs, keeps device-pixel-sized copies, and draws a placeholder for icons that are
/// missing or unreadable (reported once per name on stderr).
///
/// Drawing only ever needs the resampled copies; the decoded originals (64 KB each at 128 px) are
/// kept in a small cache for resampling to a new size and re-decoded when it has dropped them, so
/// thirty icons do not pin 2 MB for the life of the app.
final class IconCache {
    private let iconDirectory: String
    /// Pixel size of every icon decoded once; `nil` marks a name known to be missing or broken.
    private var sizes: [String: IconSize?] = [:]
    /// Decoded originals, for resampling: a few at a time.
    private let decoded: LRUCache<String, OpaquePointer>
    /// Copies scaled to the pixel size they are drawn at, keyed by name and edge in device pixels.
    private let scaled: LRUCache<ScaledKey, OpaquePointer>
    /// Originals decoded since the cache was made (tests: an icon is not decoded twice needlessly),
    /// and ready-made copies decoded instead of resampling an original.
    /// The colours of a missing icon's placeholder.
    var palette = Palette.light
    private(set) var decodeCount = 0
    private(set) var presizedCount = 0
    /// Per ready-made size: the hash of the original each copy was drawn from (sources.txt).
    private var readyMade: [Int: [String: UInt64]] = [:]
    private var originalHashes: [String: UInt64] = [:]

    private struct IconSize {
        var width: Double
        var height: Double
    }

    private struct ScaledKey: Hashable {
        var name: String
        var width: Int
        var height: Int
    }

    /// When the whole folder is missing, one line says so instead of one per icon.
    private var reportsEachIcon = true

    /// Where problems are reported (once per icon name); stderr unless a test listens.
    private let report: (String) -> Void

    init(assetDirectory: String, report: @escaping (String) -> Void = writeToStandardError) {
        self.report = report
        iconDirectory = assetDirectory + "/icons"
        // Tile icons are small (31 icons at 96 px tiles: 250 KB); a detail view's large icon
        // (200 KB each) is resampled again when next opened rather than kept: 1 MB at most.
        scaled = LRUCache(capacity: 512, costLimit: 1 << 20) { cairo_surface_destroy($0) }
        // Four 128 px originals: enough to resample the icons of one view change in a row.
        decoded = LRUCache(capacity: 16, costLimit: 256 << 10) { cairo_surface_destroy($0) }
        if access(iconDirectory, R_OK | X_OK) != 0 {
            reportsEachIcon = false
            report("tessera: no icon folder at \(iconDirectory); drawing placeholders (set TESSERA_ASSETS to the assets folder)")
        }
    }

    deinit {
        scaled.removeAll()
        decoded.removeAll()
    }

    func path(for name: String) -> String { "\(iconDirectory)/\(name).png" }

    /// Readies every `*.png` in the icon folder (the icon set is small) for drawing fitted into
    /// every box of `boxes` (logical) at `pixelScale`, so the first frames never wait for a decode
    /// or a resample: from a ready-made copy of that size when the folder has one, else by
    /// decoding the original and resampling it. Only the copies are kept.
    func loadAll(fittingIn boxes: [Size], pixelScale: Double) {
        guard reportsEachIcon, let dir = opendir(iconDirectory) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard file.hasSuffix(".png"), !file.hasPrefix(".") else { continue }
            let name = String(file.dropLast(4))
            for box in boxes { prepare(name, fittingIn: box, pixelScale: pixelScale) }
        }
    }

    /// The decoded icon, or nil (after one report on stderr) when it cannot be loaded.
    func original(_ name: String) -> OpaquePointer? {
        if let known = sizes[name], known == nil { return nil }
        if let hit = decoded[name] { return hit }
        // An item without an icon is not an error: it gets the placeholder quietly.
        if name.isEmpty || !reportsEachIcon { sizes[name] = .some(nil); return nil }
        // Loaders refuse such names; a name that still is a path is never joined onto the folder.
        if let problem = Item.iconNameProblem(name) {
            report("tessera: icon name refused: \(problem); drawing a placeholder")
            sizes[name] = .some(nil)
            return nil
        }
        let file = path(for: name)
        if case .failure(.tooLarge(let w, let h)) = PNGHeader.read(file) {
            report("tessera: icon '\(name)' at \(file) is \(w)x\(h) px, larger than \(PNGHeader.maxSide)x\(PNGHeader.maxSide); drawing a placeholder")
            sizes[name] = .some(nil)
            return nil
        }
        decodeCount += 1
        let surface = cairo_image_surface_create_from_png(file)!
        let status = cairo_surface_status(surface)
        var result: OpaquePointer? = surface
        if status != CAIRO_STATUS_SUCCESS {
            cairo_surface_destroy(surface)
            result = nil
            let message: String
            if status == CAIRO_STATUS_FILE_NOT_FOUND {
                message = "tessera: icon '\(name)' not found at \(file); drawing a placeholder"
            } else {
                let reason = String(cString: cairo_status_to_string(status))
                message = "tessera: icon '\(name)' at \(file) is not a readable PNG (cairo: \(reason)); drawing a placeholder"
            }
            report(message)
        } else if cairo_image_surface_get_width(surface) <= 0 || cairo_image_surface_get_height(surface) <= 0 {
            cairo_surface_destroy(surface)
            result = nil
            report("tessera: icon '\(name)' at \(file) is empty; drawing a placeholder")
        }
        guard let result else {
            sizes[name] = .some(nil)
            return nil
        }
        sizes[name] = IconSize(width: Double(cairo_image_surface_get_width(result)),
                               height: Double(cairo_image_surface_get_height(result)))
        decoded.insert(result, for: name, cost: Int(cairo_image_surface_get_stride(result)) * Int(cairo_image_surface_get_height(result)))
        return result
    }

    /// The pixel size of icon `name`, from its PNG header (the icon is decoded only when a header
    /// cannot be read, to report why); nil when it cannot be loaded.
    private func size(of name: String) -> IconSize? {
        if let known = sizes[name] { return known }
        if !name.isEmpty, reportsEachIcon, case .success(let header) = PNGHeader.read(path(for: name)),
           header.width > 0, header.height > 0 {
            let size = IconSize(width: Double(header.width), height: Double(header.height))
            sizes[name] = size
            return size
        }
        return original(name) != nil ? sizes[name] ?? nil : nil
    }

    /// The ready-made `side` px copy of icon `name` (`icons/<side>/<name>.png`, written by
    /// scripts/make-icons.py), decoded; nil when there is none, it is not that size, or it was
    /// drawn from another original than the one in the folder now (an icon replaced by hand is
    /// drawn as it is now): `icons/<side>/sources.txt` lists the hash of each copy's original.
    private func presized(_ name: String, side: Int) -> OpaquePointer? {
        if readyMade[side] == nil { readyMade[side] = readManifest("\(iconDirectory)/\(side)/sources.txt") }
        guard let expected = readyMade[side]?[name], originalHash(name) == expected else { return nil }
        let surface = cairo_image_surface_create_from_png("\(iconDirectory)/\(side)/\(name).png")!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, cairo_image_surface_get_width(surface) == side,
              cairo_image_surface_get_height(surface) == side else {
            cairo_surface_destroy(surface)
            return nil
        }
        presizedCount += 1
        return surface
    }

    /// `name hash` lines (hash: 16 hex digits); empty when the file is missing or unreadable.
    private func readManifest(_ path: String) -> [String: UInt64] {
        guard let bytes = Self.contents(of: path, limit: 1 << 16) else { return [:] }
        var entries: [String: UInt64] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let hash = UInt64(parts[1], radix: 16) { entries[String(parts[0])] = hash }
        }
        return entries
    }

    /// FNV-1a (64 bit) of the original PNG's bytes, as make-icons.py writes it; computed once.
    private func originalHash(_ name: String) -> UInt64? {
        if let known = originalHashes[name] { return known }
        guard let bytes = Self.contents(of: path(for: name), limit: 1 << 22) else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        originalHashes[name] = hash
        return hash
    }

    /// A file's bytes (at most `limit`); nil when it cannot be read or is larger.
    private static func contents(of path: String, limit: Int) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes += chunk[0..<n] }
            if bytes.count > limit { return nil }
            if n < chunk.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// Readies icon `name` for drawing fitted into `box` (logical) at `pixelScale`.
    private func prepare(_ name: String, fittingIn box: Size, pixelScale: Double) {
        guard let size = size(of: name) else { return }
        let fit = min(box.width / size.width, box.height / size.height)
        let pw = max(1, Int((size.width * fit * pixelScale).rounded())), ph = max(1, Int((size.height * fit * pixelScale).rounded()))
        _ = scaledCopy(name, width: pw, height: ph)
    }

    /// Bytes of icons held: resampled copies and the few decoded originals.
    var scaledBytes: Int { scaled.totalCost + decoded.totalCost }

    /// Draws icon `name` fitted (aspect kept) and centred in `rect` (user space).
    ///
    /// `pixelScale` is how many device pixels one user unit covers when untransformed; the icon is
    /// resampled once to that size and cached, so steady frames only copy pixels.
    /// With `tint`, the icon's alpha is used as a mask and filled with that colour (the glyphs are
    /// drawn white on transparent, so one PNG serves every tile colour).
    func draw(_ name: String, in rect: Rect, cr: OpaquePointer, pixelScale: Double, alpha: Double = 1, tint: Color? = nil) {
        guard rect.width >= 1, rect.height >= 1 else { return }
        guard let size = size(of: name) else {
            drawPlaceholder(in: rect, cr: cr, alpha: alpha)
            return
        }
        let sw = size.width, sh = size.height
        let fit = min(rect.width / sw, rect.height / sh)
        let w = sw * fit, h = sh * fit
        let target = Rect(x: rect.midX - w / 2, y: rect.midY - h / 2, width: w, height: h)
        let pw = max(1, Int((w * pixelScale).rounded())), ph = max(1, Int((h * pixelScale).rounded()))
        guard let surface = scaledCopy(name, width: pw, height: ph) else {
            drawPlaceholder(in: rect, cr: cr, alpha: alpha)
            return
        }
        cairo_save(cr)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        if m.xy == 0, m.yx == 0, abs(m.xx - pixelScale) < 1e-9, abs(m.yy - pixelScale) < 1e-9 {
            // Untransformed (but for the scale and a translation): put the pre-scaled icon on whole
            // device pixels, 1:1. A fractional offset or a 1.008 scale would send every pixel
            // through pixman's slow resampling path, for a blurrier icon.
            var x = target.minX, y = target.minY
            cairo_user_to_device(cr, &x, &y)
            cairo_identity_matrix(cr)
            cairo_translate(cr, x.rounded(), y.rounded())
        } else {
            cairo_translate(cr, target.minX, target.minY)
            cairo_scale(cr, w / Double(pw), h / Double(ph))
        }
        if let tint {
            CairoPath.setColor(cr, tint, alpha: alpha)
            cairo_mask_surface(cr, surface, 0, 0)
        } else {
            cairo_set_source_surface(cr, surface, 0, 0)
            if alpha < 1 { cairo_paint_with_alpha(cr, alpha) } else { cairo_paint(cr) }
        }
        cairo_restore(cr)
    }

    /// A grey rounded square with a diagonal: what a missing icon looks like.
    func drawPlaceholder(in rect: Rect, cr: OpaquePointer, alpha: Double = 1) {
        let side = min(rect.width, rect.height) * 0.9
        let r = Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
        CairoPath.roundedRect(cr, r, radius: side * 0.18)
        CairoPath.setColor(cr, palette.placeholderFill, alpha: alpha)
        cairo_fill(cr)
        let inset = side * 0.22
        cairo_move_to(cr, r.minX + inset, r.maxY - inset)
        cairo_line_to(cr, r.maxX - inset, r.minY + inset)
        cairo_set_line_width(cr, max(1, side * 0.06))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        CairoPath.setColor(cr, palette.placeholderLine, alpha: alpha)
        cairo_stroke(cr)
    }

    private func scaledCopy(_ name: String, width: Int, height: Int) -> OpaquePointer? {
        let key = ScaledKey(name: name, width: width, height: height)
        if let hit = scaled[key] { return hit }
        if width == height, let ready = presized(name, side: width) {
            scaled.insert(ready, for: key, cost: Int(cairo_image_surface_get_stride(ready)) * height)
            return ready
        }
        guard let src = original(name) else { return nil }
        let sw = Double(cairo_image_surface_get_width(src)), sh = Double(cairo_image_surface_get_height(src))
        let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cr = cairo_create(copy)!
        cairo_scale(cr, Double(width) / sw, Double(height) / sh)
        cairo_set_source_surface(cr, src, 0, 0)
        // GOOD is a box filter when shrinking: as sharp as BEST at these sizes, several times faster
        // (startup resamples every icon on the first screen).
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_destroy(cr)
        scaled.insert(copy, for: key, cost: Int(cairo_image_surface_get_stride(copy)) * height)
        return copy
    }
}
