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
/// committed change, and adds the app's own messages (a failed save, a state file set aside) to
/// the scene as a banner. Knows nothing of X11: any shell can drive it.
public final class AppController {
    public private(set) var engine: Engine
    /// Colours and the device-pixel grid of the scenes (the shell sets `pixelScale` to its HiDPI scale,
    /// so scrolled content lands on whole device pixels).
    public var sceneStyle = SceneStyle()
    let store: StateStore?
    /// Why the last save failed (the full story, as logged); cleared when a save succeeds.
    public private(set) var saveError: String?
    /// The same, short, for the banner shown until a save succeeds.
    var saveErrorSummary = ""
    /// Changes not yet on disk (a save failed): retried on the next change and on exit.
    public private(set) var unsaved = false
    var notice: (text: String, until: Double)?
    let log: (String) -> Void
    /// Log each save attempt with the digest of its bytes (see `SaveJournal`); off by default.
    let journal: SaveJournal?
    var lastSceneTime = -Double.infinity
    /// The save banner appeared or went away: the next frame must be drawn even if nothing moved.
    var bannerChanged = false

    public init(engine: Engine, store: StateStore?, notice: String? = nil, logSaves: Bool = false,
                log: @escaping (String) -> Void = { StandardStreams.error("tessera: " + $0 + "\n") }) {
        self.engine = engine
        self.store = store
        self.log = log
        self.journal = logSaves ? SaveJournal(log: log) : nil
        if let n = notice { self.notice = (n, engine.now + 10) }
    }

    public func handle(_ event: InputEvent, at t: Double) {
        engine.handle(event, at: t)
        processEffects()
    }

    /// Advances to `t`; returns the scene when anything visible changed since the last one.
    public func frame(at t: Double) -> Scene? {
        engine.advance(to: t)
        processEffects()
        var changed = engine.takeNeedsDisplay() || bannerChanged
        bannerChanged = false
        if let n = notice, t >= n.until { notice = nil; changed = true }
        guard changed else { return nil }
        lastSceneTime = t
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
        let d = engine.nextDeadline
        guard let n = notice else { return d }
        return min(d ?? n.until, n.until)
    }

    func processEffects() {
        for effect in engine.takeEffects() {
            if case .commit = effect { unsaved = true; save() }
        }
    }

    /// Saves when something is unsaved. Returns whether the state on disk is current.
    @discardableResult
    public func save() -> Bool {
        guard unsaved, let store else { return !unsaved || store == nil }
        let bytes = StateFile.encode(engine.model)
        let attempt = journal?.begin(bytes)
        do {
            try store.save(encoded: bytes)
            if let attempt { journal?.end(attempt, ok: true) }
            unsaved = false
            if saveError != nil { log("saved \(store.path) again"); bannerChanged = true }
            saveError = nil
            return true
        } catch {
            if let attempt { journal?.end(attempt, ok: false) }
            if saveError != error.description {
                log("could not save: \(error.description); the arrangement is kept in memory")
                bannerChanged = true
            }
            saveError = error.description
            saveErrorSummary = error.summary
            return false
        }
    }

    /// Called on quit, SIGTERM/SIGINT or a lost display: a drag in flight is cancelled (only
    /// committed changes count), then anything unsaved is saved.
    public func willQuit() {
        engine.cancelDrag(at: engine.now)
        processEffects()
        if unsaved, !save() { log("quitting with unsaved changes: \(saveError ?? "unknown error")") }
    }
}
