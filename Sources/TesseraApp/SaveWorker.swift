#if canImport(Glibc)
import Glibc
#endif
import TesseraCore

/// Writes the arrangement on a thread of its own, so a drop never waits for the disk: the two
/// fsyncs of an atomic save can take tens of milliseconds on a real disk, and encoding 100k items
/// about ten, all of which used to land in the frame after the drop.
///
/// Newest wins: a snapshot handed over while another is being written replaces any still waiting
/// (their edit logs joined, so the write covers both), so a burst of changes costs at most two
/// writes, and the last one written is the last one made. A write that fails is not forgotten:
/// its edits join the next snapshot's, since the target still holds the state before them.
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

    /// A snapshot to write, and the edits that led to it from the last one written (nil: unknown,
    /// write it whole).
    struct Job {
        var model: CollectionModel
        var changes: EditLog?
        var generation: Int

        /// `later` after `self`: the newer model, both jobs' edits.
        func followed(by later: Job) -> Job {
            var joined = later
            if var changes, let more = later.changes {
                changes.append(contentsOf: more)
                joined.changes = changes
            } else {
                joined.changes = nil
            }
            return joined
        }
    }

    private let target: any SaveTarget
    private let journal: SaveJournal?
    /// Guard everything below; heap-allocated so their addresses never move.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var waiting: Job?
    /// The edits of a write that failed, joined to the next one.
    private var carried: Job?
    private var writing = false
    private var outcomes: [Outcome] = []
    private var stopping = false
    private var thread = pthread_t()
    private var started = false

    init(target: any SaveTarget, journal: SaveJournal?) {
        self.target = target
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

    /// Hands over `model` to be written (`changes`: the edits since the snapshot handed over
    /// before; nil: write it whole), replacing any snapshot still waiting.
    func submit(_ model: CollectionModel, changes: EditLog?, generation: Int) {
        let job = Job(model: model, changes: changes, generation: generation)
        guard started else {
            let merged = carried.map { $0.followed(by: job) } ?? job
            carried = nil
            outcomes.append(write(merged))
            return
        }
        locked {
            waiting = waiting.map { $0.followed(by: job) } ?? job
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
            guard let next = waiting else { break }
            let job = carried.map { $0.followed(by: next) } ?? next
            waiting = nil
            carried = nil
            writing = true
            pthread_mutex_unlock(lock)
            let outcome = write(job)
            if outcome.error == nil { target.tidy() }
            pthread_mutex_lock(lock)
            outcomes.append(outcome)
            writing = false
            pthread_cond_broadcast(changed)
        }
        pthread_mutex_unlock(lock)
    }

    /// Writes `job`; when it fails, keeps its edits for the next (the caller's lock is not held).
    private func write(_ job: Job) -> Outcome {
        // Only with --log-saves: the digest of what this write makes the collection.
        let attempt = journal.map { $0.begin(StateFile.encode(job.model)) }
        do {
            try target.write(job.model, changes: job.changes)
            if let attempt { journal?.end(attempt, ok: true) }
            return Outcome(generation: job.generation, error: nil)
        } catch {
            if let attempt { journal?.end(attempt, ok: false) }
            if started { locked { carried = job } } else { carried = job }
            return Outcome(generation: job.generation, error: error)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }
}
