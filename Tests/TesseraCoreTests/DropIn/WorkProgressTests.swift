import Testing
@testable import TesseraCore

/// The platform's work after a large drop (its pictures' shapes being read) shows as a pill with
/// a count and a bar, once it has taken longer than a moment; it goes when the work ends.
@Suite struct WorkProgressTests {
    func pill(_ engine: Engine) -> (label: LabelNode, track: BoxNode, fill: BoxNode)? {
        let nodes = engine.scene().nodes
        guard let i = nodes.firstIndex(where: { if case .label(let l) = $0 { l.text.hasPrefix("Reading") } else { false } }),
              i + 2 < nodes.count, case .label(let label) = nodes[i], case .box(let track) = nodes[i + 1],
              case .box(let fill) = nodes[i + 2] else { return nil }
        return (label, track, fill)
    }

    @Test func countsAreWrittenAsPeopleReadThem() {
        #expect(WorkProgress.grouped(0) == "0")
        #expect(WorkProgress.grouped(999) == "999")
        #expect(WorkProgress.grouped(1000) == "1,000")
        #expect(WorkProgress.grouped(10_000) == "10,000")
        #expect(WorkProgress.grouped(1_234_567) == "1,234,567")
        #expect(WorkProgress(text: "Reading pictures", done: 3456, total: 10_000).label == "Reading pictures: 3,456 of 10,000")
    }

    @Test func workShowsOnlyOnceItHasTakenAWhileAndGoesWhenItEnds() {
        var s = EngineScript(viewport: Size(width: 800, height: 600))
        s.send(.progress(WorkProgress(text: "Reading pictures", done: 0, total: 10_000)))
        #expect(pill(s.engine) == nil, "nothing flashes for work that may end at once")
        // The engine asks to be woken when the pill is due.
        #expect(s.engine.nextDeadline == s.t + WorkProgress.revealDelay)
        s.wait(0.2)
        s.send(.progress(WorkProgress(text: "Reading pictures", done: 2000, total: 10_000)))
        #expect(pill(s.engine) == nil)
        _ = s.engine.takeNeedsDisplay()
        s.wait(0.25)
        let revealed = s.engine.takeNeedsDisplay()
        #expect(revealed, "the frame the pill is due in is drawn")
        let shown = try! #require(pill(s.engine))
        #expect(shown.label.text == "Reading pictures: 2,000 of 10,000")
        #expect(shown.label.style == .toast)
        #expect(abs(shown.label.frame.midX - 400) < 0.5 && shown.label.frame.maxY == 600 - 20, "centred at the foot")
        #expect(abs(shown.fill.frame.width - shown.track.frame.width * 0.2) < 0.01, "the bar a fifth full")
        s.send(.progress(WorkProgress(text: "Reading pictures", done: 7500, total: 10_000)))
        #expect(try! #require(pill(s.engine)).label.text == "Reading pictures: 7,500 of 10,000")
        let moved = s.engine.takeNeedsDisplay()
        #expect(moved)
        s.send(.progress(nil))
        #expect(pill(s.engine) == nil)
        let gone = s.engine.takeNeedsDisplay()
        #expect(gone, "the pill's going is drawn")
        #expect(s.engine.presentation.progress == nil)
        #expect(s.engine.nextDeadline == nil, "an idle engine asks for nothing")
    }

    @Test func thePillSitsAboveTheDropsToast() {
        var s = EngineScript(viewport: Size(width: 800, height: 600))
        let first = s.frame(ItemID(s.ids(0)[0]))
        s.send(.dropIn((1...3).map { IncomingItem(title: "p\($0).png", icon: "camera", location: "file:///p\($0).png") },
                       at: Point(x: first.minX + 3, y: first.minY + 3)))
        s.send(.progress(WorkProgress(text: "Reading pictures", done: 1, total: 3)))
        s.wait(0.5)
        let toast = try! #require(s.engine.presentation.toast)
        #expect(toast.label == "Added 3 items — Undo")
        let shown = try! #require(pill(s.engine))
        #expect(shown.label.frame.maxY <= toast.frame(in: s.engine.viewport).minY - 8)
        // Finished work (done == total) goes as nil does.
        s.send(.progress(WorkProgress(text: "Reading pictures", done: 3, total: 3)))
        #expect(pill(s.engine) == nil)
    }
}
