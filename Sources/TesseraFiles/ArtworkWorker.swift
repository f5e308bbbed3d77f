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
    /// Waiting jobs, the newest last, each with its turn. A job asked for again is pushed again
    /// with a new turn (O(1)); `queued` holds each waiting job's latest turn, and an entry whose
    /// turn is not it is skipped when it comes up.
    private var stack: [(job: ArtworkJob, turn: Int)] = []
    private var queued: [ArtworkJob: Int] = [:]
    private var turns = 0
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

    /// Puts `jobs` on top, the last of them to be made first; under one lock (a drop of 10,000
    /// images is 10,000 jobs).
    func submit(_ jobs: [ArtworkJob]) {
        guard !jobs.isEmpty else { return }
        locked {
            for job in jobs {
                turns += 1
                queued[job] = turns
                stack.append((job, turns))
            }
            // Entries skipped later: compacted when they would be most of the stack.
            if stack.count > 64, stack.count > 2 * queued.count {
                stack.removeAll { queued[$0.job] != $0.turn }
            }
        }
        pthread_cond_signal(changed)
    }

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
            while queued.isEmpty && !stopping { pthread_cond_wait(changed, lock) }
            if stopping { pthread_mutex_unlock(lock); return }
            var next = stack.removeLast()
            while queued[next.job] != next.turn { next = stack.removeLast() }
            queued[next.job] = nil
            let job = next.job
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
