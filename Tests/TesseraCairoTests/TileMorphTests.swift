import CCairo
import Testing
@testable import TesseraCairo
import TesseraCore

/// A tile changing size in a layout switch is its face at the size it has now and its content
/// copied unscaled, pinned as its layout pins it: no squeezed text, no smeared icons.
@Suite struct TileMorphTests {
    @Test("a square's content is centred in the face; only what lies inside both interiors is copied")
    func squareIntoAWideFace() {
        let plan = TileMorph.plan(face: DeviceRect(x: 100, y: 50, width: 150, height: 60),
                                  imageTile: DeviceRect(x: 2, y: 2, width: 96, height: 96))
        // Corners: 12% of the shorter side; the content stays 4 px (0.3 r + 1) inside the edge.
        #expect(plan.radius == 7)
        // The image's centre (50, 50) lands on the face's (175, 80); its interior is 5 px in.
        #expect(plan.part == DeviceRect(x: 7, y: 24, width: 86, height: 52))
        #expect(plan.dest == DeviceRect(x: 132, y: 54, width: 86, height: 52))
    }

    @Test("a row's content is pinned to the face's leading edge and centred vertically")
    func rowIntoASquareFace() {
        let plan = TileMorph.plan(face: DeviceRect(x: 0, y: 0, width: 96, height: 96),
                                  imageTile: DeviceRect(x: 2, y: 2, width: 300, height: 44))
        #expect(plan.radius == 12)
        // Row radius 5 → inset 3; the face's interior is 5 px in; the row's left edge on the face's.
        #expect(plan.part == DeviceRect(x: 7, y: 5, width: 86, height: 38))
        #expect(plan.dest == DeviceRect(x: 5, y: 29, width: 86, height: 38))
        // A face too small for any interior copies nothing.
        let tiny = TileMorph.plan(face: DeviceRect(x: 0, y: 0, width: 2, height: 2), imageTile: DeviceRect(x: 2, y: 2, width: 96, height: 96))
        #expect(tiny.part == nil && tiny.dest == nil)
    }

    @Test("drawn mid-switch, the face fills the frame and the content is the resting image's, pixel for pixel",
          arguments: [false, true])
    func drawnContentIsUnscaled(done: Bool) {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let white = Color.white
        let color = Color(red: 0.2, green: 0.5, blue: 0.9)
        // A done tile too: grey and half transparent, its face taken from its image.
        let rest = CellNode(id: "a", frame: Rect(x: 20, y: 20, width: 96, height: 96), title: "Photos 照片", icon: "none", color: color,
                            isDone: done)
        // The tile at rest: its image is cached, and its pixels are the reference.
        let still = PixelCanvas(Scene(size: Size(width: 260, height: 160), background: white, nodes: [.cell(rest)]),
                                width: 260, height: 160, renderer: renderer)
        // Mid-switch: wider and shorter, on its way back to 96 x 96.
        var moving = rest
        moving.frame = Rect(x: 40, y: 30, width: 180, height: 70)
        moving.restingSize = Size(width: 96, height: 96)
        let morphed = PixelCanvas(Scene(size: Size(width: 260, height: 160), background: white, nodes: [.cell(moving)]),
                                  width: 260, height: 160, renderer: renderer)
        let plan = TileMorph.plan(face: DeviceRect(x: 40, y: 30, width: 180, height: 70),
                                  imageTile: DeviceRect(x: 2, y: 2, width: 96, height: 96))
        let part = try! #require(plan.part), dest = try! #require(plan.dest)
        // The image's tile sits at (20, 20) in the still canvas (its image has a 2 px margin).
        var differing = 0
        for y in 0..<part.height {
            for x in 0..<part.width where !morphed[dest.x + x, dest.y + y].isClose(to: still[18 + part.x + x, 18 + part.y + y], tolerance: 0) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) content pixels differ from the resting tile's")
        // The face reaches the frame's edges (where the content is not), in the tile's own colour.
        let face = still[20 + 48, 20 + 3]
        #expect(morphed[40 + 90, 30 + 1] == face)
        #expect(morphed[40 + 2, 30 + 35] == face)
        #expect(morphed[40 + 177, 30 + 35] == face)
        #expect(morphed[40 + 181, 30 + 35] == Pixel(white))
        // The stretch it replaces drew the image 1.9 times wider: the same part would not match.
        var stretched = moving
        stretched.isPressed = true                  // not a plain tile: drawn stretched
        let old = PixelCanvas(Scene(size: Size(width: 260, height: 160), background: white, nodes: [.cell(stretched)]),
                              width: 260, height: 160, renderer: renderer)
        #expect(old.differingPixels(from: morphed, tolerance: 8) > 500)
    }

