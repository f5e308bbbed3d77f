import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import TesseraApp
import TesseraCore
import TesseraStore

/// `tessera export`: the collection as a JSON state file (format version 1, see the README).
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the collection as JSON (state file format version 1), to FILE or to standard output.",
        discussion: "Reads the store without writing it, so it also works while a Tessera window has it open.")

    @Option(help: ArgumentHelp("The store (default: $XDG_DATA_HOME/tessera/collection.db).", valueName: "PATH"))
    var state: String?

    @Option(help: ArgumentHelp("Write the JSON to FILE (atomically) instead of standard output.", valueName: "FILE"))
    var output: String?

    func run() throws {
        let path = StoreFiles.resolve(state ?? StoreFiles.defaultPath())
        let model: CollectionModel
        do {
            model = try StoreCommands.read(path)
        } catch {
            printError("cannot export \(path): \(error)")
            throw ExitCode(1)
        }
        let bytes = StateFile.encode(model)
        guard let output else {
            StandardStreams.output(String(decoding: bytes, as: UTF8.self))
            return
        }
        do {
            try StateStore(path: output).save(encoded: bytes)
        } catch {
            printError("cannot write \(output): \(error.description)")
            throw ExitCode(1)
        }
        printError("exported \(StoreCommands.items(model.allIDs.count)) from \(path) to \(output)")
    }
}

/// `tessera import FILE`: replaces the collection from a JSON state file, keeping the old one.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replace the collection with the one in FILE (a JSON state file), keeping the previous collection as a backup.",
        discussion: "Refused while a Tessera window has the store open. The previous collection is written as JSON next to the store (<store>.before-import-N.json), and the output names it.")

    @Argument(help: ArgumentHelp("A JSON state file (format version 1, as `tessera export` writes).", valueName: "FILE"))
    var file: String

    @Option(help: ArgumentHelp("The store (default: $XDG_DATA_HOME/tessera/collection.db).", valueName: "PATH"))
    var state: String?

    func run() throws {
        let model: CollectionModel
        do {
            let bytes = try POSIXFileSystem().read(file, limit: StateFile.maximumBytes + 1)
            model = try StateFile.decode(bytes)
        } catch let e as StateFileError {
            printError("cannot import \(file): \(e.description); the collection is unchanged")
            throw ExitCode(1)
        } catch {
            printError("cannot import \(file): \(error); the collection is unchanged")
            throw ExitCode(1)
        }
        let path = StoreFiles.resolve(state ?? StoreFiles.defaultPath())
        let dir = PathParts.deletingLastComponent(path)
        try? POSIXFileSystem().createDirectories(dir.isEmpty ? "." : dir)
        let lock: StoreLock
        switch StoreLock.acquire(path + ".lock") {
        case .acquired(let l): lock = l
        case .held(let holder):
            let who = holder.pid.map { "Tessera (pid \($0))" } ?? "another Tessera"
            printError("cannot import into \(path): it is open in \(who); close that window first. The collection is unchanged")
            throw ExitCode(1)
        case .unavailable(let reason):
            printError("cannot import into \(path): \(reason). The collection is unchanged")
            throw ExitCode(1)
        }
        defer { withExtendedLifetime(lock) {} }
        let backup: String?
        do {
            backup = try StoreCommands.backUp(path)
        } catch {
            printError("cannot import into \(path): keeping the previous collection failed: \(error). The collection is unchanged")
            throw ExitCode(1)
        }
        do {
            try StoreCommands.replace(path, with: model)
        } catch {
            printError("cannot import into \(path): \(error). The collection is unchanged")
            throw ExitCode(1)
        }
        let kept = backup.map { "; the previous collection is kept as \($0)" } ?? "; there was no previous collection"
        printError("imported \(StoreCommands.items(model.allIDs.count)) from \(file) into \(path)\(kept)")
    }
}

enum StoreCommands {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// "1 item", "2 items": a count as the commands' messages say it.
    static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

    /// The whole collection at `path`: a store, or a JSON state file of an earlier Tessera.
    static func read(_ path: String) throws -> CollectionModel {
        let content = StoreFiles.content(of: path)
        guard access(path, F_OK) == 0, content != .empty else { throw Failure(description: "there is no collection there yet (nothing was saved)") }
        if content == .database {
            do throws(StoreError) {
                let store = try CollectionStore(path: path, readOnly: true)
                defer { store.close() }
                return try store.readAll()
            } catch {
                throw Failure(description: error.description)
            }
        }
        do {
            return try StateFile.decode(try POSIXFileSystem().read(path, limit: StateFile.maximumBytes + 1))
        } catch let e as StateFileError {
            throw Failure(description: e.description)
        }
    }

    /// Keeps what is at `path` before an import replaces it: a readable collection as JSON at
    /// `<path>.before-import-N.json`; a file that is no collection at all, renamed to that name
    /// unchanged. Returns the name, or nil when there was nothing.
    static func backUp(_ path: String) throws -> String? {
        guard access(path, F_OK) == 0 else { return nil }
        if StoreFiles.content(of: path) == .empty { return nil }   // a store never written: nothing to keep
        let name = StoreFiles.freeName(path, suffix: ".before-import", ext: ".json")
        if let model = try? read(path) {
            try StoreFiles.writePrivateFile(name, StateFile.encode(model))
            return name
        }
        let raw = StoreFiles.freeName(path, suffix: ".before-import")
        guard rename(path, raw) == 0 else { throw FileSystemError("rename", path, errno) }
        for s in ["-wal", "-shm"] { unlink(path + s) }
        return raw
    }

    /// Writes `model` as the whole collection at `path`, in one transaction (a new store when
    /// nothing, or a JSON file, is there).
    static func replace(_ path: String, with model: CollectionModel) throws {
        if access(path, F_OK) == 0, StoreFiles.content(of: path) == .other {
            _ = try StoreMigration.replaceJSON(at: path, with: model)
            return
        }
        if access(path, F_OK) != 0 { try StoreFiles.createPrivate(path) }
        do throws(StoreError) {
            let store = try CollectionStore(path: path, create: true)
            defer { store.close() }
            do throws(SQLiteError) { try store.replaceAll(with: model) } catch { throw StoreError(error) }
        } catch {
            throw Failure(description: error.description)
        }
    }
}
