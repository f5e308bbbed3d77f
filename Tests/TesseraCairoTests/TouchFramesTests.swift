import CCairo
import Foundation
import Testing
@testable import TesseraCairo
import TesseraCore

/// A finger's pan, rubber band and fling as they are drawn: the engine fed touches with a manual
/// clock, each frame rendered as the window would show it. Xvfb has no touchscreen, so this is
/// where the touch gestures are looked at: with `TESSERA_FRAMES_DIR` set, the frames are written
/// there as PNG strips.
@Suite(.serialized) struct TouchFramesTests {
    static let size = Size(width: 1024, height: 720)
    let renderer = SceneRenderer(assetDirectory: "assets")

    func canvas(_ e: Engine) -> PixelCanvas { PixelCanvas(e.scene(), width: 1024, height: 720, renderer: renderer) }

    /// Writes the frames side by side at a third of their size, when asked to.
    func strip(_ name: String, _ frames: [Engine]) {
        guard let dir = ProcessInfo.processInfo.environment["TESSERA_FRAMES_DIR"] else { return }
        let w = 1024 / 3, h = 720 / 3, gap = 6
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(frames.count * (w + gap)), Int32(h))!
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 0.8, 0.8, 0.8)
        cairo_paint(cr)
        for (k, e) in frames.enumerated() {
            // Rendered whole (the renderer blits cell images in device space), then shrunk.
            let frame = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1024, 720)!
            let fcr = cairo_create(frame)!
            renderer.render(e.scene(), to: fcr, scale: 1)
            cairo_destroy(fcr)
            cairo_save(cr)
            cairo_translate(cr, Double(k * (w + gap)), 0)
            cairo_scale(cr, 1.0 / 3, 1.0 / 3)
            cairo_set_source_surface(cr, frame, 0, 0)
            cairo_paint(cr)
            cairo_restore(cr)
            cairo_surface_destroy(frame)
        }
        cairo_surface_write_to_png(surface, dir + "/touch-\(name).png")
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// The window's background colour, where no tile or section is.
    func isBackground(_ p: Pixel, _ e: Engine) -> Bool { p.isClose(to: Pixel(e.scene().background), tolerance: 2) }

    @Test func pulledDownAtTheTopTheWindowShowsBackgroundAboveTheTilesThenSpringsBack() {
        var e = Engine(model: SampleData.model(), layout: .grid, viewport: Self.size)
        var t = 0.0
        func send(_ ev: InputEvent) { e.handle(ev, at: t) }
        func frames(_ seconds: Double) { let end = t + seconds; while t < end - 1e-9 { t += 1.0 / 60; e.advance(to: t) } }
        let before = canvas(e)
        var shots = [e]
        send(.touch(.began, id: 1, at: Point(x: 500, y: 200)))
        for k in 1...20 {
            frames(1.0 / 60)
            send(.touch(.moved, id: 1, at: Point(x: 500, y: 200 + Double(k) * 15)))
            if k % 7 == 0 { shots.append(e) }
        }
        let pulled = e.offsets.root.y
        #expect(pulled < -80, "pulled \(pulled)")
        let stretched = canvas(e)
        shots.append(e)
        // Above the first section, where its top was: the window's background now.
        let band = Int(-pulled) - 20
        #expect((4..<band).allSatisfy { isBackground(stretched[300, $0], e) })
        #expect(!(4..<band).allSatisfy { isBackground(before[300, $0], e) })
        frames(0.2)
        send(.touch(.ended, id: 1, at: Point(x: 500, y: 500)))
        for _ in 0..<4 { frames(0.08); shots.append(e) }
        frames(1)
        shots.append(e)
        strip("rubber-band", shots)
        // Back exactly where it was, pixel for pixel.
        #expect(e.offsets.root.y == 0)
        let after = canvas(e)
        #expect((0..<720).allSatisfy { y in stride(from: 0, to: 1024, by: 7).allSatisfy { after[$0, y] == before[$0, y] } })
    }

    @Test func aFlickCoastsAndSlowsFrameByFrame() {
        var e = Engine(model: SampleData.generated(count: 400, sections: 2, seed: 3), layout: .grid, viewport: Self.size)
        var t = 0.0
        func send(_ ev: InputEvent) { e.handle(ev, at: t) }
        send(.touch(.began, id: 1, at: Point(x: 500, y: 600)))
        for k in 1...6 {
            t += 1.0 / 60
            e.advance(to: t)
            send(.touch(.moved, id: 1, at: Point(x: 500, y: 600 - Double(k) * 40)))  // 2400 px/s
        }
        send(.touch(.ended, id: 1, at: Point(x: 500, y: 360)))
        var shots: [Engine] = [e]
        var steps: [Double] = []
        var last = e.offsets.root.y
        for k in 1...90 {
            t += 1.0 / 60
            e.advance(to: t)
            steps.append(e.offsets.root.y - last)
            last = e.offsets.root.y
            if k % 15 == 0 { shots.append(e) }
        }
        strip("fling", shots)
        // Every frame moves on, each a little less than the one before: a coast, not a jump.
        #expect(steps.allSatisfy { $0 > 0 })
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 < $0 })
        #expect(steps[0] > 30 && steps[89] < steps[0] / 3)
        // What the frames show moved with it: the first frame's top tiles are gone from the last.
        #expect(canvas(shots[0])[300, 200] != canvas(shots.last!)[300, 200] || e.offsets.root.y > 720)
    }
}
