import Testing
@testable import TesseraCore

/// `DropRules`: the drag's policy, on its own.
@Suite struct DropRulesTests {
    let plain = Item(id: "a", title: "A"), other = Item(id: "b", title: "B")
    var done: Item { var d = Item(id: "d", title: "D"); d.done = true; return d }
    let folder = Item(id: "f", title: "F", kind: .folder, children: [Item(id: "c", title: "C")])
    let from = IndexPath(section: 0, item: 2)

    @Test func whatMayBeDroppedOntoWhat() {
        let at = IndexPath(section: 0, item: 5)
        #expect(DropRules.canDrop(plain, from: from, onto: other, at: at))      // a new folder of the two
        #expect(DropRules.canDrop(plain, from: from, onto: folder, at: at))     // into a folder
        #expect(!DropRules.canDrop(plain, from: from, onto: done, at: at))      // not onto a done item
        #expect(!DropRules.canDrop(folder, from: from, onto: other, at: at))    // no folders in folders
        #expect(!DropRules.canDrop(plain, from: from, onto: plain, at: from))   // not onto itself
        #expect(!DropRules.canDrop(plain, from: from, onto: other, at: IndexPath(section: 0, item: 5, child: 0)))
    }

    @Test func aGapBesideTheCarriedItemsOwnSlotChangesNothing() {
        #expect(DropRules.chooseTarget(.gap(section: 0, index: 2), carriedFrom: from) == nil)
        #expect(DropRules.chooseTarget(.gap(section: 0, index: 3), carriedFrom: from) == nil)
        #expect(DropRules.chooseTarget(.gap(section: 0, index: 4), carriedFrom: from) == .gap(section: 0, index: 4))
        #expect(DropRules.chooseTarget(.gap(section: 1, index: 2), carriedFrom: from) == .gap(section: 1, index: 2))
        #expect(DropRules.chooseFolderGap(1, carriedChild: 1) == nil && DropRules.chooseFolderGap(2, carriedChild: 1) == nil)
        #expect(DropRules.chooseFolderGap(3, carriedChild: 1) == .gap(section: 0, index: 3))
        #expect(DropRules.chooseFolderGap(nil, carriedChild: 1) == nil)
    }

    @Test func aGapAfterTheCarriedItemLandsOnePlaceEarlierOnceItIsTakenOut() {
        #expect(DropRules.destination(ofGap: 6, in: 0, carriedFrom: from) == IndexPath(section: 0, item: 5))
        #expect(DropRules.destination(ofGap: 1, in: 0, carriedFrom: from) == IndexPath(section: 0, item: 1))
        #expect(DropRules.destination(ofGap: 6, in: 1, carriedFrom: from) == IndexPath(section: 1, item: 6))
    }
}
