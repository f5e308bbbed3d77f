#if canImport(Glibc)
import Glibc
#endif
import TesseraCore
import TesseraStore

/// Reads the whole of a large store on a thread of its own (two, in fact: `readAll(partitions:)`
/// scans two halves of the table at once) while the window shows the first screen and takes input.
/// It starts when asked (`start()`, once the first frame is shown), not when made: started with the
/// process, its two threads took the two cores of a small machine from the first frame (100k
/// items: ~85 ms to the first frame, ~60 ms when the read waits for it).
/// Its connections are its own and closed before it reports. The caller holds the store's lock, so
/// nothing commits while it reads.
///
/// When the rest of the store breaks the collection's rules (a collision at row 900,000), the store
/// is set aside exactly as a bad store found at start-up is, and the sample data takes its place.
/// When it cannot be read for another reason (an I/O error), it is left alone and saving stops,
/// so nothing is ever written over a store that may be fine.
public final class StoreLoader: CollectionLoader, @unchecked Sendable {
    public let path: String
    private let fallback: () -> CollectionModel
    private let log: (String) -> Void
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var outcome: LoadOutcome?
    private var started = false
    private var finished = false
    private var taken = false
    private var thread = pthread_t()

    /// Reads nothing until `start()`. `fallback` makes the collection to start over on (on the
    /// loader's thread); `log` prints one line (on the loader's thread).
    public init(path: String, fallback: @escaping () -> CollectionModel, log: @escaping (String) -> Void) {
        self.path = path
        self.fallback = fallback
        self.log = log
        pthread_mutex_init(lock, nil)
        pthread_cond_init(done, nil)
    }

    public func start() {
        pthread_mutex_lock(lock)
        let first = !started
        started = true
        pthread_mutex_unlock(lock)
        guard first else { return }
        let box = Unmanaged.passRetained(self)
        if pthread_create(&thread, nil, { arg in
            Unmanaged<StoreLoader>.fromOpaque(arg!).takeRetainedValue().run()
            return nil
        }, box.toOpaque()) != 0 {
            box.release()
            run()
        } else {
            pthread_detach(thread)
        }
    }

    deinit {
        pthread_mutex_destroy(lock)
        pthread_cond_destroy(done)
        lock.deallocate()
        done.deallocate()
    }

    public func take() -> LoadOutcome? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard finished, !taken else { return nil }
        taken = true
        return outcome
    }

    public func wait() {
        start()
        pthread_mutex_lock(lock)
        while !finished { pthread_cond_wait(done, lock) }
        pthread_mutex_unlock(lock)
    }

    private func run() {
        let result = read()
        pthread_mutex_lock(lock)
        outcome = result
        finished = true
        pthread_cond_broadcast(done)
        pthread_mutex_unlock(lock)
    }

    private func read() -> LoadOutcome {
        do throws(StoreError) {
            let store = try CollectionStore(path: path, readOnly: true)
            defer { store.close() }
            return .loaded(try store.readAll(partitions: 2))
        } catch {
            if error.isFileFault, let kept = try? StoreFiles.setAside(path) {
                log("store \(path) could not be opened: \(error.description); kept it as \(kept) and started on the sample data")
                return .replaced(fallback(), notice: "The store was unreadable and kept aside as \(kept)", saving: true)
            }
            log("store \(path) could not be read: \(error.description); started on the sample data and will not save over it")
            return .replaced(fallback(), notice: "The store \(path) is unreadable; changes will not be saved", saving: false)
        }
    }
}
