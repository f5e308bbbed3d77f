import CCairo
import CX11
import TesseraCore
import TesseraCairo

/// What the window shows, so the next frame repaints only what changed.
///
/// The window itself holds the last frame; the back buffer is only a staging area where damaged
/// rects are painted before they are sent (see ``StagingPlan``). A scroll moves the window's pixels
/// server-side (`XCopyArea`) and then paints the strip that came into view (see ``SceneDamage``).
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
    /// Back-buffer loads the last frame was sent in (see ``StagingPlan``), and its damaged rects.
    var lastLoads = 0
    var lastRects = 0
    /// The window's size in device pixels at the last frame.
    var windowPixels: DeviceRect?
    /// Whether idle time came since the last frame (``X11Shell/prefetchInIdleTime(before:)`` ran): then the
    /// tiles changing size are being painted at their new size there, and frames leave them be.
    var idleSinceFrame = false
}

/// A frame whose first load is painted into the back buffer, waiting for ``X11Shell/present()``.
struct PendingFrame {
    var copy: DeviceCopy?
    /// Load 0 is painted; `present()` sends it, then paints and sends each further load in turn.
    var plan: StagingPlan
    var scene: FlatScene
}

/// A copy of the window's pixels by (dx, dy) device pixels onto `area`.
struct DeviceCopy {
    var dx: Int
    var dy: Int
    /// Where the pixels land (the part whose source lies outside the window is not copied).
    var area: DeviceRect

    /// `copy` in device pixels; its area is whole device pixels already, so it is rounded to the
    /// nearest (not outwards, which would copy a stray row that the damage does not repair).
    init?(_ copy: SceneUpdate.Copy, scale: Double, width w: Int, height h: Int) {
        dx = Int((copy.dx * scale).rounded()); dy = Int((copy.dy * scale).rounded())
        let a = copy.area
        let x0 = max(0, Int((a.minX * scale).rounded())), y0 = max(0, Int((a.minY * scale).rounded()))
        let x1 = min(w, Int((a.maxX * scale).rounded())), y1 = min(h, Int((a.maxY * scale).rounded()))
        let sources = DeviceRect(x: dx, y: dy, width: w, height: h)
        guard x1 > x0, y1 > y0,
              let landing = DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(sources) else { return nil }
        area = landing
    }
}

extension X11Shell {
    /// The back buffer is at most this many device pixels on a side: a huge window (8000 x 8000)
    /// is painted in loads instead of needing a quarter of a gigabyte of scratch memory.
    static let maxBufferSide = 2048
    /// Animating tiles (a layout switch changes the size of every one) get at most this many new
    /// images a frame (~0.6 ms each); the rest are drawn from their images at the old size
    /// meanwhile. After idle time, a frame paints none for tiles changing size: idle time paints
    /// them (``prefetchInIdleTime(before:)``), and only a loop kept busy by input leaves it to the frames.
    static let freshPaintsPerFrame = 3

    /// Paints what changed since the shown frame (everything after a resize or an exposure): the
    /// first load of its ``StagingPlan`` now, the rest when presenting. Re-creates the buffer when
    /// it no longer serves the window's size (``BackBufferSizing``).
    func draw(_ scene: Scene) {
        let whole = DeviceRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        // A new window size: every pixel is drawn again.
        if frames.windowPixels != whole {
            frames.windowPixels = whole
            frames.needsFullRepaint = true
        }
        let size = BackBufferSizing.size(current: buffer.map { ($0.width, $0.height) }, windowWidth: pixelWidth,
                                         windowHeight: pixelHeight, maxSide: Self.maxBufferSide)
        if buffer == nil || buffer!.width != size.width || buffer!.height != size.height {
            buffer = nil
            buffer = BackBuffer(display: display, visual: visual, depth: depth, layout: layout, width: size.width, height: size.height,
                                trySharedMemory: sharedMemoryWorks)
        }
        guard let buffer else {
            writeToStandardError("tessera: cannot allocate a \(size.width)x\(size.height) back buffer; frame skipped")
            frames.needsFullRepaint = true
            return
        }
        if !buffer.usesSharedMemory, sharedMemoryWorks {
            sharedMemoryWorks = false
            writeToStandardError("tessera: MIT-SHM unavailable; presenting frames with XPutImage")
        }
        // Frames drawn but never presented: their damage is still owed, so start over from scratch.
        if frames.pending != nil { frames.needsFullRepaint = true }
        followCrossFade(scene)
        let flat = FlatScene(scene, pixelScale: scale)
        let update = frames.needsFullRepaint ? .full(scene.size) : SceneDamage.update(from: frames.shownFlat, to: flat)
        let damage = update.isFull ? [whole]
            : update.damage.compactMap { DeviceRect($0, scale: scale, width: pixelWidth, height: pixelHeight) }
        let plan = StagingPlan(rects: damage, bufferWidth: buffer.width, bufferHeight: buffer.height)
        renderer.beginFrame(freshPaints: Self.freshPaintsPerFrame, settlingInIdle: frames.idleSinceFrame)
        frames.idleSinceFrame = false
        for piece in plan.loads.first ?? [] { paint(flat, piece, into: buffer) }
        let copy = update.copy.flatMap { DeviceCopy($0, scale: scale, width: pixelWidth, height: pixelHeight) }
        frames.pending = PendingFrame(copy: copy, plan: plan, scene: flat)
        frames.shownFlat = flat
        frames.needsFullRepaint = false
        frames.lastPaintedArea = damage.reduce(0.0) { $0 + Double($1.width * $1.height) }
        frames.lastCopied = copy != nil
        frames.lastLoads = plan.loads.count
        frames.lastRects = damage.count
        if scene.cursor != currentCursor {
            currentCursor = scene.cursor
            XDefineCursor(display, window, cursors.cursor(for: scene.cursor))
        }
    }

