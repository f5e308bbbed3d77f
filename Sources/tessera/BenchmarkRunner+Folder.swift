import TesseraApp
import TesseraCore
import TesseraX11

/// The folder path (`--script folder`, also in `all`): a folder of 40 items at the very end of the
/// collection, opened with a click, its items scrolled by the wheel, one of them lifted, reordered
/// among them, carried out of the panel onto the surface and dropped there. Every frame rendered
/// and presented at 60 Hz of engine time (paced unless --fast). Its frame work must not grow with
/// the collection: a folder open over 1M items costs what one over 1k does.
extension BenchmarkRunner {
    static let folderSize = 40

    func folderPhase() {
        let n = engine.flatIDs.count
        guard n > Self.folderSize + 1, let panelFolder = makeFolderAtTheEnd() else {
            report.set("folder_frames", 0)
            return
        }
        // To the end of the collection, where the folder is; not timed.
        frame(at: MonotonicClock.now(), input: [.key(.end)])
        settle()
        idle(ms: 100)
        guard let cell = engine.drawnFrame(of: panelFolder) else {
            report.set("folder_frames", 0)
            return
        }
        let hz = 60.0
        var picked: Point?, gap: Point?, outside: Point?
        /// Where the first child shown in the panel is, and the gap after the third one.
        func aim() {
            guard let panel = engine.folderPanel else { return }
            let offset = engine.scroll.folderOffset
            let shown = panel.visibleChildren(offset: offset, margin: 0).filter {
                panel.frame(ofChild: $0, offset: offset).minY >= panel.contentFrame.minY
            }
            guard shown.count >= 4 else { return }
            picked = panel.frame(ofChild: shown[0], offset: offset).center
            let third = panel.frame(ofChild: shown[2], offset: offset)
            gap = Point(x: third.maxX - 4, y: third.midY)
            outside = Point(x: cell.midX, y: Swift.min(config.size.height - 80, panel.panel.maxY + 120))
        }
        func lerp(_ a: Point?, _ b: Point?, _ k: Double) -> [InputEvent] {
            guard let a, let b else { return [] }
            return [.pointerMove(Point(x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k))]
        }
        func input(_ i: Int) -> [InputEvent] {
            switch i {
            case 0: return [.pointerDown(cell.center)]
            case 6: return [.pointerUp(cell.center)]                                     // a click: the folder opens
            case 20...49 where i % 3 == 2:
                return [.wheel(dx: 0, dy: 30, at: Point(x: cell.midX, y: config.size.height / 2))]
            case 70: aim(); return picked.map { [.pointerDown($0)] } ?? []                // press a child
            case 71...105: return []                                                       // hold: lifts at 0.5 s
            case 106...115: return lerp(picked, gap, Double(i - 105) / 10)
            case 116...155: return []                                                      // reorder dwell among the children
            case 156...175: return lerp(gap, outside, Double(i - 155) / 20)               // out of the panel: onto the surface
            case 176...215: return []                                                      // a dwell on the surface
            case 216: return outside.map { [.pointerUp($0)] } ?? []                        // drop
            default: return []                                                             // settle
            }
        }
        let frames = 300
        var sections = Sections()
        var opened = false, lifted = false, reorderedInside = false, carriedOut = false, childrenBefore = -1
        _ = shell.cellImageMisses()
        let t0 = MonotonicClock.now() + 0.02
        for i in 0..<frames {
            let t = t0 + Double(i) / hz
            if config.pacedDrag { BenchClock.sleep(untilMs: t * 1000) }
            let f = frame(at: t, input: input(i))
            sections.add(f)
            if Self.dumpsFrames { dumpFrame("folder", i, f) }
            if engine.overlay == .folder(panelFolder) { opened = true }
            if engine.isDragging { lifted = true }
            if let panel = engine.folderPanel {
                if childrenBefore < 0 { childrenBefore = panel.children.count }
                if engine.isDragging, engine.draggedID != panel.children.first?.id, i > 106, i < 156 { reorderedInside = true }
            }
            if engine.isDragging, engine.folderPanel == nil, i > 150 { carriedOut = true }
            checkWatchdog("folder")
        }
        reportFrames("folder", sections)
        report.set("folder_opened", opened)
        report.set("folder_lifted", lifted)
        report.set("folder_reordered_inside", reorderedInside)
        report.set("folder_carried_out", carriedOut)
        report.set("folder_cells_painted", shell.cellImageMisses())
        reportParts("folder", sections)
    }

    /// Drops the collection's last `folderSize` movable items into one folder, in place at the end
    /// (a programmatic batch, not timed). Returns the folder's id.
    private func makeFolderAtTheEnd() -> ItemID? {
        let items = engine.model.sections[0].items
        var picked: [(id: ItemID, index: Int)] = []
        var i = items.count - 1
        while i >= 0 && picked.count < Self.folderSize {
            if items[i].isMovable && !items[i].isFolder { picked.append((items[i].id, i)) }
            i -= 1
        }
        guard picked.count == Self.folderSize else { return nil }
        do {
            return try engine.update(at: MonotonicClock.now(), animated: false) { (u: inout ModelUpdates) throws(ModelEditError) -> ItemID in
                let last = picked[0]
                var folder = last.id
                for item in picked.dropFirst() {
                    folder = try u.drop(item.id, onto: folder, near: IndexPath(section: 0, item: item.index),
                                        targetNear: IndexPath(section: 0, item: item.index))
                }
                return folder
            }
        } catch {
            StandardStreams.error("tessera bench: could not make the folder: \(error)\n")
            return nil
        }
    }
}
