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
import TesseraStore

/// Loading what the user arranged (the store at --state or the default path), or starting fresh,
/// with one clear line when something is wrong (see `CollectionOpener`).
enum Startup {
    static func opener(_ options: AppOptions, wholeNow: Bool) -> CollectionOpener {
        var opener = CollectionOpener(requestedPath: options.state, items: options.items,
                                      environment: ProcessInfo.processInfo.environment, log: printError)
        opener.wholeNow = wholeNow
        return opener
    }

    /// The collection for a command that only reads it (`tessera layout`): through the same
    /// start-up as the window (a bad file is set aside the same way), and when a window holds the
    /// store, read beside it without writing.
    static func readOnly(_ options: AppOptions) -> CollectionModel {
        switch opener(options, wholeNow: true).open() {
        case .opened(let opening):
            return opening.model
        case .alreadyOpen(let path, _):
            // Nothing saved yet: the window shows what a fresh start shows.
            guard access(path, F_OK) == 0 else { return CollectionOpener.freshModel(items: options.items) }
            do throws(StoreError) {
                let store = try CollectionStore(path: path, readOnly: true)
                defer { store.close() }
                return try store.readAll()
            } catch {
                printError("store \(path) could not be read: \(error.description); showing the sample data")
                return SampleData.model()
            }
        }
    }
}

func printError(_ line: String) {
    StandardStreams.error("tessera: " + line + "\n")
}
