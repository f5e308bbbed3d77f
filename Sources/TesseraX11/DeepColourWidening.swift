/// x8r8g8b8 to x2r10g10b10 (the depth-30 layout), widening each channel by repeating its top bits
/// (0xff becomes 0x3ff, 0x80 becomes 0x202), as pixman does. pixman has no fast path between the
/// two and converts a whole window in ~20 ms; this loop does it in ~1.
enum DeepColourWidening {
    /// Converts the `width` x `height` rect at (`x`, `y`) of `source` into the same rect of `target`.
    /// Strides are in bytes.
    static func widen(source: UnsafeRawPointer, sourceStride: Int, target: UnsafeMutableRawPointer, targetStride: Int,
                      x: Int, y: Int, width: Int, height: Int) {
        for row in y..<(y + height) {
            let from = (source + row * sourceStride).assumingMemoryBound(to: UInt32.self) + x
            let to = (target + row * targetStride).assumingMemoryBound(to: UInt32.self) + x
            for i in 0..<width { to[i] = widened(from[i]) }
        }
    }

    @inline(__always)
    static func widened(_ p: UInt32) -> UInt32 {
        let r = p >> 16 & 0xff, g = p >> 8 & 0xff, b = p & 0xff
        return (r << 2 | r >> 6) << 20 | (g << 2 | g >> 6) << 10 | (b << 2 | b >> 6)
    }
}
