#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TesseraCairo
import TesseraApp
import TesseraStore
import TesseraCore
import TesseraX11

/// Drives the real engine, renderer and window through the peers' script (see bench/README.md).
///
/// A frame's work = drain X events, feed the frame's input, `advance`, build the scene, render it
/// into the back buffer, present it and wait for the X round trip (`XSync`), as the peers end each
/// frame with `gdk_display_sync` / `QGuiApplication::sync`. Engine, render and present times are
/// also kept apart (the `*_engine_*`, `*_render_*`, `*_present_*` keys) to show where time goes.
@MainActor
final class BenchmarkRunner {
    let config: BenchConfig
    let shell: X11Shell
    var engine: Engine
    /// Reads the rest of a store given with --state (nil once it has).
    var loader: StoreLoader?
    var report = BenchReport()
    let startMs: Double
    /// Idle-time prefetch after frames that painted any upcoming cell (ms).
    var prefetchTimes = Samples()

    struct FrameTime {
        var engine: Double
        var render: Double
        var present: Double
        /// The engine's work once the frame is on screen (`Engine.finishFrame()`, and what the app
        /// hands over then): not part of the frame's work, but it must end before the next tick.
        var after = 0.0
        var total: Double { engine + render + present }
    }

    /// Per-section samples of a phase.
    struct Sections {
        var total = Samples(), engine = Samples(), render = Samples(), present = Samples(), after = Samples()
        /// Frames whose work and the work after them took longer than a 60 Hz interval.
        var late = 0
        mutating func add(_ f: FrameTime) {
            total.add(f.total); engine.add(f.engine); render.add(f.render); present.add(f.present); after.add(f.after)
            if f.total + f.after > 1000.0 / 60 { late += 1 }
        }
    }

    /// A script's frames: how many, the frame work's median / p99 / mean / max, and how many took
    /// longer than a 60 Hz frame (`<prefix>_frames`, `_work_*`, `_frames_over_16_7`).
    func reportFrames(_ prefix: String, _ sections: Sections) {
        report.set("\(prefix)_frames", sections.total.count)
        report.setStats("\(prefix)_work", sections.total)
        report.set("\(prefix)_frames_over_16_7", sections.total.countAbove(1000.0 / 60))
    }

    /// Where a script's frame work went: the engine, the renderer, the present (median, p99, max);
    /// the engine's work after each frame, and the frames it made late (the work before and after
    /// the present over a 60 Hz interval: the next frame could not start on time).
    func reportParts(_ prefix: String, _ sections: Sections) {
        report.setStats("\(prefix)_engine", sections.engine, withMean: false)
        report.setStats("\(prefix)_render", sections.render, withMean: false)
        report.setStats("\(prefix)_present", sections.present, withMean: false)
        report.setStats("\(prefix)_after_frame", sections.after, withMean: false)
        report.set("\(prefix)_frames_late", sections.late)
    }

    private init(config: BenchConfig, shell: X11Shell, engine: Engine, startMs: Double) {
        self.config = config
        self.shell = shell
        self.engine = engine
        self.startMs = startMs
    }

