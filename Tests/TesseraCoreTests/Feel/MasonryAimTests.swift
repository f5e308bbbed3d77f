import Testing
@testable import TesseraCore

/// Issue 15, defect 10: in a masonry a move re-places every item after it, so "the gap before
/// item k" does not always land the item there. It lands in the column under the pointer, at
/// the gap it showed.
@Suite struct MasonryAimTests {
    @Test(arguments: [2, 4, 6, 8])
    func aReorderLandsInTheColumnUnderThePointer(targetIndex: Int) {
        var s = EngineScript(model: SampleData.generated(count: 40, sections: 1, seed: 3), layout: .masonry(MasonryLayout()),
                             viewport: Size(width: 640, height: 900))
        let a = s.engine.flatIDs[targetIndex], b = s.engine.flatIDs[targetIndex + 1]
        let above = s.frame(a)
        // The gap under item a, in its column: the top band of whatever is below it there, or
        // the bottom band of a itself.
        let aim = Point(x: above.midX, y: above.maxY - 4)
        try? #require(aim.y < 800, "aim on screen")
        s.lift("item-1")
        s.glide(to: aim, steps: 12, seconds: 0.2)
        s.wait(0.6)
        let landed = s.engine.snapshot.windowFrame(ofFlat: s.engine.flatIDs.firstIndex(of: "item-1")!, offsets: s.engine.offsets)
        #expect(abs(landed.midX - above.midX) < 1, "item-1 lands in the column it was aimed at (target \(a), then \(b)): \(landed) vs \(above)")
        #expect(landed.minY - 40 < aim.y && aim.y < landed.maxY + 40,
                "where the pointer rests in that column: \(landed.minY)...\(landed.maxY), pointer \(aim.y)")
        s.up(s.engine.pointer!)
    }
}
