import TesseraCairo
import TesseraCore
import TesseraDesktop
#if canImport(Glibc)
import Glibc
#endif

/// The app's files service: the pictures and type icons of tiles made from files (made on a
/// worker thread, kept in memory up to a budget, their states reported to the engine), images
/// measured for masonry, and items opened in the desktop's application for them.
///
/// Nothing is loaded until the first tile made from a file is drawn, measured or opened; then
/// libTesseraFiles.so (gdk-pixbuf, librsvg, GIO) and one thread. Without the library, tiles keep
/// their kinds' icons and opening says why it cannot.
/// Used from the main thread only (the renderer's thread).
public final class ArtworkLibrary: ArtworkSource {
    private struct Entry {
        var image: Picture
        /// The thumbnail size it was made at (0 for a type icon, whatever the size).
        var side: Int
    }

    private let settings: Settings
    private var worker: ArtworkWorker?
    private var helper: FilesHelper?
    private var loaded = false
    private let images: LRUCache<String, Entry>
    /// Locations answered without an image (gone, unreadable, nothing better than the kind's
    /// icon): not asked again until an open or a check finds them changed.
    private var settled: Set<String> = []
    /// Those of them that were gone.
    private var gone: Set<String> = []
    /// Locations whose trouble was written to stderr (once each).
    private var told: Set<String> = []
    private var reports: [ArtworkReport] = []
    /// Aspects read, not yet handed over: each batch re-flows masonry, so in a burst (a large
    /// drop being measured) they go as `pacing` says, a large batch in pieces.
    private var aspects: [ArtworkReport] = []
    private var pacing = HandoverPacing()
    private var notices: [String] = []
    /// Images dropped whose shapes are not read yet, and how many this run of measuring began
    /// with: the progress of a large drop.
    private var unmeasured: Set<String> = []
    private var measureTotal = 0
    private var toldProgress: WorkProgress?
    private var progressToldAt = -Double.infinity
    /// The count in the progress pill moves this often (it costs a frame, no re-flow).
    public static let progressInterval = 0.1
    /// Launches in flight report here from their threads.
    private let launchResults = LaunchResults()

    /// What the service needs from the environment, read once.
    public struct Settings: Sendable {
        public var thumbnailRoot: String?
        public var iconBaseDirectories: [String]
        public var iconTheme: String
        public var library: String?

        public init(thumbnailRoot: String?, iconBaseDirectories: [String], iconTheme: String, library: String? = nil) {
            self.thumbnailRoot = thumbnailRoot; self.iconBaseDirectories = iconBaseDirectories
            self.iconTheme = iconTheme; self.library = library
        }

        /// From `XDG_CACHE_HOME`, `HOME`, `XDG_DATA_HOME`, `XDG_DATA_DIRS`; the icon theme the
        /// desktop names (XSETTINGS `Net/IconThemeName`), else Adwaita.
        public static func fromEnvironment(iconTheme: String?) -> Settings {
            func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
            return Settings(thumbnailRoot: ThumbnailCache.standardRoot(cacheHome: env("XDG_CACHE_HOME"), home: env("HOME")),
                            iconBaseDirectories: IconThemeLookup.standardBaseDirectories(
                                home: env("HOME"), dataHome: env("XDG_DATA_HOME"), dataDirs: env("XDG_DATA_DIRS")),
                            iconTheme: iconTheme ?? "Adwaita")
        }
    }

    /// Bytes of pictures kept: a wall of 512 px thumbnails is about 1 MB a tile.
    public static let budget = 160 << 20
    private let report: (String) -> Void

    public init(settings: Settings, report: @escaping (String) -> Void) {
        self.settings = settings
        self.report = report
        images = LRUCache(capacity: 2048, costLimit: Self.budget)
    }

    // MARK: The renderer's questions

    public func image(for artwork: CellArtwork, pixelSide: Int) -> OpaquePointer? {
        let location = artwork.location
        if let entry = images[location] {
            // A tile grown past its picture's size (a switch to masonry, a larger window): a
            // sharper one is made, the smaller one shown meanwhile.
            if entry.side > 0, entry.side < ThumbnailCache.Flavor.fitting(pixelSide).rawValue,
               entry.side < ThumbnailCache.Flavor.xxLarge.rawValue {
                submit(.show(location: location, side: pixelSide))
            }
            return entry.image.surface
        }
        if !settled.contains(location) { submit(.show(location: location, side: pixelSide)) }
        return nil
    }

    /// Reads the aspects of images just dropped, drawn or not: masonry places them at once.
    /// A drop while others are being read adds to the same run (one progress).
    public func measure(_ locations: [String]) {
        guard !locations.isEmpty, let worker = startWorker() else { return }
        if unmeasured.isEmpty { measureTotal = 0 }
        let fresh = locations.filter { unmeasured.insert($0).inserted }
        measureTotal += fresh.count
        worker.submit(fresh.map { .measure(location: $0) })
    }

    /// Looks again at every file it has an answer for (after the user was in another app): one
    /// gone since shows so at once (its picture let go), one come back is made again.
    public func recheck() {
        guard let worker else { return }
        worker.submit((images.keys + Array(settled)).map { .check(location: $0) })
    }

    /// How far the reading of dropped images' shapes has got; nil when none are waiting.
    public var progress: WorkProgress? {
        unmeasured.isEmpty ? nil : WorkProgress(text: "Reading pictures", done: measureTotal - unmeasured.count, total: measureTotal)
    }

    // MARK: Opening