    /// Runs the configured script and prints the JSON line; returns the exit code.
    static func run(_ config: BenchConfig) -> Int32 {
        let startMs = BenchClock.ms()
        var report = BenchReport()
        report.set("peer", "tessera-swift-\(config.layout.rawValue)")
        report.set("renderer", "cairo-image")
        report.set("n", config.items)

        // Fonts and icons load on a second thread while the model is built and the window made.
        let warmUp = EarlyWarmUp.take()

        // Populate: the model, as the peers build their item models.
        let tp = BenchClock.ms()
        var partial = false
        var loader: StoreLoader?
        let model: CollectionModel
        if let path = config.state {
            // From a store, as the app starts: the first screen now, the rest behind it.
            do throws(StoreError) {
                let store = try CollectionStore(path: path)
                let first = try store.firstScreen(limit: 400)
                store.close()
                model = first.model
                if !first.complete {
                    partial = true
                    loader = StoreLoader(path: path, fallback: { SampleData.model() }, log: { StandardStreams.error("tessera: \($0)\n") })
                }
            } catch {
                StandardStreams.error("tessera: bench: store \(path): \(error.description)\n")
                return 1
            }
            report.set("store_items_first_screen", model.topLevelCount)
        } else {
            model = SampleData.generated(count: config.items, sections: 1)
        }
        report.set("populate_ms", BenchClock.ms() - tp, digits: 1)

        // Layout: the engine computes its snapshot (all frames) and flat ids up front.
        let tl = BenchClock.ms()
        // `consume`: the engine owns the only reference, so its edits never copy the items.
        let engine = Engine(model: consume model, layout: config.collectionLayout,
                            viewport: config.size, policy: config.policy, now: MonotonicClock.now(), partial: partial)
        report.set("layout_ms", BenchClock.ms() - tl, digits: 1)

        let shell: X11Shell
        let to = BenchClock.ms()
        do {
            // As the app: the first screen's cells are painted on the warm-up thread meanwhile.
            shell = try X11Shell.open(displayName: nil, size: config.size, scale: 1, assetDirectory: AssetLocator.find(),
                                      renderer: warmUp, firstScene: { _ in engine.scene() })
        } catch {
            StandardStreams.error("\(error)\n")
            return 1
        }
        // Start-up breakdown: the shell's open (connect, window, waiting for the warm-up thread)
        // and the warm-up thread's own work (fontconfig, fonts, glyphs, icons), which overlaps.
        report.set("shell_open_ms", BenchClock.ms() - to, digits: 2)
        report.set("x_connect_ms", shell.connectMilliseconds, digits: 2)
        report.set("renderer_wait_ms", shell.rendererWaitMilliseconds, digits: 2)
        report.set("warmup_busy_ms", warmUp.busyMilliseconds, digits: 2)
        report.set("warmup_icons_ms", warmUp.iconMilliseconds, digits: 2)
        report.set("warmup_fonts_ms", warmUp.fontMilliseconds, digits: 2)
        report.set("warmup_paint_ahead_ms", warmUp.paintAheadMilliseconds, digits: 2)
        report.set("warmup_cells_painted", warmUp.cellsPaintedAhead)
        let runner = BenchmarkRunner(config: config, shell: shell, engine: consume engine, startMs: startMs)
        runner.report = report
        runner.loader = loader
        let code = runner.runScript()
        shell.shutdown()
        return code
    }

    private func runScript() -> Int32 {
        firstFrame()
        if let loader {
            // The rest of the store: spawn → the whole collection in the engine, scrollable.
            loader.wait()
            guard case .loaded(let whole)? = loader.take() else { StandardStreams.error("tessera: bench: the store could not be read whole\n"); return 1 }
            let t = BenchClock.ms()
            engine.complete(with: whole, at: MonotonicClock.now())
            report.set("store_complete_ms", BenchClock.ms() - t, digits: 1)
            frame(at: MonotonicClock.now())
            report.set("store_whole_ms", config.spawnRealtimeMs.map { BenchClock.realtimeMs() - $0 } ?? -1, digits: 1)
            report.set("n", engine.model.topLevelCount)
            self.loader = nil
        }
        switch config.script {
        case .scroll:
            scrollPhase()
            movePhase()
        case .drag:
            dragPhase()
        case .folder:
            folderPhase()
        case .group:
            groupPhase()
        case .keyboard: keyboardPhase()
        case .undo: undoPhase()
        case .layouts: layoutsPhase()
        case .masonry: masonryPhase()
        case .drop: dropPhase()
        case .board: boardPhase()
        case .resize: resizePhase()
        case .expose: exposePhase()
        case .touch: touchPhase()
        case .paths:
            pathsPhases()
        case .all, .layout, .store:
            scrollPhase()
            movePhase()
            dragPhase()
            folderPhase()
            groupPhase()
            // The paths start from a fresh collection of the same size, as `--script paths` does:
            // what the scripts before left (a folder made at the end, a moved group) is not theirs.
            engine = Engine(model: SampleData.generated(count: engine.model.topLevelCount, sections: 1),
                            layout: config.collectionLayout, viewport: config.size, policy: config.policy,
                            now: MonotonicClock.now())
            pathsPhases()
        }
        report.set("prefetch_frames", prefetchTimes.count)
        report.set("prefetch_median_ms", prefetchTimes.median)
        report.set("prefetch_max_ms", prefetchTimes.max)
        report.set("wall_ms", BenchClock.ms() - startMs, digits: 1)
        BenchReport.emit(report)
        return 0
    }

    /// Every path besides scroll, move and the grid drags (BenchmarkRunner+Paths, +Drags); the
    /// board last, as it replaces the collection with one of three lists.
    private func pathsPhases() {
        keyboardPhase()
        undoPhase()
        layoutsPhase()
        masonryPhase()
        dropPhase()
        resizePhase()
        touchPhase()
        boardPhase()
    }

    // MARK: - One frame

