#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM and SIGINT must always mean "save and exit 0", but the window installs their handlers
/// only once it opens (TesseraX11's SignalPipe). So they are held (blocked) from the start of `run`
/// and let through once the handlers are in place: one that arrived meanwhile is delivered then,
/// and the app quits cleanly instead of dying mid-start.
///
/// Letting them through also undoes a mask inherited from the parent: a process spawned from a
/// thread that blocks signals (test runners do) would otherwise ignore SIGTERM for good.
enum EarlySignals {
    static func hold() { change(SIG_BLOCK) }
    static func letThrough() { change(SIG_UNBLOCK) }

    private static func change(_ how: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        pthread_sigmask(how, &set, nil)
    }
}
