import Foundation
import Testing
@testable import TesseraApp
@testable import TesseraCore

/// Record and replay: a recorded session, replayed headlessly, reaches the very same engine state.
@Suite struct TraceTests {
    let dir = makeTemporaryDirectory("trace")

    /// Every number of the policy is in the trace's table (a new one left out would not replay).
    @Test func theTraceCarriesEveryPolicyNumber() {
        let names = Set(Trace.policyFields.map(\.name))
        for child in Mirror(reflecting: DragPolicy()).children {
            guard let label = child.label else { continue }
            switch child.value {
            case is Double: #expect(names.contains(label), "DragPolicy.\(label) is not recorded")
            case let zones as DropZones:
                for z in Mirror(reflecting: zones).children { #expect(names.contains(z.label ?? "?"), "DropZones.\(z.label ?? "?")") }
            case is Bool: #expect(["reduceMotion", "liftOnMove", "announce"].contains(label), "DragPolicy.\(label) is not recorded")
            case is Int: #expect(label == "layoutSliceItems", "DragPolicy.\(label) is not recorded")
            default: Issue.record("DragPolicy.\(label) has a type the trace does not record")
            }
        }
        // Each field written and read back distinctly.
        var policy = DragPolicy()
        for (k, field) in Trace.policyFields.enumerated() { policy[keyPath: field.path] = 0.001 * Double(k + 1) + 0.1 }
        policy.reduceMotion = true
        policy.announce = true
        policy.layoutSliceItems = 777
        var board = BoardLayout()
        board.rowHeight = 77
        let header = Trace.Header(layout: .board(board), viewport: Size(width: 321, height: 234), start: 12.345678901234567, policy: policy)
        let bytes = Array(Trace.headerLine(header).utf8) + Trace.collectionLine(SampleData.model())
        let read = try? Trace.read(bytes)
        #expect(read?.header == header)
        #expect(read?.collection == SampleData.model())
    }

    @Test func everyKindOfEntryReadsBackAsWritten() throws {
        let entries: [Trace.Entry] = [
            .input(.resize(Size(width: 800, height: 600)), at: 1),
            .input(.pointerDown(Point(x: 10.25, y: 1.0 / 3)), at: 1.1),
            .input(.pointerMove(Point(x: -4, y: 1e-7)), at: 1.2),
            .input(.pointerUp(Point(x: 799.999, y: 0)), at: 1.3),
            .input(.wheel(dx: 0, dy: -48, at: Point(x: 5, y: 6)), at: 1.4),
            .input(.key(.escape), at: 1.5), .input(.key(.pageDown), at: 1.5), .input(.key(.f12), at: 1.5),
            .input(.key(.character("2")), at: 1.6), .input(.key(.character("z"), [.control, .shift]), at: 1.6), .input(.key(.left, [.alt]), at: 1.6), .input(.key(.character("\"\\\u{1}é")), at: 1.6),
            .input(.pointerLeft, at: 1.7), .input(.grabLost, at: 1.8),
            .input(.paste("line\none \"旅行\" 👍🏽"), at: 1.85), .input(.pasteRefused("The clipboard is empty"), at: 1.86),
            .input(.caret(3, extending: false), at: 1.87), .input(.contextClick(Point(x: 3, y: 4.5)), at: 1.875),
            .input(.key(.menu), at: 1.876), .input(.key(.f10, [.shift]), at: 1.877), .input(.caret(0, extending: true), at: 1.88),
            .input(.frameInterval(1 / 143.95), at: 1.881),
            .input(.dragOver(Point(x: 40, y: 50.5)), at: 1.882), .input(.dragLeft, at: 1.882),
            .input(.dropIn([IncomingItem(title: "Beach 海.png", icon: "camera", location: "file:///home/u/Beach%20%E6%B5%B7.png"),
                            IncomingItem(title: "a note", icon: "pencil")], at: Point(x: 3, y: 4)), at: 1.883),
            .input(.artwork([ArtworkReport(location: "file:///x.png", state: .picture, aspect: 0.75),
                             ArtworkReport(location: "file:///y.txt", state: .typeIcon), ArtworkReport(location: "file:///z", state: nil, aspect: 1.5)]), at: 1.884),
            .input(.notice("“x” is no longer at /x"), at: 1.885),
            .input(.progress(WorkProgress(text: "Reading pictures", done: 2029, total: 10_000)), at: 1.886), .input(.progress(nil), at: 1.887),
            .input(.gestureSettings(slop: 8, doubleClickInterval: 0.4, reduceMotion: true), at: 1.888),
            .frame(at: 1.0 / 60 + 1.9), .cancel(at: 2), .end(at: 2, items: 66, digest: 0xfedc_ba98_7654_3210),
        ]
        let header = Trace.Header(layout: .grid(FlowLayout()), viewport: Size(width: 800, height: 600), start: 1, policy: DragPolicy())
        var bytes = Array(Trace.headerLine(header).utf8) + Trace.collectionLine(SampleData.model())
        for e in entries { bytes += Array(Trace.line(e).utf8) }
        let read = try Trace.read(bytes)
        #expect(read.entries == entries)
        #expect(read.end?.items == 66 && read.end?.digest == 0xfedc_ba98_7654_3210)
    }

    @Test func aBadTraceIsRefusedSayingWhichLineAndWhy() {
        let header = Array(Trace.headerLine(Trace.Header(layout: .grid(FlowLayout()), viewport: Size(width: 800, height: 600), start: 1,
                                                          policy: DragPolicy())).utf8)
        let collection = Trace.collectionLine(SampleData.model())
        func reason(_ bytes: [UInt8]) -> String {
            do { _ = try Trace.read(bytes); return "accepted" } catch { return error.description }
        }
        #expect(reason(Array("hello\n".utf8)) == "line 2: a trace starts with a header line and the collection")
        #expect(reason(Array("{\"x\":1}\n{}\n".utf8)).hasPrefix("line 1: not a Tessera trace header"))
        #expect(reason(Array("{\"tessera-trace\":9,\"layout\":\"grid\",\"width\":1,\"height\":1,\"start\":0}\n{}\n".utf8))
            == "line 1: trace version 9; this Tessera reads version 1")
        #expect(reason(header + Array("{\"version\": 7}\n".utf8)).hasPrefix("line 2: the starting collection: "))
        #expect(reason(header + collection + Array("{\"t\":2,\"e\":\"frame\"}\n{\"t\":1,\"e\":\"frame\"}\n".utf8))
            == "line 4: time goes backwards (1.0 after 2.0)")
        #expect(reason(header + collection + Array("{\"t\":2,\"e\":\"jump\"}\n".utf8)) == "line 3: unknown or incomplete entry \"jump\"")
        #expect(reason(header + collection + Array("{\"t\":2,\"e\":\"down\",\"x\":1}\n".utf8)) == "line 3: unknown or incomplete entry \"down\"")
        #expect(reason(header + collection + Array("{\"t\":\n".utf8)).hasPrefix("line 3: not a trace entry"))
    }

    /// A session through the app controller (as the window drives it): a reorder, a drop into a
    /// folder, a cancelled drag, the wheel and a layout switch, then quit. Replayed from the file,
    /// the engine ends in exactly the live one's state, every part of it.
    @Test func aRecordedSessionReplaysToTheSameEngine() throws {
        let path = dir + "/session.trace"
        var f = FlowLayout(); f.headerLength = 0; f.footerLength = 0
        let live = AppController(engine: Engine(model: SampleData.generated(count: 40, sections: 2, seed: 1), layout: .grid(f),
                                                viewport: Size(width: 560, height: 400), now: 100),
                                 store: nil, log: { _ in })
        live.recorder = try TraceRecorder(path: path, engine: live.engine, log: { _ in })
        var t = 100.0
        // Each frame as the shell drives it: drawn, then finished once on screen (a layout switch
        // is laid out there); the trace's one `frame` line replays both halves.
        func frames(_ seconds: Double) {
            let end = t + seconds
            while t < end { t += 1.0 / 60; _ = live.frame(at: t); live.finishFrame() }
        }
        func drag(_ id: ItemID, to p: (Rect) -> Point, onto target: ItemID, dwell: Double, release: Bool = true) {
            let from = live.engine.drawnFrame(of: id)!.center
            live.handle(.pointerDown(from), at: t)
            frames(0.55)
            let to = p(live.engine.drawnFrame(of: target)!)
            for k in 1...8 {
                t += 0.01
                let s = Double(k) / 8
                live.handle(.pointerMove(Point(x: from.x + (to.x - from.x) * s, y: from.y + (to.y - from.y) * s)), at: t)
            }
            frames(dwell)
            if release { live.handle(.pointerUp(to), at: t) }
            frames(0.4)
        }
        drag("item-1", to: { Point(x: $0.minX + 5, y: $0.midY) }, onto: "item-4", dwell: 0.7)
        drag("item-2", to: { $0.center }, onto: "item-8", dwell: 1.3)
        drag("item-6", to: { Point(x: $0.minX + 5, y: $0.midY) }, onto: "item-9", dwell: 0.7, release: false)
        live.handle(.key(.escape), at: t)
        live.handle(.pointerUp(Point(x: 300, y: 300)), at: t)
        frames(0.4)
        live.handle(.wheel(dx: 0, dy: 150, at: Point(x: 200, y: 200)), at: t)
        frames(0.5)
        live.handle(.key(.character("3")), at: t)
        frames(0.5)
        drag("item-12", to: { Point(x: $0.midX, y: $0.minY + 4) }, onto: "item-25", dwell: 0.7, release: false)
        live.willQuit()                                   // a drag in flight: cancelled on quit
        #expect(live.engine.model.item(withID: "folder-1")?.children.map(\.id) == ["item-8", "item-2"])

        let recording = try Trace.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let replayed = TraceReplay.run(recording)
        var expected = live.engine
        _ = expected.takeEffects()
        var got = replayed
        _ = got.takeNeedsDisplay(); _ = expected.takeNeedsDisplay()
        #expect(got == expected)
        #expect(recording.end?.digest == Trace.digest(of: replayed.model))
        #expect(recording.entries.filter { if case .frame = $0 { true } else { false } }.count > 200)
    }
}
