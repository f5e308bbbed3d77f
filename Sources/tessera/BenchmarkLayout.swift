import Foundation
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
            _ = Engine(model: model, layout: FlowLayout(), viewport: config.size).flatIDs.count
        }
        report.set("\(prefix)_engine_init_ms", ms, digits: 1)
        return report
    }
}
