#if canImport(Glibc)
import Glibc
#endif
import TesseraCore
import TesseraStore

/// Start-up's part of the store: which file, whose lock, what it holds, and what to do when it
/// holds something bad. One clear stderr line for anything out of the ordinary.
///
/// In order: the path is resolved through symbolic links; the store's lock is taken (or the
/// holder named); a JSON state file of an earlier Tessera (at `--state`, or at the old default
/// path when the store does not exist yet) is imported into a store and kept beside it; the store
/// is opened and its first screen read (a few hundred entries a section, by index: milliseconds
/// at any size). A store that fits in that is read whole and checked here; a larger one is read
/// by a ``StoreLoader`` while the first screen is up. A bad file (not a store, damaged, another
/// program's, a newer schema, rows that break the collection's rules) is set aside and the app
/// starts on the sample data; a file that cannot be read for other reasons is left alone and
/// nothing is saved over it.
public struct CollectionOpener {
    /// The path as given (`--state`), or nil for the default.
    public var requestedPath: String?
    /// Start on N generated items instead of the sample data, when there is nothing to load.
    public var items: Int?
    /// Read the whole collection before returning (`tessera layout`, `--record`).
    public var wholeNow = false
    /// Entries read per section for the first screen.
    public var firstScreenLimit = 400
    public var environment: [String: String]
    public var log: (String) -> Void

    public init(requestedPath: String?, items: Int?, environment: [String: String], log: @escaping (String) -> Void) {
        self.requestedPath = requestedPath
        self.items = items
        self.environment = environment
        self.log = log
    }

    public struct Opening {
        public var model: CollectionModel
        /// Only the first screen is in `model`; `loader` reads the rest.
        public var partial = false
        public var loader: StoreLoader?
        /// Where saves go; nil when nothing may be written.
        public var target: DatabaseSaveTarget?
        /// The store does not hold `model` yet (new, or replaced): the first save writes it whole.
        public var wholeFirst = false
        public var notice: String?
        /// Held for the life of the process (nil: could not be taken; the reason was logged).
        public var lock: StoreLock?
        /// The store's real path (links followed).
        public var path: String
    }

    public enum Outcome {
        case opened(Opening)
        /// Another Tessera holds the store.
        case alreadyOpen(path: String, holder: StoreLock.Holder)
    }

    /// What a start with nothing to load shows: N generated items (`--items N`), else the sample data.
    public static func freshModel(items: Int?) -> CollectionModel {
        items.map { SampleData.generated(count: $0, sections: 3) } ?? SampleData.model()
    }

    var fresh: CollectionModel { Self.freshModel(items: items) }
    var freshName: String { items.map { "\($0) demo items" } ?? "the sample data" }

    public func open() -> Outcome {
        let given = requestedPath ?? StoreFiles.defaultPath(environment: environment)
        let path = StoreFiles.resolve(given)
        let dir = PathParts.deletingLastComponent(path)
        try? POSIXFileSystem().createDirectories(dir.isEmpty ? "." : dir)
        var lock: StoreLock?
        switch StoreLock.acquire(path + ".lock") {
        case .acquired(let l): lock = l
        case .held(let holder): return .alreadyOpen(path: path, holder: holder)
        case .unavailable(let reason): log("\(reason); another Tessera could open \(path) at the same time")
        }
        var opening = openLocked(path)
        opening.lock = lock
        return .opened(opening)
    }

    private func openLocked(_ path: String) -> Opening {
        switch try? POSIXFileSystem().kind(of: path) {
        case nil:
            if requestedPath == nil, let imported = importLegacyDefault(into: path) { return imported }
            return Opening(model: fresh, target: DatabaseSaveTarget(path: path), wholeFirst: true, path: path)
        case .directory?, .other?:
            let reason = (try? POSIXFileSystem().kind(of: path)) == .directory ? "it is a directory" : "it is not a regular file"
            log("state file \(path) could not be loaded: \(reason); started on \(freshName), and saving will fail until it is removed")
            return Opening(model: fresh, target: DatabaseSaveTarget(path: path), wholeFirst: true,
                           notice: "State file \(path) is not a file; changes cannot be saved until it is removed", path: path)
        case .regular?:
            switch StoreFiles.content(of: path) {
            case .database: return openStore(path)
            case .empty: return Opening(model: fresh, target: DatabaseSaveTarget(path: path), wholeFirst: true, path: path)
            case .other: return importJSON(at: path)
            }
        }
    }

