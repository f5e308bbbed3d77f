import Testing
@testable import TesseraCore

@Suite struct ModelEditTests {
    /// Two sections: a b c d | e f, with f a folder holding x y.
    func small() -> CollectionModel {
        func it(_ id: String, done: Bool = false) -> Item { Item(id: ItemID(id), title: id.uppercased(), done: done) }
        return CollectionModel(sections: [
            Section(id: "one", title: "One", items: [it("a"), it("b"), it("c", done: true), it("d")]),
            Section(id: "two", title: "Two", items: [it("e"),
                Item(id: "f", title: "F", kind: .folder, children: [it("x"), it("y")])]),
        ])
    }

    func order(_ m: CollectionModel) -> String {
        m.sections.map { s in
            s.items.map { $0.isFolder ? "\($0.id)(\($0.children.map(\.id.rawValue).joined(separator: " ")))" : $0.id.rawValue }
                .joined(separator: " ")
        }.joined(separator: " | ")
    }

    @Test func moveWithinASection() throws {
        var m = small()
        try m.move("a", to: IndexPath(section: 0, item: 3))
        #expect(order(m) == "b c d a | e f(x y)")
        try m.move("d", to: IndexPath(section: 0, item: 0))
        #expect(order(m) == "d b c a | e f(x y)")
    }

    @Test func moveAcrossSections() throws {
        var m = small()
        try m.move("b", to: IndexPath(section: 1, item: 1))
        #expect(order(m) == "a c d | e b f(x y)")
    }

    @Test func doneItemsCannotMoveAndRefusalLeavesModelIntact() {
        var m = small()
        #expect(throws: ModelEditError.notMovable("c")) { try m.move("c", to: IndexPath(section: 0, item: 0)) }
        #expect(m == small())
    }

    @Test func moveIntoFolderAndReorderInsideIt() throws {
        var m = small()
        try m.moveIntoFolder("a", folder: "f", at: 0)
        #expect(order(m) == "b c d | e f(a x y)")
        try m.moveIntoFolder("a", folder: "f", at: 2)
        #expect(order(m) == "b c d | e f(x y a)")
    }

    @Test func dropOntoPlainItemMakesAFolderInItsPlace() throws {
        var m = small()
        let folder = try m.drop("a", onto: "e")
        #expect(folder == "folder-1")
        #expect(order(m) == "b c d | folder-1(e a) f(x y)")
        #expect(m.item(withID: "folder-1")?.isFolder == true)
        #expect(m.checkInvariants().isEmpty)
    }

    @Test func dropOntoFolderAppends() throws {
        var m = small()
        #expect(try m.drop("d", onto: "f") == "f")
        #expect(order(m) == "a b c | e f(x y d)")
    }

    @Test func aFolderLeftWithOneItemTurnsBackIntoThatItem() throws {
        var m = small()
        let before = m
        var log = EditLog()
        try m.moveOutOfFolder("x", to: IndexPath(section: 0, item: 0), near: nil, log: &log)
        #expect(order(m) == "x a b c d | e y", "y takes the folder's place")
        #expect(m.checkInvariants().isEmpty)
        log.undo(&m)
        #expect(m == before, "one edit: undone in one")
    }

    @Test func folderLeftEmptyDisappears() throws {
        // A folder of one (a state file may hold one) goes with its last item.
        var m = small()
        m.sections[1].items[1].children.removeLast()
        try m.moveOutOfFolder("x", to: IndexPath(section: 1, item: 1))
        #expect(order(m) == "a b c d | e x")
    }

    @Test func reorderingInsideAFolderOfTwoKeepsIt() throws {
        var m = small()
        try m.moveIntoFolder("y", folder: "f", at: 0)
        #expect(order(m) == "a b c d | e f(y x)")
    }

    @Test func foldersNeverNest() {
        var m = small()
        _ = try? m.drop("a", onto: "e")
        let before = m
        #expect(throws: ModelEditError.folderIntoFolder("folder-1")) { try m.drop("folder-1", onto: "f") }
        #expect(throws: ModelEditError.folderIntoFolder("f")) { try m.drop("f", onto: "b") }
        #expect(m == before)
    }

