/// How fast the display showing the window refreshes, and so how often frames are drawn.
///
/// The shell reads the monitors (RandR: each CRTC's rect and its mode line) and hands them here;
/// the monitor holding most of the window sets the pace, `--max-fps` caps it, and the result
/// reaches the engine as `InputEvent.frameInterval` (so a recording replays at the same pace).
/// Nothing here knows X: a fake RandR answer is a list of ``Monitor``s.
public enum DisplayRate {
    /// One monitor (a RandR CRTC in use): where it is on the root window, and its refresh in Hz
    /// (nil when the server does not say: Xvfb's modes have a zero dot clock).
    public struct Monitor: Equatable, Sendable {
        public var frame: Rect
        public var refresh: Double?
        public init(frame: Rect, refresh: Double?) { self.frame = frame; self.refresh = refresh }
    }

    /// The pace when the display does not say (or says something implausible).
    public static let fallbackRefresh = 60.0
    /// Refresh rates believed: below or above these a mode line is wrong, not a display.
    public static let plausibleRefresh: ClosedRange<Double> = 20...1000

    /// A mode line's refresh: pixel clock over the pixels of a whole frame (blanking included),
    /// doubled for an interlaced mode (two fields a frame), halved for a double-scanned one. Nil
    /// for a mode without timings.
    public static func refresh(dotClock: Double, hTotal: Int, vTotal: Int, interlaced: Bool = false, doubleScan: Bool = false) -> Double? {
        guard dotClock > 0, hTotal > 0, vTotal > 0 else { return nil }
        var lines = Double(vTotal)
        if interlaced { lines /= 2 }
        if doubleScan { lines *= 2 }
        let hz = dotClock / (Double(hTotal) * lines)
        return plausibleRefresh.contains(hz) ? hz : nil
    }

    /// The monitor that holds most of `window` (root coordinates); the first on a tie. Nil when
    /// the window is on none (off screen, or no monitor known).
    public static func monitor(for window: Rect, among monitors: [Monitor]) -> Monitor? {
        var best: (monitor: Monitor, area: Double)?
        for m in monitors {
            let overlap = m.frame.intersection(window)
            let area = overlap.width * overlap.height
            if area > 0, area > (best?.area ?? 0) { best = (m, area) }
        }
        return best?.monitor
    }

    /// Seconds between frames: the monitor's refresh (60 Hz when unknown), no faster than
    /// `maxFPS` when given.
    public static func frameInterval(refresh: Double?, maxFPS: Double? = nil) -> Double {
        var hz = refresh.flatMap { plausibleRefresh.contains($0) ? $0 : nil } ?? fallbackRefresh
        if let cap = maxFPS, cap > 0 { hz = Swift.min(hz, cap) }
        return 1 / hz
    }

    /// The frame interval for a window at `window` among `monitors`, capped by `maxFPS`.
    public static func frameInterval(for window: Rect, among monitors: [Monitor], maxFPS: Double? = nil) -> Double {
        frameInterval(refresh: monitor(for: window, among: monitors)?.refresh, maxFPS: maxFPS)
    }
}