    /// Paints the window rect of `piece` of `scene` into the buffer at the piece's place there.
    private func paint(_ scene: FlatScene, _ piece: StagingPlan.Piece, into buffer: BackBuffer) {
        let cr = buffer.context
        let r = piece.window
        cairo_save(cr)
        cairo_translate(cr, Double(piece.bufferX - r.x), Double(piece.bufferY - r.y))
        cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height))
        cairo_clip(cr)
        renderer.render(scene, to: cr, scale: scale)
        if let opacity = scene.scene.crossFade, let old = fadeFrom,
           Int(cairo_image_surface_get_width(old)) == pixelWidth, Int(cairo_image_surface_get_height(old)) == pixelHeight {
            cairo_set_source_surface(cr, old, 0, 0)
            cairo_paint_with_alpha(cr, opacity)
        }
        cairo_restore(cr)
    }

    /// A cross-fade (the appearance changed): at its first frame the window as it looked is
    /// painted once more, with the old palette, into `fadeFrom`, which every frame of the fade
    /// lays over the new look; each of those frames repaints the whole window, and so does the
    /// one after (the window holds blended pixels until then).
    private func followCrossFade(_ scene: Scene) {
        if scene.crossFade != nil {
            if fadeFrom == nil, let shown = frames.shownFlat,
               let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight)) {
                let cr = cairo_create(surface)!
                renderer.render(shown, to: cr, scale: scale)
                cairo_destroy(cr)
                cairo_surface_flush(surface)
                fadeFrom = surface
            }
            frames.needsFullRepaint = true
        } else if let old = fadeFrom {
            cairo_surface_destroy(old)
            fadeFrom = nil
            frames.needsFullRepaint = true
        }
    }

    /// Sends the pending frame: the scroll copy first, then each load of its plan (the first was
    /// painted by `draw`; each further one is painted once the one before has been read). Returns
    /// when the back buffer may be drawn into again (after an `XSync` with MIT-SHM).
    func present() {
        guard let buffer, let frame = frames.pending else { return }
        frames.pending = nil
        // A compositor shows none of the frame until all of it is there (see ``FrameSync``).
        frameSync?.beginFrame()
        defer { frameSync?.endFrame() }
        if let c = frame.copy {
            let a = c.area
            XCopyArea(display, window, window, copyGC, Int32(a.x - c.dx), Int32(a.y - c.dy),
                      UInt32(a.width), UInt32(a.height), Int32(a.x), Int32(a.y))
        }
        // No damage still ends with the round trip: a frame is over when the server has it.
        for (index, load) in (frame.plan.loads.isEmpty ? [[]] : frame.plan.loads).enumerated() {
            if index > 0 { for piece in load { paint(frame.scene, piece, into: buffer) } }
            buffer.present(load.map { ($0.source, $0.window.x, $0.window.y) }, to: window, gc: gc)
        }
    }

    /// The window's pixels are gone (exposure): the next frame repaints everything.
    func invalidateWindow() {
        frames.needsFullRepaint = true
    }
}
