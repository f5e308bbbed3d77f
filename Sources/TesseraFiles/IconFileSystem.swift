import TesseraDesktop
#if canImport(Glibc)
import Glibc
#endif

/// The real file system for `IconThemeLookup`, on the worker thread: each folder of a theme is
/// listed once (readdir) and its names kept, so a lookup that tries a hundred directories costs
/// set lookups, not a hundred stat calls each time.
enum IconFileSystem {
    static func files() -> IconThemeLookup.IconFiles {
        let listings = Listings()
        return IconThemeLookup.IconFiles(
            contents: { path in read(path, limit: 1 << 20) },
            exists: { path in
                guard let slash = path.lastIndex(of: "/") else { return false }
                return listings.names(in: String(path[..<slash])).contains(String(path[path.index(after: slash)...]))
            })
    }

    /// Folder listings, kept for the worker's life (icon themes change with installs, not while a
    /// window is open; a new session reads them afresh).
    private final class Listings {
        var known: [String: Set<String>] = [:]

        func names(in folder: String) -> Set<String> {
            if let k = known[folder] { return k }
            var names = Set<String>()
            if let dir = opendir(folder) {
                while let entry = readdir(dir) {
                    names.insert(withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    })
                }
                closedir(dir)
            }
            known[folder] = names
            return names
        }
    }

    /// A small text file's contents (an index.theme); nil when missing, unreadable or larger than `limit`.
    static func read(_ path: String, limit: Int) -> String? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            bytes += chunk[0..<n]
            if bytes.count > limit { return nil }
            if n < chunk.count { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