    @Test func refusedDrops() {
        var m = small()
        #expect(throws: ModelEditError.dropOntoItself("a")) { try m.drop("a", onto: "a") }
        #expect(throws: ModelEditError.targetNotAccepting("c")) { try m.drop("a", onto: "c") }
        #expect(throws: ModelEditError.targetNotAccepting("x")) { try m.drop("a", onto: "x") }
        #expect(throws: ModelEditError.unknownItem("zz")) { try m.drop("zz", onto: "a") }
        #expect(throws: ModelEditError.indexOutOfRange(IndexPath(section: 0, item: 9))) {
            try m.move("a", to: IndexPath(section: 0, item: 9))
        }
        #expect(m == small())
    }

    @Test func invariantCheckerFindsEveryKindOfDamage() {
        var m = small()
        m.sections[0].items.append(Item(id: "a", title: "dup"))
        m.sections[1].items[1].children.append(Item(id: "g", title: "G", kind: .folder, children: [Item(id: "h", title: "H")]))
        m.sections[1].items.append(Item(id: "empty", title: "E", kind: .folder))
        m.sections[1].items.append(Item(id: "p", title: "P", kind: .item, children: [Item(id: "q", title: "Q")]))
        let problems = m.checkInvariants().map(\.description)
        #expect(problems.contains { $0.contains("id 'a'") })
        #expect(problems.contains { $0.contains("nested") })
        #expect(problems.contains { $0.contains("'empty'") && $0.contains("empty") })
        #expect(problems.contains { $0.contains("plain item 'p'") })
        #expect(small().checkInvariants().isEmpty)
        #expect(SampleData.model().checkInvariants().isEmpty)
    }

    @Test func sampleDataShowsEveryFeature() {
        let m = SampleData.model()
        #expect(m.sections.count >= 3)
        #expect(m.allIDs.count >= 60)
        #expect(m.sections.flatMap(\.items).filter(\.isFolder).count >= 2)
        #expect(m.sections.flatMap(\.items).contains { $0.done })
        #expect(m.sections.flatMap(\.items).contains { $0.title.unicodeScalars.contains { $0.value >= 0x4E00 && $0.value <= 0x9FFF } })
        #expect(Set(m.sections.flatMap(\.items).map(\.sizeHint.aspect)).count >= 3)
    }

    @Test func generatorIsDeterministic() {
        #expect(SampleData.generated(count: 500, seed: 3) == SampleData.generated(count: 500, seed: 3))
        #expect(SampleData.generated(count: 500, seed: 3) != SampleData.generated(count: 500, seed: 4))
        #expect(SampleData.generated(count: 500).allIDs.count == 500)
        #expect(SampleData.generated(count: 0).topLevelCount == 0)
    }
}

/// Deleting and marking done: whole-model results and their logs undo exactly.
@Suite struct DeleteAndDoneTests {
    func sample() throws -> CollectionModel {
        var m = SampleData.generated(count: 12, sections: 2, seed: 3)
        try m.drop("item-2", onto: "item-1")        // folder-1 (item-1, item-2) at index 0
        try m.drop("item-3", onto: "folder-1")      // … item-3
        return m
    }

    func children(_ m: CollectionModel, _ id: ItemID) -> [ItemID]? { m.item(withID: id)?.children.map(\.id) }

    /// A move to the item's own place changes nothing and logs nothing: no save, no undo step.
    @Test func aMoveToItsOwnPlaceLogsNothing() throws {
        var m = try sample(), log = EditLog()
        let before = m
        try m.move("item-5", to: IndexPath(section: 0, item: 2), near: nil, log: &log)
        #expect(m == before && log.isEmpty)
    }

    @Test func deletingATopLevelItemRemovesIt() throws {
        var m = try sample(), log = EditLog()
        let before = m
        let was = try m.delete("item-5", log: &log)
        var expected = before
        expected.sections[0].items.remove(at: 2)
        #expect(was == IndexPath(section: 0, item: 2) && m == expected)
        log.undo(&m)
        #expect(m == before)
    }

    @Test func deletingAFolderTakesItsItems() throws {
        var m = try sample(), log = EditLog()
        let before = m
        try m.delete("folder-1", log: &log)
        #expect(m.item(withID: "folder-1") == nil && m.item(withID: "item-2") == nil && m.sections[0].items.first?.id == "item-4")
        log.undo(&m)
        #expect(m == before)
    }

    @Test func deletingFromAFolderOfTwoDissolvesIt() throws {
        var m = try sample(), log = EditLog()
        try m.delete("item-3", log: &log)
        #expect(children(m, "folder-1") == ["item-1", "item-2"])
        try m.delete("item-1", log: &log)
        #expect(m.item(withID: "folder-1") == nil && m.sections[0].items.first?.id == "item-2", "the last item takes the folder's place")
        log.undo(&m)
        #expect(m == (try sample()))
    }

    @Test func doneItemsCanBeDeletedButNotMoved() throws {
        var m = try sample(), log = EditLog()
        try m.setDone("item-5", true, log: &log)
        #expect(throws: ModelEditError.notMovable("item-5")) { try m.move("item-5", to: IndexPath(section: 1, item: 0)) }
        try m.delete("item-5", log: &log)
        #expect(m.item(withID: "item-5") == nil)
    }

    @Test func doneIsSetInPlaceAtTheTopLevelAndInAFolder() throws {
        var m = try sample(), log = EditLog()
        let before = m
        try m.setDone("item-2", true, log: &log)
        try m.setDone("item-6", true, log: &log)
        var expected = before
        expected.sections[0].items[0].children[1].done = true
        expected.sections[0].items[3].done = true
        #expect(m == expected)
        #expect(throws: ModelEditError.folderCannotBeDone("folder-1")) { try m.setDone("folder-1", true, log: &log) }
        #expect(m == expected, "refused: unchanged")
        log.undo(&m)
        #expect(m == before)
    }
}
