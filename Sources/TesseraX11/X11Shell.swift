import CCairo
import CX11
import TesseraXInput
import TesseraCairo
import TesseraCore
#if canImport(Glibc)
import Glibc
#endif

/// The window: opens the display, translates X events into ``InputEvent``s, and presents the
/// scenes a ``ShellClient`` returns. Everything happens on the main thread.
@MainActor
public final class X11Shell {
    let display: OpaquePointer
    let window: Window
    let gc: GC
    /// For scroll copies: reports (GraphicsExpose) what it could not copy from an obscured part.
    let copyGC: GC
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    /// How the visual lays out a pixel: Cairo's own layout, or one the back buffer converts to.
    let layout: PixelLayout
    /// Device pixels per logical pixel.
    public internal(set) var scale: Double
    /// A scale the desktop asked for while events were read (`useScale`), applied after the event.
    var cursors: CursorSet
    /// Made at the first copy or paste: a session that never uses it asks nothing of the server.
    lazy var clipboard = Clipboard(display: display, window: window)
    var clipboardInUse = false
    /// Button 1 went down in the title being typed and is still held (X11Shell+Field).
    var selectingInField = false
    var translator: EventTranslator
    /// XInput 2.2 (the pointer, smooth scrolling, touches, device hotplug), from the first frame
    /// on (its round trips are not start-up's; until then core events serve); nil before, when the
    /// server lacks it, or when `TESSERA_CORE_INPUT=1` asks for core events only.
    var xinput: XInputConnection?
    /// Whether XInput was asked for yet (``openXInputOnce()``).
    var xinputAsked = false
    /// The XSETTINGS manager being followed (its changes go to the client).
    var xsettings: XSettingsWatcher?
    var pendingScale: Double?
    /// Drops from other apps (made after the first frame).
    var xdnd: XdndTarget?
    /// The window as it looked before the appearance changed, while a cross-fade lasts.
    var fadeFrom: OpaquePointer?
    let renderer: SceneRenderer
    let signals: SignalPipe
    /// Current window size in device pixels.
    var pixelWidth: Int
    var pixelHeight: Int
    var buffer: BackBuffer?
    var sharedMemoryWorks = true
    var currentCursor: CursorShape?
    var frames = FrameState()
    /// The counters a compositing manager reads to show whole frames only (nil without SYNC).
    var frameSync: FrameSync?
    /// Loop counters, printed when `TESSERA_FRAME_STATS=1` (flood and soak scripts).
    var stats = FrameStatistics(now: MonotonicClock.now())
    /// Another client destroyed the window (DestroyNotify): it must not be destroyed again.
    var windowDestroyed = false
    /// Loop time of the last presented frame (frames are paced by ``minimumFrameInterval``).
    var lastFrameTime = -Double.infinity
    /// Seconds between frames: the refresh of the monitor showing the window, capped by
    /// ``maxFramesPerSecond`` (X11Shell+Refresh). 60 Hz until the first reading.
    public internal(set) var frameInterval = 1.0 / 60
    /// `--max-fps`: frames are never drawn faster than this (nil: the display's rate).
    public var maxFramesPerSecond: Double?
    /// The monitors RandR reported (read at start and when they change), and RandR's first event
    /// number (nil: the server has no RandR 1.2, and frames stay at 60 Hz).
    var monitors: [DisplayRate.Monitor] = []
    var randrEventBase: Int32?
    /// The last pointer motion read while a frame was held back, delivered with the next frame.
    var heldMotion: Point?
    /// The X server time (ms) of `heldMotion`, and of the motion the client was last given: with
    /// TESSERA_FRAME_STATS, the frame that shows it measures motion → screen (``FrameStatistics``).
    var heldMotionTime: UInt?
    var deliveredMotionTime: UInt?
    /// Whether ``finishStartup()`` has run.
    var startupFinished = false
    /// Test hook (`TESSERA_INJECT_X_ERRORS`); off unless the environment asks.
    let faults = FaultInjection()
    /// Where ``open(displayName:size:scale:assetDirectory:renderer:)`` spent its time, for the
    /// benchmark's start-up breakdown: connecting to the server, and waiting for the renderer's
    /// warm-up thread (ms).
    public private(set) var connectMilliseconds = 0.0
    public private(set) var rendererWaitMilliseconds = 0.0

