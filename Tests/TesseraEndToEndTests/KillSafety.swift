import CX11
import Foundation
import TesseraCore
#if canImport(Glibc)
import Glibc
#endif

/// Kills the real app with SIGKILL at random moments of scripted drags, group drags, drops and renames under Xvfb, and
/// after every kill checks the state file: it exists, parses (with the app's decoder and with the
/// tests' own), holds every item id exactly once, and is byte for byte either the file before the
/// save in flight or the one after it (digests from the app's `--log-saves` journal). Then the next
/// run starts on it. Used by the in-suite test (10 kills) and scripts/reliability/kill-safety.sh (200+).
struct KillSafety {
    struct Figures: CustomStringConvertible {
        var seed: UInt64 = 0
        var kills = 0
        var survived = 0
        /// The kill hit between "save begin" and "save done"; split by what was then on disk.
        var midSaveOld = 0, midSaveNew = 0
        var afterCompletedSave = 0
        var beforeAnySave = 0
        var savesCompleted = 0
        var leftoverTemporaryFiles = 0
        var leftoverRemovedAtNextStart = 0
        var largestFileBytes = 0
        /// Items whose saved title is one the run typed (F2): renames were saved and survived.
        var renamedTitles = 0
        /// Group drags (two more tiles Ctrl+clicked, then one of the three dragged) released before the kill.
        var groupDropsReleased = 0
        var failures: [String] = []

        var description: String {
            """
            kill-safety: seed \(seed)
            kills: \(kills), state file sound after \(survived) (failures: \(failures.count))
              killed mid-save (between "begin" and "done"): \(midSaveOld + midSaveNew) — file was the old state \(midSaveOld) times, the new one \(midSaveNew) times
              killed after a completed save: \(afterCompletedSave); before any save of that run: \(beforeAnySave)
            saves completed across runs: \(savesCompleted); largest state file: \(largestFileBytes) bytes
            temporary files left by a kill: \(leftoverTemporaryFiles), all removed at the next start: \(leftoverRemovedAtNextStart == leftoverTemporaryFiles)
            items with a title typed by the run (renames saved): \(renamedTitles)
            group drags (3 marked tiles) released before a kill: \(groupDropsReleased)
            """
        }
    }

    /// App options: many items make each save long enough to be hit; quick timings make many drops.
    static let appOptions = ["--items", "3000", "--geometry", "900x640", "--lift-delay", "0.15",
                             "--reorder-dwell", "0.15", "--reduce-motion", "--log-saves"]

    let harness: Harness
    var random: SeededRandom
    var figures = Figures()

    init(harness: Harness, seed: UInt64) {
        self.harness = harness
        random = SeededRandom(seed: seed)
        figures.seed = seed
    }

    /// Writes the starting file (so it is never missing, from the first kill on) and runs `kills` rounds.
    mutating func run(kills: Int, progress: (String) -> Void = { _ in }) async throws {
        let start = StateFile.encode(SampleData.generated(count: 3000, sections: 3, seed: 5))
        try Data(start).write(to: URL(fileURLWithPath: harness.statePath))
        let ids = try Self.allIDs(harness.statePath)
        var pendingTemporaryFiles: [String] = []
        for round in 1...kills {
            let failure = try await self.round(round, ids: ids, pendingTemporaryFiles: &pendingTemporaryFiles)
            figures.kills += 1
            if let failure { figures.failures.append("round \(round): \(failure)") } else { figures.survived += 1 }
            if round % 10 == 0 || failure != nil { progress("round \(round)/\(kills): \(failure ?? "ok")") }
        }
        // The last kill's temporary file goes at the next start too: `tessera layout` loads the same way.
        _ = try await harness.layout(Self.appOptions)
        figures.leftoverRemovedAtNextStart += pendingTemporaryFiles.filter { !FileManager.default.fileExists(atPath: $0) }.count
        let titles = try StateFileReader.read(harness.statePath).sections.flatMap { $0.items.flatMap { [$0.title] + ($0.children ?? []).map(\.title) } }
        figures.renamedTitles = titles.filter { $0.hasPrefix("k") && $0.dropFirst().allSatisfy(\.isNumber) && $0.count > 1 }.count
    }

