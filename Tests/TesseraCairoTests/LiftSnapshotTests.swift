import Testing
@testable import TesseraCairo
import TesseraCore

/// The lifted cell is drawn from a snapshot image: it must look like the cell itself.
@Suite struct LiftSnapshotTests {
    let white = Color(red: 1, green: 1, blue: 1)

    func lifted(at x: Double, title: String = "Photos 照片", rotation: Double = 0) -> Scene {
        var c = CellNode(id: "a", frame: Rect(x: x, y: 40, width: 96, height: 96), title: title, icon: "none",
                         color: Color(red: 0.2, green: 0.5, blue: 0.9), isLifted: true, scale: 1.1, rotation: rotation)
        c.alpha = 1
        return Scene(size: Size(width: 300, height: 200), background: white, nodes: [.cell(c)])
    }

    @Test func snapshotLooksLikeTheFreshlyRenderedCellWherevereItGoes() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let first = PixelCanvas(lifted(at: 40), width: 300, height: 200, renderer: renderer)
        // Drawn again from the cached snapshot, moved by a whole number of pixels.
        let moved = PixelCanvas(lifted(at: 90), width: 300, height: 200, renderer: renderer)
        var differing = 0
        for y in 0..<200 {
            for x in 0..<250 where !first[x, y].isClose(to: moved[x + 50, y], tolerance: 6) { differing += 1 }
        }
        #expect(differing < 40, "\(differing) pixels differ")
        // And it is really there: the tile's colour under the middle.
        #expect(moved[90 + 48, 40 + 20].b > 150)
    }

    @Test func aChangedCellIsRenderedAnew() {
        let renderer = SceneRenderer(assetDirectory: PixelCanvas.emptyAssets)
        let a = PixelCanvas(lifted(at: 40, title: "A"), width: 300, height: 200, renderer: renderer)
        let b = PixelCanvas(lifted(at: 40, title: "WWWWWW"), width: 300, height: 200, renderer: renderer)
        let labelArea = Rect(x: 50, y: 110, width: 76, height: 20)
        #expect(a.count(in: labelArea) { $0.luminance < 120 } < b.count(in: labelArea) { $0.luminance < 120 })
    }
}
