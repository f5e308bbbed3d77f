import Testing
@testable import TesseraCore

/// Marking items with the gestures file managers use: plain, Ctrl and Shift clicks, Ctrl+A,
/// Shift+arrows, Ctrl+Space, Escape, a click on empty space, and the rubber band.
@Suite struct MarksTests {
    /// All 40 items on screen: two sections of 20, four rows of five each.
    static let tall = Size(width: 560, height: 1000)

    func marked(_ s: EngineScript) -> Set<String> { Set(s.engine.navigation.marks.paths.keys.map(\.rawValue)) }

    @Test func aPlainClickMarksOnlyThatItemCtrlTogglesAndShiftMarksARangeAcrossSections() {
        var s = EngineScript(viewport: Self.tall)
        let first = s.ids(0), second = s.ids(1)
        s.clickOpen(ItemID(first[2]))
        s.key(.escape)   // closes the details; the click's mark stays
        #expect(marked(s) == [first[2]])
        s.ctrlClick(ItemID(first[4]))
        s.ctrlClick(ItemID(first[6]))
        #expect(marked(s) == [first[2], first[4], first[6]] && s.engine.overlay == nil, "Ctrl+click opens nothing")
        s.ctrlClick(ItemID(first[4]))
        #expect(marked(s) == [first[2], first[6]], "a second Ctrl+click unmarks")
        // From the last Ctrl+clicked item (first[4]) to the second section's third, in reading order.
        s.click(ItemID(second[2]), [.shift])
        #expect(marked(s) == Set(first[4...] + second[...2]))
        #expect(s.engine.selection == ItemID(second[2]), "the clicked item has the focus")
        // A plain click makes it the only one again.
        s.clickOpen(ItemID(first[0]))
        s.key(.escape)
        #expect(marked(s) == [first[0]])
    }

    @Test func escapeAndAClickOnEmptySpaceClearTheMarks() {
        var s = EngineScript(viewport: Self.tall)
        let ids = s.ids(0)
        s.ctrlClick(ItemID(ids[1]))
        s.ctrlClick(ItemID(ids[3]))
        s.key(.escape)
        #expect(s.engine.navigation.marks.isEmpty)
        s.ctrlClick(ItemID(ids[1]))
        let empty = Point(x: 280, y: Self.tall.height - 4)
        #expect(s.engine.item(at: empty) == nil)
        s.down(empty)
        s.up(empty)
        #expect(s.engine.navigation.marks.isEmpty)
    }

    @Test func ctrlAMarksTheFocusedSectionAndShiftArrowsExtendFromTheAnchor() {
        var s = EngineScript(viewport: Self.tall)
        let second = s.ids(1)
        s.ctrlClick(ItemID(second[1]))
        s.send(.key(.character("a"), [.control]))
        #expect(marked(s) == Set(second), "the whole section of the focus, nothing of the other")
        s.key(.escape)
        // The arrows move the focus (nothing marked); Shift+arrows mark from where it was.
        s.key(.right)
        #expect(s.engine.navigation.marks.isEmpty && s.engine.selection == ItemID(second[2]))
        s.send(.key(.right, [.shift]))
        s.send(.key(.right, [.shift]))
        #expect(marked(s) == Set(second[2...4]))
        s.send(.key(.left, [.shift]))
        #expect(marked(s) == Set(second[2...3]), "back towards the anchor shrinks the range")
        s.send(.key(.space, [.control]))
        #expect(marked(s) == [second[2]], "Ctrl+Space toggles the focused item")
        #expect(s.effects.contains(.announce("1 item selected")))
    }

    @Test func theBandMarksWhatItTouchesLiveAndCtrlAddsToTheMarks() throws {
        var s = EngineScript()
        let ids = s.ids(0)
        // From the section's inset, above and left of the first cell, to the middle of the 7th
        // (second row, second column): four cells touched.
        s.down(Point(x: 3, y: 3))
        s.glide(to: s.center(ItemID(ids[6])))
        #expect(s.engine.bandRect != nil)
        let live = s.engine.scene().nodes.compactMap { node -> String? in
            if case .cell(let c) = node, c.isMarked { c.id.rawValue } else { nil }
        }
        #expect(Set(live) == [ids[0], ids[1], ids[5], ids[6]], "drawn marked while the band is dragged")
        s.up(s.engine.pointer!)
        #expect(marked(s) == [ids[0], ids[1], ids[5], ids[6]] && s.engine.bandRect == nil)
        // With Ctrl, a second band adds to them.
        // From the gap between the 4th and 5th cells, above them (clear of the scroll thumb).
        let gap = (s.frame(ItemID(ids[3])).maxX + s.frame(ItemID(ids[4])).minX) / 2
        s.send(.pointerDown(Point(x: gap, y: 3), [.control]))
        s.glide(to: s.center(ItemID(ids[4])))
        s.up(s.engine.pointer!)
        #expect(marked(s) == [ids[0], ids[1], ids[5], ids[6], ids[4]])
    }

