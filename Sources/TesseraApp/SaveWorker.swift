#if canImport(Glibc)
import Glibc
#endif
import TesseraCore

/// Writes the arrangement on a thread of its own, so a drop never waits for the disk: the two
/// fsyncs of an atomic save can take tens of milliseconds on a real disk, and encoding 100k items
/// about ten, all of which used to land in the frame after the drop.
///
/// Newest wins: a snapshot handed over while another is being written replaces any still waiting,
/// so a burst of changes costs at most two writes, and the last one written is the last one made.
/// The owner's thread collects what happened (``takeOutcomes()``), in order; ``waitUntilIdle()``
/// blocks until everything handed over is on disk or has failed (quitting, tests).
///
/// The model is a value: the worker writes its own copy while the owner goes on editing. The
/// store and the journal are used only by the worker thread (or, without one, by the owner's).
final class SaveWorker: @unchecked Sendable {
    struct Outcome: Sendable {
        /// Which snapshot (the number ``submit(_:generation:)`` was given).
        var generation: Int
        /// Nil when it is on disk.
        var error: StateStore.SaveError?
    }

    private let store: StateStore
    private let journal: SaveJournal?
    /// Guard everything below; heap-allocated so their addresses never move.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var waiting: (model: CollectionModel, generation: Int)?
    private var writing = false
    private var outcomes: [Outcome] = []
    private var stopping = false
    private var thread = pthread_t()
    private var started = false

    init(store: StateStore, journal: SaveJournal?) {
        self.store = store
        self.journal = journal
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        let box = Unmanaged.passRetained(self)
        started = pthread_create(&thread, nil, { arg in
            Unmanaged<SaveWorker>.fromOpaque(arg!).takeRetainedValue().work()
            return nil
        }, box.toOpaque()) == 0
        // Without a thread (none to be had), saves are written on the caller's thread.
        if !started { box.release() }
    }

    deinit {
        pthread_mutex_destroy(lock)
        pthread_cond_destroy(changed)
        lock.deallocate()
        changed.deallocate()
    }

    /// Hands over `model` to be written, replacing any snapshot still waiting.
    func submit(_ model: CollectionModel, generation: Int) {
        guard started else {
            outcomes.append(write(model, generation: generation))
            return
        }
        locked {
            waiting = (model, generation)
            pthread_cond_broadcast(changed)
        }
    }

    /// What finished since the last call, oldest first.
    func takeOutcomes() -> [Outcome] {
        locked {
            defer { outcomes.removeAll() }
            return outcomes
        }
    }

    /// Whether a snapshot is waiting or being written.
    var isBusy: Bool { locked { waiting != nil || writing } }

    /// Returns once every snapshot handed over is written or has failed.
    func waitUntilIdle() {
        guard started else { return }
        locked { while waiting != nil || writing { pthread_cond_wait(changed, lock) } }
    }

    /// Writes what is waiting, then ends the thread. No snapshot may be handed over afterwards.
    func stop() {
        guard started else { return }
        locked {
            stopping = true
            pthread_cond_broadcast(changed)
        }
        pthread_join(thread, nil)
        started = false
    }

    private func work() {
        pthread_mutex_lock(lock)
        while true {
            while waiting == nil && !stopping { pthread_cond_wait(changed, lock) }
            guard let job = waiting else { break }
            waiting = nil
            writing = true
            pthread_mutex_unlock(lock)
            let outcome = write(job.model, generation: job.generation)
            pthread_mutex_lock(lock)
            outcomes.append(outcome)
            writing = false
            pthread_cond_broadcast(changed)
        }
        pthread_mutex_unlock(lock)
    }

    private func write(_ model: CollectionModel, generation: Int) -> Outcome {
        let bytes = StateFile.encode(model)
        let attempt = journal?.begin(bytes)
        do {
            try store.save(encoded: bytes)
            if let attempt { journal?.end(attempt, ok: true) }
            return Outcome(generation: generation, error: nil)
        } catch {
            if let attempt { journal?.end(attempt, ok: false) }
            return Outcome(generation: generation, error: error)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }
}
