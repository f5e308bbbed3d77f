import TesseraApp
import TesseraCore
import TesseraX11

/// The paths a user takes besides scrolling and dragging with the mouse, each timed frame by frame
/// as the other scripts are (`<prefix>_work_*`, `_frames_over_16_7`, the parts): a keyboard move,
/// undo and redo, and the animated layout switches. `--script paths` runs these and the drags of
/// BenchmarkRunner+Drags.swift; `all` runs them after the others.
extension BenchmarkRunner {
    /// Runs `count` frames at 60 Hz of engine time (paced in real time unless --fast) with the input
    /// `input(i)` gives frame i; `observe` sees the engine after each. Reports the frames under `prefix`.
    func timedFrames(_ prefix: String, count: Int, input: (Int) -> [InputEvent], observe: (Int) -> Void = { _ in },
                     after: (Int) -> [InputEvent] = { _ in [] }) {
        var sections = Sections()
        let t0 = MonotonicClock.now() + 0.02
        for i in 0..<count {
            let t = t0 + Double(i) / 60
            if config.pacedDrag { BenchClock.sleep(untilMs: t * 1000) }
            let f = frame(at: t, input: input(i), after: after(i))
            sections.add(f)
            if Self.dumpsFrames { dumpFrame(prefix, i, f) }
            observe(i)
            checkWatchdog(prefix)
        }
        reportFrames(prefix, sections)
        reportParts(prefix, sections)
    }

    /// One stderr line for frame `i` of a timed script (`TESSERA_BENCH_DUMP=1`).
    func dumpFrame(_ prefix: String, _ i: Int, _ f: FrameTime) {
        StandardStreams.error("\(prefix) \(i) at \(MonotonicClock.now()) engine \(f.engine) render \(f.render) present \(f.present) painted \(shell.cellImageMisses()) \(shell.lastFrameFigures) after \(f.after)\n")
    }

    /// Closes whatever an earlier script left open, clears marks and goes to the top; not timed.
    func startFresh(_ extra: [InputEvent] = []) {
        frame(at: MonotonicClock.now(), input: [.key(.escape), .key(.escape), .key(.escape), .key(.home)] + extra)
        settle()
        idle(ms: 100)
    }

    /// The keyboard move (`keyboard`): the first tile selected, Space lifts it, six steps right and
    /// three rows down (the neighbours slide aside, the view follows), Space drops it.
    func keyboardPhase() {
        startFresh([.key(.right), .key(.left)])
        let picked = engine.navigation.selection
        let before = picked.flatMap { engine.model.indexPath(of: $0) }
        func input(_ i: Int) -> [InputEvent] {
            switch i {
            case 0: return [.key(.space)]
            case 10, 18, 26, 34, 42, 50: return [.key(.right)]
            case 60, 70, 80: return [.key(.down)]
            case 100: return [.key(.space)]
            default: return []
            }
        }
        timedFrames("keyboard", count: 130, input: input)
        let after = picked.flatMap { engine.model.indexPath(of: $0) }
        report.set("keyboard_moved", before != nil && after != nil && before != after && !engine.isDragging)
    }

    /// Undo and redo (`undo`): a tile moved to the 40th place (not timed) is undone and redone, then
    /// a tile dropped into the next one (a new folder) is undone and redone; each slides back or
    /// out of the folder's cell over the frames that follow.
    func undoPhase() {
        startFresh()
        let items = engine.model.sections[0].items
        guard items.count > 42, items[0].isMovable, items[1].isMovable, !items[1].isFolder, items[2].isMovable else {
            report.set("undo_frames", 0)
            return
        }
        let moved = items[0].id, dropped = items[1].id, target = items[2].id
        let ctrlZ = InputEvent.key(.character("z"), [.control]), ctrlShiftZ = InputEvent.key(.character("z"), [.control, .shift])
        _ = try? engine.update(at: MonotonicClock.now()) { (u: inout ModelUpdates) throws(ModelEditError) in
            try u.move(moved, to: IndexPath(section: 0, item: 40))
        }
        settle()
        var undone = false, redone = false
        timedFrames("undo_move", count: 80, input: { $0 == 0 ? [ctrlZ] : $0 == 40 ? [ctrlShiftZ] : [] }) { i in
            if i == 39 { undone = self.engine.model.indexPath(of: moved)?.item == 0 }
            if i == 79 { redone = self.engine.model.indexPath(of: moved)?.item == 40 }
        }
        // Into a folder: the drop makes one of the two tiles.
        let folder = try? engine.update(at: MonotonicClock.now()) { (u: inout ModelUpdates) throws(ModelEditError) -> ItemID in
            try u.drop(dropped, onto: target, near: IndexPath(section: 0, item: 1), targetNear: IndexPath(section: 0, item: 2))
        }
        settle()
        var folderUndone = false, folderRedone = false
        timedFrames("undo_folder", count: 80, input: { $0 == 0 ? [ctrlZ] : $0 == 40 ? [ctrlShiftZ] : [] }) { i in
            if i == 39 { folderUndone = self.engine.model.indexPath(of: dropped)?.child == nil }
            if i == 79 { folderRedone = folder != nil && self.engine.model.indexPath(of: dropped)?.child != nil }
        }
        report.set("undo_move_undone_and_redone", undone && redone)
        report.set("undo_folder_undone_and_redone", folderUndone && folderRedone)
    }

    /// The layout switches (`layouts`): grid → masonry → board → grid, each animated (every tile on
    /// screen flies to its new place) over the 40 frames before the next.
    func layoutsPhase() {
        startFresh()
        var reached: [LayoutChoice] = []
        let keys = ["2", "3", "1"]
        timedFrames("layouts", count: 120, input: { i in i % 40 == 0 ? [.key(.character(keys[i / 40]))] : [] }) { i in
            if i % 40 == 39 { reached.append(self.engine.layoutChoice) }
        }
        report.set("layouts_reached", reached == [.masonry, .board, .grid])
    }
}
