import Glibc
import TesseraApp
import TesseraCore
import TesseraX11

/// The group path (`--script group`, also in `all`): 50 items marked as a user would (a Ctrl+click
/// on the first, a Shift+click on the 50th in reading order), the middle one held until the group
/// lifts (the members fly into the stack, their slots close), carried to the bottom edge
/// (autoscroll), dwelt at a gap (the group's reorder), and dropped (the stack fans out into 50
/// slots). Every frame rendered and presented at 60 Hz of engine time (paced unless --fast).
extension BenchmarkRunner {
    static let groupSize = 50
    /// TESSERA_BENCH_DUMP=1: one stderr line per frame of the timed scripts (when it ended on
    /// CLOCK_MONOTONIC, to find it in a `perf record -k CLOCK_MONOTONIC`; its parts, cells painted, loads).
    static let dumpsFrames = getenv("TESSERA_BENCH_DUMP") != nil

    func groupPhase() {
        let size = config.size
        // Whatever an earlier script left open (a folder, a detail view) closes, and nothing is marked.
        frame(at: MonotonicClock.now(), input: [.key(.escape), .key(.escape), .key(.escape), .key(.home)])
        settle()
        idle(ms: 100)
        // The first item on screen and the 50th after it: both clicked where they are drawn.
        let visible = engine.snapshot.visibleItems(offsets: engine.offsets).filter {
            let f = engine.snapshot.windowFrame(ofFlat: $0, offsets: engine.offsets)
            return f.minY >= 0 && f.maxY <= size.height
        }
        guard visible.count > Self.groupSize, let first = visible.first else {
            report.set("group_frames", 0)
            return
        }
        let last = visible[Self.groupSize - 1], held = visible[Self.groupSize / 2]
        func center(_ flat: Int) -> Point { engine.snapshot.windowFrame(ofFlat: flat, offsets: engine.offsets).center }
        let a = center(first), b = center(last), start = center(held)
        let bottom = Point(x: start.x, y: size.height - 12)
        let row = (size.height / 2 / 96).rounded(.down) * 96 + 48
        let gap = Point(x: 6 * 96 + 4, y: row)
        func lerp(_ p: Point, _ q: Point, _ k: Double) -> Point { Point(x: p.x + (q.x - p.x) * k, y: p.y + (q.y - p.y) * k) }
        func input(_ i: Int) -> [InputEvent] {
            switch i {
            case 0: return [.pointerDown(a, [.control])]
            case 2: return [.pointerUp(a)]
            case 6: return [.pointerDown(b, [.shift])]
            case 8: return [.pointerUp(b)]
            case 12: return [.pointerMove(start), .pointerDown(start)]
            case 13...47: return []                                                     // hold: the group lifts at 0.5 s
            case 48...71: return [.pointerMove(lerp(start, bottom, Double(i - 47) / 24))]
            case 72...131: return []                                                    // bottom edge: autoscroll
            case 132...151: return [.pointerMove(lerp(bottom, gap, Double(i - 131) / 20))]
            case 152...191: return []                                                   // reorder dwell (0.5 s)
            case 192: return [.pointerUp(gap)]
            default: return []                                                          // the fan-out (0.25 s and the stagger)
            }
        }
        var carried = 0, landed = false
        let offsetBefore = engine.offsets.root.y
        var maxOffset = offsetBefore
        _ = shell.cellImageMisses()
        timedFrames("group", count: 240, input: input) { i in
            if let lift = engine.session.lift { carried = Swift.max(carried, lift.group.count + 1) }
            if i > 192, engine.session.phase == .idle { landed = true }
            maxOffset = Swift.max(maxOffset, engine.offsets.root.y)
        }
        report.set("group_carried", carried)
        report.set("group_landed", landed)
        // Landed together: the marks (the group, where it landed) are consecutive places.
        let places = engine.navigation.marks.ordered.map(\.path)
        report.set("group_together", places.count == carried && zip(places, places.dropFirst()).allSatisfy {
            $0.section == $1.section && $1.item == $0.item + 1
        })
        report.set("group_autoscrolled_px", maxOffset - offsetBefore, digits: 0)
        report.set("group_cells_painted", shell.cellImageMisses())
    }
}