    /// A folder morphs too: its translucent face at the size it has now, its ring along that
    /// face's edge, its mini grid and title copied unscaled, its count badge kept at the face's
    /// top-right corner. It was stretched before: the mini grid squeezed, the badge smeared.
    @Test func aFolderKeepsItsRingAndBadge() throws {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let white = Color.white
        let rest = CellNode(id: "f", frame: Rect(x: 20, y: 30, width: 96, height: 96), title: "Travel", icon: "folder",
                            color: Color(red: 0.5, green: 0.55, blue: 0.55), isFolder: true,
                            folderPreview: (0..<4).map { _ in FolderPreviewEntry(icon: "", color: Color(red: 0.9, green: 0.3, blue: 0.2)) },
                            folderCount: 12)
        let size = Size(width: 300, height: 170)
        let still = PixelCanvas(Scene(size: size, background: white, nodes: [.cell(rest)]), width: 300, height: 170, renderer: renderer)
        var moving = rest
        moving.frame = Rect(x: 40, y: 40, width: 200, height: 70)
        moving.restingSize = Size(width: 96, height: 96)
        let morphed = PixelCanvas(Scene(size: size, background: white, nodes: [.cell(moving)]), width: 300, height: 170, renderer: renderer)
        // The ring: the middle of the top edge and of the left edge, as at rest (ring over face over white).
        #expect(morphed[40 + 60, 40].isClose(to: still[20 + 48, 30], tolerance: 1), "top edge")
        #expect(morphed[40, 40 + 35].isClose(to: still[20, 30 + 48], tolerance: 1), "left edge")
        // Inside the edge, the face.
        #expect(morphed[40 + 60, 42].isClose(to: still[20 + 48, 32], tolerance: 1), "face")
        // The badge: the rect around it as at rest, moved with the face's top-right corner.
        var badgeDiffering = 0
        for y in 0..<20 {
            for x in 0..<16 where !morphed[240 - 12 + x, 40 - 5 + y].isClose(to: still[116 - 12 + x, 30 - 5 + y], tolerance: 0) {
                badgeDiffering += 1
            }
        }
        #expect(badgeDiffering == 0, "\(badgeDiffering) badge pixels differ from the resting folder's")
        // The mini grid: unscaled, centred as in the square (the content's middle on the face's).
        let plan = TileMorph.plan(face: DeviceRect(x: 40, y: 40, width: 200, height: 70),
                                  imageTile: DeviceRect(x: 12, y: 12, width: 96, height: 96))
        let part = try #require(plan.part), dest = try #require(plan.dest)
        var differing = 0, compared = 0
        for y in 0..<part.height {
            for x in 0..<part.width {
                // Left of the badge's rect.
                guard dest.x + x < 240 - 30 else { continue }
                compared += 1
                if !morphed[dest.x + x, dest.y + y].isClose(to: still[8 + part.x + x, 18 + part.y + y], tolerance: 0) { differing += 1 }
            }
        }
        #expect(compared > 2000 && differing == 0, "\(differing) of \(compared) content pixels differ from the resting folder's")
        // The stretch it replaces would not match.
        var stretched = moving
        stretched.isPressed = true
        let old = PixelCanvas(Scene(size: size, background: white, nodes: [.cell(stretched)]), width: 300, height: 170, renderer: renderer)
        #expect(old.differingPixels(from: morphed, tolerance: 8) > 500)
    }
}
