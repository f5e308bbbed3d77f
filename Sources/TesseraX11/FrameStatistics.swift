#if canImport(Glibc)
import Glibc
#endif

/// Counters of the event loop, for the flood and soak scripts: how many X events came in, how many
/// pointer motions the coalescing dropped, how many frames were presented and how long they took.
///
/// Opt-in with `TESSERA_FRAME_STATS=1` in the environment: then a line is written to stderr at most
/// once a second while the loop is busy (never from an idle app: only a loop turn can write it, so an
/// idle app stays asleep), and a summary when the loop ends (quit, SIGTERM/SIGINT, lost display).
/// Lines start with `tessera: frame-stats`, fields are `name=value`, times in milliseconds.
struct FrameStatistics {
    /// Set from the environment once; off costs one branch per event and per frame.
    let enabled: Bool

    private(set) var events = 0
    private(set) var motions = 0
    /// Motions handed to the client (the last of each drained batch, or one before another event).
    private(set) var motionsDelivered = 0
    private(set) var resizes = 0
    private(set) var resizesDelivered = 0
    private(set) var frames = 0
    /// Wall time of the longest drain, frame (scene + draw + present) and gap between two frames.
    private(set) var longestDrain = 0.0
    private(set) var longestFrame = 0.0
    private(set) var totalFrameTime = 0.0
    private(set) var longestGap = 0.0
    /// The longest wait in a frame's present for the X server (its `XSync` after the image put):
    /// time the app cannot shorten, spent while the server is busy with other clients.
    private(set) var longestPresent = 0.0
    private(set) var mostEventsInOneDrain = 0
    /// Motion → screen, ms: from a pointer motion's X server time to the end of the present of the
    /// frame that first showed it (its XSync returned). Kept for the summary's median and p99;
    /// the server's clock is CLOCK_MONOTONIC in ms, as ours, so only a local server gives figures.
    private(set) var motionToScreen: [Double] = []
    /// The frame interval the loop paces to (the display's refresh, or `--max-fps`), in seconds:
    /// the summary names it, so a reader can hold motion → screen against one interval + 2 ms.
    var frameInterval: Double?

    private var lastFrameEnd: Double?
    private var lastLine: Double
    private var sinceLine = Window()
    private let start: Double

    /// What happened since the last periodic line.
    private struct Window {
        var events = 0, motions = 0, frames = 0
        var longestFrame = 0.0, longestGap = 0.0, longestPresent = 0.0
    }

    init(now: Double, environment: String? = getenv("TESSERA_FRAME_STATS").map { String(cString: $0) }) {
        enabled = environment.map { !$0.isEmpty && $0 != "0" } ?? false
        start = now
        lastLine = now
    }

    mutating func noteDrain(events n: Int, motions m: Int, motionsDelivered d: Int,
                            resizes r: Int, resizesDelivered rd: Int, seconds: Double) {
        guard enabled else { return }
        events += n; motions += m; motionsDelivered += d; resizes += r; resizesDelivered += rd
        sinceLine.events += n; sinceLine.motions += m
        longestDrain = max(longestDrain, seconds)
        mostEventsInOneDrain = max(mostEventsInOneDrain, n)
    }

    /// One presented frame that began at `start`, began presenting at `presenting` and ended at
    /// `end`. A gap counts only between two frames of one busy stretch: after the loop slept with
    /// no deadline, the next frame starts one.
    mutating func noteFrame(start: Double, presenting: Double, end: Double) {
        guard enabled else { return }
        longestPresent = max(longestPresent, end - presenting)
        sinceLine.longestPresent = max(sinceLine.longestPresent, end - presenting)
        frames += 1
        sinceLine.frames += 1
        let took = end - start
        longestFrame = max(longestFrame, took)
        sinceLine.longestFrame = max(sinceLine.longestFrame, took)
        totalFrameTime += took
        if let last = lastFrameEnd {
            longestGap = max(longestGap, end - last)
            sinceLine.longestGap = max(sinceLine.longestGap, end - last)
        }
        lastFrameEnd = end
    }

