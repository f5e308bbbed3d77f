import Synchronization

/// Lines logged by the app, from whichever thread logs them (the save journal is written by the
/// saver's thread).
final class LogLines: Sendable, CustomStringConvertible {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
    var count: Int { all.count }
    var last: String? { all.last }
    subscript(i: Int) -> String { all[i] }
    var description: String { all.description }
}
