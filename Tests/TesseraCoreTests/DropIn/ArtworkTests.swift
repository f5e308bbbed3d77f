import Testing
@testable import TesseraCore

/// Items made from files: the platform's reports give masonry the pictures' real shapes and the
/// cells what to draw; a click opens the file in its application instead of the detail view.
@Suite struct ArtworkTests {
    static let photo = "file:///home/u/Pictures/photo.jpg"

    /// A masonry engine with one dropped image at the front.
    func withPhoto() -> EngineScript {
        var s = EngineScript(layout: .masonry(MasonryLayout()), viewport: Size(width: 700, height: 500))
        let first = s.frame(ItemID(s.ids(0)[0]))
        s.send(.dropIn([IncomingItem(title: "photo.jpg", icon: "camera", location: Self.photo)],
                       at: Point(x: first.minX + 3, y: first.minY + 3)))
        s.wait(1)
        s.effects.removeAll()
        return s
    }

    func cell(_ s: EngineScript, _ id: ItemID) -> CellNode? {
        for node in s.engine.scene().nodes { if case .cell(let c) = node, c.id == id { return c } }
        return nil
    }

    @Test func aReportedAspectReshapesTheTileAndIsSavedButNotUndone() {
        var s = withPhoto()
        let before = s.frame("dropped-1")
        #expect(abs(before.height - before.width) < 0.5, "square until measured")
        s.send(.artwork([ArtworkReport(location: Self.photo, state: nil, aspect: 1.5)]))
        s.wait(1)
        let after = s.frame("dropped-1")
        #expect(abs(after.height / after.width - 1.5) < 0.01)
        #expect(s.engine.model.sections[0].items[0].sizeHint.aspect == 1.5)
        #expect(s.effects.commitCount == 1, "saved")
        // Ctrl+Z takes back the drop, not the measure.
        s.send(.key(.character("z"), [.control]))
        #expect(!s.ids(0).contains("dropped-1"))
        // The same aspect again, or one out of range: nothing, or the nearest sane shape.
        s.send(.key(.character("y"), [.control]))
        s.effects.removeAll()
        s.send(.artwork([ArtworkReport(location: Self.photo, state: nil, aspect: 1.5)]))
        #expect(s.effects.commitCount == 0)
        s.send(.artwork([ArtworkReport(location: Self.photo, state: nil, aspect: 0.05)]))
        #expect(s.engine.model.sections[0].items[0].sizeHint.aspect == SizeHint.pictureAspects.lowerBound)
    }

    @Test func cellsCarryTheirArtworkAndEachReportDrawsThemAgain() {
        var s = withPhoto()
        #expect(cell(s, "dropped-1")?.artwork == CellArtwork(location: Self.photo, state: .unknown, revision: 0))
        #expect(cell(s, ItemID(s.ids(0)[1]))?.artwork == nil, "a tile not made from a file has none")
        s.send(.artwork([ArtworkReport(location: Self.photo, state: .picture)]))
        #expect(cell(s, "dropped-1")?.artwork == CellArtwork(location: Self.photo, state: .picture, revision: 1))
        // The same state again (a picture made afresh after being let go) is news too.
        s.send(.artwork([ArtworkReport(location: Self.photo, state: .picture)]))
        #expect(cell(s, "dropped-1")?.artwork?.revision == 2)
        // A measure alone leaves the state as it is.
        s.send(.artwork([ArtworkReport(location: Self.photo, state: nil, aspect: 0.75)]))
        #expect(cell(s, "dropped-1")?.artwork?.state == .picture)
        s.send(.artwork([ArtworkReport(location: Self.photo, state: .missing)]))
        #expect(cell(s, "dropped-1")?.artwork?.state == .missing)
    }

