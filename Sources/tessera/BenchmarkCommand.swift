import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TesseraCore
import TesseraX11

/// `tessera bench`: the app measured the way bench/peers measure GTK4 and Qt (see bench/README.md).
///
/// Prints one JSON line on stdout with the peers' keys (startup_ms, populate_ms, work_median_ms,
/// work_p99_ms, interval_median_ms, interval_p99_ms, move_model_ms, move_work_ms, move_latency_ms)
/// plus Tessera's own (drag_*, section timings, layout_*), then exits 0 (3 when the watchdog fired).
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark: scroll, move and drag in a real window like the peer programs in bench/; prints one JSON line.",
        discussion: """
        Environment, as the peers: PEERBENCH_T0_NS (spawn time, CLOCK_REALTIME ns; gives startup_ms), \
        PEERBENCH_FRAMES (scroll frames, 300), PEERBENCH_STEP (px per scroll frame, 16), \
        PEERBENCH_WATCHDOG (seconds, 55). Scripts: scroll = startup, scroll and the move 0 -> N/2; \
        drag = startup and a press-and-hold drag with edge autoscroll and two reorders; folder = startup and \
        a folder of 40 at the end opened, wheeled, one item reordered inside and carried out; touch = a finger's \
        pan and fling, a pull past the top and its bounce, a long-press drag; all = all of them; \
        layout = layout timings of --layout-items generated items (no window); store = the store alone \
        (no window): a store of --items generated items written (or the one at --state), opened, read, \
        and 60 drops saved one by one with their time and bytes written.
        """)

    @Option(help: "Generated demo items, in one section (as the peers' single list).")
    var items: Int = 1000

    @Option(help: "grid (96x96 cells, 13 columns at 1280 px, like the peers) or masonry (13 columns).")
    var layout: BenchLayout = .grid

    @Option(help: "scroll, drag, folder, group, all, layout or store.")
    var script: BenchScript = .all

    @Option(help: "Scroll frames (default: $PEERBENCH_FRAMES, else 300).")
    var frames: Int?

    @Option(help: "Scroll step in px per frame (default: $PEERBENCH_STEP, else 16).")
    var step: Double?

    @Option(help: "Where the drag starts: top or middle of the collection.")
    var dragAt: DragStart = .middle

    @Flag(help: "Run the drag's frames back to back instead of pacing them at 60 Hz.")
    var fast = false

    @Option(help: "Items for --script layout.")
    var layoutItems: Int = 1_000_000

    @Option(help: "Repetitions of each layout for --script layout (the median is reported).")
    var layoutReps: Int = 3

    @Option(help: ArgumentHelp("A store to start from, as the app does (first screen, then the rest on the loader's threads); for --script store, the store to measure (made from --items generated items when missing; default: a temporary one).", valueName: "PATH"))
    var state: String?

    @Option(help: ArgumentHelp("Window size in pixels (default: 1280x800, as the peers).", valueName: "WxH"))
    var geometry: Geometry?

    func validate() throws {
        if items < 0 || items > 2_000_000 { throw ValidationError("--items must be between 0 and 2000000") }
        if let f = frames, f < 1 || f > 100_000 { throw ValidationError("--frames must be between 1 and 100000") }
        if layoutItems < 1 || layoutItems > 5_000_000 { throw ValidationError("--layout-items must be between 1 and 5000000") }
        if layoutReps < 1 || layoutReps > 100 { throw ValidationError("--layout-reps must be between 1 and 100") }
    }

    func run() throws {
        let env = ProcessInfo.processInfo.environment
        let config = BenchConfig(
            items: items, state: state, layout: layout, script: script,
            frames: frames ?? env["PEERBENCH_FRAMES"].flatMap { Int($0) } ?? 300,
            step: step ?? env["PEERBENCH_STEP"].flatMap { Double($0) } ?? 16,
            dragAt: dragAt, pacedDrag: !fast,
            layoutItems: layoutItems, layoutReps: layoutReps,
            size: (geometry ?? Geometry(width: 1280, height: 800)).size,
            spawnRealtimeMs: env["PEERBENCH_T0_NS"].flatMap { Double($0) }.map { $0 / 1e6 },
            watchdog: env["PEERBENCH_WATCHDOG"].flatMap { Double($0) } ?? 55)
        if script == .layout {
            BenchReport.emit(LayoutBenchmark.run(config))
            return
        }
        if script == .store {
            BenchReport.emit(StoreBenchmark.run(items: items, path: state))
            return
        }
        let code: Int32 = MainActor.assumeIsolated {
            BenchmarkRunner.run(config)
        }
        if code != 0 { throw ExitCode(code) }
    }
}

enum BenchLayout: String, ExpressibleByArgument, CaseIterable { case grid, masonry }
enum BenchScript: String, ExpressibleByArgument, CaseIterable {
    case scroll, drag, folder, group, keyboard, undo, layouts, masonry, drop, board, resize, expose, touch, paths, all, layout, store
}
enum DragStart: String, ExpressibleByArgument, CaseIterable { case top, middle }

struct BenchConfig {
    var items: Int
    /// Start from this store instead of generated items.
    var state: String? = nil
    var layout: BenchLayout
    var script: BenchScript
    var frames: Int
    var step: Double
    var dragAt: DragStart
    var pacedDrag: Bool
    var layoutItems: Int
    var layoutReps: Int
    var size: Size
    /// PEERBENCH_T0_NS in ms of CLOCK_REALTIME: when the harness spawned us.
    var spawnRealtimeMs: Double?
    var watchdog: Double

    /// The peers' geometry: 96x96 cells edge to edge, 13 columns from x = 0 (1248 px; the peers'
    /// scroll bar sits in the rest), no headers, footers or gaps.
    var collectionLayout: LayoutConfiguration {
        switch layout {
        case .grid:
            var flow = FlowLayout()
            flow.itemSizing = .uniform(Size(width: 96, height: 96))
            flow.minimumInteritemSpacing = 0
            flow.minimumLineSpacing = 0
            flow.sectionInsets = Insets(top: 0, left: 0, bottom: 0, right: max(0, size.width - 13 * 96))
            flow.headerLength = 0
            flow.footerLength = 0
            flow.lineAlignment = .justified
            return .grid(flow)
        case .masonry:
            var masonry = MasonryLayout()
            masonry.columns = .count(13)
            masonry.spacing = 0
            masonry.headerLength = 0
            masonry.footerLength = 0
            return .masonry(masonry)
        }
    }

    /// The app's defaults, except that a wheel step lands at once (no easing), so a scripted
    /// scroll of STEP px is STEP px in the very next frame, like the peers' scroll bars.
    var policy: DragPolicy {
        var p = DragPolicy()
        p.wheelSmoothing = 0
        return p
    }
}
