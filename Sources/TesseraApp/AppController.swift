#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TesseraCore

/// The app between the window and the engine: feeds input and time to the engine, saves every
/// committed change (on a thread of its own: see ``SaveWorker``), and adds the app's own messages
/// (a failed save, a state file set aside) to the scene as a banner. Knows nothing of X11: any
/// shell can drive it.
public final class AppController {
    public private(set) var engine: Engine
    /// Colours and the device-pixel grid of the scenes (the shell sets `pixelScale` to its HiDPI scale,
    /// so scrolled content lands on whole device pixels).
    public var sceneStyle = SceneStyle()
    let store: StateStore?
    /// Writes committed changes off the caller's thread; nil without a store.
    let saver: SaveWorker?
    /// The number of the last snapshot handed to `saver`.
    var submitted = 0
    /// Why the last save failed (the full story, as logged); cleared when a save succeeds.
    public private(set) var saveError: String?
    /// The same, short, for the banner shown until a save succeeds.
    var saveErrorSummary = ""
    /// Changes not yet on disk (a save failed): retried on the next change and on exit.
    public private(set) var unsaved = false
    var notice: (text: String, until: Double)?
    let log: @Sendable (String) -> Void
    /// The save banner appeared or went away: the next frame must be drawn even if nothing moved.
    var bannerChanged = false

    /// - Parameter logSaves: log each save attempt with the digest of its bytes (see `SaveJournal`).
    /// - Parameter log: called on the caller's thread, and for the save journal on the saver's.
    public init(engine: Engine, store: StateStore?, notice: String? = nil, logSaves: Bool = false,
                log: @escaping @Sendable (String) -> Void = { StandardStreams.error("tessera: " + $0 + "\n") }) {
        self.engine = engine
        self.store = store
        self.log = log
        saver = store.map { SaveWorker(store: $0, journal: logSaves ? SaveJournal(log: log) : nil) }
        if let n = notice { self.notice = (n, engine.now + 10) }
    }

    deinit { saver?.stop() }

    /// Writes every input, frame and cancel the engine receives (`tessera --record`), if set.
    public var recorder: TraceRecorder?

    public func handle(_ event: InputEvent, at t: Double) {
        recorder?.input(event, at: t)
        engine.handle(event, at: t)
        processEffects()
    }

    /// Advances to `t`; returns the scene when anything visible changed since the last one.
    public func frame(at t: Double) -> Scene? {
        recorder?.frame(at: t)
        engine.advance(to: t)
        processEffects()
        collectSaves()
        var changed = engine.takeNeedsDisplay() || bannerChanged
        bannerChanged = false
        if let n = notice, t >= n.until { notice = nil; changed = true }
        guard changed else { return nil }
        return scene()
    }

    /// The full scene now, banner included.
    public func scene() -> Scene {
        var scene = engine.scene(style: sceneStyle)
        let message = saveError.map { _ in
            "Not saved: \(saveErrorSummary). Kept in memory; retried on every change and on quit."
        } ?? notice?.text
        if let m = message {
            let w = min(scene.size.width - 24, 900)
            scene.nodes.append(.label(LabelNode(frame: Rect(x: (scene.size.width - w) / 2, y: 12, width: w, height: 34),
                                                text: m, style: .banner)))
        }
        return scene
    }

    public func nextDeadline(after t: Double) -> Double? {
        var deadlines = [engine.nextDeadline, notice?.until].compactMap { $0 }
        // A save in flight: look again soon, for the banner if it fails (saves take milliseconds).
        if saver?.isBusy == true { deadlines.append(t + Self.savePollInterval) }
        return deadlines.min()
    }

    /// How often a frame looks for the outcome of a save in flight (s).
    static let savePollInterval = 0.05

    func processEffects() {
        for effect in engine.takeEffects() {
            guard case .commit = effect, let saver else { continue }
            unsaved = true
            submitted += 1
            saver.submit(engine.model, generation: submitted)
        }
    }

    /// Takes in what the saver finished: a failure shows the banner (and is logged once per
    /// reason); a success clears it, and the arrangement is saved once the newest snapshot is.
    func collectSaves() {
        guard let saver, let store else { return }
        for outcome in saver.takeOutcomes() {
            if let error = outcome.error {
                if saveError != error.description {
                    log("could not save: \(error.description); the arrangement is kept in memory")
                    bannerChanged = true
                }
                saveError = error.description
                saveErrorSummary = error.summary
                continue
            }
            if outcome.generation == submitted { unsaved = false }
            if saveError != nil { log("saved \(store.path) again"); bannerChanged = true }
            saveError = nil
        }
    }

    /// Waits for the saves in flight and takes in their outcomes (quitting, tests).
    public func waitForSaves() {
        saver?.waitUntilIdle()
        collectSaves()
    }

    /// Makes the file current before returning: waits for the saves in flight and, when the
    /// newest change is still not on disk (its save failed), tries once more. Returns whether the
    /// state on disk is current.
    @discardableResult
    public func save() -> Bool {
        guard let saver else { return true }
        waitForSaves()
        guard unsaved else { return true }
        submitted += 1
        saver.submit(engine.model, generation: submitted)
        waitForSaves()
        return !unsaved
    }

    /// Called on quit, SIGTERM/SIGINT or a lost display: a drag in flight is cancelled (only
    /// committed changes count), then anything unsaved is saved.
    public func willQuit() {
        recorder?.cancel(at: engine.now)
        engine.cancelDrag(at: engine.now)
        processEffects()
        recorder?.end(engine.model, at: engine.now)
        recorder = nil
        if !save() { log("quitting with unsaved changes: \(saveError ?? "unknown error")") }
        saver?.stop()
    }
}