    /// One frame's work at engine time `t` (seconds), ending with the X round trip; then, as the
    /// app does once the frame is on screen, the engine's `finishFrame()` and the events in
    /// `after` (what the files service hands over then: pictures' shapes), timed apart.
    /// With `prefetch` false the idle-time prefetch is the caller's to run (after it has read the
    /// clock: the first frame and the move's frame end when they are presented).
    @discardableResult
    func frame(at t: Double, input: [InputEvent] = [], after: [InputEvent] = [], prefetch: Bool = true) -> FrameTime {
        let a = BenchClock.ms()
        shell.discardPendingEvents()
        for event in input { engine.handle(event, at: t) }
        engine.beginFrame(at: t)
        _ = engine.takeEffects()
        _ = engine.takeNeedsDisplay()
        let scene = engine.scene()
        let b = BenchClock.ms()
        shell.render(scene)
        let c = BenchClock.ms()
        shell.presentAndSync()
        let d = BenchClock.ms()
        engine.finishFrame()
        for event in after { engine.handle(event, at: t) }
        let e = BenchClock.ms()
        if prefetch { prefetchUpcoming(frameStart: a) }
        return FrameTime(engine: b - a, render: c - b, present: d - c, after: e - d)
    }

    /// After a frame is on screen, in the idle time before the next tick (as the app's loop does
    /// at 60 Hz: until 3 ms before the frame `frameStart` (ms) is followed by, or within the
    /// resting budget when the engine has nothing due): paint the cells about to scroll in and
    /// the new sizes of tiles changing size. Not part of any frame's work; timed apart.
    func prefetchUpcoming(frameStart: Double = BenchClock.ms()) {
        let p0 = BenchClock.ms()
        let next = engine.nextDeadline == nil ? nil : (frameStart + 1000.0 / 60) / 1000
        let painted = shell.prefetchInIdleTime(before: next)
        if Self.dumpsFrames { StandardStreams.error("idle: \(painted) cells prepared in \(BenchClock.ms() - p0) ms\n") }
        if painted > 0 { prefetchTimes.add(BenchClock.ms() - p0) }
    }

    /// Draws frames at 60 Hz until the engine has nothing left to animate (at most 2 s).
    func settle() {
        let end = BenchClock.ms() + 2000
        while engine.nextDeadline != nil, BenchClock.ms() < end {
            BenchClock.sleep(untilMs: BenchClock.ms() + 1000.0 / 60)
            frame(at: MonotonicClock.now())
        }
    }

    /// Sleeps `ms` while keeping the X queue empty.
    func idle(ms: Double) {
        shell.discardPendingEvents()
        BenchClock.sleep(untilMs: BenchClock.ms() + ms)
        shell.discardPendingEvents()
    }

    /// Past PEERBENCH_WATCHDOG: print what there is and exit 3, like the peers.
    func checkWatchdog(_ phase: String) {
        guard BenchClock.ms() - startMs > config.watchdog * 1000 else { return }
        StandardStreams.error("tessera bench: watchdog in \(phase)\n")
        report.set("watchdog", phase)
        BenchReport.emit(report)
        exit(3)
    }

    // MARK: - Startup

    /// Map, draw and present the first frame: startup_ms is spawn (PEERBENCH_T0_NS) to here.
    private func firstFrame() {
        let tm = BenchClock.ms()
        shell.mapAndSync()
        report.set("map_ms", BenchClock.ms() - tm, digits: 2)
        report.set("main_to_map_ms", tm - startMs, digits: 2)
        let f = frame(at: MonotonicClock.now(), input: [.resize(shell.windowSize)], prefetch: false)
        let now = BenchClock.ms()
        report.set("startup_ms", config.spawnRealtimeMs.map { BenchClock.realtimeMs() - $0 } ?? -1, digits: 1)
        report.set("main_to_frame_ms", now - startMs, digits: 1)
        // Start-up before the benchmark's own code: to `main`, then to here (arguments parsed).
        report.set("spawn_to_main_ms", BenchReport.spawnToMain, digits: 1)
        report.set("spawn_to_run_ms", config.spawnRealtimeMs.map { BenchClock.realtimeMs() - $0 - (now - startMs) } ?? -1, digits: 1)
        // As the app: the rest of the store is read once the first frame is shown.
        loader?.start()
        prefetchUpcoming()
        report.set("first_frame_ms", f.total, digits: 2)
        report.set("first_frame_loads", shell.lastFrameFigures.loads)
        report.set("first_frame_cells_painted", shell.cellImageMisses())
        report.set("shm", shell.presentsWithSharedMemory)
        // As the app's loop does in its idle time after the first frame, and in the moments after.
        shell.finishStartup()
        while shell.warmTextInIdle() {}
        // As Qt's peer: start scrolling 300 ms after the first frame.
        idle(ms: 300)
    }

