import Testing
@testable import TesseraX11

/// A storm of resizes must not make a new back buffer (a shared-memory segment and a round trip,
/// ~1.3 ms) for every size it passes through; a buffer too small for the window, or holding far
/// more memory than it needs, is made again.
@Suite struct BackBufferSizingTests {
    private func size(_ current: (Int, Int)?, _ w: Int, _ h: Int) -> (Int, Int) {
        let s = BackBufferSizing.size(current: current.map { (width: $0.0, height: $0.1) }, windowWidth: w, windowHeight: h, maxSide: 2048)
        return (s.width, s.height)
    }

    @Test func theFirstBufferIsWhatTheStagingPlanAsks() {
        let s = size(nil, 1280, 800)
        let wanted = StagingPlan.bufferSize(forWindowWidth: 1280, height: 800, maxSide: 2048)
        #expect(s == (wanted.width, wanted.height))
    }

    /// The bench's storm: 1280x800 shrinking to 880x640 and growing back, a few pixels a frame.
    @Test func aResizeStormMakesAFewBuffersNotOneASize() {
        var current: (Int, Int)? = size(nil, 1280, 800)
        var made = 0, sizes = Set<String>()
        let steps = (0...24).map { Double($0) / 24 } + (0...24).reversed().map { Double($0) / 24 }
        for k in steps {
            let w = Int(1280 - 400 * k), h = Int(800 - 160 * k)
            sizes.insert("\(w)x\(h)")
            let next = size(current, w, h)
            let wanted = StagingPlan.bufferSize(forWindowWidth: w, height: h, maxSide: 2048)
            #expect(next.0 >= wanted.width && next.1 >= wanted.height, "\(next) too small for \(w)x\(h)")
            #expect(next.0 * next.1 <= 2 * wanted.width * wanted.height, "\(next) far more than \(w)x\(h) needs")
            if current.map({ $0 != next }) ?? true { made += 1 }
            current = next
        }
        #expect(sizes.count == 25)
        #expect(made <= 3, "\(made) buffers made for 25 sizes")
    }

    @Test func aWindowMuchSmallerGetsASmallerBuffer() {
        let big = size(nil, 2000, 1600)
        let small = size(big, 400, 300)
        let wanted = StagingPlan.bufferSize(forWindowWidth: 400, height: 300, maxSide: 2048)
        #expect(small == (wanted.width, wanted.height))
    }

    @Test func growingRoomStaysWithinTheLargestSide() {
        let s = size((1900, 600), 2040, 1900)
        #expect(s.0 <= 2048 && s.1 <= 2048)
        #expect(s.0 >= 2040)
    }
}
