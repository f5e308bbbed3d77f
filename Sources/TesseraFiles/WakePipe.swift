#if canImport(Glibc)
import Glibc
#endif

/// A pipe a worker thread writes a byte to when it has something, and the main loop polls: the
/// loop wakes at once instead of looking every few milliseconds.
struct WakePipe: @unchecked Sendable {
    /// The end to poll; -1 when no pipe could be made (then nothing wakes the loop early).
    let descriptor: Int32
    private let writeEnd: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            descriptor = fds[0]; writeEnd = fds[1]
        } else {
            descriptor = -1; writeEnd = -1
        }
    }

    /// From any thread. A full pipe already says there is something.
    func wake() {
        var one: UInt8 = 1
        if writeEnd >= 0 { _ = write(writeEnd, &one, 1) }
    }

    /// On the polling thread, before taking what was made.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while descriptor >= 0, read(descriptor, &buffer, buffer.count) > 0 {}
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        if writeEnd >= 0 { Glibc.close(writeEnd) }
    }
}
