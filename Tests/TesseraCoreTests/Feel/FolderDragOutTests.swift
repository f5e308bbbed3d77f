import Testing
@testable import TesseraCore

/// Issue 15, defect 3: dragging an item out of an open folder reflows once, where the pointer
/// rests — not first next to the folder and then again where it is dropped.
@Suite struct FolderDragOutTests {
    /// folder-1 (the first cell) holds item-1, item-2, item-3; 30 items in two sections.
    func withFolder(sample: Bool = false) throws -> EngineScript {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")
        try m.drop("item-3", onto: "folder-1")
        var s = EngineScript(model: m, viewport: Size(width: 560, height: 900))
        let c = s.center("folder-1")
        s.down(c); s.wait(0.05); s.up(c)
        return s
    }

    /// Carried straight down into the second section: the first section never changes, the one
    /// hole opens in the second, where the item rests.
    @Test func oneHoleWhereThePointerRests() throws {
        var s = try withFolder()
        let before = s.engine.model
        let panel = s.engine.folderPanel!
        s.lift("item-2")
        let next = s.engine.snapshot.sections[1]
        let first = s.engine.snapshot.windowFrame(ofFlat: next.firstItem + 2, offsets: s.engine.offsets)
        var firstSection: [[String]] = []
        // Glide out of the panel and on down to the gap before the third item of section 1.
        let out = Point(x: panel.panel.midX, y: panel.panel.maxY + 40)
        s.glide(to: out)
        firstSection.append(s.ids(0))
        s.glide(to: Point(x: first.minX + 5, y: first.midY), steps: 20, seconds: 0.3)
        firstSection.append(s.ids(0))
        s.wait(0.6)
        firstSection.append(s.ids(0))
        #expect(firstSection.allSatisfy { $0 == before.sections[0].items.map(\.id.rawValue) }, "section 0 never reflows")
        #expect(s.ids(1)[2] == "item-2")
        #expect(s.engine.model.item(withID: "folder-1")?.children.map(\.id) == ["item-1", "item-3"])
        s.up(s.engine.pointer!)
        #expect(s.effects.commitCount == 1)
        #expect(s.engine.model.checkInvariants().isEmpty)
    }

    /// Released out of the folder before any dwell: it lands in the gap under the pointer.
    @Test func releasedRightAwayItLandsWhereAimed() throws {
        var s = try withFolder()
        let panel = s.engine.folderPanel!.panel
        s.lift("item-2")
        // The first cell of section 1 below the panel (the panel hides the ones under it).
        let next = s.engine.snapshot.sections[1]
        let k = (0..<next.itemCount).first {
            s.engine.snapshot.windowFrame(ofFlat: next.firstItem + $0, offsets: s.engine.offsets).midY > panel.maxY + 30
        }!
        let cell = s.engine.snapshot.windowFrame(ofFlat: next.firstItem + k, offsets: s.engine.offsets)
        let aim = Point(x: cell.minX + 5, y: cell.midY)
        s.glide(to: aim, steps: 20, seconds: 0.2)
        s.up(aim)
        #expect(s.ids(1)[k] == "item-2")
        #expect(s.engine.model.item(withID: "folder-1")?.children.map(\.id) == ["item-1", "item-3"])
        #expect(s.effects.hasCommit)
    }

    /// Escape, or a release onto its own folder's cell, puts it back in the folder: nothing moved.
    @Test func cancelledOrBackOnItsFolderNothingMoves() throws {
        var s = try withFolder()
        let before = s.engine.model
        s.lift("item-2")
        s.glide(to: Point(x: 300, y: 700))
        s.wait(0.2)
        s.key(.escape)
        #expect(s.engine.model == before)
        s.wait(0.5)
        s.lift("folder-1")                                  // (a click opened nothing: the folder is closed)
        s.key(.escape)
        s.wait(0.5)
        var t = try withFolder()
        t.lift("item-2")
        let home = t.frame("folder-1")
        t.glide(to: Point(x: home.midX, y: home.midY))      // over its own folder: not a drop target
        t.wait(1.2)
        #expect(t.engine.openTarget == nil)
    }

    /// The last item carried out of a folder empties it: the folder goes, and the gap counted
    /// with the folder still there lands the item where it was aimed.
    @Test func theLastItemOutEmptiesTheFolderAndStillLandsOnAim() throws {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        // A folder of one (a state file may hold one; an edit never leaves one).
        let two = m.sections[0].items[1]
        m.sections[0].items[1] = Item(id: "folder-1", title: "Folder", icon: "folder", kind: .folder, children: [two])
        m.sections[0].items.swapAt(0, 1)   // folder-1 holds only item-2
        var s = EngineScript(model: m, viewport: Size(width: 560, height: 900))
        let c = s.center("folder-1")
        s.down(c); s.wait(0.05); s.up(c)
        s.lift("item-2")
        let target = s.frame("item-6")                      // section 0: folder-1, item-1, item-3, item-4, item-5, item-6
        s.glide(to: Point(x: target.minX + 5, y: target.midY), steps: 20, seconds: 0.3)
        s.wait(0.6)
        s.up(s.engine.pointer!)
        #expect(s.engine.model.item(withID: "folder-1") == nil)
        #expect(s.ids(0).prefix(6) == ["item-1", "item-3", "item-4", "item-5", "item-2", "item-6"])
        #expect(s.engine.model.checkInvariants().isEmpty)
    }
}

/// Issue 15, polish: a folder left with one item turns back into that item, in one edit.
@Suite struct FolderDissolveTests {
    @Test func carryingOneOfTwoOutLeavesThePlainItemInTheFoldersPlace() throws {
        var m = SampleData.generated(count: 30, sections: 2, seed: 1)
        try m.drop("item-2", onto: "item-1")                  // folder-1: item-1, item-2, first cell
        let before = m
        var s = EngineScript(model: m, viewport: Size(width: 560, height: 900))
        let c = s.center("folder-1")
        s.down(c); s.wait(0.05); s.up(c)
        s.lift("item-2")
        let target = s.frame("item-6")
        s.glide(to: Point(x: target.minX + 5, y: target.midY), steps: 20, seconds: 0.3)
        s.wait(0.6)
        #expect(s.engine.model.item(withID: "folder-1") == nil)
        #expect(s.ids(0).prefix(6) == ["item-1", "item-3", "item-4", "item-5", "item-2", "item-6"])
        s.key(.escape)                                        // and a cancel brings the folder back
        #expect(s.engine.model == before)
    }
}
