import CCairo

/// A context's clip in device pixels, when it is rects of whole pixels: what the passes that write
/// into the target's pixels themselves (``DirectBlit``, ``RotatedBlit``) can honour exactly.
enum DeviceClip {
    /// The clip of `cr` as rects of whole device pixels (empty ones left out); nil when it is not
    /// that (a path Cairo keeps as a mask, or rects cut through pixels). No clip is the target's
    /// extents.
    static func wholePixelRects(of cr: OpaquePointer) -> [DeviceRect]? {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let list = cairo_copy_clip_rectangle_list(cr)
        cairo_restore(cr)
        guard let list else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        var rects: [DeviceRect] = []
        for i in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[i]
            guard r.x == r.x.rounded(), r.y == r.y.rounded(), r.width == r.width.rounded(), r.height == r.height.rounded()
            else { return nil }
            if r.width > 0, r.height > 0 { rects.append(DeviceRect(x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height))) }
        }
        return rects
    }
}
