#if canImport(Glibc)
import Glibc
#endif
import TesseraApp
import TesseraCore
import TesseraStore

/// `tessera bench --script store`: the store alone, no window. Writes a store of N generated items
/// (or uses the one at --state), opens it, reads the first screen and the whole collection, then
/// saves 60 drops (moves within and across sections, into folders, out of them) one by one,
/// each timed to its durable commit, with the bytes its thread wrote (/proc/thread-self/io).
enum StoreBenchmark {
    static func run(items: Int, path: String?) -> BenchReport {
        var report = BenchReport()
        let file = path ?? "/tmp/tessera-bench-store-\(getpid()).db"
        defer { if path == nil { for s in ["", "-wal", "-shm"] { unlink(file + s) } } }
        report.set("store_items", items)
        report.set("sqlite_version", SQLiteConnection.libraryVersion)
        var fresh = access(file, F_OK) != 0
        if fresh {
            let model = SampleData.generated(count: items, sections: 3)
            let t0 = BenchClock.ms(), io0 = ThreadIO.now()
            do {
                close(open(file, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600))
                let store = try CollectionStore(path: file, create: true)
                try store.replaceAll(with: model)
                store.close()
            } catch {
                report.set("error", "\(error)")
                return report
            }
            report.set("store_write_ms", BenchClock.ms() - t0, digits: 1)
            if let a = io0, let b = ThreadIO.now() { report.set("store_write_bytes", (b - a).writeCalls) }
            fresh = true
        }
        var st = stat()
        if stat(file, &st) == 0 { report.set("store_file_bytes", Int(st.st_size)) }
        let t1 = BenchClock.ms()
        let store: CollectionStore
        do { store = try CollectionStore(path: file) } catch {
            report.set("error", "\(error)")
            return report
        }
        let t2 = BenchClock.ms()
        report.set("store_open_ms", t2 - t1)
        guard let first = try? store.firstScreen(limit: 500) else { report.set("error", "first screen"); return report }
        report.set("store_first_screen_ms", BenchClock.ms() - t2)
        report.set("store_first_screen_items", first.model.topLevelCount)
        // Each read three times, the median reported: one read of 1M rows swings by a quarter on a
        // busy machine.
        var scan = Samples(), whole = Samples(), whole2 = Samples()
        var model = first.model
        do {
            for _ in 0..<3 {
                let ts = BenchClock.ms()
                _ = try store.scanOnly()
                scan.add(BenchClock.ms() - ts)
                let t3 = BenchClock.ms()
                model = CollectionModel(sections: [])
                model = try store.readAll()
                whole.add(BenchClock.ms() - t3)
                let t4 = BenchClock.ms()
                model = CollectionModel(sections: [])
                model = try store.readAll(partitions: 2)
                whole2.add(BenchClock.ms() - t4)
            }
        } catch {
            report.set("error", "\(error)")
            return report
        }
        report.set("store_scan_only_ms", scan.median, digits: 1)
        report.set("store_read_all_ms", whole.median, digits: 1)
        report.set("store_read_all_2_threads_ms", whole2.median, digits: 1)
        report.set("store_read_items", model.allIDs.count)

        var rng = SeededRandom(seed: 42)
        var ms = Samples(), bytes = Samples(), rows = Samples()
        for k in 0..<60 {
            var log = EditLog()
            let s = Int(rng.next() % 3), d = Int(rng.next() % 3)
            let count = model.sections[s].items.count
            guard count > 2 else { break }
            let from = Int(rng.next() % UInt64(count))
            let id = model.sections[s].items[from].id
            do {
                switch k % 6 {
                case 4:
                    // Onto its neighbour: a new folder, or into the folder there.
                    let other = model.sections[s].items[(from + 1) % count].id
                    try model.drop(id, onto: other, near: IndexPath(section: s, item: from), targetNear: nil, log: &log)
                default:
                    let to = Int(rng.next() % UInt64(model.sections[d].items.count))
                    try model.move(id, to: IndexPath(section: d, item: to), near: IndexPath(section: s, item: from), log: &log)
                }
            } catch { continue }
            let io0 = ThreadIO.now(), t = BenchClock.ms()
            guard let r = try? store.save(model, footprint: log.footprint) else { report.set("error", "save"); return report }
            ms.add(BenchClock.ms() - t)
            if let a = io0, let b = ThreadIO.now() { bytes.add(Double((b - a).writeCalls)) }
            rows.add(Double(r.rows))
            store.checkpointIfLarge()
        }
        report.setStats("save", ms)
        report.set("save_bytes_median", Int(bytes.median))
        report.set("save_bytes_max", Int(bytes.max))
        report.set("save_rows_median", Int(rows.median))
        report.set("save_rows_max", Int(rows.max))
        // The write-ahead log copied back into the database: what a checkpoint costs, now and then.
        let io0 = ThreadIO.now(), t = BenchClock.ms()
        let frames = store.checkpoint()
        report.set("checkpoint_ms", BenchClock.ms() - t)
        if let a = io0, let b = ThreadIO.now() { report.set("checkpoint_bytes", (b - a).writeCalls) }
        report.set("checkpoint_frames", frames)
        report.set("rss_peak_kb", peakRSSKilobytes())
        return report
    }

    static func peakRSSKilobytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }
}
