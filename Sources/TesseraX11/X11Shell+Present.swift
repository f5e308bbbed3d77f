import CCairo
import CX11
import TesseraCore

/// What the window shows, so the next frame repaints only what changed.
///
/// The window itself holds the last frame; the back buffer is only a scratch area where damaged
/// rects are painted before they are sent. A scroll moves the window's pixels server-side
/// (`XCopyArea`) and then paints the strip that came into view (see ``SceneDamage``).
struct FrameState {
    /// The scene the window shows (once `pending` is presented), prepared for damage tracking.
    var shownFlat: FlatScene?
    var shown: Scene? { shownFlat?.scene }
    /// Whether the window's pixels can no longer be trusted (new buffer, resize, exposure).
    var needsFullRepaint = true
    /// Drawn into the back buffer, not yet sent to the window.
    var pending: PendingFrame?
    /// Figures of the last frame, for the benchmark and tests.
    var lastPaintedArea = 0.0
    var lastCopied = false
}

/// A frame painted into the back buffer, waiting for ``X11Shell/present()``.
struct PendingFrame {
    var copy: DeviceCopy?
    /// Painted at their window position in the back buffer.
    var rects: [DeviceRect]
    /// Beyond the back buffer (a window larger than ``X11Shell/maxBufferSide``): painted and sent
    /// one tile at a time by `present()`.
    var tiles: [DeviceRect]
    var scene: Scene
}

/// A copy of the window's pixels by (dx, dy) device pixels.
struct DeviceCopy {
    var dx: Int
    var dy: Int
}

struct DeviceRect: Equatable {
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    func intersection(_ o: DeviceRect) -> DeviceRect? {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// This rect cut into pieces no larger than `w` x `h`.
    func tiles(width w: Int, height h: Int) -> [DeviceRect] {
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

    var x: Int, y: Int, width: Int, height: Int

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// `r` (logical pixels) scaled to device pixels, rounded outwards and clipped to the window.
    init?(_ r: Rect, scale: Double, width w: Int, height h: Int) {
        let x0 = max(0, Int((r.minX * scale).rounded(.down))), y0 = max(0, Int((r.minY * scale).rounded(.down)))
        let x1 = min(w, Int((r.maxX * scale).rounded(.up))), y1 = min(h, Int((r.maxY * scale).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        x = x0; y = y0; width = x1 - x0; height = y1 - y0
    }
}

extension X11Shell {
    /// The back buffer is at most this many device pixels on a side: a huge window (8000 x 8000)
    /// is painted in tiles instead of needing a quarter of a gigabyte of scratch memory.
    static let maxBufferSide = 2048

    /// Paints what changed since the shown frame into the back buffer (everything after a resize
    /// or an exposure), re-creating the buffer when the window size changed.
    func draw(_ scene: Scene) {
        let bw = min(pixelWidth, Self.maxBufferSide), bh = min(pixelHeight, Self.maxBufferSide)
        if buffer == nil || buffer!.width != bw || buffer!.height != bh {
            buffer = nil
            buffer = BackBuffer(display: display, visual: visual, depth: depth, width: bw, height: bh,
                                trySharedMemory: sharedMemoryWorks)
            frames.needsFullRepaint = true
            if let buffer, !buffer.usesSharedMemory, sharedMemoryWorks {
                sharedMemoryWorks = false
                writeToStandardError("tessera: MIT-SHM unavailable; presenting frames with XPutImage")
            }
        }
        guard let buffer else {
            writeToStandardError("tessera: cannot allocate a \(bw)x\(bh) back buffer; frame skipped")
            frames.needsFullRepaint = true
            return
        }
        // Frames drawn but never presented: their damage is still owed, so start over from scratch.
        if frames.pending != nil { frames.needsFullRepaint = true }
        let flat = FlatScene(scene)
        let update = frames.needsFullRepaint ? .full(scene.size)
            : SceneDamage.update(from: frames.shownFlat, to: flat, pixelScale: scale)
        let whole = DeviceRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        let inBuffer = DeviceRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        var rects: [DeviceRect] = [], tiles: [DeviceRect] = []
        rects.reserveCapacity(update.damage.count)
        let damage = update.isFull ? [whole]
            : update.damage.compactMap { DeviceRect($0, scale: scale, width: pixelWidth, height: pixelHeight) }
        for r in damage {
            if let inside = r.intersection(inBuffer) { rects.append(inside) }
            guard r.maxX > inBuffer.maxX || r.maxY > inBuffer.maxY else { continue }
            // The parts right of and below the buffer, cut to its size.
            if r.maxX > inBuffer.maxX, let right = r.intersection(DeviceRect(x: inBuffer.maxX, y: 0, width: pixelWidth, height: pixelHeight)) {
                tiles += right.tiles(width: buffer.width, height: buffer.height)
            }
            if r.maxY > inBuffer.maxY, let below = r.intersection(DeviceRect(x: 0, y: inBuffer.maxY, width: inBuffer.maxX, height: pixelHeight)) {
                tiles += below.tiles(width: buffer.width, height: buffer.height)
            }
        }
        var area = 0.0
        for r in rects {
            paint(scene, r, into: buffer, at: (r.x, r.y))
            area += Double(r.width * r.height)
        }
        for t in tiles { area += Double(t.width * t.height) }
        let copy = update.copy.map { DeviceCopy(dx: Int(($0.dx * scale).rounded()), dy: Int(($0.dy * scale).rounded())) }
        frames.pending = PendingFrame(copy: copy, rects: rects, tiles: tiles, scene: scene)
        frames.shownFlat = flat
        frames.needsFullRepaint = false
        frames.lastPaintedArea = area
        frames.lastCopied = copy != nil
        if scene.cursor != currentCursor {
            currentCursor = scene.cursor
            XDefineCursor(display, window, cursors.cursor(for: scene.cursor))
        }
    }

    /// Paints window rect `r` of `scene` into the buffer with its top-left corner at `origin`.
    private func paint(_ scene: Scene, _ r: DeviceRect, into buffer: BackBuffer, at origin: (Int, Int)) {
        let cr = buffer.context
        cairo_save(cr)
        cairo_translate(cr, Double(origin.0 - r.x), Double(origin.1 - r.y))
        cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height))
        cairo_clip(cr)
        renderer.render(scene, to: cr, scale: scale)
        cairo_restore(cr)
    }

    /// Sends the pending frame: the scroll copy first, then each repainted rect (and, for a window
    /// larger than the buffer, each further tile painted in turn). Returns when the back buffer may
    /// be drawn into again (after an `XSync` with MIT-SHM).
    func present() {
        guard let buffer, let frame = frames.pending else { return }
        frames.pending = nil
        if let c = frame.copy {
            let w = pixelWidth - abs(c.dx), h = pixelHeight - abs(c.dy)
            if w > 0, h > 0 {
                XCopyArea(display, window, window, copyGC, Int32(max(0, -c.dx)), Int32(max(0, -c.dy)),
                          UInt32(w), UInt32(h), Int32(max(0, c.dx)), Int32(max(0, c.dy)))
            }
        }
        buffer.present(frame.rects, to: window, gc: gc)
        for t in frame.tiles {
            paint(frame.scene, t, into: buffer, at: (0, 0))
            buffer.present([(DeviceRect(x: 0, y: 0, width: t.width, height: t.height), t.x, t.y)], to: window, gc: gc)
        }
    }

    /// The window's pixels are gone (exposure): the next frame repaints everything.
    func invalidateWindow() {
        frames.needsFullRepaint = true
    }
}