    /// One launch, a few drags, one SIGKILL at a random moment, one check. Returns what was wrong.
    mutating func round(_ round: Int, ids: [String], pendingTemporaryFiles: inout [String]) async throws -> String? {
        let before = [UInt8](StateFileReader.bytes(harness.statePath) ?? Data())
        let layout = try await harness.layout(Self.appOptions)
        let app = try await harness.launch(Self.appOptions, label: "kill-\(round)")
        // The previous kill's temporary file is gone once the new app has loaded the state.
        for path in pendingTemporaryFiles where !FileManager.default.fileExists(atPath: path) {
            figures.leftoverRemovedAtNextStart += 1
        }
        pendingTemporaryFiles = []

        let drags = plannedDrags(layout, count: 3)
        // After some drops, a rename of the selected item (Right selects; F2, a few characters,
        // Enter): its save is one row, as a drop's.
        let renames = drags.indices.map { _ in Int.random(in: 0..<2, using: &random) == 0 ? "k\(Int.random(in: 0..<1000, using: &random))" : nil }
        let plan = killPlan(drags: drags.count, stderrPath: app.stderrPath)
        let pid = app.process.pid
        let groupReleases = GroupCounter()
        await harness.x.gesture { x in
            let killer = KillTimer(pid: pid, plan: plan)
            for (k, drag) in drags.enumerated() where !killer.fired {
                // A group drag: Escape clears marks left by an earlier group (it stays marked where
                // it lands), then Ctrl+click the other members and the held tile.
                if !drag.members.isEmpty { try? x.tap(keysym: XK_Escape) }
                for member in drag.members where !killer.fired { try? x.click(at: member, holding: XK_Control_L) }
                if !drag.members.isEmpty { try? x.click(at: drag.from, holding: XK_Control_L) }
                x.move(to: drag.from)
                x.pause(0.03)
                x.press()
                x.pause(0.3)                                   // lift delay 0.15 s + margin
                if !drag.members.isEmpty { x.pause(0.35) }     // the members fly in, their slots close up
                x.glideNow(from: drag.from, to: drag.to, steps: 6, duration: 0.1)
                x.pause(0.3)                                   // reorder dwell 0.15 s + margin
                x.release()
                if !drag.members.isEmpty && !killer.fired { groupReleases.add() }
                killer.released(k)
                x.pause(0.08)
                if let name = renames[k], !killer.fired {
                    try? x.tap(keysym: XK_Right)
                    try? x.tap(keysym: XK_F2)
                    try? x.type(name, pause: 0.03)
                    try? x.tap(keysym: XK_Return)
                    x.pause(0.05)
                }
            }
            killer.fireNow()                                   // the plan's moment was after the gestures
            x.release()
        }
        figures.groupDropsReleased += groupReleases.count
        let status = await app.process.waitForExit(timeout: 10)
        guard status == .signaled(SIGKILL) else { return "the app ended with \(status?.description ?? "nothing") instead of SIGKILL" }
        try await waitForWindowGone()
        return check(before: before, ids: ids, stderr: app.standardError, pendingTemporaryFiles: &pendingTemporaryFiles)
    }

