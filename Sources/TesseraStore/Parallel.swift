#if canImport(Glibc)
import Glibc
#endif

/// Runs `body(0)` … `body(count − 1)` at once, `body(0)` on the calling thread and the others on
/// threads of their own, and returns their results in order. A thread that cannot be had runs its
/// part on the calling thread afterwards, so the results are the same either way.
///
/// Used for a whole read of a large store: two connections scan two halves of the table on the
/// two cores a laptop has at least.
/// A closure handed to a new thread.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

func inParallel<R>(_ count: Int, _ body: @escaping (Int) -> R) -> [R] {
    guard count > 1 else { return count == 1 ? [body(0)] : [] }
    var results = [R?](repeating: nil, count: count)
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    defer { pthread_mutex_destroy(lock); lock.deallocate() }
    let store: (Int, R) -> Void = { k, r in
        pthread_mutex_lock(lock)
        results[k] = r
        pthread_mutex_unlock(lock)
    }
    var threads: [(pthread_t, Int)] = []
    var leftOver: [Int] = []
    for k in 1..<count {
        let slot = Unmanaged.passRetained(ThreadBody { store(k, body(k)) })
        var thread = pthread_t()
        if pthread_create(&thread, nil, { arg in
            Unmanaged<ThreadBody>.fromOpaque(arg!).takeRetainedValue().run()
            return nil
        }, slot.toOpaque()) == 0 {
            threads.append((thread, k))
        } else {
            slot.release()
            leftOver.append(k)
        }
    }
    store(0, body(0))
    for k in leftOver { store(k, body(k)) }
    for (thread, _) in threads { pthread_join(thread, nil) }
    return results.map { $0! }
}
