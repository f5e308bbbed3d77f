import Testing
@testable import TesseraCore

/// `Rect.subtracting`: what a renderer paints the background into around a box that covers the
/// rest. Every point of the rect outside the box must be in exactly one piece, and none inside it.
@Suite struct RectSubtractingTests {
    @Test func thePiecesCoverWhatIsLeftOnceAndNothingElse() {
        var random = SeededRandom(seed: 7)
        func rect() -> Rect {
            Rect(x: Double(Int.random(in: 0...20, using: &random)), y: Double(Int.random(in: 0...20, using: &random)),
                 width: Double(Int.random(in: 0...20, using: &random)), height: Double(Int.random(in: 0...20, using: &random)))
        }
        for _ in 0..<300 {
            let a = rect(), b = rect()
            let pieces = a.subtracting(b)
            #expect(pieces.count <= 4 && pieces.allSatisfy { !$0.isEmpty })
            // Sample the centres of the unit squares of the grid the rects lie on.
            for y in 0..<41 {
                for x in 0..<41 {
                    let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let inPieces = pieces.filter { $0.contains(p) }.count
                    #expect(inPieces == (a.contains(p) && !b.contains(p) ? 1 : 0), "\(a) - \(b) at \(p)")
                }
            }
        }
    }
}
