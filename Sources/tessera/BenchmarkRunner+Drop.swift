import TesseraApp
import TesseraCore
import TesseraDesktop
import TesseraFiles
import TesseraX11

/// A drop of 10,000 image files from another app (`drop`), as the window takes it once the data
/// has arrived: the URI list read (`drop_files_parse_ms`), the items made at the gap under the
/// pointer (frame 0), then the files thread's measures (120 a frame, as this host reads PNG
/// headers) handed over as the app's `HandoverPacing` lets them go (a large batch in pieces),
/// each batch re-flowing masonry, with the progress pill's count every 6 frames; the whole drop
/// undone and redone. Without files: the shapes are made up, as the files thread would report
/// them. Twice: at the top of the collection (`drop_files`: the whole masonry re-flows) and at its
/// end (`drop_end`: what the drop costs when it has every item before it; its batches of pictures
/// took ~90 ms a frame at 1M).
extension BenchmarkRunner {
    static let droppedFiles = 10_000

    func dropPhase() {
        dropPhase(label: "drop_files", atEnd: false)
        dropPhase(label: "drop_end", atEnd: true)
    }

    private func dropPhase(label: String, atEnd: Bool) {
        startFresh([.key(.character("2"))])
        // End once the masonry is shown: pressed with the switch, it scrolled the grid the
        // switch was still leaving (a masonry over 100,000 items is laid out across frames), and
        // the drop landed at the top.
        if atEnd {
            frame(at: MonotonicClock.now(), input: [.key(.end)])
            settle()
            idle(ms: 100)
        }
        let text = (0..<Self.droppedFiles).map { "file:///home/user/Pictures/Trip%202026/IMG_\($0).jpg\r\n" }.joined()
        let a = BenchClock.ms()
        let incoming = URIList.parse(text).entries.map { IncomingItem(title: $0.title, icon: $0.icon, location: $0.location) }
        if !atEnd { report.set("drop_files_parse_ms", BenchClock.ms() - a, digits: 2) }
        guard let (target, spot) = onScreen().first, incoming.count == Self.droppedFiles,
              let targetPath = engine.model.indexPath(of: target) else {
            report.set("\(label)_frames", 0)
            return
        }
        // How many items come before the drop (all but a screenful for `drop_end`).
        report.set("\(label)_items_before", engine.snapshot.flatIndex(of: targetPath) ?? -1)
        let locations = incoming.compactMap(\.location)
        let perFrame = 120
        var pacing = HandoverPacing(), handed = 0, ended = false
        let ctrlZ = InputEvent.key(.character("z"), [.control]), ctrlShiftZ = InputEvent.key(.character("z"), [.control, .shift])
        let before = engine.model.topLevelCount
        var added = 0, undone = false, redone = false
        // The drop and the keys are the frames' input; the pictures' shapes and the progress come
        // after frames, as the app hands over what the files service read (`ShellBridge.finishFrame`).
        timedFrames(label, count: 260, input: { i in
            switch i {
            case 0: [.dropIn(incoming, at: Point(x: spot.minX + 3, y: spot.minY + 3))]
            case 180: [ctrlZ]
            case 220: [ctrlShiftZ]
            default: []
            }
        }, observe: { i in
            if i == 1 { added = self.engine.model.topLevelCount - before }
            if i == 219 { undone = self.engine.model.topLevelCount == before }
            if i == 259 { redone = self.engine.model.topLevelCount == before + Self.droppedFiles }
        }, after: { i in
            var events: [InputEvent] = []
            let read = min(locations.count, i * perFrame)
            let n = pacing.take(read - handed, at: Double(i) / 60)
            if n > 0 {
                events.append(.artwork(locations[handed..<handed + n].enumerated().map {
                    ArtworkReport(location: $0.element, state: nil, aspect: [0.75, 1.5, 1, 0.66][($0.offset + handed) % 4])
                }))
                handed += n
            }
            if read < locations.count, i % 6 == 0 {
                events.append(.progress(WorkProgress(text: "Reading pictures", done: read, total: locations.count)))
            } else if read == locations.count, !ended {
                events.append(.progress(nil))
                ended = true
            }
            return events
        })
        report.set("\(label)_added", added)
        report.set("\(label)_undone_and_redone", undone && redone)
        startFresh([.key(.character("1"))])
    }
}
