import TesseraApp
import TesseraCore
import TesseraX11

/// The drags besides the grid's (`drag`, `group`, `folder`): in masonry, across a board's three
/// lists, and through a storm of window resizes. Frames timed as every script's (see
/// ``BenchmarkRunner/timedFrames(_:count:input:observe:)``).
extension BenchmarkRunner {
    static func lerp(_ a: Point, _ b: Point, _ k: Double) -> Point { Point(x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k) }

    /// The window frames of the items of `section` wholly on screen, in reading order.
    func onScreen(section: Int? = nil) -> [(id: ItemID, frame: Rect)] {
        let window = Rect(origin: .zero, size: engine.viewport)
        return engine.snapshot.visibleItems(offsets: engine.offsets).compactMap { flat in
            let path = engine.snapshot.indexPath(ofFlat: flat)
            guard section == nil || path.section == section!, let item = engine.model.item(at: path), item.isMovable,
                  !item.isFolder else { return nil }
            let f = engine.snapshot.windowFrame(ofFlat: flat, offsets: engine.offsets)
            return window.contains(f.origin) && window.contains(Point(x: f.maxX, y: f.maxY)) ? (item.id, f) : nil
        }
    }

    /// Masonry (`masonry`): the layout switched to masonry (not timed), a tile held until it lifts,
    /// rested at the gap before a tile two columns over (the neighbours reflow), then before one
    /// a row further down, and dropped.
    func masonryPhase() {
        startFresh([.key(.character("2"))])
        let tiles = onScreen()
        guard tiles.count > 20 else {
            report.set("masonry_frames", 0)
            return
        }
        let held = tiles[1], a = tiles[tiles.count / 3], b = tiles[tiles.count / 2]
        let start = held.frame.center
        let gapA = Point(x: a.frame.minX + 4, y: a.frame.midY), gapB = Point(x: b.frame.minX + 4, y: b.frame.midY)
        var reorders = 0
        var placeBefore = engine.model.indexPath(of: held.id)
        timedFrames("masonry", count: 200, input: { i in
            switch i {
            case 0: return [.pointerDown(start)]
            case 36...55: return [.pointerMove(Self.lerp(start, gapA, Double(i - 35) / 20))]
            case 96...105: return [.pointerMove(Self.lerp(gapA, gapB, Double(i - 95) / 10))]
            case 150: return [.pointerUp(gapB)]
            default: return []
            }
        }) { _ in
            let place = engine.model.indexPath(of: held.id)
            if place != placeBefore { reorders += 1; placeBefore = place }
        }
        report.set("masonry_reorders", reorders)
        report.set("masonry_moved", engine.model.indexPath(of: held.id) != IndexPath(section: 0, item: 1))
        startFresh([.key(.character("1"))])
    }