    @Test func aBandHeldAtTheBottomEdgeAutoscrollsAndMarksWhatScrollsUnderIt() {
        var s = EngineScript()   // 400 px high: a row and a half of the second section is off screen
        s.down(Point(x: 3, y: 3))
        s.glide(to: Point(x: 250, y: 395))
        let before = s.engine.offsets.root.y
        s.wait(1.0)
        #expect(s.engine.offsets.root.y > before + 200, "the surface scrolls under a band held at the edge")
        s.up(s.engine.pointer!)
        let marks = s.engine.navigation.marks
        #expect(marks.contains(ItemID(s.ids(0)[0])), "what scrolled out of view stays in the band")
        #expect(marks.ordered.contains { $0.path.section == 1 }, "what scrolled in joined it")
    }
}

extension MarksTests {
    /// While Shift is held down on a tile, the looks its release will show that a mark cannot be
    /// laid over (the pressed tile focused, the old focus without its ring, the done tiles of the
    /// range marked) are readied for idle time; the release's frame then draws exactly those.
    /// A Ctrl press readies the pressed tile toggled and focused.
    @Test func aModifierPressReadiesTheLooksItsReleaseShows() throws {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        let ids = m.sections[0].items.map(\.id)
        var log = EditLog()
        try m.setDone(ids[4], true, log: &log)
        var s = EngineScript(model: m, viewport: Size(width: 560, height: 1000))
        s.ctrlClick(ids[1])
        func drawn(_ id: ItemID) throws -> CellNode {
            try #require(s.engine.scene().nodes.compactMap { node -> CellNode? in
                if case .cell(let c) = node, c.id == id { c } else { nil }
            }.first)
        }
        s.send(.pointerDown(s.center(ids[6]), [.shift]))
        s.wait(0.05)
        let readied = s.engine.scene().upcoming.filter { [ids[1], ids[4], ids[6]].contains($0.id) }
        #expect(Set(readied.map(\.id)) == [ids[1], ids[4], ids[6]], "the pressed, the old focus, the done one in the range")
        // Its image is the look at rest: the scale a press eases out of is drawn from it.
        func image(_ c: CellNode) -> CellNode { var r = c; r.scale = 1; return r }
        s.up(s.center(ids[6]))
        s.wait(1.0 / 60)
        #expect((1...6).allSatisfy { s.engine.navigation.marks.contains(ids[$0]) }, "the range is marked")
        for id in [ids[1], ids[4], ids[6]] {
            let d = image(try drawn(id))
            #expect(readied.contains { image($0) == d }, "\(id) drawn as readied")
        }
        s.wait(0.5)
        #expect(readied.contains { image($0) == (try? drawn(ids[6])) }, "and once its press has eased out")
        // Ctrl on a marked tile: readied unmarked and focused.
        s.send(.pointerDown(s.center(ids[3]), [.control]))
        s.wait(0.05)
        let toggled = s.engine.scene().upcoming.filter { $0.id == ids[3] }
        #expect(!toggled.isEmpty && toggled.allSatisfy { !$0.isMarked && $0.isSelected })
        s.up(s.center(ids[3]))
        s.wait(1.0 / 60)
        let d = image(try drawn(ids[3]))
        #expect(toggled.contains { image($0) == d })
    }
}

extension EngineScript {
    /// A click with modifiers held (Ctrl toggles a mark, Shift marks a range).
    mutating func click(_ id: ItemID, _ modifiers: Modifiers) {
        let c = center(id)
        send(.pointerDown(c, modifiers))
        up(c)
    }
    mutating func ctrlClick(_ id: ItemID) { click(id, [.control]) }
}