    // MARK: - Scroll (as qt_peer.cpp: a 16 ms precise timer, +STEP px per tick, clamped at the end)

    private func scrollPhase() {
        let intervalMs = 16.0
        var sections = Sections()
        var intervals = Samples(capacity: config.frames)
        let wheelAt = Point(x: config.size.width / 2, y: config.size.height / 2)
        var next = BenchClock.ms() + intervalMs
        var previous: Double?
        var painted = Samples(capacity: config.frames)
        var copies = 0
        _ = shell.cellImageMisses()
        for _ in 0..<config.frames {
            BenchClock.sleep(untilMs: next)
            let t0 = BenchClock.ms()
            // Re-armed before the work, as QTimer does: a late tick fires the next one 16 ms from now.
            next += intervalMs
            if next < t0 { next = t0 + intervalMs }
            if let p = previous { intervals.add(t0 - p) }
            previous = t0
            sections.add(frame(at: t0 / 1000, input: [.wheel(dx: 0, dy: config.step, at: wheelAt)]))
            let figures = shell.lastFrameFigures
            painted.add(figures.paintedPixels)
            if figures.copied { copies += 1 }
            checkWatchdog("scroll")
        }
        report.set("frames", sections.total.count)
        report.setStats("work", sections.total, withMax: false)
        report.set("work_max_ms", sections.total.max)
        report.set("interval_median_ms", intervals.median)
        report.set("interval_p99_ms", intervals.p99)
        report.set("scroll_end_offset", engine.offsets.root.y, digits: 0)
        // How the frames were made: scrolled by copying pixels, how much was repainted, how many
        // cells were painted afresh rather than from their cached images.
        report.set("scroll_copied_frames", copies)
        report.set("scroll_painted_px_median", painted.median, digits: 0)
        report.set("scroll_cells_painted", shell.cellImageMisses())
        report.set("scroll_cache_kb", shell.cachedImageBytes / 1024)
        report.setStats("scroll_engine", sections.engine, withMax: false, withMean: false)
        report.setStats("scroll_render", sections.render, withMax: false, withMean: false)
        report.setStats("scroll_present", sections.present, withMax: false, withMean: false)
    }

    // MARK: - Move 0 -> N/2 (as the peers: model op, then op + relayout + next presented frame)
    //
    // move_model_ms: the model op inside `Engine.update`; move_relayout_ms: the rest of the call
    // (the incremental relayout); move_work_ms: both and the next frame presented.

    private func movePhase() {
        // Back to the top, then 200 ms, as qt_peer.cpp. Home eases the scroll: run its frames to
        // the end first (the peers jump there in one), so the move's frame shows only the move.
        frame(at: MonotonicClock.now(), input: [.key(.home)])
        settle()
        idle(ms: 200)
        // To the middle of the first section: all N items of generated ones, a third of a store's.
        let count = engine.model.sections.first?.items.count ?? 0
        guard count >= 2, let first = engine.flatIDs.first else { return }
        let destination = IndexPath(section: 0, item: count / 2)
        // The engine's incremental move (`Engine.update`, which `Engine.move` wraps): the model op
        // edits the engine's model in place (the item is found at the hint, no scan), then one
        // relayout in proportion to what moved — for a grid, section geometry plus the cells on
        // screen. Not animated, as the peers. Then the next frame, presented.
        var t1 = 0.0
        let t0 = BenchClock.ms()
        do {
            try engine.update(at: MonotonicClock.now(), animated: false) { (u: inout ModelUpdates) throws(ModelEditError) in
                try u.move(first, to: destination, near: IndexPath(section: 0, item: 0))
                t1 = BenchClock.ms()
            }
        } catch {
            StandardStreams.error("tessera bench: move refused: \(error)\n")
            return
        }
        let t2 = BenchClock.ms()
        _ = shell.cellImageMisses()
        let moved = frame(at: MonotonicClock.now(), prefetch: false)
        let t3 = BenchClock.ms()
        let painted = shell.cellImageMisses()
        prefetchUpcoming()
        report.set("move_frame_cells_painted", painted)
        report.set("move_frame_painted_px", shell.lastFrameFigures.paintedPixels, digits: 0)
        report.set("move_frame_rects", shell.lastFrameFigures.rects)
        report.set("move_frame_loads", shell.lastFrameFigures.loads)
        report.set("move_frame_engine_ms", moved.engine)
        report.set("move_frame_render_ms", moved.render)
        report.set("move_frame_present_ms", moved.present)
        report.set("move_model_ms", t1 - t0)
        report.set("move_relayout_ms", t2 - t1)
        report.set("move_work_ms", t3 - t0)
        report.set("move_latency_ms", t3 - t0)
        checkWatchdog("move")
    }

