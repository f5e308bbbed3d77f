import Foundation
import Testing
@testable import TesseraCore

/// Dragging several marked items at once: the held one carried as a single item is, the rest in a
/// stack under it, landing together in reading order; one commit, one undo step.
@Suite struct GroupDragTests {
    static let tall = Size(width: 560, height: 1000)

    /// Marks `ids` with Ctrl+clicks.
    func marking(_ ids: [String], in s: inout EngineScript) {
        for id in ids { s.ctrlClick(ItemID(id)) }
    }

    func before(_ s: EngineScript, _ id: String) -> Point { let f = s.frame(ItemID(id)); return Point(x: f.minX + 6, y: f.midY) }

    @Test func aHoldOnAMarkedItemLiftsTheGroupAndTheirSlotsCloseUp() throws {
        var s = EngineScript(viewport: Self.tall)
        let ids = s.ids(0)
        marking([ids[1], ids[4], ids[8]], in: &s)
        s.lift(ItemID(ids[4]))
        let lift = try #require(s.engine.session.lift)
        #expect(lift.group.map(\.item.id.rawValue) == [ids[1], ids[8]] && lift.heldRank == 1)
        #expect(!s.ids(0).contains(ids[1]) && !s.ids(0).contains(ids[8]), "the members left their slots")
        #expect(s.ids(0).contains(ids[4]), "the held item keeps its slot while carried, as a single one does")
        #expect(s.engine.presentation.motions.isMoving(ItemID(ids[2])), "the neighbours close up, animated")
        #expect(!s.effects.hasCommit, "nothing is saved until the drop")
        // The stack: the members fly in, then two cards under the snapshot, which carries the count.
        s.wait(0.3)
        let lifted = s.engine.scene().nodes.compactMap { node -> CellNode? in
            if case .cell(let c) = node, c.isLifted { c } else { nil }
        }
        #expect(lifted.map(\.id.rawValue) == [ids[8], ids[1], ids[4]], "cards under, the held item on top")
        #expect(lifted.last?.stackCount == 3 && lifted.dropLast().allSatisfy { $0.rotation != lifted.last!.rotation })
    }

    /// Once gathered, the stack wobbles as one: each card keeps its place and tilt relative to the
    /// carried snapshot (its offset turned back by the snapshot's wobble and shrunk back by its
    /// lift), frame after frame, while the snapshot itself turns.
    @Test func theGatheredStackTurnsAsOneAboutTheSnapshot() throws {
        var s = EngineScript(viewport: Self.tall)
        let ids = s.ids(0)
        marking([ids[1], ids[3], ids[4], ids[8], ids[9]], in: &s)
        s.lift(ItemID(ids[4]))
        s.wait(0.5)
        func relative() -> (top: CellNode, cards: [(x: Double, y: Double, turn: Double)]) {
            let lifted = s.engine.scene().nodes.compactMap { node -> CellNode? in
                if case .cell(let c) = node, c.isLifted { c } else { nil }
            }
            let top = lifted.last!, f = top.frame
            return (top, lifted.dropLast().map { c in
                let dx = c.frame.midX - f.midX, dy = c.frame.midY - f.midY, w = top.rotation
                return ((dx * cos(w) + dy * sin(w)) / top.scale, (-dx * sin(w) + dy * cos(w)) / top.scale, c.rotation - w)
            })
        }
        var turns: Set<Double> = []
        let first = relative()
        #expect(first.cards.count == 3 && first.top.stackCount == 5)
        for _ in 0..<12 {
            s.wait(1.0 / 30)
            let now = relative()
            turns.insert(now.top.rotation)
            for (a, b) in zip(first.cards, now.cards) {
                #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.turn - b.turn) < 1e-12, "\(a) became \(b)")
            }
        }
        #expect(turns.count > 6, "the snapshot wobbles meanwhile")
    }

