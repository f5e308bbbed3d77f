import Foundation
import TesseraCore

/// Where the arrangement lives on disk, and the only code that reads or writes it.
///
/// Saving is atomic (temporary file in the same directory, fsync, rename, fsync of the directory),
/// so a crash or a kill at any moment leaves either the old or the new file, never a mix.
/// A file that cannot be read is never overwritten: it is renamed aside first.
public struct StateStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// `$XDG_DATA_HOME/tessera/state.json`, or `~/.local/share/tessera/state.json` when
    /// XDG_DATA_HOME is unset or not absolute (XDG Base Directory rules).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/tessera/state.json" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/tessera/state.json"
    }

    public enum LoadResult: Sendable {
        case loaded(CollectionModel)
        case missing
        /// The file was unreadable; it now sits at `keptAt` and a fresh start is needed.
        case setAside(reason: String, keptAt: String)
        /// The file was unreadable and could not even be moved aside: do not save over it.
        case unreadable(reason: String)
    }

    public func load() -> LoadResult {
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        let bytes: [UInt8]
        do {
            let attrs = try FileManager.default.attributesOfItem(atPath: path)
            if attrs[.type] as? FileAttributeType == .typeDirectory { return .unreadable(reason: "it is a directory") }
            if let size = attrs[.size] as? Int, size > StateFile.maximumBytes {
                return setAside(reason: StateFileError.tooLarge(bytes: size, limit: StateFile.maximumBytes).description)
            }
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            return .unreadable(reason: "it cannot be read (\(error.localizedDescription))")
        }
        do {
            return .loaded(try StateFile.decode(bytes))
        } catch {
            return setAside(reason: error.description)
        }
    }

    /// Renames the bad file to `<path>.corrupt-N` (the first N not taken), so it is kept for the user.
    func setAside(reason: String) -> LoadResult {
        var n = 1
        while FileManager.default.fileExists(atPath: "\(path).corrupt-\(n)") { n += 1 }
        let kept = "\(path).corrupt-\(n)"
        guard rename(path, kept) == 0 else {
            return .unreadable(reason: reason + "; it could not be moved aside either (\(String(cString: strerror(errno))))")
        }
        return .setAside(reason: reason, keptAt: kept)
    }

    public struct SaveError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes the model atomically. On failure the old file is untouched and the error says what failed.
    public func save(_ model: CollectionModel) throws(SaveError) {
        let dir = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw SaveError(description: "cannot create \(dir): \(reason(error))")
        }
        let bytes = StateFile.encode(model)
        let tmp = "\(dir)/.\((path as NSString).lastPathComponent).tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SaveError(description: "cannot write in \(dir): \(String(cString: strerror(errno)))") }
        var written = 0
        let ok = bytes.withUnsafeBytes { buf -> Bool in
            while written < buf.count {
                let n = write(fd, buf.baseAddress! + written, buf.count - written)
                if n < 0 { if errno == EINTR { continue }; return false }
                written += n
            }
            return fsync(fd) == 0
        }
        let err = errno
        close(fd)
        guard ok else {
            unlink(tmp)
            throw SaveError(description: "cannot write \(tmp): \(String(cString: strerror(err)))")
        }
        guard rename(tmp, path) == 0 else {
            let e = errno
            unlink(tmp)
            throw SaveError(description: "cannot replace \(path): \(String(cString: strerror(e)))")
        }
        // The rename is durable only once the directory entry is on disk.
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? error.localizedDescription
    }
}
