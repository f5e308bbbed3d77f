import Testing
import TesseraCairo
@testable import TesseraX11

/// The back buffer is a quarter of the window; every damaged pixel must still reach the window
/// exactly once, from a place in the buffer no other piece of the same load uses.
@Suite struct StagingPlanTests {
    /// Checks what a user would see go wrong: a damaged pixel never sent (a stale patch), sent
    /// twice, or two pieces painted over each other in the buffer before being sent.
    private func expectSound(_ plan: StagingPlan, covers rects: [DeviceRect], bufferWidth: Int, bufferHeight: Int) {
        var sent: [Int: Int] = [:]
        for load in plan.loads {
            var used = Set<Int>()
            for piece in load {
                let s = piece.source
                #expect(s.x >= 0 && s.y >= 0 && s.maxX <= bufferWidth && s.maxY <= bufferHeight, "\(piece) outside the buffer")
                for y in s.y..<s.maxY {
                    for x in s.x..<s.maxX { #expect(used.insert(y * bufferWidth + x).inserted, "buffer pixel reused in one load") }
                }
                let w = piece.window
                for y in w.y..<w.maxY { for x in w.x..<w.maxX { sent[y * 100_000 + x, default: 0] += 1 } }
            }
        }
        var damaged = Set<Int>()
        for r in rects { for y in r.y..<r.maxY { for x in r.x..<r.maxX { damaged.insert(y * 100_000 + x) } } }
        #expect(Set(sent.keys) == damaged, "every damaged pixel is sent")
        #expect(sent.values.allSatisfy { $0 == 1 }, "no pixel is sent twice")
    }

    @Test func aFullRepaintGoesInAFewLoads() {
        let size = StagingPlan.bufferSize(forWindowWidth: 320, height: 400, maxSide: 2048, minimumHeight: 64)
        #expect(size.width == 320 && size.height == 100)
        let whole = [DeviceRect(x: 0, y: 0, width: 320, height: 400)]
        let plan = StagingPlan(rects: whole, bufferWidth: size.width, bufferHeight: size.height)
        #expect(plan.loads.count == 4)
        expectSound(plan, covers: whole, bufferWidth: size.width, bufferHeight: size.height)
    }

    @Test func aReflowsStripAndColumnsGoInOneLoad() {
        // What moving the first item of a grid damages: the top strip and two narrow columns.
        let rects = [DeviceRect(x: 0, y: 0, width: 320, height: 8), DeviceRect(x: 0, y: 8, width: 8, height: 192),
                     DeviceRect(x: 280, y: 8, width: 40, height: 192)]
        let plan = StagingPlan(rects: rects, bufferWidth: 320, bufferHeight: 64)
        #expect(plan.loads.count == 1)
        expectSound(plan, covers: rects, bufferWidth: 320, bufferHeight: 64)
    }

    @Test func tallColumnsAreCutIntoAsFewPiecesAsFitOneLoad() {
        // A re-flow under a still header damages two columns only: each piece is a render pass, so
        // they are cut at the buffer's height, not half of it, when all of them still fit.
        let rects = [DeviceRect(x: 0, y: 0, width: 21, height: 800), DeviceRect(x: 1150, y: 0, width: 100, height: 800)]
        let plan = StagingPlan(rects: rects, bufferWidth: 1280, bufferHeight: 256)
        #expect(plan.loads.count == 1)
        #expect(plan.loads[0].count == 8)
        #expect(plan.loads[0].allSatisfy { $0.window.height == 256 || $0.window.height == 32 })
        expectSound(plan, covers: rects, bufferWidth: 1280, bufferHeight: 256)
    }

    @Test func scatteredCellsAndAWindowLargerThanTheBufferAreCoveredExactly() {
        var rects: [DeviceRect] = []
        for i in 0..<23 { rects.append(DeviceRect(x: (i * 37) % 290, y: (i * 53) % 370, width: 24 + i % 7, height: 18 + i % 11)) }
        rects.append(DeviceRect(x: 0, y: 380, width: 500, height: 20))      // wider than the buffer
        let plan = StagingPlan(rects: rects, bufferWidth: 200, bufferHeight: 60)
        #expect(plan.loads.count > 1)
        // Overlapping damage is sent as given; check each rect on its own plan.
        for r in rects {
            expectSound(StagingPlan(rects: [r], bufferWidth: 200, bufferHeight: 60), covers: [r], bufferWidth: 200, bufferHeight: 60)
        }
        let pieces = plan.loads.flatMap { $0 }
        #expect(pieces.reduce(0) { $0 + $1.window.width * $1.window.height } == rects.reduce(0) { $0 + $1.width * $1.height })
    }

    @Test func theBufferIsAQuarterOfTheWindowWithAFloor() {
        let big = StagingPlan.bufferSize(forWindowWidth: 1280, height: 800, maxSide: 2048)
        #expect(big.width == 1280 && big.height == 256)          // a quarter is 200: the 256-row floor
        let tall = StagingPlan.bufferSize(forWindowWidth: 1920, height: 2000, maxSide: 2048)
        #expect(tall.width == 1920 && tall.height == 500)
        let huge = StagingPlan.bufferSize(forWindowWidth: 8000, height: 8000, maxSide: 2048)
        #expect(huge.width == 2048 && huge.height == 2000)
        let tiny = StagingPlan.bufferSize(forWindowWidth: 1, height: 1, maxSide: 2048)
        #expect(tiny.width == 1 && tiny.height == 1)
    }
}
