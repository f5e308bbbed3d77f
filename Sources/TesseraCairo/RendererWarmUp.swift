#if canImport(Glibc)
import Glibc
#endif
import TesseraCore

/// Builds a ``SceneRenderer`` on a thread of its own while the host does its other start-up work
/// (reading the state, connecting to X, creating the window), so the first frame does not wait for
/// fontconfig, font loading or PNG decoding.
///
/// The renderer is touched only by the warm-up thread until ``finish()`` joins it; from then on
/// only by the caller's thread. The join orders every write of the one before every read of the
/// other, so no Pango or Cairo object is ever used from two threads at once.
public final class RendererWarmUp: @unchecked Sendable {
    private var thread = pthread_t()
    private var renderer: SceneRenderer?
    private let pixelScale: Double
    private let assetDirectory: String
    private let cellSizes: [Size]
    private var started = false
    /// How long the warm-up thread worked (ms), for the benchmark's start-up breakdown.
    public private(set) var busyMilliseconds = 0.0
    /// Of which decoding and resampling icons, and loading fonts (fontconfig included).
    public private(set) var iconMilliseconds = 0.0
    public private(set) var fontMilliseconds = 0.0

    /// Starts warming a renderer for `assetDirectory` (holding `icons/<name>.png`). With
    /// `cellSizes` (logical pixels, at `pixelScale`), every icon is also resampled for tiles of
    /// those sizes, as the first screen of a uniform grid will draw them.
    public init(assetDirectory: String, cellSizes: [Size] = [], pixelScale: Double = 1) {
        self.assetDirectory = assetDirectory
        self.cellSizes = cellSizes
        self.pixelScale = pixelScale
        let box = Unmanaged.passRetained(self)
        started = pthread_create(&thread, nil, { arg in
            let me = Unmanaged<RendererWarmUp>.fromOpaque(arg!).takeRetainedValue()
            let start = RendererWarmUp.milliseconds()
            let renderer = SceneRenderer(assetDirectory: me.assetDirectory)
            renderer.loadIcons(fittingCellsOf: me.cellSizes, pixelScale: me.pixelScale)
            let iconsDone = RendererWarmUp.milliseconds()
            renderer.loadFonts()
            let end = RendererWarmUp.milliseconds()
            me.renderer = renderer
            me.busyMilliseconds = end - start
            me.iconMilliseconds = iconsDone - start
            me.fontMilliseconds = end - iconsDone
            return nil
        }, box.toOpaque()) == 0
        // Without a thread, warm up on the caller's thread when asked.
        if !started { box.release() }
    }

    private static func milliseconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    /// Waits for the warm-up and returns the renderer (built here if the thread could not start).
    public func finish() -> SceneRenderer {
        if started {
            pthread_join(thread, nil)
            started = false
        }
        if let r = renderer { return r }
        let r = SceneRenderer(assetDirectory: assetDirectory)
        renderer = r
        return r
    }
}
