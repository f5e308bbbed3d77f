import Testing
@testable import TesseraCore

/// Items dropped from another app land at the gap under the pointer, in order, as one step.
@Suite struct DropInTests {
    static let three = [IncomingItem(title: "Beach.png", icon: "camera"), IncomingItem(title: "notes.txt", icon: "book"),
                        IncomingItem(title: "swift.org", icon: "globe")]

    @Test func theyLandAtTheGapInOrderAsOneUndoableStep() {
        var s = EngineScript()
        let start = s.engine.model
        let ids = s.ids(0)
        // The leading edge of the third tile: the gap before it.
        let third = s.frame(ItemID(ids[2]))
        s.send(.dropIn(Self.three, at: Point(x: third.minX + 3, y: third.midY)))
        #expect(s.ids(0) == Array(ids[..<2]) + ["dropped-1", "dropped-2", "dropped-3"] + Array(ids[2...]))
        let made = s.engine.model.sections[0].items[2...4].map { ($0.title, $0.icon) }
        #expect(made.map(\.0) == ["Beach.png", "notes.txt", "swift.org"] && made.map(\.1) == ["camera", "book", "globe"])
        #expect(s.effects.commitCount == 1, "one save")
        #expect(s.engine.selection == "dropped-1")
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start, "one undo takes all three back")
        s.send(.key(.character("y"), [.control]))
        #expect(s.ids(0).filter { $0.hasPrefix("dropped-") } == ["dropped-1", "dropped-2", "dropped-3"])
    }

    @Test func idsNeverRepeatAcrossDrops() {
        var s = EngineScript()
        let first = s.frame(ItemID(s.ids(0)[0]))
        let p = Point(x: first.minX + 3, y: first.midY)
        s.send(.dropIn([IncomingItem(title: "a", icon: "book")], at: p))
        s.send(.dropIn([IncomingItem(title: "b", icon: "book")], at: p))
        #expect(Array(s.ids(0).prefix(2)) == ["dropped-2", "dropped-1"], "each at the gap before the first tile")
        s.send(.key(.character("z"), [.control]))
        s.send(.dropIn([IncomingItem(title: "c", icon: "book")], at: p))
        #expect(Array(s.ids(0).prefix(2)) == ["dropped-2", "dropped-1"], "a new id after an undo too")
        #expect(s.engine.model.checkInvariants().isEmpty)
    }

    @Test func titlesAreCleanedAndAnEmptyDropChangesNothing() {
        var s = EngineScript()
        let start = s.engine.model
        s.send(.dropIn([], at: Point(x: 10, y: 10)))
        #expect(s.engine.model == start && s.effects.isEmpty)
        let first = s.frame(ItemID(s.ids(0)[0]))
        s.send(.dropIn([IncomingItem(title: "a\u{7}b\nc", icon: "book"), IncomingItem(title: "", icon: "book")],
                       at: Point(x: first.minX + 3, y: first.midY)))
        let made = s.engine.model.sections[0].items.prefix(2).map(\.title)
        #expect(made == ["ab c", "Untitled"], "\(made)")
    }

    /// An id freed by an undo may be given again: the new item never inherits the old one's location.
    @Test func aReusedIdDoesNotInheritALocation() {
        var s = EngineScript()
        let first = s.frame(ItemID(s.ids(0)[0]))
        let p = Point(x: first.minX + 3, y: first.midY)
        s.send(.dropIn([IncomingItem(title: "a.png", icon: "camera", location: "file:///tmp/a.png")], at: p))
        #expect(s.engine.model.locations["dropped-1"] == "file:///tmp/a.png")
        s.send(.key(.character("z"), [.control]))
        s.send(.dropIn([IncomingItem(title: "a note", icon: "pencil")], at: p))
        #expect(s.ids(0).first == "dropped-1" && s.engine.model.locations["dropped-1"] == nil)
    }
}