    // MARK: - Drag

    /// Press and hold an item, lift it, carry it into the bottom edge zone (the surface autoscrolls
    /// for 2 s), bring it back up and rest at a gap until it moves there (neighbours animate), then at
    /// another gap, and drop it. 300 frames at 60 Hz of engine time (paced in real time unless
    /// --fast); every frame is rendered and presented.
    func dragPhase() {
        let hz = 60.0
        let size = config.size
        // Where the drag happens: the top of the collection, or its middle (the engine's per-frame
        // lookups by id scan the model, so the middle shows their cost).
        if config.dragAt == .middle, config.items > 0 {
            let mid = engine.snapshot.frames[engine.snapshot.frames.count / 2]
            let dy = mid.minY - size.height / 4 - engine.offsets.root.y
            frame(at: MonotonicClock.now(), input: [.wheel(dx: 0, dy: dy, at: Point(x: size.width / 2, y: size.height / 2))])
        } else {
            frame(at: MonotonicClock.now(), input: [.key(.home)])
        }
        idle(ms: 100)
        guard let start = pressPoint() else {
            report.set("drag_frames", 0)
            return
        }
        let bottom = Point(x: start.x, y: size.height - 12)
        // Gaps: the left edge band of column 6, then of column 2, in the row at mid-height.
        let row = (size.height / 2 / 96).rounded(.down) * 96 + 48
        let gapA = Point(x: 6 * 96 + 4, y: row)
        let gapB = Point(x: 2 * 96 + 4, y: row)
        func lerp(_ a: Point, _ b: Point, _ k: Double) -> Point {
            Point(x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k)
        }
        func input(_ i: Int) -> [InputEvent] {
            switch i {
            case 0: return [.pointerDown(start)]
            case 1...35: return []                                                     // hold: lifts at 0.5 s
            case 36...59: return [.pointerMove(lerp(start, bottom, Double(i - 35) / 24))]
            case 60...179: return []                                                   // bottom edge: autoscroll
            case 180...199: return [.pointerMove(lerp(bottom, gapA, Double(i - 179) / 20))]
            case 200...235: return []                                                  // reorder dwell (0.5 s)
            case 236...241: return [.pointerMove(lerp(gapA, gapB, Double(i - 235) / 6))]
            case 242...279: return []                                                  // second reorder
            case 280: return [.pointerUp(gapB)]
            default: return []                                                         // settle (0.25 s)
            }
        }
        let frames = 300
        var sections = Sections()
        var reorderFrames = Samples()
        var lifted = false
        let offsetBefore = engine.offsets.root.y
        _ = shell.cellImageMisses()
        var maxOffset = offsetBefore
        var loads = Samples()
        let t0 = MonotonicClock.now() + 0.02
        for i in 0..<frames {
            let t = t0 + Double(i) / hz
            if config.pacedDrag { BenchClock.sleep(untilMs: t * 1000) }
            let snapshotBefore = engine.snapshot
            let f = frame(at: t, input: input(i))
            sections.add(f)
            loads.add(Double(shell.lastFrameFigures.loads))
            if engine.snapshot !== snapshotBefore { reorderFrames.add(f.total) }
            if engine.isDragging { lifted = true }
            maxOffset = Swift.max(maxOffset, engine.offsets.root.y)
            checkWatchdog("drag")
        }
        reportFrames("drag", sections)
        report.set("drag_lifted", lifted)
        report.set("drag_autoscrolled_px", maxOffset - offsetBefore, digits: 0)
        report.set("drag_reorders", reorderFrames.count)
        report.set("drag_cells_painted", shell.cellImageMisses())
        report.set("drag_cache_kb", shell.cachedImageBytes / 1024)
        report.set("drag_reorder_frame_max_ms", reorderFrames.max)
        report.set("drag_loads_max", loads.max, digits: 0)
        reportParts("drag", sections)
    }

    /// The centre of a movable item near the top-left of the window (row 2, column 4 or after).
    private func pressPoint() -> Point? {
        for row in 1..<6 {
            for column in 3..<12 {
                let p = Point(x: Double(column) * 96 + 48, y: Double(row) * 96 + 48)
                guard let item = engine.item(at: p), item.isMovable, let f = engine.drawnFrame(of: item.id) else { continue }
                return f.center
            }
        }
        return nil
    }
}
