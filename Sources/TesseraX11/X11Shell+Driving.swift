import TesseraCairo
import CCairo
import CX11
import TesseraCore

/// Driving frames by hand instead of with ``run(client:)``'s loop: for a benchmark, or a host that
/// owns its own clock. Drawing and presenting are exactly the loop's (same renderer, same back
/// buffer, MIT-SHM when available); only the scheduling is the caller's.
///
/// Typical use: ``mapAndSync()``, then per frame ``discardPendingEvents()``, ``render(_:)``,
/// ``presentAndSync()``; finally ``shutdown()``.
extension X11Shell {
    /// The window size in logical pixels.
    public var windowSize: Size { logicalSize }

    /// Whether frames reach the window through MIT-SHM (known after the first ``render(_:)``).
    public var presentsWithSharedMemory: Bool { buffer?.usesSharedMemory ?? sharedMemoryWorks }

    /// Resizes the window to `size` (logical pixels) and takes the new size as the loop takes a
    /// ConfigureNotify's, after an X round trip. The caller tells its engine (`.resize`).
    public func resizeWindow(to size: Size) {
        let w = max(1, Int((size.width * scale).rounded(.up))), h = max(1, Int((size.height * scale).rounded(.up)))
        XResizeWindow(display, window, UInt32(w), UInt32(h))
        XSync(display, 0)
        pixelWidth = w
        pixelHeight = h
    }

    /// Maps the window and returns after an X round trip, once the server has mapped it.
    public func mapAndSync() {
        XMapWindow(display, window)
        XSync(display, 0)
    }

    /// Reads and drops every queued X event (exposures, crossings, input); returns how many there were.
    /// A driven window ignores input; this only keeps Xlib's queue from growing.
    @discardableResult
    public func discardPendingEvents() -> Int {
        var count = 0
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            count += 1
        }
        return count
    }

    /// Draws what changed since the last frame into the back buffer (creating it on first use);
    /// nothing is sent to the server except a new buffer's shared-memory attach.
    public func render(_ scene: Scene) {
        draw(scene)
    }

    /// Forgets what the window shows, as an exposure does: the next ``render(_:)`` paints it whole.
    public func forgetWindowPixels() {
        invalidateWindow()
    }

    /// Sends the back buffer to the window and returns after an X round trip (`XSync`): the server
    /// has copied the pixels, and the buffer may be drawn into again.
    public func presentAndSync() {
        present()                                   // MIT-SHM: XShmPutImage(s) + XSync
        if buffer?.usesSharedMemory != true { XSync(display, 0) }
    }

    /// Device pixels painted for the last rendered frame, whether it scrolled by copying, in how
    /// many damaged rects and back-buffer loads it was sent.
    public var lastFrameFigures: (paintedPixels: Double, copied: Bool, rects: Int, loads: Int) {
        (frames.lastPaintedArea, frames.lastCopied, frames.lastRects, frames.lastLoads)
    }

    /// Cells one idle time between frames paints at most while frames are due (an animation, a
    /// drag): until 3 ms before the next one. A group's lift closes fifty slots at once and pulls
    /// as many tiles into view; twelve an idle time left 18 to paint in the fourth frame (4.8 ms).
    nonisolated static let idlePrefetchLimit = 32
    /// With no frame due (the app at rest, where input may come at any moment and nothing else
    /// would keep it waiting), at most this many cells...
    nonisolated static let restingPrefetchLimit = 12
    /// ...for this long: input that comes meanwhile waits no longer. (Not until input is queued: a
    /// scroll's copy queues a NoExpose after every frame.)
    nonisolated static let idlePrefetchSeconds = 0.005

    /// Idle-time work after a frame, until 3 ms before `nextFrame` (``MonotonicClock`` seconds;
    /// nil: none due, and then within the resting budget above): loads the faces of the labels a
    /// switch on its way shows (`Scene.upcomingLabelStyles`), then paints into the cell image cache
    /// the cells the shown scene draws that have no image (flying in, or changing size: at the
    /// size they will rest at), then its upcoming cells (see `Scene.upcoming`); returns how many
    /// it painted. The next frame then leaves painting size-changing tiles to idle time (``draw(_:)``).
    @discardableResult
    public func prefetchInIdleTime(before nextFrame: Double? = nil) -> Int {
        guard let scene = frames.shown else { return 0 }
        frames.idleSinceFrame = true
        renderer.loadUpcomingFonts(of: scene)
        let budget = Self.idlePrefetchBudget(now: MonotonicClock.now(), nextFrame: nextFrame)
        return renderer.prefetch(for: scene, scale: scale, limit: budget.cells) { MonotonicClock.now() >= budget.until }
    }

    /// Until when (``MonotonicClock`` seconds) and for how many cells idle time after a frame at
    /// `now` prepares cells, with the next frame due at `nextFrame` (nil: none).
    nonisolated static func idlePrefetchBudget(now: Double, nextFrame: Double?) -> (until: Double, cells: Int) {
        guard let next = nextFrame else { return (now + idlePrefetchSeconds, restingPrefetchLimit) }
        return (next - 0.003, idlePrefetchLimit)
    }

    /// Once, in the idle time after the first frame: loads the faces of the text the first edits
    /// show (the toast after a drop, a group's count badge: their first layouts loaded a face in
    /// the drop's frame, 2.6 ms, and in the group's lift, 2 ms), then hands back to the system the
    /// memory start-up used and freed (fontconfig's parsing, the icon originals dropped once
    /// resampled), which the allocator would otherwise keep in the warm-up thread's arena for as
    /// long as the app runs.
    public func finishStartup() {
        guard !startupFinished else { return }
        startupFinished = true
        renderer.loadInteractionFonts()
        malloc_trim(0)
    }

    /// After start-up, in idle time: sets one more style of text that later interactions show
    /// (a board's list titles, a menu's items, an open folder's title) so their first frames do
    /// not load it; returns whether more are left. The loop comes back for the next a moment
    /// later, and sleeps as before once all are set.
    @discardableResult
    public func warmTextInIdle() -> Bool {
        guard startupFinished else { return renderer.hasColdTextStyles }
        return renderer.warmNextTextStyle()
    }

    /// Cells painted afresh instead of from their cached images since the last call.
    public func cellImageMisses() -> Int { renderer.takeCellImageMisses() }

    /// Bytes of pixels the renderer's caches hold now (see `SceneRenderer.cachedImageBytes`).
    public var cachedImageBytes: Int { renderer.cachedImageBytes }

    /// Where the renderer gets the pictures and type icons of tiles made from files. Tiles made
    /// from files already on screen are painted again.
    public func useArtwork(_ source: ArtworkSource?) {
        if renderer.useArtwork(source) { frames.needsFullRepaint = true }
    }

    /// Releases the buffer, window and connection; the shell is unusable afterwards.
    public func shutdown() {
        close()
    }
}