    /// The file on disk against the journal of the run just killed.
    mutating func check(before: [UInt8], ids: [String], stderr: String, pendingTemporaryFiles: inout [String]) -> String? {
        let path = harness.statePath
        guard let data = StateFileReader.bytes(path) else { return "the state file is missing" }
        let bytes = [UInt8](data)
        guard !bytes.isEmpty else { return "the state file is empty" }
        figures.largestFileBytes = max(figures.largestFileBytes, bytes.count)
        do { _ = try StateFile.decode(bytes) } catch { return "the app's decoder refuses the file: \(error)" }
        guard let found = try? Self.allIDs(path) else { return "the file does not parse as a state document" }
        guard found.sorted() == ids.sorted() else { return "ids not conserved: \(found.count) ids, \(Set(found).count) distinct, \(ids.count) expected" }

        let journal = SaveJournalLog(stderr: stderr)
        figures.savesCompleted += journal.attempts.filter { $0.done == true }.count
        let digest = fnv1a64Hex(bytes)
        let allowed = journal.allowedDigests(startingFrom: fnv1a64Hex(before))
        guard allowed.contains(digest) else {
            return "the file (fnv1a64 \(digest), \(bytes.count) bytes) is neither the state before nor after the last save: allowed \(allowed.sorted()), journal \(journal.attempts)"
        }
        if let inFlight = journal.inFlight {
            if digest == inFlight.digest { figures.midSaveNew += 1 } else { figures.midSaveOld += 1 }
        } else if journal.attempts.isEmpty {
            figures.beforeAnySave += 1
        } else {
            figures.afterCompletedSave += 1
        }
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix(".state.json.tmp-") }.map { directory + "/" + $0 }
        figures.leftoverTemporaryFiles += temporary.count
        pendingTemporaryFiles = temporary
        return nil
    }

    struct Drag {
        var from: Pixel
        var to: Pixel
        /// Cells Ctrl+clicked before the drag (with `from`): empty for a single drag.
        var members: [Pixel] = []
    }

    /// `count` drags within section 0's visible cells: from a cell's centre to a gap between two
    /// neighbours on one row; one in three first marks two more cells and so moves a group.
    /// Frames belong to slots, so they stay valid as items move.
    mutating func plannedDrags(_ layout: LayoutDocument, count: Int) -> [Drag] {
        let cells = layout.items.filter { $0.section == 0 && $0.visible && $0.frame.maxY < layout.viewport.height - 70
            && $0.frame.y > 70 }.sorted { $0.index < $1.index }
        let gaps = zip(cells, cells.dropFirst()).filter { $0.frame.y == $1.frame.y }
        guard !cells.isEmpty, !gaps.isEmpty else { return [] }
        return (0..<count).map { _ in
            let cell = cells.randomElement(using: &random)!
            let gap = gaps.randomElement(using: &random)!
            var drag = Drag(from: cell.frame.center, to: gap.0.gapAfter(gap.1))
            if Int.random(in: 0..<3, using: &random) == 0 {
                let others = cells.filter { $0.frame.center != drag.from }.shuffled(using: &random)
                drag.members = others.prefix(2).map(\.frame.center)
            }
            return drag
        }
    }

    /// A third of the kills land anywhere in the gestures, a third 0-25 ms after a release (the drop
    /// and what follows it), a third 0-12 ms after the app logs "save begin" (a save takes about
    /// 10 ms here: this aims at the write, fsync and rename themselves).
    mutating func killPlan(drags: Int, stderrPath: String) -> KillTimer.Plan {
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where drags > 0:
            return .afterRelease(Int.random(in: 0..<drags, using: &random), delay: Double.random(in: 0...0.025, using: &random))
        case 1:
            return .duringSave(stderrPath: stderrPath, delay: Double.random(in: 0...0.004, using: &random))
        default:
            return .at(Double.random(in: 0.1...(0.75 * Double(max(drags, 1))), using: &random))
        }
    }

    func waitForWindowGone() async throws {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if !harness.x.viewableChildren().contains(where: { harness.x.title(of: $0) == "Tessera" }) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw XSession.Failure(description: "the killed app's window is still mapped after 5 s")
    }

    /// Every item id in the file, children included, read with the tests' own decoder.
    static func allIDs(_ path: String) throws -> [String] {
        try StateFileReader.read(path).sections.flatMap { $0.items.flatMap { [$0.id] + ($0.children ?? []).map(\.id) } }
    }
}

/// Counts from the gesture thread, read after it ends.
final class GroupCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.lock(); value += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return value }
}

/// Sends SIGKILL at a planned moment: a fixed time after the gesture started (from a timer thread),
/// a short delay after a given release (from the gesture thread, right after the button-up), or a
/// short delay after the app's first "save N begin" line (from a thread watching its stderr).
final class KillTimer: @unchecked Sendable {
    enum Plan { case at(Double), afterRelease(Int, delay: Double), duringSave(stderrPath: String, delay: Double) }

    let pid: pid_t
    let plan: Plan
    private let lock = NSLock()
    private var done = false

    init(pid: pid_t, plan: Plan) {
        self.pid = pid
        self.plan = plan
        switch plan {
        case .at(let seconds):
            Thread.detachNewThread { [self] in
                usleep(UInt32(seconds * 1_000_000))
                fireNow()
            }
        case .duringSave(let path, let delay):
            Thread.detachNewThread { [self] in
                // Poll every 0.2 ms: the line is written just before the temporary file is created.
                while !fired {
                    if let text = try? String(contentsOfFile: path, encoding: .utf8), text.contains(" begin fnv1a64=") {
                        usleep(UInt32(delay * 1_000_000))
                        fireNow()
                        return
                    }
                    usleep(200)
                }
            }
        case .afterRelease:
            break
        }
    }

    var fired: Bool { lock.lock(); defer { lock.unlock() }; return done }

    func released(_ drag: Int) {
        guard case .afterRelease(let k, let delay) = plan, k == drag else { return }
        usleep(UInt32(delay * 1_000_000))
        fireNow()
    }

    func fireNow() {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return }
        done = true
        kill(pid, SIGKILL)
    }
}
