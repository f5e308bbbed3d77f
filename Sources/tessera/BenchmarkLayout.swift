#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TesseraCore

/// `tessera bench --script layout`: how long a full layout of many items takes, without a window
/// (its own process, so the 1M-item model does not swell another run's peak RSS).
///
/// The app's default configurations (`FlowLayout()`, `MasonryLayout()`) on the app's generated
/// demo data (`--items N`: three sections), at the bench window size; each timed `--layout-reps`
/// times, the median reported. Also: generating the items, and the peer-geometry grid.
enum LayoutBenchmark {
    static func run(_ config: BenchConfig) -> BenchReport {
        var report = BenchReport()
        let n = config.layoutItems
        report.set("peer", "tessera-swift-layout")
        report.set("layout_items", n)
        let tp = BenchClock.ms()
        let model = SampleData.generated(count: n)
        report.set("layout_populate_ms", BenchClock.ms() - tp, digits: 1)

        func median(_ body: () -> Void) -> Double {
            var s = Samples()
            for _ in 0..<config.layoutReps {
                let t = BenchClock.ms()
                body()
                s.add(BenchClock.ms() - t)
            }
            return s.median
        }
        var peerGrid = config
        peerGrid.layout = .grid
        let layouts: [(String, any CollectionLayout)] = [
            ("flow", FlowLayout()),
            ("masonry", MasonryLayout()),
            ("grid_peer_geometry", peerGrid.collectionLayout),
        ]
        let prefix = n == 1_000_000 ? "layout_1m" : "layout_n"
        for (name, layout) in layouts {
            let ms = median { _ = layout.snapshot(of: model, viewport: config.size).itemCount }
            report.set("\(prefix)_\(name)_ms", ms, digits: 1)
        }
        // The engine's first layout (a relayout after an edit costs the same for a grid: O(sections)).
        let ms = median {
            _ = Engine(model: model, layout: .grid(FlowLayout()), viewport: config.size).flatIDs.count
        }
        report.set("\(prefix)_engine_init_ms", ms, digits: 1)
        // Ctrl+N's edit (a fresh id, the insert, the relayout, the title opened for typing): one
        // frame's work in the app, so it must not be O(N) of anything slow.
        let engine = Engine(model: model, layout: .grid(FlowLayout()), viewport: config.size)
        let add = median {
            var e = engine
            _ = e.addItem(at: IndexPath(section: 0, item: 0), t: 0)
        }
        report.set("\(prefix)_add_item_ms", add, digits: 2)
        sweep(config, into: &report, median: median)
        return report
    }

    /// Every layout at 1k, 10k, 100k and 1M items (up to --layout-items): the layout time, and the
    /// mean time of a window-sized items-in-rect query at random scroll positions (what a frame asks).
    static func sweep(_ config: BenchConfig, into report: inout BenchReport, median: (() -> Void) -> Double) {
        let layouts: [(String, any CollectionLayout)] = [("flow", FlowLayout()), ("masonry", MasonryLayout()), ("board", BoardLayout())]
        for n in [1_000, 10_000, 100_000, 1_000_000] where n <= config.layoutItems {
            let model = SampleData.generated(count: n)
            let label = n >= 1_000_000 ? "\(n / 1_000_000)m" : "\(n / 1000)k"
            for (name, layout) in layouts {
                var snapshot: LayoutSnapshot?
                let ms = median { snapshot = layout.snapshot(of: model, viewport: config.size) }
                report.set("sweep_\(label)_\(name)_layout_ms", ms, digits: 2)
                guard let l = snapshot else { continue }
                var rng = SeededRandom(seed: 7)
                let queries = 2000
                let pane: Int? = l.panes.isEmpty ? nil : 0
                var found = 0
                let t = BenchClock.ms()
                for _ in 0..<queries {
                    let y = Double(rng.next() % UInt64(Swift.max(1, Int(l.contentSize.height))))
                    found += l.items(in: Rect(x: 0, y: y, width: config.size.width, height: config.size.height), pane: pane).count
                }
                report.set("sweep_\(label)_\(name)_query_us", (BenchClock.ms() - t) * 1000 / Double(queries), digits: 2)
                report.set("sweep_\(label)_\(name)_query_items", found / queries)
            }
        }
    }
}
