#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TesseraApp

/// Clocks as the peers read them: CLOCK_MONOTONIC for durations, CLOCK_REALTIME against the
/// harness's spawn time (PEERBENCH_T0_NS).
enum BenchClock {
    /// Milliseconds of CLOCK_MONOTONIC.
    static func ms() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }

    /// Milliseconds of CLOCK_REALTIME.
    static func realtimeMs() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }

    /// Sleeps until `ms` of CLOCK_MONOTONIC (returns at once when it has passed).
    static func sleep(untilMs ms: Double) {
        guard ms > Self.ms() else { return }
        let ns = Int64(ms * 1e6)
        var ts = timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}

/// Summary statistics the way the peers compute them: median = sorted[n/2], p99 = sorted[ceil(0.99 n) - 1].
struct Samples {
    private(set) var values: [Double] = []

    init(capacity: Int = 0) { values.reserveCapacity(capacity) }

    mutating func add(_ v: Double) { values.append(v) }
    var count: Int { values.count }

    var median: Double {
        guard !values.isEmpty else { return -1 }
        return values.sorted()[values.count / 2]
    }
    var p99: Double {
        guard !values.isEmpty else { return -1 }
        let s = values.sorted()
        let k = Swift.min(Swift.max(Int((0.99 * Double(s.count)).rounded(.up)) - 1, 0), s.count - 1)
        return s[k]
    }
    var mean: Double { values.isEmpty ? -1 : values.reduce(0, +) / Double(values.count) }
    var max: Double { values.max() ?? -1 }
    func countAbove(_ limit: Double) -> Int { values.filter { $0 > limit }.count }
}

/// The JSON line, keys in insertion order (numbers formatted like the peers').
struct BenchReport {
    /// Spawn (PEERBENCH_T0_NS) to the first line of `main` (ms; -1 without it): what the dynamic
    /// loader and the runtime cost before any of Tessera's code runs.
    nonisolated(unsafe) private(set) static var spawnToMain: Double = -1

    static func noteMainEntered() {
        guard let t0 = getenv("PEERBENCH_T0_NS").flatMap({ Double(String(cString: $0)) }) else { return }
        spawnToMain = BenchClock.realtimeMs() - t0 / 1e6
    }
    private(set) var fields: [(String, String)] = []

    mutating func set(_ key: String, _ value: Double, digits: Int = 3) {
        put(key, value.isFinite ? Self.fixed(value, digits: digits) : "-1")
    }
    mutating func set(_ key: String, _ value: Int) { put(key, String(value)) }
    mutating func set(_ key: String, _ value: String) {
        var escaped = ""
        for ch in value {
            if ch == "\\" || ch == "\"" { escaped.append("\\") }
            escaped.append(ch)
        }
        put(key, "\"\(escaped)\"")
    }
    mutating func set(_ key: String, _ value: Bool) { put(key, value ? "true" : "false") }

    /// Median, p99, mean and max of `samples` as `<prefix>_median_ms` and so on.
    mutating func setStats(_ prefix: String, _ samples: Samples, withMax: Bool = true, withMean: Bool = true) {
        set("\(prefix)_median_ms", samples.median)
        set("\(prefix)_p99_ms", samples.p99)
        if withMean { set("\(prefix)_mean_ms", samples.mean) }
        if withMax { set("\(prefix)_max_ms", samples.max) }
    }

    /// `value` with exactly `digits` decimals, as printf's %.Nf (no Foundation formatter).
    static func fixed(_ value: Double, digits: Int) -> String {
        let d = Swift.max(0, Swift.min(digits, 9))
        var scale = 1.0
        for _ in 0..<d { scale *= 10 }
        let scaled = (Swift.abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let n = Int64(scaled), p = Int64(scale)
        let sign = value < 0 && n != 0 ? "-" : ""
        guard d > 0 else { return sign + String(n) }
        let frac = String(n % p)
        return sign + String(n / p) + "." + String(repeating: "0", count: d - frac.count) + frac
    }

    private mutating func put(_ key: String, _ raw: String) {
        if let i = fields.firstIndex(where: { $0.0 == key }) { fields[i].1 = raw } else { fields.append((key, raw)) }
    }

    var json: String { "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}" }

    /// Writes the line to stdout in one write.
    static func emit(_ report: BenchReport) {
        StandardStreams.output(report.json + "\n")
    }
}
