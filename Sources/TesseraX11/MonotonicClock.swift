#if canImport(Glibc)
import Glibc
#endif

/// Seconds on CLOCK_MONOTONIC: never jumps with wall-clock changes.
public enum MonotonicClock {
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
