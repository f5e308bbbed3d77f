import Foundation
import Testing
@testable import TesseraCairo
import TesseraCore

/// Issue 15, defect 10: decorations in the right order, labels on one line across tiles.
@Suite struct CellDrawingTests {
    static let frame = Rect(x: 30, y: 30, width: 96, height: 96)

    func folder(selected: Bool) -> CellNode {
        CellNode(id: "f", frame: Self.frame, title: "Folder", icon: "folder", color: Color(red: 0.5, green: 0.5, blue: 0.5),
                 isFolder: true, folderPreview: [FolderPreviewEntry(icon: "x", color: .black)], folderCount: 4, isSelected: selected)
    }

    /// The selection ring runs under the count badge, not over it.
    @Test func theCountBadgeIsDrawnOverTheSelectionRing() {
        let scene = Scene(size: Size(width: 160, height: 160), background: .white, nodes: [.cell(folder(selected: true))])
        let canvas = PixelCanvas(scene, width: 160, height: 160)
        // The badge (18 px tall, its right edge 5 px past the tile's) sits where the ring's top
        // edge (3 px outside the tile) passes: sample the ring's path inside the badge.
        let f = Self.frame
        let onRingInBadge = canvas[Int(f.maxX - 6), Int(f.minY - 3)]
        #expect(onRingInBadge.isClose(to: Pixel(Palette.light.badgeFill), tolerance: 30), "the badge's fill, not the ring's blue: \(onRingInBadge)")
        // The ring still shows away from the badge.
        let ring = canvas[Int(f.midX - 20), Int(f.minY - 3)]
        #expect(ring.b > ring.r + 60, "the ring: \(ring)")
    }

    /// A folder's title sits on the same line as a plain tile's.
    /// A marked tile: the accent check badge in its top-left corner, a ring around it; a group's
    /// snapshot: the count badge in the accent colour.
    @Test func aMarkedTileShowsItsBadgeAndTheStackItsCount() {
        let f = Self.frame
        var cell = CellNode(id: "a", frame: f, title: "A", icon: "", color: Color(red: 0.9, green: 0.8, blue: 0.3), isMarked: true)
        let canvas = PixelCanvas(Scene(size: Size(width: 160, height: 160), background: .white, nodes: [.cell(cell)]), width: 160, height: 160)
        let badge = CheckMark.markBadge(in: f)
        let fill = canvas[Int(badge.minX + 2), Int(badge.midY)]
        #expect(fill.isClose(to: Pixel(Palette.light.accentFill), tolerance: 30), "the badge's accent fill: \(fill)")
        let ring = canvas[Int(f.midX), Int(f.minY - 3)]
        #expect(ring.b > ring.r + 60, "the ring: \(ring)")
        cell.isMarked = false
        cell.isLifted = true
        cell.stackCount = 3
        let stack = PixelCanvas(Scene(size: Size(width: 160, height: 160), background: .white, nodes: [.cell(cell)]), width: 160, height: 160)
        let count = stack[Int(f.maxX - 2), Int(f.minY + 1)]
        #expect(count.isClose(to: Pixel(Palette.light.accentFill), tolerance: 40), "the count badge: \(count)")
    }

    @Test func aFoldersTitleIsOnTheItemsLine() {
        let plain = ContentSlots(frame: Self.frame)
        let folder = CellPainter.folderSlots(in: Self.frame)
        #expect(folder.label == plain.label)
        #expect(folder.icon.maxY <= plain.icon.maxY + 0.5 && folder.icon.width > plain.icon.width, "a larger mini grid, above the title")
        // In a board row, the mini grid is the row icon's size, where the row icon is.
        let row = Rect(x: 0, y: 0, width: 300, height: 60)
        #expect(CellPainter.folderSlots(in: row).icon == ContentSlots(frame: row).icon)
        #expect(CellPainter.folderSlots(in: row).label == ContentSlots(frame: row).label)
    }
}
