import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, never with Foundation's `Process`.
///
/// Test runners run tests on threads that block most signals, and a child inherits the mask: an Xvfb
/// or app started naively ignores SIGTERM and the whole `swift test` hangs waiting for it
/// (see /work/shared/X11-NOTES.md). So the child gets an empty signal mask and default dispositions
/// for SIGTERM, SIGINT and SIGPIPE, its stdio goes to files, and descriptors other than stdio (and an
/// optional extra one) are closed in it. ``terminate(grace:)`` always reaps it: SIGTERM, a short wait,
/// SIGKILL, `waitpid`.
final class ChildProcess: @unchecked Sendable {
    enum Status: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let code): "exited with code \(code)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    let executable: String
    private let lock = NSLock()
    private var reaped: Status?

    /// Starts `executable` with `arguments`. `environment` replaces the parent's when given.
    /// `stdoutPath`/`stderrPath` receive the output (nil = /dev/null). `passing` duplicates a
    /// descriptor of ours onto a descriptor number in the child (e.g. a pipe's write end onto 3).
    /// `blocking` signals start blocked in the child (a parent that blocks them, as test runners do).
    init(executable: String, arguments: [String], environment: [String: String]? = nil,
         stdoutPath: String? = nil, stderrPath: String? = nil, passing: (fd: Int32, as: Int32)? = nil,
         blocking: [Int32] = []) throws {
        self.executable = executable
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in blocking { sigaddset(&mask, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let passing {
            // dup2 clears close-on-exec on the copy; every other descriptor of ours is opened
            // close-on-exec, so parallel tests' pipes and sockets do not leak into this child.
            posix_spawn_file_actions_adddup2(&actions, passing.fd, passing.as)
        }

        let env = environment ?? ProcessInfo.processInfo.environment
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            throw SpawnError(description: "posix_spawn \(executable) failed: \(String(cString: strerror(rc)))")
        }
        pid = child
    }

    deinit {
        terminate(grace: 0.5)
    }

    /// The exit status once the child has ended (reaping it), nil while it runs.
    var status: Status? {
        lock.lock()
        defer { lock.unlock() }
        if let reaped { return reaped }
        var raw: Int32 = 0
        let r = waitpid(pid, &raw, WNOHANG)
        guard r == pid else { return nil }
        let decoded: Status = (raw & 0x7f) == 0 ? .exited((raw >> 8) & 0xff) : .signaled(raw & 0x7f)
        reaped = decoded
        return decoded
    }

    var isRunning: Bool { status == nil }

    /// Polls for the end of the child for up to `timeout` seconds (without blocking a thread).
    func waitForExit(timeout: Double) async -> Status? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let s = status { return s }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return status
    }

    /// Sends a signal unless the child has been reaped already.
    func send(_ signal: Int32) {
        if status == nil { kill(pid, signal) }
    }

    /// SIGTERM, up to `grace` seconds to end, then SIGKILL; always reaps. Synchronous on purpose so
    /// it can run in a `defer`. Returns the final status.
    @discardableResult
    func terminate(grace: Double = 2) -> Status? {
        if let s = status { return s }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(grace)
        while Date() < deadline {
            if let s = status { return s }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        lock.lock()
        defer { lock.unlock() }
        if let reaped { return reaped }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
        let decoded: Status = (raw & 0x7f) == 0 ? .exited((raw >> 8) & 0xff) : .signaled(raw & 0x7f)
        reaped = decoded
        return decoded
    }
}
