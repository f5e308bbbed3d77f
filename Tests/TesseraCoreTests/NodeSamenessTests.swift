import Testing
@testable import TesseraCore

/// Damage tracking skips a node that only moved with the scroll; a change to anything else about
/// it must be seen, or stale pixels stay on screen.
@Suite struct NodeSamenessTests {
    let cell = CellNode(id: "a", frame: Rect(x: 10, y: 20, width: 96, height: 96), title: "Alpha", icon: "star",
                        color: Color(red: 0.2, green: 0.4, blue: 0.6), folderPreview: [FolderPreviewEntry(icon: "leaf", color: .black)],
                        folderCount: 1)
    let d = Point(x: 0, y: -16)

    func moved(_ c: CellNode) -> CellNode {
        var m = c
        m.frame = c.frame.offsetBy(dx: d.x, dy: d.y)
        return m
    }

    @Test func aCellMovedByTheDeltaIsTheSameAndOneMovedOtherwiseIsNot() {
        #expect(SceneNode.cell(cell).isSame(as: .cell(moved(cell)), movedBy: d))
        #expect(!SceneNode.cell(cell).isSame(as: .cell(cell), movedBy: d))
        var resized = moved(cell)
        resized.frame.size.width += 1
        #expect(!SceneNode.cell(cell).isSame(as: .cell(resized), movedBy: d))
    }

    @Test func everyFieldOfACellButItsFrameCounts() {
        let edits: [(String, (inout CellNode) -> Void)] = [
            ("id", { $0.id = "b" }), ("title", { $0.title = "Beta" }), ("icon", { $0.icon = "moon" }),
            ("color", { $0.color = .black }), ("isFolder", { $0.isFolder.toggle() }),
            ("folderPreview", { $0.folderPreview = [] }), ("folderCount", { $0.folderCount += 1 }),
            ("isDone", { $0.isDone.toggle() }), ("isSelected", { $0.isSelected.toggle() }),
            ("isPressed", { $0.isPressed.toggle() }), ("isLifted", { $0.isLifted.toggle() }),
            ("isDropTarget", { $0.isDropTarget.toggle() }), ("dwellProgress", { $0.dwellProgress = 0.5 }),
            ("isRefused", { $0.isRefused.toggle() }), ("isHovered", { $0.isHovered.toggle() }),
            ("showsCheck", { $0.showsCheck.toggle() }), ("isMarked", { $0.isMarked.toggle() }),
            ("stackCount", { $0.stackCount = 3 }),
            ("scale", { $0.scale = 1.1 }), ("rotation", { $0.rotation = 0.05 }), ("alpha", { $0.alpha = 0.5 }),
            ("restingSize", { $0.restingSize = Size(width: 96, height: 140) }),
            ("artwork", { $0.artwork = CellArtwork(location: "file:///a.png", state: .picture, revision: 2) }),
        ]
        // A field added to CellNode must be compared by `hasSameContent` and listed here.
        #expect(Mirror(reflecting: cell).children.count == edits.count + 1)
        for (name, edit) in edits {
            var changed = moved(cell)
            edit(&changed)
            #expect(!SceneNode.cell(cell).isSame(as: .cell(changed), movedBy: d), "a change of \(name) is missed")
        }
    }

    @Test func boxesLabelsAndImagesCompareTheirContentToo() {
        let box = BoxNode(frame: Rect(x: 0, y: 0, width: 50, height: 20), color: .black, cornerRadius: 4)
        var b = box; b.frame.origin.y -= 16
        #expect(SceneNode.box(box).isSame(as: .box(b), movedBy: d))
        b.cornerRadius = 5
        #expect(!SceneNode.box(box).isSame(as: .box(b), movedBy: d))
        #expect(Mirror(reflecting: box).children.count == 3)

        let label = LabelNode(frame: Rect(x: 0, y: 0, width: 50, height: 20), text: "Today", style: .header)
        var l = label; l.frame.origin.y -= 16
        #expect(SceneNode.label(label).isSame(as: .label(l), movedBy: d))
        l.style = .footer
        #expect(!SceneNode.label(label).isSame(as: .label(l), movedBy: d))
        l.style = .header
        l.opacity = 0.5
        #expect(!SceneNode.label(label).isSame(as: .label(l), movedBy: d), "a fading toast is redrawn")
        #expect(Mirror(reflecting: label).children.count == 4)

        let image = ImageNode(frame: Rect(x: 0, y: 0, width: 50, height: 50), icon: "star", tint: .black)
        var m = image; m.frame.origin.y -= 16
        #expect(SceneNode.image(image).isSame(as: .image(m), movedBy: d))
        m.icon = "moon"
        #expect(!SceneNode.image(image).isSame(as: .image(m), movedBy: d))
        #expect(Mirror(reflecting: image).children.count == 3)
        #expect(!SceneNode.box(box).isSame(as: .label(l), movedBy: d))
    }
}
