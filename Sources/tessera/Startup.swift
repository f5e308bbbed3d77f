#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TesseraApp
import TesseraCore

/// Loading what the user arranged, or starting fresh, with one clear line when something is wrong.
struct Startup {
    var model: CollectionModel
    /// nil when saving must not happen (the file could not be read nor moved aside).
    var store: StateStore?
    /// Shown in the window for a few seconds, and printed.
    var notice: String?

    static func load(_ options: AppOptions) -> Startup {
        let store = StateStore(path: options.state ?? StateStore.defaultPath())
        // Built only when the file does not give the model: at --items 100000 it costs 15 ms.
        var fresh: CollectionModel { options.items.map { SampleData.generated(count: $0, sections: 3) } ?? SampleData.model() }
        let what = options.items.map { "\($0) demo items" } ?? "the sample data"
        switch store.load() {
        case .loaded(let m):
            return Startup(model: m, store: store, notice: nil)
        case .missing:
            return Startup(model: fresh, store: store, notice: nil)
        case .setAside(let reason, let kept):
            let line = "state file \(store.path) could not be loaded: \(reason); kept it as \(kept) and started on \(what)"
            printError(line)
            return Startup(model: fresh, store: store, notice: "State file was unreadable and kept aside as \(kept)")
        case .blocked(let reason):
            let line = "state file \(store.path) could not be loaded: \(reason); started on \(what), and saving will fail until it is removed"
            printError(line)
            return Startup(model: fresh, store: store, notice: "State file \(store.path) is not a file; changes cannot be saved until it is removed")
        case .unreadable(let reason):
            let line = "state file \(store.path) could not be loaded: \(reason); started on \(what) and will not save over it"
            printError(line)
            return Startup(model: fresh, store: nil, notice: "State file \(store.path) is unreadable; changes will not be saved")
        }
    }
}

func printError(_ line: String) {
    StandardStreams.error("tessera: " + line + "\n")
}