    /// Opens `displayName` (nil = `$DISPLAY`) and creates a window of `size` logical pixels.
    ///
    /// `scale` nil means the session's `Xft.dpi / 96` (1 when unset). `assetDirectory` holds
    /// `icons/<name>.png` for the renderer; by default `$TESSERA_ASSETS`, else `./assets`.
    /// `firstScene`, given a scale, returns the scene the first frame will show: its cells are
    /// painted on the `renderer` warm-up thread while the display is connected and the window
    /// made. It is called twice: before connecting, at a guess (`scale`, else 1), and once the
    /// display's scale and settings are read (after `desktopSettings`).
    /// Throws ``X11ShellError`` with a one-line description when the display cannot be opened or its
    /// visual cannot be used.
    public static func open(displayName: String?, size: Size, scale: Double?,
                            assetDirectory: String = defaultAssetDirectory,
                            renderer: RendererWarmUp? = nil,
                            desktopSettings: (([UInt8]?) -> Double?)? = nil,
                            firstScene: ((Double) -> Scene)? = nil) throws -> X11Shell {
        X11ErrorHandling.install()
        // The first screen's cells start painting before the connection, at a guessed scale (the
        // one asked for, else 1): connecting to a server that has just started takes 5-25 ms.
        // The scene is handed over again below, once the display's scale and theme are read.
        let guessedScale = DisplayScale.clamped(scale ?? 1)
        if let renderer, let firstScene { renderer.paintAhead(firstScene(guessedScale), scale: guessedScale) }
        let t0 = MonotonicClock.now()
        guard let display = XOpenDisplay(displayName) else {
            let env = getenv("DISPLAY").map { String(cString: $0) }
            throw X11ShellError.cannotOpenDisplay(name: displayName ?? env, environment: env)
        }
        let screen = XDefaultScreen(display)
        let visual = XDefaultVisual(display, screen)!
        let depth = XDefaultDepth(display, screen)
        let layout: PixelLayout
        switch pixelLayout(of: display, screen: screen) {
        case let .success(found): layout = found
        case let .failure(error):
            XCloseDisplay(display)
            throw error
        }
        // The desktop's settings (a dark theme) before the first scene is made: it shows in them.
        // Their DPI (XSETTINGS Xft/DPI) comes before the Xft.dpi resource's.
        var xsettings = XSettingsWatcher(display: display, screen: screen)
        let settingsBytes = xsettings.readCurrent()
        let desktopDPI = desktopSettings?(settingsBytes)
        let resolved = DisplayScale.clamped(scale ?? desktopDPI.map { $0 / 96 } ?? DisplayScale.fromResources(display))
        if let renderer, let firstScene { renderer.paintAhead(firstScene(resolved), scale: resolved) }
        let t1 = MonotonicClock.now()
        let shell = X11Shell(display: display, screen: screen, visual: visual, depth: depth, layout: layout,
                             size: size, scale: resolved, assetDirectory: assetDirectory, warmUp: renderer)
        shell.connectMilliseconds = (t1 - t0) * 1000
        shell.xsettings = xsettings
        return shell
    }

