#if canImport(Glibc)
import Glibc
#endif

/// One thread that makes artwork (`ArtworkMaker`) so no frame waits for a disk or a decoder.
///
/// Newest first: a job asked for again goes back on top, so the tiles just drawn (what the user is
/// looking at while scrolling a wall of pictures) are made before those that scrolled past. The
/// owner's thread collects what was made (``take()``); a pipe it polls says when there is some.
final class ArtworkWorker: @unchecked Sendable {
    private var maker: ArtworkMaker
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Waiting jobs, the newest last; `queued` has the same jobs, to find one again fast.
    private var stack: [ArtworkJob] = []
    private var queued: Set<ArtworkJob> = []
    private var made: [ArtworkOutcome] = []
    private var stopping = false
    private var thread = pthread_t()
    private let wakePipe = WakePipe()
    /// Readable when `made` has something (-1 when there is no pipe).
    var descriptor: Int32 { wakePipe.descriptor }

    init?(maker: ArtworkMaker) {
        self.maker = maker
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        let box = Unmanaged.passRetained(self)
        guard pthread_create(&thread, nil, { arg in
            Unmanaged<ArtworkWorker>.fromOpaque(arg!).takeRetainedValue().work()
            return nil
        }, box.toOpaque()) == 0 else {
            box.release()
            wakePipe.close()
            return nil
        }
    }

    deinit {
        pthread_mutex_destroy(lock)
        pthread_cond_destroy(changed)
        lock.deallocate()
        changed.deallocate()
        wakePipe.close()
    }

    func submit(_ job: ArtworkJob) {
        locked {
            if queued.contains(job) { stack.removeAll { $0 == job } } else { queued.insert(job) }
            stack.append(job)
        }
        pthread_cond_signal(changed)
    }

    /// How many jobs wait (for the progress of a large drop).
    var waiting: Int { locked { stack.count } }

    /// Everything made since the last call, in the order it was made.
    func take() -> [ArtworkOutcome] {
        wakePipe.drain()
        return locked {
            defer { made.removeAll() }
            return made
        }
    }

    /// Lets the thread finish the job in hand and end.
    func stop() {
        locked { stopping = true }
        pthread_cond_signal(changed)
    }

    private func work() {
        while true {
            pthread_mutex_lock(lock)
            while stack.isEmpty && !stopping { pthread_cond_wait(changed, lock) }
            if stopping { pthread_mutex_unlock(lock); return }
            let job = stack.removeLast()
            queued.remove(job)
            pthread_mutex_unlock(lock)
            let outcome = maker.make(job)
            locked { made.append(outcome) }
            wakePipe.wake()
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }
}