    /// What the renderer readies while a group is carried is what the drop shows: the members
    /// that fly out as tiles, marked (as they land), and the three cards fly out looking as they
    /// did in the stack (their raised snapshots are made), showing their marks once landed.
    @Test func theMembersAreReadiedAsTheyWillLandAndTheCardsFlyOutAsTheyLookedInTheStack() throws {
        var s = EngineScript(viewport: Self.tall)
        let ids = s.ids(0)
        let marked = [1, 3, 4, 6, 8, 9].map { ids[$0] }
        marking(marked, in: &s)
        s.lift(ItemID(ids[4]))
        s.wait(0.4)
        let lift = try #require(s.engine.session.lift)
        let members = Set(lift.group.map(\.item.id))
        let upcoming = s.engine.scene().upcoming.filter { members.contains($0.id) }
        #expect(Set(upcoming.map(\.id)) == Set(lift.group.dropFirst(3).map(\.item.id)), "the members past the cards")
        #expect(!upcoming.isEmpty && upcoming.allSatisfy(\.isMarked), "as they will land: marked")
        // The held item too, as it will rest once landed: marked and selected, at its size.
        let held = try #require(s.engine.scene().upcoming.first { $0.id.rawValue == ids[4] })
        #expect(held.isMarked && held.isSelected && !held.isLifted && !held.isPressed && held.frame.size == lift.size)
        s.glide(to: before(s, ids[13]))
        s.wait(0.6)
        s.up(s.engine.pointer!)
        s.wait(0.05)
        let flying = s.engine.scene().nodes.compactMap { node -> CellNode? in
            if case .cell(let c) = node, c.isLifted, members.contains(c.id) { c } else { nil }
        }
        #expect(flying.count == 3, "the three cards fly out")
        #expect(flying.allSatisfy { !$0.isMarked && !$0.isSelected && !$0.showsCheck }, "as they looked in the stack")
        s.wait(0.6)
        let landed = s.engine.scene().nodes.compactMap { node -> CellNode? in
            if case .cell(let c) = node, marked.contains(c.id.rawValue) { c } else { nil }
        }
        #expect(landed.count == marked.count && landed.allSatisfy { $0.isMarked && !$0.isLifted }, "marked once landed")
        let heldLanded = try #require(landed.first { $0.id.rawValue == ids[4] })
        #expect(heldLanded.isMarked == held.isMarked && heldLanded.isSelected == held.isSelected && heldLanded.frame.size == held.frame.size,
                "readied as it landed")
    }

    @Test func doneMembersStayBehindWithAShake() throws {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        let ids = m.sections[0].items.map(\.id)
        var log = EditLog()
        try m.setDone(ids[3], true, log: &log)
        var s = EngineScript(model: m, viewport: Self.tall)
        marking([ids[2], ids[3], ids[5]].map(\.rawValue), in: &s)
        // While the hold lasts, the done item is readied as the lift will leave it: unmarked, refused.
        s.down(s.center(ids[2]))
        s.wait(s.engine.policy.liftDelay / 2)
        let readied = try #require(s.engine.scene().upcoming.first { $0.id == ids[3] })
        #expect(readied.isRefused && !readied.isMarked)
        s.wait(s.engine.policy.liftDelay / 2 + 0.02)
        let left = try #require(s.engine.scene().nodes.compactMap { node -> CellNode? in
            if case .cell(let c) = node, c.id == ids[3] { c } else { nil }
        }.first)
        var same = readied
        same.frame = left.frame          // the shake moves it; its image is the same
        #expect(same == left, "the look the lift's frame draws was the one readied")
        let lift = try #require(s.engine.session.lift)
        #expect(lift.group.map(\.item.id) == [ids[5]])
        #expect(s.engine.presentation.refusals[ids[3]] != nil && s.effects.contains(.refused(ids[3])))
        #expect(s.engine.model.sections[0].items[3].id == ids[3], "the done item stays in its slot")
    }

    @Test func aGroupLandsTogetherInReadingOrderAtTheGapAsOneUndoStep() throws {
        var s = EngineScript(viewport: Self.tall)
        let start = s.engine.model
        let ids = s.ids(0)
        marking([ids[1], ids[4], ids[8]], in: &s)
        s.lift(ItemID(ids[4]))
        s.wait(0.4)   // the slots close up: aim at where the cells are now
        s.glide(to: before(s, ids[13]))
        s.wait(0.6)
        s.up(s.engine.pointer!)
        s.wait(0.6)
        let after = s.ids(0)
        let at = try #require(after.firstIndex(of: ids[1]))
        #expect(Array(after[at...(at + 2)]) == [ids[1], ids[4], ids[8]], "together, in their reading order")
        #expect(after[at + 3] == ids[13], "at the gap the pointer dwelt on")
        #expect(after.filter { ![ids[1], ids[4], ids[8]].contains($0) } == ids.filter { ![ids[1], ids[4], ids[8]].contains($0) })
        #expect(s.effects.commitCount == 1, "one commit for the whole group")
        #expect(Set(s.engine.navigation.marks.paths.keys.map(\.rawValue)) == [ids[1], ids[4], ids[8]], "still marked where they landed")
        #expect(s.engine.model.checkInvariants().isEmpty)
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start, "one undo step puts every item back")
    }

    @Test func aGroupCrossesIntoAnotherSection() throws {
        var s = EngineScript(viewport: Self.tall)
        let first = s.ids(0), second = s.ids(1)
        marking([first[0], first[2]], in: &s)
        s.lift(ItemID(first[2]))
        s.wait(0.4)
        s.glide(to: before(s, second[3]))
        s.wait(0.6)
        s.up(s.engine.pointer!)
        s.wait(0.6)
        let after = s.ids(1)
        let at = try #require(after.firstIndex(of: first[0]))
        #expect(Array(after[at...(at + 1)]) == [first[0], first[2]] && after[at + 2] == second[3])
        #expect(s.ids(0).count == 18 && after.count == 22)
    }

    @Test func aGroupGoesIntoAFolderWhole() throws {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        let ids = m.sections[0].items.map(\.id)
        let folder = try m.drop(ids[1], onto: ids[0])   // a folder of two, first in section 0
        var s = EngineScript(model: m, viewport: Self.tall)
        marking([ids[6], ids[3]].map(\.rawValue), in: &s)
        s.lift(ids[6])
        s.wait(0.4)
        s.glide(to: s.center(folder))
        s.wait(1.1)
        #expect(s.engine.openTarget == folder)
        s.up(s.engine.pointer!)
        s.wait(0.6)
        let children = try #require(s.engine.model.item(withID: folder)).children.map(\.id)
        #expect(children == [ids[0], ids[1], ids[3], ids[6]], "all go in, in reading order")
        #expect(s.effects.commitCount == 1 && s.engine.model.checkInvariants().isEmpty)
        #expect(s.engine.navigation.marks.isEmpty, "nothing stays marked inside a closed folder")
    }

    @Test func aGroupDroppedOnAPlainItemMakesOneFolderOfThemAll() throws {
        var s = EngineScript(viewport: Self.tall)
        let start = s.engine.model
        let ids = s.ids(0)
        marking([ids[5], ids[7]], in: &s)
        s.lift(ItemID(ids[5]))
        s.wait(0.4)
        s.glide(to: s.center(ItemID(ids[12])))
        s.wait(1.1)
        s.up(s.engine.pointer!)
        s.wait(0.6)
        let folder = try #require(s.engine.model.sections[0].items.first { $0.isFolder })
        #expect(folder.children.map(\.id.rawValue) == [ids[12], ids[5], ids[7]])
        #expect(s.effects.commitCount == 1)
        s.key(.escape)   // the new folder's name field
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start)
    }

    @Test func aGroupHoldingAFolderIsRefusedOverATileWithAReason() throws {
        var m = SampleData.generated(count: 40, sections: 2, seed: 1)
        let ids = m.sections[0].items.map(\.id)
        let folder = try m.drop(ids[1], onto: ids[0])
        var s = EngineScript(model: m, viewport: Self.tall)
        let target = s.engine.model.sections[0].items[10].id
        marking([folder.rawValue, ids[5].rawValue], in: &s)
        s.lift(ids[5])
        s.wait(0.4)
        s.glide(to: s.center(target))
        s.wait(1.2)
        #expect(s.engine.openTarget == nil, "the dwell does not open it")
        #expect(s.engine.presentation.refusals[target] != nil, "the tile shakes")
        #expect(s.engine.presentation.toast?.text == "A folder can't go into a folder")
        s.wait(1.5)
        #expect(s.engine.presentation.refusals[target] == nil && s.engine.openTarget == nil, "it does not fire again while the pointer stays")
        s.up(s.engine.pointer!)
        s.wait(0.6)
        #expect(s.engine.model.item(withID: folder)?.children.count == 2 && s.engine.model.checkInvariants().isEmpty)
        #expect(s.engine.model.sections[0].items.filter(\.isFolder).count == 1, "no new folder")
    }

    @Test func cancelPutsEveryMemberBackInItsOwnSlotFlyingHome() throws {
        var s = EngineScript(viewport: Self.tall)
        let start = s.engine.model
        let ids = s.ids(0), second = s.ids(1)
        marking([ids[2], ids[9], second[1]], in: &s)
        s.lift(ItemID(ids[9]))
        s.wait(0.4)
        s.glide(to: before(s, ids[16]))
        s.wait(0.6)
        #expect(s.engine.model != start)
        s.key(.escape)
        #expect(s.engine.model == start, "every item back where it was")
        let settle = try #require(s.engine.session.settle)
        #expect(settle.members.map(\.item.id.rawValue) == [ids[2], second[1]] && settle.members.allSatisfy { $0.destination == .slot })
        #expect(settle.members[1].delay > settle.members[0].delay, "a little after one another")
        // Mid-flight their slots are empty and they are drawn on their way.
        s.wait(0.1)
        let scene = s.engine.scene().nodes
        let flying = scene.compactMap { n -> String? in if case .cell(let c) = n, c.isLifted { c.id.rawValue } else { nil } }
        #expect(Set(flying) == [ids[2], ids[9], second[1]])
        s.wait(0.5)
        #expect(s.engine.session.phase == .idle && !s.engine.canUndo && !s.effects.hasCommit)
        #expect(Set(s.engine.navigation.marks.paths.keys.map(\.rawValue)) == [ids[2], ids[9], second[1]], "still marked")
    }

    @Test func spaceLiftsTheMarkedGroupAndArrowsMoveIt() throws {
        var s = EngineScript(viewport: Self.tall)
        let ids = s.ids(0)
        s.key(.right)   // focus on the first item
        s.send(.key(.right, [.shift]))
        s.send(.key(.right, [.shift]))   // the first three marked, the focus on the third
        s.key(.space)
        let lift = try #require(s.engine.session.lift)
        #expect(lift.byKeyboard && lift.group.map(\.item.id.rawValue) == [ids[0], ids[1]])
        s.key(.down)
        s.key(.space)
        s.wait(0.6)
        let after = s.ids(0)
        let at = try #require(after.firstIndex(of: ids[0]))
        #expect(Array(after[at...(at + 2)]) == Array(ids[0...2]) && at > 0)
        #expect(s.effects.commitCount == 1)
    }

    @Test func theWheelScrollsUnderACarriedGroup() throws {
        var s = EngineScript()
        let ids = s.ids(0)
        marking([ids[0], ids[2]], in: &s)
        s.lift(ItemID(ids[2]))
        s.glide(to: Point(x: 280, y: 200))   // out of the top edge's autoscroll
        s.send(.wheel(dx: 0, dy: 300, at: s.engine.pointer!))
        s.wait(0.5)
        #expect(s.engine.offsets.root.y > 100 && s.engine.isDragging && s.engine.session.lift?.group.count == 1)
    }

    /// What a frame draws of a group: the cells whose ids are in `ids`.
    func drawn(_ s: EngineScript, of ids: Set<String>) -> Int {
        s.engine.scene().nodes.filter { if case .cell(let c) = $0 { ids.contains(c.id.rawValue) } else { false } }.count
    }

    @Test func aGroupOfSixHundredCostsAFrameWhatAScreenfulDoesAndStillLandsWhole() throws {
        var m = SampleData.generated(count: 1200, sections: 2, seed: 3)
        var log = EditLog()
        for item in m.sections[0].items where item.done { try m.setDone(item.id, false, log: &log) }
        var s = EngineScript(model: m)
        let start = s.engine.model
        let first = s.ids(0), second = s.ids(1)
        s.ctrlClick(ItemID(first[6]))
        s.send(.key(.character("a"), [.control]))     // the whole of section 0: 600 marked
        #expect(s.engine.navigation.marks.count == 600)
        let screenful = s.engine.snapshot.visibleItems(offsets: s.engine.offsets).count
        s.lift(ItemID(first[6]))
        let lift = try #require(s.engine.session.lift)
        #expect(lift.group.count == 599 && s.ids(0) == [first[6]], "every member left its slot")
        // Gathering: only what was on screen flies (and the three cards, from the edge).
        s.wait(0.1)
        let members = Set(first).subtracting([first[6]])
        #expect(lift.gatherFlights.count <= screenful + 3)
        #expect(drawn(s, of: members) <= screenful + 3, "a frame draws a screenful of flights, not 599")
        s.wait(0.4)
        #expect(drawn(s, of: members) == 3, "then the three cards")
        // Drop before the second section's fourth item, now on screen under the lone held item.
        s.glide(to: before(s, second[3]))
        s.wait(0.6)
        s.up(s.engine.pointer!)
        let settle = try #require(s.engine.session.settle)
        let reach = s.engine.landingReach
        #expect(settle.members.count <= 2 * reach + 3, "only those landing within a screenful fly: \(settle.members.count)")
        #expect(drawn(s, of: members) <= 2 * reach + 3)
        s.wait(0.8)
        let after = s.ids(0) + s.ids(1)
        let at = try #require(after.firstIndex(of: first[0]))
        #expect(Array(after[at..<(at + 600)]) == first, "all 600 together, in reading order")
        #expect(after[at + 600] == second[3])
        #expect(s.effects.commitCount == 1 && s.engine.model.checkInvariants().isEmpty)
        #expect(s.engine.navigation.marks.count == 600, "still marked where they landed")
        s.send(.key(.character("z"), [.control]))
        #expect(s.engine.model == start)
    }
}
