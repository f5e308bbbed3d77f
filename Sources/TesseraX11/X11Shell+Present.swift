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
    var rects: [DeviceRect]
}

/// A copy of the window's pixels by (dx, dy) device pixels.
struct DeviceCopy {
    var dx: Int
    var dy: Int
}

struct DeviceRect: Equatable {
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
    /// Paints what changed since the shown frame into the back buffer (everything after a resize
    /// or an exposure), re-creating the buffer when the window size changed.
    func draw(_ scene: Scene) {
        if buffer == nil || buffer!.width != pixelWidth || buffer!.height != pixelHeight {
            buffer = nil
            buffer = BackBuffer(display: display, visual: visual, depth: depth, width: pixelWidth,
                                height: pixelHeight, trySharedMemory: sharedMemoryWorks)
            frames.needsFullRepaint = true
            if let buffer, !buffer.usesSharedMemory, sharedMemoryWorks {
                sharedMemoryWorks = false
                writeToStandardError("tessera: MIT-SHM unavailable; presenting frames with XPutImage")
            }
        }
        guard let buffer else {
            writeToStandardError("tessera: cannot allocate a \(pixelWidth)x\(pixelHeight) back buffer; frame skipped")
            return
        }
        // Frames drawn but never presented: their damage is still owed, so start over from scratch.
        if frames.pending != nil { frames.needsFullRepaint = true }
        let flat = FlatScene(scene)
        let update = frames.needsFullRepaint ? .full(scene.size)
            : SceneDamage.update(from: frames.shownFlat, to: flat, pixelScale: scale)
        var rects: [DeviceRect] = []
        rects.reserveCapacity(update.damage.count)
        if update.isFull {
            rects.append(DeviceRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        } else {
            for r in update.damage {
                if let d = DeviceRect(r, scale: scale, width: buffer.width, height: buffer.height) { rects.append(d) }
            }
        }
        let cr = buffer.context
        var area = 0.0
        for r in rects {
            cairo_save(cr)
            cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height))
            cairo_clip(cr)
            renderer.render(scene, to: cr, scale: scale)
            cairo_restore(cr)
            area += Double(r.width * r.height)
        }
        let copy = update.copy.map { DeviceCopy(dx: Int(($0.dx * scale).rounded()), dy: Int(($0.dy * scale).rounded())) }
        frames.pending = PendingFrame(copy: copy, rects: rects)
        frames.shownFlat = flat
        frames.needsFullRepaint = false
        frames.lastPaintedArea = area
        frames.lastCopied = copy != nil
        if scene.cursor != currentCursor {
            currentCursor = scene.cursor
            XDefineCursor(display, window, cursors.cursor(for: scene.cursor))
        }
    }

    /// Sends the pending frame: the scroll copy first, then each repainted rect. Returns when the
    /// back buffer may be drawn into again (after an `XSync` with MIT-SHM).
    func present() {
        guard let buffer, let frame = frames.pending else { return }
        frames.pending = nil
        if let c = frame.copy {
            let w = buffer.width - abs(c.dx), h = buffer.height - abs(c.dy)
            if w > 0, h > 0 {
                XCopyArea(display, window, window, copyGC, Int32(max(0, -c.dx)), Int32(max(0, -c.dy)),
                          UInt32(w), UInt32(h), Int32(max(0, c.dx)), Int32(max(0, c.dy)))
            }
        }
        buffer.present(frame.rects, to: window, gc: gc)
    }

    /// The window's pixels are gone (exposure): the next frame repaints everything.
    func invalidateWindow() {
        frames.needsFullRepaint = true
    }
}