    @Test func aClickOpensTheFileInItsApplicationNotTheDetails() {
        var s = withPhoto()
        s.clickOpen("dropped-1")
        #expect(s.effects.contains(.launch(location: Self.photo, title: "photo.jpg")))
        #expect(s.engine.overlay == nil, "no detail view")
        #expect(s.engine.selection == "dropped-1")
        #expect(s.engine.presentation.toast?.text == "Opening \u{201C}photo.jpg\u{201D}")
        // Enter on the selection does the same; a plain tile still opens its details.
        s.effects.removeAll()
        s.key(.enter)
        #expect(s.effects.contains(.launch(location: Self.photo, title: "photo.jpg")))
        let plain = ItemID(s.ids(0)[1])
        s.effects.removeAll()
        s.clickOpen(plain)
        #expect(!s.effects.contains { if case .launch = $0 { true } else { false } })
        #expect(s.engine.overlay != nil)
    }

    @Test func aNoticeIsShownWhateverIsOpen() {
        var s = EngineScript()
        s.send(.notice("\u{201C}photo.jpg\u{201D} is no longer at /home/u/Pictures/photo.jpg"))
        #expect(s.engine.presentation.toast?.text == "\u{201C}photo.jpg\u{201D} is no longer at /home/u/Pictures/photo.jpg")
        #expect(s.engine.presentation.toast?.action == nil)
        // A refused paste outside a title being typed says nothing.
        var t = EngineScript()
        t.send(.pasteRefused("Nothing to paste"))
        #expect(t.engine.presentation.toast == nil)
    }

    @Test func aScreenReaderHearsWhatTheTileShows() {
        var s = withPhoto()
        func said() -> String? { s.engine.accessibleInfo(.item("dropped-1"))?.description }
        #expect(said() == "file")
        s.send(.artwork([ArtworkReport(location: Self.photo, state: .picture)]))
        #expect(said() == "picture")
        s.send(.artwork([ArtworkReport(location: Self.photo, state: .missing)]))
        #expect(said() == "file, missing")
        s.send(.artwork([ArtworkReport(location: Self.photo, state: .unreadable)]))
        #expect(said() == "picture, cannot be shown")
        let first = s.frame(ItemID(s.ids(0)[1]))
        s.send(.dropIn([IncomingItem(title: "example.org", icon: "globe", location: "https://example.org/a")],
                       at: Point(x: first.minX + 3, y: first.minY + 3)))
        #expect(s.engine.accessibleInfo(.item("dropped-2"))?.description == "link")
        #expect(s.engine.accessibleInfo(.item(ItemID(s.ids(0)[3])))?.description.contains("picture") == false, "other tiles as before")
    }

    /// A drop's files are found by location whether or not the work after frames has indexed them
    /// yet: the drop's frame sets their locations only; the frames after index them a slice each
    /// (`Engine.locationsIndexedAfterAFrame`), and a report that comes first indexes the rest.
    @Test func aDropsFilesAreIndexedAfterItsFramesAndFoundBeforeThat() {
        let count = Engine.locationsIndexedAfterAFrame * 2 + 10
        let files = (0..<count).map { IncomingItem(title: "IMG_\($0).jpg", icon: "camera", location: "file:///p/IMG_\($0).jpg") }
        for reportsFirst in [false, true] {
            var s = EngineScript(layout: .masonry(MasonryLayout()), viewport: Size(width: 700, height: 500))
            let first = s.frame(ItemID(s.ids(0)[0]))
            s.send(.dropIn(files, at: Point(x: first.minX + 3, y: first.minY + 3)))
            #expect(s.engine.model.locations.hasUnindexedChanges, "set in the drop's frame, not indexed")
            if reportsFirst {
                // Before any frame after the drop: the last file's item is found all the same.
                s.send(.artwork([ArtworkReport(location: files[count - 1].location!, state: nil, aspect: 1.5)]))
                #expect(!s.engine.model.locations.hasUnindexedChanges)
            } else {
                for frame in 1...3 {
                    s.wait(1.0 / 60)
                    #expect(s.engine.model.locations.hasUnindexedChanges == (frame < 3), "after frame \(frame)")
                }
                s.send(.artwork([ArtworkReport(location: files[count - 1].location!, state: nil, aspect: 1.5)]))
            }
            s.wait(1)
            let id = ItemID("dropped-\(count)")
            let path = s.engine.model.indexPaths(of: [id])[id]!
            #expect(s.engine.model.item(at: path)?.sizeHint.aspect == 1.5, "reportsFirst \(reportsFirst)")
        }
    }
}
