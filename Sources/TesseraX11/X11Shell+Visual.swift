import CX11

extension X11Shell {
    /// The default visual's pixel layout, or why the window cannot be drawn on it.
    static func pixelLayout(of display: OpaquePointer, screen: Int32) -> Result<PixelLayout, X11ShellError> {
        let visual = XDefaultVisual(display, screen)!.pointee
        let depth = XDefaultDepth(display, screen)
        let kinds = ["StaticGray", "GrayScale", "StaticColor", "PseudoColor", "TrueColor", "DirectColor"]
        let kind = kinds.indices.contains(Int(visual.class)) ? kinds[Int(visual.class)] : "an unknown class"
        guard visual.class == TrueColor, let bits = bitsPerPixel(display, depth: depth),
              let layout = PixelLayout(bitsPerPixel: bits, red: visual.red_mask, green: visual.green_mask,
                                       blue: visual.blue_mask) else {
            return .failure(.unsupportedVisual(depth: Int(depth), kind: kind == "TrueColor" ? "TrueColor with an unusual pixel layout" : kind))
        }
        return .success(layout)
    }

    /// Bits a pixel of `depth` takes in a ZPixmap image on this server.
    private static func bitsPerPixel(_ display: OpaquePointer, depth: Int32) -> Int? {
        var count: Int32 = 0
        guard let formats = XListPixmapFormats(display, &count) else { return nil }
        defer { XFree(formats) }
        return (0..<Int(count)).first { formats[$0].depth == depth }.map { Int(formats[$0].bits_per_pixel) }
    }
}
