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
    /// Where changes are saved (nil: nowhere, e.g. a store that could not be read nor set aside).
    let target: (any SaveTarget)?
    /// Writes committed changes off the caller's thread; nil without a target.
    let saver: SaveWorker?
    /// The next save must write the whole collection (a new store, or one replaced after a failed
    /// load); after it, saves write what each batch of edits changed.
    var nextSaveIsWhole: Bool
    /// Reads the rest of a large store while the first screen is shown (nil once it is done).
    var loader: (any CollectionLoader)?
    /// The store could not be read past its first screen nor set aside: nothing is written over it.
    var savingStopped = false
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
    /// `--appearance`: the desktop's look, or one forced.
    public var appearanceChoice = AppearanceChoice.auto {
        didSet { applyAppearance() }
    }
    /// What the desktop has said about its look so far (XSETTINGS, the portal).
    public private(set) var desktopAppearance = DesktopAppearance()
    /// The look shown now: `appearanceChoice` applied to `desktopAppearance`.
    public private(set) var appearance = Appearance()
    /// A change of look while the window shows: fades from the next frame (`fadeStartsNextFrame`),
    /// instantly under reduced motion.
    var fade: CrossFade?
    var fadeStartsNextFrame = false
    /// A frame has been shown: a change of look from now on fades.
    var hasPresented = false

    /// - Parameter logSaves: log each save attempt with the digest of its bytes (see `SaveJournal`).
    /// - Parameter log: called on the caller's thread, and for the save journal on the saver's.
    /// - Parameter wholeFirst: the target does not hold the engine's model yet: the first save writes all of it.
    /// - Parameter loader: reads the rest of the collection while the engine shows its first screen.
    public init(engine: Engine, target: (any SaveTarget)?, wholeFirst: Bool = false, loader: (any CollectionLoader)? = nil,
                notice: String? = nil, logSaves: Bool = false,
                log: @escaping @Sendable (String) -> Void = { StandardStreams.error("tessera: " + $0 + "\n") }) {
        self.engine = engine
        self.target = target
        self.log = log
        self.loader = loader
        nextSaveIsWhole = wholeFirst
        saver = target.map { SaveWorker(target: $0, journal: logSaves ? SaveJournal(log: log) : nil) }
        if let n = notice { self.notice = (n, engine.now + 10) }
    }

    /// A JSON state file as the target (tests of the save path); it is rewritten whole each time.
    public convenience init(engine: Engine, store: StateStore?, notice: String? = nil, logSaves: Bool = false,
                            log: @escaping @Sendable (String) -> Void = { StandardStreams.error("tessera: " + $0 + "\n") }) {
        self.init(engine: engine, target: store.map { JSONSaveTarget($0) }, notice: notice, logSaves: logSaves, log: log)
    }

    deinit { saver?.stop() }

    /// The platform's clipboard (the X shell's CLIPBOARD selection), if there is one: the engine's
    /// `.copy` and `.paste` effects go to it, and its answer comes back through `handle`.
    public var clipboard: ClipboardHooks?
    /// Opens an item made from a file or link in the desktop's application for it (the files
    /// service): its location and title.
    public var opener: ((String, String) -> Void)?

    /// Writes every input, frame and cancel the engine receives (`tessera --record`), if set.
    public var recorder: TraceRecorder?

    public func handle(_ event: InputEvent, at t: Double) {
        recorder?.input(event, at: t)
        engine.handle(event, at: t)
        processEffects()
    }

    /// Runs an edit on the engine (a command rather than a gesture) and saves what it commits.
    public func edit<R, E: Error>(_ body: (inout Engine) throws(E) -> R) throws(E) -> R {
        let result = try body(&engine)
        processEffects()
        return result
    }

    /// The desktop said something new about its look: the palette follows at once, the next
    /// frame redraws everything in it.
    public func desktopAppearanceChanged(_ desktop: DesktopAppearance) {
        guard desktop != desktopAppearance else { return }
        desktopAppearance = desktop
        applyAppearance()
    }

    /// `--reduce-motion`: motion stays reduced whatever the desktop says.
    public var reduceMotionForced = false

    /// The desktop's gesture settings (XSETTINGS) changed: nil values are Tessera's defaults.
    public func desktopGesturesChanged(dragThreshold: Double?, doubleClickTime: Double?, enableAnimations: Bool?, at t: Double) {
        let defaults = DragPolicy()
        let reduce = reduceMotionForced || enableAnimations == false
        let event = InputEvent.gestureSettings(slop: dragThreshold ?? defaults.slop,
                                               doubleClickInterval: doubleClickTime ?? defaults.doubleClickInterval,
                                               reduceMotion: reduce)
        let p = engine.policy
        guard p.slop != dragThreshold ?? defaults.slop || p.doubleClickInterval != doubleClickTime ?? defaults.doubleClickInterval
                || p.reduceMotion != reduce else { return }
        handle(event, at: t)
    }

    /// The desktop's UI font changed (XSETTINGS `Gtk/FontName`, a Pango description; nil: none):
    /// text is set in it from the next frame, which redraws everything.
    public func desktopFontChanged(_ description: String?) {
        guard description != sceneStyle.uiFont else { return }
        sceneStyle.uiFont = description
        bannerChanged = true
    }

    private func applyAppearance() {
        let next = appearanceChoice.resolve(desktopAppearance)
        guard next != appearance else { return }
        appearance = next
        sceneStyle.palette = Palette(next)
        bannerChanged = true
        if hasPresented && !engine.policy.reduceMotion { fadeStartsNextFrame = true }
    }

    /// The first frame is on screen: the rest of the collection may be read now.
    public func didPresent(at t: Double) {
        hasPresented = true
        loader?.start()
    }

    /// Advances to `t`; returns the scene when anything visible changed since the last one.
    /// `finishFrame()` follows once it is on screen (or nothing was drawn).
    public func frame(at t: Double) -> Scene? {
        recorder?.frame(at: t)
        takeLoadedCollection(at: t)
        engine.beginFrame(at: t)
        processEffects()
        collectSaves()
        var changed = engine.takeNeedsDisplay() || bannerChanged
        bannerChanged = false
        if let n = notice, t >= n.until { notice = nil; changed = true }
        if fadeStartsNextFrame {
            fadeStartsNextFrame = false
            fade = CrossFade(start: t)
        }
        // Every frame of a fade is new; the one after it draws the new look alone.
        if fade != nil { changed = true }
        guard changed else { return nil }
        var s = scene()
        s.crossFade = fade?.oldOpacity(at: t)
        if s.crossFade == nil { fade = nil }
        return s
    }

    /// The frame is on screen: the engine's work that waits for that (a slice of layout work).
    /// A trace's `frame` line stands for both halves (`Engine.advance(to:)`).
    public func finishFrame() {
        engine.finishFrame()
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
        // A fade in progress: a frame each display interval until it is over.
        if fade != nil || fadeStartsNextFrame { deadlines.append(t + engine.policy.frameInterval) }
        // The rest of the collection is being read: look for it every frame or so.
        if loader != nil { deadlines.append(t + Self.loadPollInterval) }
        // A save in flight: look again soon, for the banner if it fails (saves take milliseconds).
        if saver?.isBusy == true { deadlines.append(t + Self.savePollInterval) }
        return deadlines.min()
    }

    /// How often a frame looks for the outcome of a save in flight (s).
    static let savePollInterval = 0.05
    /// How often the loop looks whether the rest of the collection has been read (s).
    static let loadPollInterval = 0.016

    /// Hands every change committed since the last call to the saver, as one write: the model as
    /// it is now, and the edits of all those commits.
    func processEffects() {
        var changes = EditLog()
        var committed = false
        for effect in engine.takeEffects() {
            switch effect {
            case .commit(let log):
                changes.append(contentsOf: log)
                committed = true
            case .copy(let text): clipboard?.copy(text)
            case .paste: clipboard?.paste()
            case let .launch(location, title): opener?(location, title)
            default: break
            }
        }
        guard committed, let saver, !savingStopped else { return }
        unsaved = true
        submitted += 1
        saver.submit(engine.model, changes: nextSaveIsWhole ? nil : changes, generation: submitted)
        nextSaveIsWhole = false
    }

    /// Puts the rest of the collection in place once the loader has read it; when it could not
    /// be read, the engine starts over on what the loader offers instead, with its notice.
    func takeLoadedCollection(at t: Double) {
        guard let loader, let result = loader.take() else { return }
        self.loader = nil
        switch result {
        case .loaded(let model):
            engine.complete(with: model, at: t)
        case .replaced(let model, let notice, let saving):
            engine.complete(with: model, at: t)
            nextSaveIsWhole = true
            savingStopped = !saving
            self.notice = (notice, t + 10)
            bannerChanged = true
        }
    }

    /// Waits until the whole collection is in the engine (`tessera --record`, quitting, tests).
    public func waitForLoad() {
        guard let loader else { return }
        loader.wait()
        takeLoadedCollection(at: engine.now)
    }

    /// Takes in what the saver finished: a failure shows the banner (and is logged once per
    /// reason); a success clears it, and the arrangement is saved once the newest snapshot is.
    func collectSaves() {
        guard let saver, let target else { return }
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
            if saveError != nil { log("saved \(target.path) again"); bannerChanged = true }
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
        guard let saver, !savingStopped else { return true }
        waitForSaves()
        guard unsaved else { return true }
        submitted += 1
        // No new edits: the saver retries the ones whose write failed (it kept them).
        saver.submit(engine.model, changes: nextSaveIsWhole ? nil : EditLog(), generation: submitted)
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

/// What the app asks of the platform's clipboard: take this text; read yours and answer with
/// `InputEvent.paste` or `.pasteRefused` through `AppController.handle`.
public struct ClipboardHooks {
    public var copy: (String) -> Void
    public var paste: () -> Void
    public init(copy: @escaping (String) -> Void, paste: @escaping () -> Void) {
        self.copy = copy
        self.paste = paste
    }
}