    /// The board (`board`): a collection of the same size in three lists, in a window 640 px wide
    /// (two lists fit): a tile of the first list held until it lifts, carried to the
    /// second list's bottom edge (the list autoscrolls), then to the window's right edge (the board
    /// autoscrolls), rested at a gap in the third list, and dropped there.
    func boardPhase() {
        let size = Size(width: 640, height: config.size.height)
        shell.resizeWindow(to: size)
        engine = Engine(model: SampleData.generated(count: config.items, sections: 3), layout: LayoutChoice.board.layout,
                        viewport: size, policy: config.policy, now: MonotonicClock.now())
        startFresh()
        guard let held = onScreen(section: 0).dropFirst().first, let second = onScreen(section: 1).first else {
            report.set("board_frames", 0)
            shell.resizeWindow(to: config.size)
            return
        }
        let start = held.frame.center
        let listBottom = Point(x: second.frame.midX, y: size.height - 30)   // inside the list, at its bottom edge
        let rightEdge = Point(x: size.width - 6, y: size.height / 2)
        var gap: Point?
        var listScrolled = 0.0, boardScrolled = 0.0
        let boardBefore = engine.offsets.root.x, listBefore = engine.offsets.pane(1)
        timedFrames("board", count: 270, input: { i in
            switch i {
            case 0: return [.pointerDown(start)]
            case 36...55: return [.pointerMove(Self.lerp(start, listBottom, Double(i - 35) / 20))]
            case 56...115: return []                                                      // the list autoscrolls
            case 116...130: return [.pointerMove(Self.lerp(listBottom, rightEdge, Double(i - 115) / 15))]
            case 131...170: return []                                                     // the board autoscrolls
            case 171:
                // A gap in the third list, wherever the board has brought it.
                gap = onScreen(section: 2).dropFirst(2).first.map { Point(x: $0.frame.midX, y: $0.frame.minY + 4) }
                return gap.map { [.pointerMove(Self.lerp(rightEdge, $0, 0.5))] } ?? []
            case 172...185: return gap.map { [.pointerMove(Self.lerp(rightEdge, $0, 0.5 + Double(i - 171) / 28))] } ?? []
            case 226: return gap.map { [.pointerUp($0)] } ?? []
            default: return []
            }
        }) { _ in
            listScrolled = Swift.max(listScrolled, engine.offsets.pane(1) - listBefore)
            boardScrolled = Swift.max(boardScrolled, engine.offsets.root.x - boardBefore)
        }
        report.set("board_list_autoscrolled_px", listScrolled, digits: 0)
        report.set("board_autoscrolled_px", boardScrolled, digits: 0)
        report.set("board_landed_in_third_list", engine.model.indexPath(of: held.id)?.section == 2 && !engine.isDragging)
        shell.resizeWindow(to: config.size)
        engine.handle(.resize(config.size), at: MonotonicClock.now())
        startFresh()
    }

    /// A storm of resizes during a drag (`resize`): a tile lifted, then the window resized 50 times,
    /// a frame apart, between 1280 and 880 px wide and 800 and 640 high, as a user drags its
    /// corner (each a live re-flow at once, the carried tile staying under the pointer), and dropped.
    func resizePhase() {
        startFresh()
        let full = config.size
        guard let held = onScreen().dropFirst().first else {
            report.set("resize_frames", 0)
            return
        }
        let start = held.frame.center, aim = Point(x: start.x + 60, y: start.y + 40)
        var sizes: [Size] = []
        timedFrames("resize", count: 160, input: { i in
            switch i {
            case 0: return [.pointerDown(start)]
            case 36...45: return [.pointerMove(Self.lerp(start, aim, Double(i - 35) / 10))]
            case 50..<100:
                let k = Double(i - 50) / 49, swing = k < 0.5 ? k * 2 : (1 - k) * 2
                let size = Size(width: (full.width - 400 * swing).rounded(), height: (full.height - 160 * swing).rounded())
                shell.resizeWindow(to: size)
                return [.resize(size)]
            case 100: shell.resizeWindow(to: full); return [.resize(full)]
            case 130: return [.pointerUp(aim)]
            default: return []
            }
        }) { i in
            if (50..<100).contains(i) { sizes.append(engine.viewport) }
        }
        report.set("resize_sizes", Set(sizes.map { "\($0.width)x\($0.height)" }).count)
        report.set("resize_dropped", !engine.isDragging && engine.model.indexPath(of: held.id) != nil)
    }

    /// The window repainted whole, 300 times a frame apart (`expose`): what uncovering or
    /// un-minimising it costs without a compositor (the server sends Expose and keeps nothing), and
    /// what every frame of a close-up, a layout switch or a cross-fade that moves every tile pays
    /// in painting and sending. The cells' images are warm: this is blits, the background and the
    /// loads' trips to the server.
    func exposePhase() {
        startFresh()
        frame(at: MonotonicClock.now())
        timedFrames("expose", count: 300, input: { _ in
            shell.forgetWindowPixels()
            return []
        })
        report.set("expose_loads", shell.lastFrameFigures.loads)
    }
}
