import TesseraCore

/// A rect of whole device pixels: a part of the window, of a frame's buffer or of an image.
public struct DeviceRect: Equatable, Sendable {
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func intersection(_ o: DeviceRect) -> DeviceRect? {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// This rect less `o`: up to four rects (the rows above and below `o`, then its sides).
    public func subtracting(_ o: DeviceRect) -> [DeviceRect] {
        guard let cut = intersection(o) else { return [self] }
        return [DeviceRect(x: x, y: y, width: width, height: cut.y - y),
                DeviceRect(x: x, y: cut.maxY, width: width, height: maxY - cut.maxY),
                DeviceRect(x: x, y: cut.y, width: cut.x - x, height: cut.height),
                DeviceRect(x: cut.maxX, y: cut.y, width: maxX - cut.maxX, height: cut.height)]
            .filter { $0.width > 0 && $0.height > 0 }
    }

    /// This rect less each of `cuts`, in pieces.
    public func subtracting(_ cuts: [DeviceRect]) -> [DeviceRect] {
        cuts.reduce([self]) { kept, cut in kept.flatMap { $0.subtracting(cut) } }
    }

    /// This rect cut into pieces no larger than `w` x `h`.
    public func tiles(width w: Int, height h: Int) -> [DeviceRect] {
        var out: [DeviceRect] = []
        var ty = y
        while ty < maxY {
            var tx = x
            while tx < maxX {
                out.append(DeviceRect(x: tx, y: ty, width: min(w, maxX - tx), height: min(h, maxY - ty)))
                tx += w
            }
            ty += h
        }
        return out
    }

    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// `r` (logical pixels) scaled to device pixels, rounded outwards and clipped to the window.
    public init?(_ r: Rect, scale: Double, width w: Int, height h: Int) {
        let x0 = max(0, Int((r.minX * scale).rounded(.down))), y0 = max(0, Int((r.minY * scale).rounded(.down)))
        let x1 = min(w, Int((r.maxX * scale).rounded(.up))), y1 = min(h, Int((r.maxY * scale).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        x = x0; y = y0; width = x1 - x0; height = y1 - y0
    }
}