    /// Opens the store and reads its first screen (all of it, when it is small or `wholeNow`).
    private func openStore(_ path: String) -> Opening {
        do throws(StoreError) {
            let store = try CollectionStore(path: path)
            defer { store.close() }
            let first = wholeNow ? (model: try store.readAll(partitions: 2), complete: true) : try store.firstScreen(limit: firstScreenLimit)
            var opening = Opening(model: first.model, target: DatabaseSaveTarget(path: path), path: path)
            if !first.complete {
                opening.partial = true
                let items = self.items
                opening.loader = StoreLoader(path: path,
                                             fallback: { CollectionOpener.freshModel(items: items) },
                                             log: log)
            }
            return opening
        } catch {
            return refuse(path, error)
        }
    }

    /// A bad store is set aside; one that cannot be read for another reason is left alone.
    private func refuse(_ path: String, _ error: StoreError) -> Opening {
        if error.isFileFault {
            do {
                let kept = try StoreFiles.setAside(path)
                log("store \(path) could not be opened: \(error.description); kept it as \(kept) and started on \(freshName)")
                return Opening(model: fresh, target: DatabaseSaveTarget(path: path), wholeFirst: true,
                               notice: "The store was unreadable and kept aside as \(kept)", path: path)
            } catch {
                log("store \(path) could not be opened: \(error.description); it could not be moved aside either (\(error)); started on \(freshName) and will not save over it")
            }
        } else {
            log("store \(path) could not be opened: \(error.description); started on \(freshName) and will not save over it")
        }
        return Opening(model: fresh, notice: "The store \(path) is unreadable; changes will not be saved", path: path)
    }

    /// `path` holds a JSON state file (given with --state): its collection goes into a store at the
    /// same path, and the JSON is kept as `<path>.migrated`. A bad one is set aside as before.
    private func importJSON(at path: String) -> Opening {
        let json = StateStore(path: path)
        switch json.load() {
        case .loaded(let model):
            do {
                let kept = try StoreMigration.replaceJSON(at: path, with: model)
                log("\(path) was a state file of an earlier Tessera: its \(model.allIDs.count) items are now in a store at the same path; the JSON is kept as \(kept)")
                return Opening(model: model, target: DatabaseSaveTarget(path: path), path: path)
            } catch {
                log("state file \(path) could not be made a store: \(error); started on it, and will not save over it")
                return Opening(model: model, notice: "Changes will not be saved: \(path) could not be made a store", path: path)
            }
        case .missing:
            return Opening(model: fresh, target: DatabaseSaveTarget(path: path), wholeFirst: true, path: path)
        case .setAside(let reason, let kept):
            log("state file \(path) could not be loaded: \(reason); kept it as \(kept) and started on \(freshName)")
            return Opening(model: fresh, target: DatabaseSaveTarget(path: path), wholeFirst: true,
                           notice: "State file was unreadable and kept aside as \(kept)", path: path)
        case .blocked(let reason):
            log("state file \(path) could not be loaded: \(reason); started on \(freshName), and saving will fail until it is removed")
            return Opening(model: fresh, target: DatabaseSaveTarget(path: path), wholeFirst: true,
                           notice: "State file \(path) is not a file; changes cannot be saved until it is removed", path: path)
        case .unreadable(let reason):
            log("state file \(path) could not be loaded: \(reason); started on \(freshName) and will not save over it")
            return Opening(model: fresh, notice: "State file \(path) is unreadable; changes will not be saved", path: path)
        }
    }

    /// No store yet at the default path, but the previous version's state.json beside it: its
    /// collection becomes the store, and the JSON is renamed `state.json.migrated`.
    private func importLegacyDefault(into path: String) -> Opening? {
        let legacy = StoreFiles.resolve(StoreFiles.legacyDefaultPath(environment: environment))
        guard case .regular? = try? POSIXFileSystem().kind(of: legacy) else { return nil }
        switch StateStore(path: legacy).load() {
        case .loaded(let model):
            do {
                let kept = try StoreMigration.importJSON(legacy, with: model, into: path)
                log("imported the \(model.allIDs.count) items of the earlier state file \(legacy) into the store \(path); the JSON is kept as \(kept)")
                return Opening(model: model, target: DatabaseSaveTarget(path: path), path: path)
            } catch {
                log("state file \(legacy) could not be imported into \(path): \(error); started on it, and will not save")
                return Opening(model: model, notice: "Changes will not be saved: \(legacy) could not be imported", path: path)
            }
        case .setAside(let reason, let kept):
            log("state file \(legacy) could not be loaded: \(reason); kept it as \(kept) and started on \(freshName)")
            return Opening(model: fresh, target: DatabaseSaveTarget(path: path), wholeFirst: true,
                           notice: "State file was unreadable and kept aside as \(kept)", path: path)
        case .missing, .blocked, .unreadable:
            return nil
        }
    }
}
