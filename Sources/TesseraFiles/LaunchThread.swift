#if canImport(Glibc)
import Glibc
#endif

/// Starts the default application for a URI on a thread of its own (GIO may spawn a process or
/// ask D-Bus to activate one), so the window never waits for it; what went wrong comes back
/// through `LaunchResults`.
enum LaunchThread {
    private final class Job {
        let helper: FilesHelper, location: String, title: String, results: LaunchResults
        init(helper: FilesHelper, location: String, title: String, results: LaunchResults) {
            self.helper = helper; self.location = location; self.title = title; self.results = results
        }
    }

    static func start(helper: FilesHelper, location: String, title: String, results: LaunchResults) {
        let job = Unmanaged.passRetained(Job(helper: helper, location: location, title: title, results: results))
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { arg in
            let job = Unmanaged<Job>.fromOpaque(arg!).takeRetainedValue()
            if let error = job.helper.launch(job.location) {
                job.results.post("Could not open \u{201C}\(job.title)\u{201D}: \(error.message)")
            }
            return nil
        }, job.toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            job.release()
            results.post("Could not open \u{201C}\(title)\u{201D}: no thread to start it on")
        }
    }
}

/// Messages from launch threads to the main thread, with a pipe that wakes its poll.
final class LaunchResults: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var messages: [String] = []
    private let wakePipe = WakePipe()
    var descriptor: Int32 { wakePipe.descriptor }

    init() { pthread_mutex_init(lock, nil) }

    deinit {
        wakePipe.close()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    func post(_ message: String) {
        pthread_mutex_lock(lock)
        messages.append(message)
        pthread_mutex_unlock(lock)
        wakePipe.wake()
    }

    /// Wakes the poll without a message: the owner has news of its own to hand over.
    func nudge() { wakePipe.wake() }

    func take() -> [String] {
        wakePipe.drain()
        pthread_mutex_lock(lock)
        defer { messages.removeAll(); pthread_mutex_unlock(lock) }
        return messages
    }
}