    private init(display: OpaquePointer, screen: Int32, visual: UnsafeMutablePointer<Visual>, depth: Int32,
                 layout: PixelLayout, size: Size, scale: Double, assetDirectory: String, warmUp: RendererWarmUp?) {
        self.display = display
        self.visual = visual
        self.depth = depth
        self.layout = layout
        self.scale = scale
        pixelWidth = max(1, Int((size.width * scale).rounded(.up)))
        pixelHeight = max(1, Int((size.height * scale).rounded(.up)))

        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0          // None: no flash of background on resize
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = ExposureMask | KeyPressMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | StructureNotifyMask | LeaveWindowMask | FocusChangeMask
            | PropertyChangeMask   // a paste sent in chunks (INCR) arrives as property changes
        window = XCreateWindow(display, XRootWindow(display, screen), 0, 0, UInt32(pixelWidth), UInt32(pixelHeight),
                               0, depth, UInt32(InputOutput), visual,
                               UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        var gcValues = XGCValues()
        gcValues.graphics_exposures = 0
        gc = XCreateGC(display, window, UInt(GCGraphicsExposures), &gcValues)
        gcValues.graphics_exposures = 1
        copyGC = XCreateGC(display, window, UInt(GCGraphicsExposures), &gcValues)

        let wmProtocols = XInternAtom(display, "WM_PROTOCOLS", 0)
        let wmDelete = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        frameSync = FrameSync(display: display, window: window)
        var protocols = [wmDelete] + (frameSync.map { [$0.requestAtom] } ?? [])
        XSetWMProtocols(display, window, &protocols, Int32(protocols.count))
        translator = EventTranslator(scale: scale, window: window, wmProtocols: wmProtocols, wmDeleteWindow: wmDelete)
        translator.syncRequest = frameSync?.requestAtom
        translator.inputMethod = InputMethod(display: display, window: window, eventMask: attributes.event_mask)
        cursors = CursorSet(display: display)
        // The back buffer's shared memory is made and faulted in now, while the warm-up thread may
        // still be loading fonts, rather than during the first frame.
        let initial = StagingPlan.bufferSize(forWindowWidth: pixelWidth, height: pixelHeight, maxSide: Self.maxBufferSide)
        buffer = BackBuffer(display: display, visual: visual, depth: depth, layout: layout, width: initial.width, height: initial.height,
                            trySharedMemory: true)
        let t0 = MonotonicClock.now()
        renderer = warmUp?.finish() ?? SceneRenderer(assetDirectory: assetDirectory)
        let t1 = MonotonicClock.now()
        signals = SignalPipe()
        setWindowProperties(minimum: Size(width: 320, height: 240))
        rendererWaitMilliseconds = (t1 - t0) * 1000
    }

    /// Title (legacy and UTF-8), class and size hints; the window stays resizable.
    private func setWindowProperties(minimum: Size) {
        let title = "Tessera"
        XStoreName(display, window, title)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        let netName = XInternAtom(display, "_NET_WM_NAME", 0)
        let bytes = Array(title.utf8)
        bytes.withUnsafeBufferPointer { buf in
            _ = XChangeProperty(display, window, netName, utf8, 8, PropModeReplace, buf.baseAddress, Int32(buf.count))
        }
        if let hint = XAllocClassHint() {
            let name = strdup("tessera"), cls = strdup("Tessera")
            hint.pointee.res_name = name
            hint.pointee.res_class = cls
            XSetClassHint(display, window, hint)
            free(name); free(cls)
            XFree(hint)
        }
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = PMinSize
            hints.pointee.min_width = Int32(minimum.width * scale)
            hints.pointee.min_height = Int32(minimum.height * scale)
            XSetWMNormalHints(display, window, hints)
            XFree(hints)
        }
        var pid = UInt(getpid())
        let netPid = XInternAtom(display, "_NET_WM_PID", 0)
        withUnsafeBytes(of: &pid) { raw in
            _ = XChangeProperty(display, window, netPid, XA_CARDINAL, 32, PropModeReplace,
                                raw.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// `$TESSERA_ASSETS` when set, else `assets` relative to the working directory.
    public nonisolated static var defaultAssetDirectory: String {
        getenv("TESSERA_ASSETS").map { String(cString: $0) } ?? "assets"
    }

    /// Puts `text` on the clipboard (X's CLIPBOARD selection), as of the last key or button press.
    public func copyToClipboard(_ text: String) {
        clipboardInUse = true
        clipboard.copy(text, time: translator.lastInputTime)
    }

    /// Asks for the clipboard's text; it reaches the client as `InputEvent.paste` (or
    /// `.pasteRefused`) in a later turn of the loop.
    public func requestPaste() {
        clipboardInUse = true
        clipboard.requestPaste(time: translator.lastInputTime, now: MonotonicClock.now())
    }

    /// The window's top-left on the screen, in device pixels (a round trip to the server).
    public var screenOrigin: (x: Double, y: Double) {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
        return (Double(x), Double(y))
    }

    /// The window size in logical pixels.
    var logicalSize: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// Releases the buffer, window and connection; the shell is unusable afterwards.
    func close() {
        connectionLostHook = nil
        buffer = nil
        frameSync = nil
        if let f = fadeFrom { cairo_surface_destroy(f) }
        fadeFrom = nil
        XFreeGC(display, gc)
        XFreeGC(display, copyGC)
        if !windowDestroyed { XDestroyWindow(display, window) }
        XCloseDisplay(display)
    }
}
