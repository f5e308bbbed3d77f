import Testing
@testable import TesseraCairo
import TesseraCore
#if canImport(Glibc)
import Glibc
#endif

/// The warm-up thread paints the first screen's cells while the host connects and makes its
/// window; the host's join waits for them, so the first frame copies every one, and the frame
/// looks the same as one painted directly.
@Suite struct RendererWarmUpTests {
    private func grid() -> Scene {
        var nodes: [SceneNode] = []
        for i in 0..<12 {
            let frame = Rect(x: Double(i % 4) * 60 + 6, y: Double(i / 4) * 60 + 6, width: 52, height: 52)
            nodes.append(.cell(CellNode(id: ItemID("c\(i)"), frame: frame, title: "Item \(i)", icon: "none",
                                        color: Color(red: 0.2 + Double(i) * 0.05, green: 0.5, blue: 0.7))))
        }
        return Scene(size: Size(width: 240, height: 180), background: Color(red: 1, green: 1, blue: 1), nodes: nodes)
    }

    @Test func cellsPaintedAheadAreCopiedAndTheFrameLooksTheSame() {
        let scene = grid()
        let warmUp = RendererWarmUp(assetDirectory: PixelCanvas.emptyAssets)
        warmUp.paintAhead(scene, scale: 1)
        usleep(1_500_000)                       // time to load fonts and paint twelve cells
        let renderer = warmUp.finish()
        let ahead = PixelCanvas(scene, width: 240, height: 180, renderer: renderer)
        let paintedInFrame = renderer.takeCellImageMisses()
        #expect(warmUp.cellsPaintedAhead == 12, "the warm-up had time to paint every cell")
        #expect(paintedInFrame == 0, "the first frame copied what was painted ahead")
        let direct = PixelCanvas(scene, width: 240, height: 180)
        #expect(ahead.differingPixels(from: direct) == 0)
    }

    @Test func finishingAtOnceWaitsForTheCellsOfTheSceneHandedOver() {
        let scene = grid()
        let warmUp = RendererWarmUp(assetDirectory: PixelCanvas.emptyAssets)
        warmUp.paintAhead(scene, scale: 1)
        let renderer = warmUp.finish()          // the host is ready before the fonts even loaded
        let canvas = PixelCanvas(scene, width: 240, height: 180, renderer: renderer)
        #expect(warmUp.cellsPaintedAhead == 12, "the host's wait is the cells the first frame needs")
        #expect(renderer.takeCellImageMisses() == 0)
        #expect(canvas.differingPixels(from: PixelCanvas(scene, width: 240, height: 180)) == 0)
    }

    /// The host hands a guess over before it connects, then the scene at the display's scale: the
    /// first frame, at that scale, copies every cell.
    @Test func aLaterSceneReplacesTheGuessAndItsCellsAreTheOnesReady() {
        let scene = grid()
        let warmUp = RendererWarmUp(assetDirectory: PixelCanvas.emptyAssets)
        warmUp.paintAhead(scene, scale: 1)
        warmUp.paintAhead(scene, scale: 2)
        let renderer = warmUp.finish()
        let canvas = PixelCanvas(scene, width: 480, height: 360, scale: 2, renderer: renderer)
        #expect(renderer.takeCellImageMisses() == 0, "every cell at scale 2 was painted ahead")
        #expect(warmUp.cellsPaintedAhead >= 12 && warmUp.cellsPaintedAhead <= 24)
        #expect(canvas.differingPixels(from: PixelCanvas(scene, width: 480, height: 360, scale: 2)) == 0)
    }
}
