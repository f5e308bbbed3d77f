import Testing
@testable import TesseraCore

/// An item's icon, done flag and kind share one word: each must read back what was set, whatever
/// the others are, and equal items must stay equal and hash alike.
@Suite struct ItemTests {
    @Test func iconDoneAndKindAreIndependent() {
        var item = Item(id: "a", title: "A", icon: "star", done: true, kind: .folder)
        #expect(item.icon == "star" && item.done && item.kind == .folder && item.isFolder)
        item.icon = "leaf"
        #expect(item.icon == "leaf" && item.done && item.isFolder)
        item.done = false
        #expect(item.icon == "leaf" && !item.done && item.isFolder && item.isMovable)
        item.kind = .item
        #expect(item.icon == "leaf" && !item.done && !item.isFolder)
        item.icon = ""
        #expect(item.icon == "" && !item.done && item.kind == .item)
        item.icon = "名前 with spaces"
        #expect(item.icon == "名前 with spaces")
    }

    @Test func equalityFollowsTheIconName() {
        let a = Item(id: "a", title: "A", icon: "star"), b = Item(id: "a", title: "A", icon: "star")
        var c = b
        c.icon = "moon"
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != c)
        c.icon = "star"
        #expect(a == c)
    }

    /// The cost model in docs/DESIGN.md: 100,000 items are 5.6 MB.
    @Test func anItemIs56Bytes() {
        #expect(MemoryLayout<Item>.stride == 56)
    }
}