    /// A frame that showed the motion the server stamped `serverTime` (ms) ended at `presentedAt`
    /// (seconds, CLOCK_MONOTONIC). Times from another machine's clock (a remote server) fall
    /// outside 0 ..< 1 s and are dropped.
    mutating func noteMotionShown(serverTime: UInt, presentedAt: Double) {
        guard enabled else { return }
        let now = UInt64((presentedAt * 1000).rounded(.down)) & 0xffff_ffff   // X times wrap at 2^32 ms
        let sent = UInt64(serverTime) & 0xffff_ffff
        let elapsed = (now &- sent) & 0xffff_ffff
        guard elapsed < 1000, motionToScreen.count < 1_000_000 else { return }
        // Server times are whole ms; the present's end has its fraction.
        motionToScreen.append(Double(elapsed) + (presentedAt * 1000 - (presentedAt * 1000).rounded(.down)))
    }

    /// The loop is about to sleep with no deadline: the next frame's gap is idle time, not lag.
    mutating func noteIdle() {
        lastFrameEnd = nil
    }

    /// Writes the periodic line when a second has passed since the last one.
    /// `cacheBytes` (asked only when a line is due): what the renderer's bounded caches of
    /// pixels hold, so a reader of the RSS curve can tell the caches filling from a leak.
    mutating func reportIfDue(now: Double, cacheBytes: () -> Int) {
        guard enabled, now - lastLine >= 1 else { return }
        let w = sinceLine
        writeToStandardError("tessera: frame-stats interval t=\(ms(now - start) / 1000) s=\(fixed(now - lastLine)) "
            + "events=\(w.events) motions=\(w.motions) frames=\(w.frames) "
            + "max_frame_ms=\(ms(w.longestFrame)) max_present_ms=\(ms(w.longestPresent)) max_gap_ms=\(ms(w.longestGap)) "
            + "rss_kb=\(Self.residentKilobytes()) cache_kb=\(cacheBytes() / 1024)")
        sinceLine = Window()
        lastLine = now
    }

    /// The summary line, written when the loop ends.
    func report(now: Double) {
        guard enabled else { return }
        writeToStandardError(summary(now: now))
    }

    /// The summary line's text (the benchmark's motion-to-screen run reads it).
    func summary(now: Double) -> String {
        let mean = frames > 0 ? totalFrameTime / Double(frames) : 0
        return "tessera: frame-stats total t=\(ms(now - start) / 1000) events=\(events) motions=\(motions) "
            + "motions_delivered=\(motionsDelivered) resizes=\(resizes) resizes_delivered=\(resizesDelivered) "
            + "frames=\(frames) mean_frame_ms=\(ms(mean)) max_frame_ms=\(ms(longestFrame)) max_present_ms=\(ms(longestPresent)) "
            + "max_gap_ms=\(ms(longestGap)) max_drain_ms=\(ms(longestDrain)) max_drain_events=\(mostEventsInOneDrain) "
            + "rss_kb=\(Self.residentKilobytes())" + intervalFigure() + motionFigures()
    }

    /// " frame_interval_ms=16.67", or nothing before the loop knew its interval.
    private func intervalFigure() -> String {
        guard let frameInterval else { return "" }
        return " frame_interval_ms=\(fixed(frameInterval * 1000))"
    }

    /// " motion_to_screen_ms_median=… p99=… max=… n=…", or nothing before any was measured.
    private func motionFigures() -> String {
        guard !motionToScreen.isEmpty else { return "" }
        let sorted = motionToScreen.sorted()
        func at(_ q: Double) -> String { String(Double(Int((sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] * 10).rounded())) / 10) }
        return " motion_to_screen_ms_median=\(at(0.5)) motion_to_screen_ms_p99=\(at(0.99)) motion_to_screen_ms_max=\(at(1)) "
            + "motion_to_screen_n=\(sorted.count)"
    }

    private func ms(_ s: Double) -> Int { Int((s * 1000).rounded()) }
    private func fixed(_ s: Double) -> String { String(Double(Int((s * 100).rounded())) / 100) }

    /// VmRSS from /proc/self/status, in kB (0 when unreadable).
    static func residentKilobytes() -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmRSS:") {
                return Int(text.dropFirst(6).filter(\.isNumber)) ?? 0
            }
        }
        return 0
    }
}
