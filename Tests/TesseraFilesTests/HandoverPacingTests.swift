import Testing
@testable import TesseraFiles

/// The files thread's aspects reach the engine at once when alone, and in batches further and
/// further apart while a burst goes on (each batch re-flows masonry).
@Suite struct HandoverPacingTests {
    @Test func aBurstGoesInBatchesFurtherAndFurtherApart() {
        var p = HandoverPacing()
        var went: [Double] = []
        // Reports ready every 1/60 s for three seconds.
        for i in 0..<180 {
            let t = 10 + Double(i) / 60
            if p.take(at: t) { went.append(((t - 10) * 60).rounded()) }
        }
        // Frames: the first at once, then 0.1, 0.2, 0.4 s, then every 0.8 s (a frame's rounding either way).
        let gaps = zip(went.dropFirst(), went).map { $0 - $1 }
        #expect(went.first == 0 && gaps.count == 5)
        #expect(zip(gaps, [6.0, 12, 24, 48, 48]).allSatisfy { abs($0 - $1) <= 1 }, "\(went)")
    }

    @Test func aLoneReportAfterAPauseGoesAtOnceAndStartsAgainAtTheShortestWait() {
        var p = HandoverPacing()
        let times = [0, 0.1, 0.25, 0.31, 5]
        let went = times.map { p.take(at: $0) }
        // The burst's third batch waits 0.2 s; after a pause longer than twice the wait, it is over.
        #expect(went == [true, true, false, true, true])
        #expect(p.due == 5.1)
    }
}
