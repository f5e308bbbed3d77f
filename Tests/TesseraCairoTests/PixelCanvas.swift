import CCairo
import Foundation
import TesseraTestSupport
@testable import TesseraCairo
import TesseraCore

/// An sRGB pixel read back from a rendered image, 0...255 per channel.
struct Pixel: Equatable, CustomStringConvertible {
    var r, g, b: Int
    var description: String { "rgb(\(r), \(g), \(b))" }
    var luminance: Double { 0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b) }

    init(r: Int, g: Int, b: Int) { self.r = r; self.g = g; self.b = b }
    init(_ c: Color) {
        r = Int((c.red * 255).rounded()); g = Int((c.green * 255).rounded()); b = Int((c.blue * 255).rounded())
    }

    /// Each channel within `tolerance` of `other`.
    func isClose(to other: Pixel, tolerance: Int = 3) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
    }
}

/// Renders scenes into an RGB24 image surface and reads pixels back; no X server involved.
struct PixelCanvas {
    let width: Int, height: Int
    private let pixels: [UInt32]

    /// Renders `scene` at `scale` into a `width` x `height` device-pixel image.
    init(_ scene: Scene, width: Int, height: Int, scale: Double = 1,
         renderer: SceneRenderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)) {
        self.init(width: width, height: height) { cr in renderer.render(scene, to: cr, scale: scale) }
    }

    /// Whatever `draw` paints into a `width` x `height` image, over `background` when given.
    init(width: Int, height: Int, background: Color? = nil, draw: (OpaquePointer) -> Void) {
        self.width = width
        self.height = height
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        let cr = cairo_create(surface)!
        if let b = background {
            cairo_set_source_rgb(cr, b.red, b.green, b.blue)
            cairo_paint(cr)
        }
        draw(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { out[y * width + x] = row[x] }
        }
        pixels = out
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    subscript(x: Int, y: Int) -> Pixel {
        let v = pixels[y * width + x]
        return Pixel(r: Int((v >> 16) & 0xff), g: Int((v >> 8) & 0xff), b: Int(v & 0xff))
    }

    /// How many pixels inside `rect` (device pixels, clamped to the image) satisfy `predicate`.
    func count(in rect: Rect, where predicate: (Pixel) -> Bool) -> Int {
        var n = 0
        for y in max(0, Int(rect.minY))..<min(height, Int(rect.maxY)) {
            for x in max(0, Int(rect.minX))..<min(width, Int(rect.maxX)) where predicate(self[x, y]) { n += 1 }
        }
        return n
    }

    /// How many pixels differ from `other`'s (same size) by more than `tolerance` in a channel.
    func differingPixels(from other: PixelCanvas, tolerance: Int = 0) -> Int {
        var n = 0
        for y in 0..<height { for x in 0..<width where !self[x, y].isClose(to: other[x, y], tolerance: tolerance) { n += 1 } }
        return n
    }

    /// A directory with no icons in it: every icon draws the placeholder.
    static let emptyAssets: String = {
        TestScratch.directory("no-assets")
    }()

    /// A fresh asset directory holding `icons/<name>.png`, each a solid square of the given colour.
    static func assets(_ icons: [String: Color]) -> String {
        let dir = TestScratch.directory("assets")
        try? FileManager.default.createDirectory(atPath: dir + "/icons", withIntermediateDirectories: true)
        for (name, color) in icons {
            let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 32, 32)!
            let cr = cairo_create(s)!
            cairo_set_source_rgb(cr, color.red, color.green, color.blue)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_write_to_png(s, "\(dir)/icons/\(name).png")
            cairo_surface_destroy(s)
        }
        return dir
    }
}
