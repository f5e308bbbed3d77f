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

    /// A batch of 4.5 pieces measured at once (a fast disk's 0.8 s of a large drop) reaches the
    /// engine a piece of at most `largestPiece` (250) a frame, each in order, all of them, the next
    /// batch waiting its turn.
    @Test func aLargeBatchGoesInPiecesAFrameApart() {
        let k = HandoverPacing.largestPiece
        #expect(k == 250)
        var p = HandoverPacing()
        var waiting = 4 * k + k / 2, went: [(frame: Int, count: Int)] = []
        for frame in 0..<12 {
            let n = p.take(waiting, at: 100 + Double(frame) / 60)
            if n > 0 { went.append((frame, n)); waiting -= n }
        }
        #expect(went.map(\.count) == [k, k, k, k, k / 2])
        #expect(went.map(\.frame) == [0, 1, 2, 3, 4], "one piece a frame, none skipped")
        #expect(waiting == 0)
        // Two calls within one frame (the shell hands over after every wake-up): one piece.
        var q = HandoverPacing()
        #expect(q.take(3 * k, at: 5) == k)
        #expect(q.take(2 * k, at: 5 + 0.004) == 0)
        #expect(q.due == 5 + HandoverPacing.pieceGap)
        #expect(q.take(2 * k, at: 5 + HandoverPacing.pieceGap) == k)
    }

    /// Aspects read while a batch goes in pieces wait for the next batch, which keeps the burst's
    /// growing wait; a small batch goes whole.
    @Test func whatComesDuringThePiecesWaitsForTheNextBatch() {
        let k = HandoverPacing.largestPiece
        var p = HandoverPacing()
        #expect(p.take(k + k / 2, at: 0) == k)
        // 100 more came meanwhile: the batch's last half piece goes, not the 100.
        #expect(p.take(k / 2 + 100, at: 0.02) == k / 2)
        #expect(p.due == 0.1, "the burst's next batch, 0.1 s after the first")
        #expect(p.take(100, at: 0.05) == 0)
        #expect(p.take(100, at: 0.1) == 100)
        #expect(abs(p.due - 0.3) < 1e-9, "then 0.2 s after that")
    }
}
