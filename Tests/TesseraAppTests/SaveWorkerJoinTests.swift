import Foundation
import Testing
@testable import TesseraApp
@testable import TesseraCore

/// What the save thread hands its target: each write carries every edit since the last write that
/// succeeded, so a store written change by change never misses one.
@Suite struct SaveWorkerJoinTests {
    /// Records each write's edit log (nil: whole); fails while `failing`.
    final class RecordingTarget: SaveTarget, @unchecked Sendable {
        let path = "/recorded"
        var failing = false
        var writes: [EditLog?] = []
        func write(_ model: CollectionModel, changes: EditLog?) throws(StateStore.SaveError) {
            writes.append(changes)
            if failing { throw StateStore.SaveError(description: "refused", summary: "refused") }
        }
        func tidy() {}
    }

    /// A log of one insert per name (each a distinct step: `a` inserts at 0, `b` at 1, …).
    func log(_ names: [String]) -> EditLog {
        var log = EditLog()
        for n in names { log.append(.inserted(section: 0, index: Int(n.unicodeScalars.first!.value) - 97)) }
        return log
    }

    @Test func aFailedWritesEditsJoinTheNextWrite() {
        let target = RecordingTarget()
        let worker = SaveWorker(target: target, journal: nil)
        let model = SampleData.model()
        target.failing = true
        worker.submit(model, changes: log(["a"]), generation: 1)
        worker.waitUntilIdle()
        #expect(worker.takeOutcomes().map { $0.error != nil } == [true])
        target.failing = false
        worker.submit(model, changes: log(["b"]), generation: 2)
        worker.waitUntilIdle()
        #expect(worker.takeOutcomes().map { $0.error == nil } == [true])
        #expect(target.writes == [log(["a"]), log(["a", "b"])], "the second write carries the first's edits too")
        // Nothing carried once a write succeeded.
        worker.submit(model, changes: log(["c"]), generation: 3)
        worker.waitUntilIdle()
        #expect(target.writes.last == log(["c"]))
        worker.stop()
    }

    @Test func aWholeWriteStaysWholeWhenJoined() {
        let target = RecordingTarget()
        let worker = SaveWorker(target: target, journal: nil)
        target.failing = true
        worker.submit(SampleData.model(), changes: nil, generation: 1)
        worker.waitUntilIdle()
        target.failing = false
        worker.submit(SampleData.model(), changes: log(["b"]), generation: 2)
        worker.waitUntilIdle()
        #expect(target.writes == [nil, nil], "a store that never got the whole collection gets it whole")
        worker.stop()
    }
}