    /// Opens `location` in the desktop's application for it, on a thread of its own (starting an
    /// app can take a moment). A file that is gone, or that no application opens, is said in a
    /// notice (``takeNotices()``).
    public func open(_ location: String, title: String) {
        if let path = URIList.localPath(of: location), access(path, F_OK) != 0 {
            notices.append("\u{201C}\(title)\u{201D} is no longer at \(path)")
            markGone(location)
            launchResults.nudge()
            return
        }
        // A file come back, or changed: made again when next drawn.
        if settled.contains(location) {
            markBack(location)
            launchResults.nudge()
        }
        guard let helper = loadHelper() else {
            notices.append("Could not open \u{201C}\(title)\u{201D}: libTesseraFiles.so is not installed beside tessera")
            launchResults.nudge()
            return
        }
        LaunchThread.start(helper: helper, location: location, title: title, results: launchResults)
    }

    // MARK: The loop

    /// The worker's eventfd and the launches' pipe, to poll with the window's connection.
    public var descriptors: [Int32] { [worker?.descriptor, launchResults.descriptor].compactMap { $0 }.filter { $0 >= 0 } }

    /// After the poll, when a descriptor is readable: collects what was made. Then ``handOver(at:)``.
    public func dispatch() {
        notices += launchResults.take()
        guard let worker else { return }
        for outcome in worker.take() { accept(outcome) }
    }

    /// What to tell the engine now.
    public struct Handover {
        /// For `InputEvent.artwork`: states at once, aspects as `HandoverPacing` says.
        public var reports: [ArtworkReport] = []
        /// For `InputEvent.notice`.
        public var notices: [String] = []
        /// For `InputEvent.progress`, when it has moved (at most every `progressInterval`) or
        /// started or ended (at once).
        public var progress: WorkProgress?
        public var progressChanged = false
    }

    /// Hands over what has come in since the last call; aspects held back in a burst wait until
    /// ``nextHandover``.
    public func handOver(at now: Double) -> Handover {
        var out = Handover(reports: reports, notices: notices)
        reports.removeAll()
        notices.removeAll()
        let n = pacing.take(aspects.count, at: now)
        if n > 0 {
            out.reports += aspects.prefix(n)
            aspects.removeFirst(n)
        }
        let p = progress
        // The count moves ten times a second; its start and end go at once.
        if p != toldProgress, p == nil || toldProgress == nil || now >= progressToldAt + Self.progressInterval {
            progressToldAt = now
            toldProgress = p
            out.progress = p
            out.progressChanged = true
        }
        return out
    }

    /// When what is held back (aspects in a burst, a count that moved) is due, for the poll's
    /// timeout; nil when nothing waits.
    public var nextHandover: Double? {
        let progressDue = progress != toldProgress ? progressToldAt + Self.progressInterval : nil
        return [aspects.isEmpty ? nil : pacing.due, progressDue].compactMap { $0 }.min()
    }

    private func accept(_ outcome: ArtworkOutcome) {
        unmeasured.remove(outcome.location)
        switch outcome {
        case let .picture(location, picture, side, aspect):
            if let old = images[location], old.side > side { return }   // a sharper one came first
            images.insert(Entry(image: picture, side: side), for: location, cost: picture.bytes)
            note(location, .picture, aspect: aspect)
        case let .typeIcon(location, icon):
            images.insert(Entry(image: icon, side: 0), for: location, cost: icon.bytes)
            note(location, .typeIcon)
        case .missing(let location):
            markGone(location)
        case .present(let location):
            // Back (restored from the trash, a disk mounted again).
            if gone.contains(location) { markBack(location) }
        case let .unreadable(location, reason, aspect):
            settled.insert(location)
            if told.insert(location).inserted { report("cannot show \(location): \(reason); drawing a placeholder") }
            note(location, .unreadable, aspect: aspect)
        case let .measured(location, aspect):
            note(location, nil, aspect: aspect)
        case .plain(let location):
            settled.insert(location)
        }
    }

    /// A file gone: its picture let go, not asked for again; the engine told once.
    private func markGone(_ location: String) {
        images.remove(location)
        settled.insert(location)
        if gone.insert(location).inserted { note(location, .missing) }
    }

    /// A settled file to look at afresh (come back, or changed): made again when next drawn.
    private func markBack(_ location: String) {
        settled.remove(location)
        gone.remove(location)
        note(location, .unknown)
    }

    /// A state goes to the engine at the next handover; an aspect with the next batch of them.
    private func note(_ location: String, _ state: ArtworkState?, aspect: Double? = nil) {
        if let state { reports.append(ArtworkReport(location: location, state: state)) }
        if let aspect { aspects.append(ArtworkReport(location: location, state: nil, aspect: aspect)) }
    }

    private func submit(_ job: ArtworkJob) {
        guard let worker = startWorker() else { return }
        worker.submit([job])
    }

    private func loadHelper() -> FilesHelper? {
        if !loaded {
            loaded = true
            helper = FilesHelper.load(library: settings.library)
            if helper == nil { report("libTesseraFiles.so could not be loaded: tiles made from files show their kinds' icons") }
        }
        return helper
    }

    private func startWorker() -> ArtworkWorker? {
        if let worker { return worker }
        guard let helper = loadHelper() else { return nil }
        let icons = IconThemeLookup(baseDirectories: settings.iconBaseDirectories, files: IconFileSystem.files())
        let maker = ArtworkMaker(helper: helper, thumbnails: settings.thumbnailRoot.map(ThumbnailCache.init(root:)),
                                 icons: icons, iconTheme: settings.iconTheme)
        worker = ArtworkWorker(maker: maker)
        return worker
    }
}
