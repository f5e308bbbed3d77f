#if canImport(Glibc)
import Glibc
#endif
import CCairo
import TesseraCore

/// Builds a ``SceneRenderer`` on a thread of its own while the host does its other start-up work
/// (reading the state, connecting to X, creating the window), so the first frame does not wait for
/// fontconfig, font loading or PNG decoding.
///
/// The host may also hand over the scene its first frame will show (``paintAhead(_:scale:)``),
/// as early as it can guess it and again when it knows better (the display's scale and theme):
/// the thread paints the newest scene's cells into the renderer's cell images while the host
/// connects and creates its window, and ``finish()`` waits for them. The first frame copies
/// them. Waiting never costs: the cells are the first frame's, and the host would otherwise paint
/// them itself after the join, on a thread that has had no head start.
///
/// The renderer is touched only by the warm-up thread until ``finish()`` joins it; from then on
/// only by the caller's thread. The join orders every write of the one before every read of the
/// other, so no Pango or Cairo object is ever used from two threads at once. The scene handed
/// over is a value, passed under a lock.
public final class RendererWarmUp: @unchecked Sendable {
    private var thread = pthread_t()
    private var renderer: SceneRenderer?
    private let pixelScale: Double
    private let assetDirectory: String
    private let cellSizes: [Size]
    private var started = false
    /// Guards `handoff`; heap-allocated so their addresses never move.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var handoff = Handoff.waiting
    /// Counts the scenes handed over: the thread stops painting a scene once a newer one came.
    private var sceneVersion = 0
    /// Set by ``finish()``: no scene comes after the one being painted.
    private var finishing = false

    private enum Handoff {
        /// Neither a scene nor ``finish()`` yet.
        case waiting
        case scene(Scene, scale: Double)
        /// ``finish()`` came first: no scene is coming.
        case none
    }

    /// How long the warm-up thread worked (ms), for the benchmark's start-up breakdown.
    public private(set) var busyMilliseconds = 0.0
    /// Of which decoding and resampling icons, loading fonts (fontconfig included), and painting
    /// the cells of the scene handed over (and how many).
    public private(set) var iconMilliseconds = 0.0
    public private(set) var fontMilliseconds = 0.0
    public private(set) var paintAheadMilliseconds = 0.0
    public private(set) var cellsPaintedAhead = 0

    /// Starts warming a renderer for `assetDirectory` (holding `icons/<name>.png`). With
    /// `cellSizes` (logical pixels, at `pixelScale`), every icon is also resampled for tiles of
    /// those sizes, as the first screen of a uniform grid will draw them.
    ///
    /// Process-wide effect: limits glibc's malloc to one arena (`M_ARENA_MAX`), see below. Create
    /// it before other threads allocate.
    public init(assetDirectory: String, cellSizes: [Size] = [], pixelScale: Double = 1) {
        self.assetDirectory = assetDirectory
        self.cellSizes = cellSizes
        self.pixelScale = pixelScale
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        // One malloc arena for every thread: what the warm-up thread allocates (fonts, the cell
        // images it paints ahead) is reused by the main thread once freed, instead of being held
        // in a second arena (that cost 4 MB of peak RSS). Process-wide; threads take an arena at
        // their first allocation, so it must come before the thread starts.
        _ = mallopt(M_ARENA_MAX, 1)
        let box = Unmanaged.passRetained(self)
        started = pthread_create(&thread, nil, { arg in
            let me = Unmanaged<RendererWarmUp>.fromOpaque(arg!).takeRetainedValue()
            me.work()
            return nil
        }, box.toOpaque()) == 0
        // Without a thread, warm up on the caller's thread when asked.
        if !started { box.release() }
    }

    deinit {
        pthread_mutex_destroy(lock)
        pthread_cond_destroy(changed)
        lock.deallocate()
        changed.deallocate()
    }

    /// The warm-up thread: fonts and icons, then the scene handed over, if one comes.
    private func work() {
        let start = Self.milliseconds()
        let renderer = SceneRenderer(assetDirectory: assetDirectory)
        renderer.loadIcons(fittingCellsOf: cellSizes, pixelScale: pixelScale)
        let iconsDone = Self.milliseconds()
        renderer.loadFonts()
        let fontsDone = Self.milliseconds()
        iconMilliseconds = iconsDone - start
        fontMilliseconds = fontsDone - iconsDone
        pthread_mutex_lock(lock)
        while case .waiting = handoff { pthread_cond_wait(changed, lock) }
        let waited = Self.milliseconds()
        // Paint the newest scene; when a newer one comes meanwhile, go on with it (cells the two
        // share are painted once: the cache holds them).
        while case .scene(let scene, let scale) = handoff {
            let version = sceneVersion
            pthread_mutex_unlock(lock)
            renderer.loadFonts(usedIn: scene)
            cellsPaintedAhead += renderer.paintCells(of: scene, scale: scale) {
                pthread_mutex_lock(lock)
                defer { pthread_mutex_unlock(lock) }
                return sceneVersion != version
            }
            pthread_mutex_lock(lock)
            if sceneVersion == version { break }
        }
        pthread_mutex_unlock(lock)
        let end = Self.milliseconds()
        paintAheadMilliseconds = end - waited
        busyMilliseconds = (fontsDone - start) + paintAheadMilliseconds
        self.renderer = renderer
    }

    private static func milliseconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    /// Hands over the scene the first frame will show, drawn at `scale` device pixels per logical
    /// pixel: its cells are painted on the warm-up thread before ``finish()`` returns. A later
    /// call replaces the scene (the host guessed the scale or theme before it could read them);
    /// calls after ``finish()`` do nothing.
    public func paintAhead(_ scene: Scene, scale: Double) {
        guard started else { return }
        pthread_mutex_lock(lock)
        if !finishing {
            handoff = .scene(scene, scale: scale)
            sceneVersion += 1
            pthread_cond_signal(changed)
        }
        pthread_mutex_unlock(lock)
    }

    /// Waits for the warm-up (and the cells of the scene handed over) and returns the renderer
    /// (built here if the thread could not start).
    public func finish() -> SceneRenderer {
        if started {
            pthread_mutex_lock(lock)
            finishing = true
            if case .waiting = handoff {
                handoff = .none
                pthread_cond_signal(changed)
            }
            pthread_mutex_unlock(lock)
            pthread_join(thread, nil)
            started = false
        }
        if let r = renderer { return r }
        let r = SceneRenderer(assetDirectory: assetDirectory)
        renderer = r
        return r
    }
}
