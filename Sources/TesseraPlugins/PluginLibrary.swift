#if canImport(Glibc)
import Glibc
#endif

/// A C library of the app's own that is loaded with dlopen only when it is needed (the
/// accessibility bridge, the desktop portal's client), so a session without it loads none of what
/// it links. Looked for beside the executable, then in `../lib/tessera/` (an install).
public enum PluginLibrary {
    /// Where `file` (`libTesseraA11y.so`) may be: `$<override>` when set, else beside the
    /// executable, then `../lib/tessera/`.
    public static func candidatePaths(_ file: String, override: String) -> [String] {
        if let chosen = getenv(override) { return [String(cString: chosen)] }
        guard let exe = executablePath else { return [] }
        let dir = exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return [dir + "/" + file, dir + "/../lib/tessera/" + file]
    }

    /// The running executable's path (`/proc/self/exe`), nil where there is no /proc.
    public static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first of `paths` that opens and that `make` accepts (it reads the symbols it needs).
    public static func load<T>(from paths: [String], _ make: (UnsafeMutableRawPointer) -> T?) -> T? {
        for path in paths {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { continue }
            if let made = make(handle) { return made }
        }
        return nil
    }

    /// A symbol of `handle` as a C function type.
    public static func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, _: T.Type) -> T? {
        dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
    }
}

/// The descriptors a loaded library's GLib context wants polled, asked through its C `prepare`
/// function (fills up to `max` of them and a timeout in ms, returns how many it has): the buffer
/// grows when it has more. Both dlopen'd bridges poll this way.
public struct DescriptorPoll {
    private var fds: [pollfd]

    public init(capacity: Int = 8) { fds = [pollfd](repeating: pollfd(), count: capacity) }

    public mutating func ask(_ prepare: (UnsafeMutablePointer<pollfd>, Int32, UnsafeMutablePointer<Int32>) -> Int32)
        -> (fds: [pollfd], timeout: Int32) {
        var timeout: Int32 = -1
        var polled = Int(prepare(&fds, Int32(fds.count), &timeout))
        if polled > fds.count {
            fds = [pollfd](repeating: pollfd(), count: polled)
            polled = Int(prepare(&fds, Int32(fds.count), &timeout))
        }
        return (Array(fds.prefix(polled)), timeout)
    }
}
