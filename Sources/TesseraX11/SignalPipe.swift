#if canImport(Glibc)
import Glibc
#endif

/// Write end of the self-pipe; the only thing the signal handler touches.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The self-pipe trick: SIGTERM and SIGINT write a byte that wakes the shell's `poll()`,
/// so the app quits cleanly (saving) instead of dying mid-write.
struct SignalPipe {
    let readEnd: Int32

    /// Creates the pipe and installs handlers for SIGTERM and SIGINT.
    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 {
            writeToStandardError("tessera: cannot create the signal pipe (errno \(errno)); SIGTERM will end the app without saving")
            readEnd = -1
            return
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readEnd = fds[0]
        signalPipeWriteEnd = fds[1]
        let handler: @convention(c) (Int32) -> Void = { _ in
            let saved = errno
            var byte: UInt8 = 1
            _ = write(signalPipeWriteEnd, &byte, 1)
            errno = saved
        }
        signal(SIGTERM, handler)
        signal(SIGINT, handler)
    }

    /// Empties the pipe; true when a signal arrived since the last call.
    func consume() -> Bool {
        guard readEnd >= 0 else { return false }
        var buf = [UInt8](repeating: 0, count: 16)
        var got = false
        while read(readEnd, &buf, buf.count) > 0 { got = true }
        return got
    }
}
