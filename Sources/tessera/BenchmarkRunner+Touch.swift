import TesseraCore

/// The touchscreen's paths (`touch`), timed frame by frame as the others are: a finger pans the
/// surface down a screen and flicks it (the fling coasts to rest), pulls it past the top (the
/// rubber band, then the bounce back), and holds a tile until it lifts and carries it two rows
/// down to drop. The touches are fed to the engine as the shell would from XInput 2.
extension BenchmarkRunner {
    func touchPhase() {
        startFresh()
        let x = config.size.width / 2, bottom = config.size.height - 40
        func finger(_ phase: TouchPhase, _ y: Double, x: Double = x) -> [InputEvent] { [.touch(phase, id: 1, at: Point(x: x, y: y))] }
        // Pan up 40 px a frame (2400 px/s) for 12 frames, lift: it flings for ~3 s.
        var flung = false
        timedFrames("touch_fling", count: 240, input: { i in
            switch i {
            case 0: return finger(.began, bottom)
            case 1...12: return finger(.moved, bottom - Double(i) * 40)
            case 13: return finger(.ended, bottom - 12 * 40)
            default: return []
            }
        }) { i in if i == 20 { flung = self.engine.scroll.momentum != nil } }
        report.set("touch_flung", flung)
        report.set("touch_fling_px", engine.offsets.root.y, digits: 0)

        // Back to the top, then pulled 300 px past it and let go: the bounce.
        startFresh()
        var stretched = 0.0
        timedFrames("touch_bounce", count: 90, input: { i in
            switch i {
            case 0: return finger(.began, 100)
            case 1...20: return finger(.moved, 100 + Double(i) * 15)
            case 30: return finger(.ended, 400)
            default: return []
            }
        }) { i in if i == 20 { stretched = self.engine.offsets.root.y } }
        report.set("touch_stretched_px", stretched, digits: 0)
        report.set("touch_bounced_back", engine.offsets.root.y == 0 && engine.scroll.momentum == nil)

        // Held on the first tile 0.5 s, carried two rows down, dropped.
        startFresh()
        guard let first = engine.model.sections.first?.items.first?.id, let from = engine.drawnFrame(of: first)?.center else { return }
        var lifted = false
        timedFrames("touch_drag", count: 120, input: { i in
            switch i {
            case 0: return finger(.began, from.y, x: from.x)
            case 40...60: return finger(.moved, from.y + Double(i - 40) * 10, x: from.x + 3)
            case 100: return finger(.ended, from.y + 200, x: from.x + 3)
            default: return []
            }
        }) { i in if i == 40 { lifted = self.engine.draggedID == first } }
        report.set("touch_lifted", lifted)
    }
}
