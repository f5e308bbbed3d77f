import TesseraCairo

/// Where each damaged rect of a frame is painted in the back buffer, and in how many loads.
///
/// The back buffer is a staging area, not a copy of the window: the window keeps the last frame,
/// and a frame only paints its damaged rects (a scroll's strip, the cells that moved). So the
/// buffer needs to be only a fraction of the window (a quarter: 1 MB instead of 4 at 1280x800).
/// Rects are packed side by side on shelves; when the buffer is full the load is sent
/// (`XShmPutImage` + `XSync`) and the next load reuses it. A full repaint (the first frame, an
/// exposure) goes in a few loads; everyday frames in one.
struct StagingPlan {
    /// A piece of the window painted at (`bufferX`, `bufferY`) in the buffer.
    struct Piece: Equatable {
        var window: DeviceRect
        var bufferX: Int
        var bufferY: Int
        var source: DeviceRect {
            DeviceRect(x: bufferX, y: bufferY, width: window.width, height: window.height)
        }
    }

    /// Each load fits in the buffer; its pieces do not overlap there.
    private(set) var loads: [[Piece]] = []

    /// Plans `rects` (window device pixels) through a `bufferWidth` x `bufferHeight` buffer.
    ///
    /// Rects taller than the buffer are cut into tiles (the narrow columns a re-flow damages then
    /// sit side by side), of the buffer's height or of half of it, whichever plan needs fewer loads,
    /// then fewer pieces (each piece is a render pass). Pieces are shelved tallest first ("next fit,
    /// decreasing height"), so a frame's damage goes in as few loads as its area allows.
    init(rects: [DeviceRect], bufferWidth: Int, bufferHeight: Int) {
        precondition(bufferWidth > 0 && bufferHeight > 0)
        let half = Self.pack(rects, bufferWidth: bufferWidth, bufferHeight: bufferHeight, tileHeight: max(1, bufferHeight / 2))
        guard bufferHeight > 1, rects.contains(where: { $0.height > bufferHeight / 2 }) else { loads = half; return }
        let whole = Self.pack(rects, bufferWidth: bufferWidth, bufferHeight: bufferHeight, tileHeight: bufferHeight)
        let pieces = { (plan: [[Piece]]) in plan.reduce(0) { $0 + $1.count } }
        loads = (whole.count, pieces(whole)) < (half.count, pieces(half)) ? whole : half
    }

    private static func pack(_ rects: [DeviceRect], bufferWidth: Int, bufferHeight: Int, tileHeight: Int) -> [[Piece]] {
        var pieces: [DeviceRect] = []
        for rect in rects {
            if rect.width <= bufferWidth, rect.height <= tileHeight { pieces.append(rect); continue }
            pieces += rect.tiles(width: bufferWidth, height: tileHeight)
        }
        pieces.sort { $0.height > $1.height }
        var loads: [[Piece]] = []
        var load: [Piece] = []
        var x = 0, y = 0, shelf = 0
        for piece in pieces {
            if x + piece.width > bufferWidth {              // next shelf
                y += shelf
                x = 0
                shelf = 0
            }
            if y + piece.height > bufferHeight {            // buffer full: next load
                loads.append(load)
                load = []
                x = 0; y = 0; shelf = 0
            }
            load.append(Piece(window: piece, bufferX: x, bufferY: y))
            x += piece.width
            shelf = max(shelf, piece.height)
        }
        if !load.isEmpty { loads.append(load) }
        return loads
    }

    /// The buffer for a window of `width` x `height` device pixels: the window's width (up to
    /// `maxSide`) and a quarter of its height, at least `minimumHeight` rows (a scroll's strip and
    /// a row of cells fit in one load).
    static func bufferSize(forWindowWidth width: Int, height: Int, maxSide: Int,
                           minimumHeight: Int = 256) -> (width: Int, height: Int) {
        let w = max(1, min(width, maxSide))
        let h = max(1, min(height, maxSide, max(minimumHeight, (height + 3) / 4)))
        return (w, h)
    }
}
