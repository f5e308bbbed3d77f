#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TesseraCore

/// A recorded session (`tessera --record FILE`): everything the engine received, with its time,
/// as JSON lines, so `tessera replay FILE` can run the same session again headlessly and reach the
/// same collection — a user can attach one to a bug report, a test can replay it.
///
///     {"tessera-trace":1,"layout":"grid","configuration":{…},"width":1024,"height":720,"start":8123.41,"reduceMotion":false,"liftOnMove":true,"announce":false,"layoutSliceItems":100000,"policy":{"liftDelay":0.5,…}}
///     {"version": 1, "sections": […]}                       the collection at the start: a state file, on one line
///     {"t":8123.42,"e":"resize","width":1024,"height":720}
///     {"t":8123.90,"e":"down","x":412,"y":230}
///     {"t":8124.41,"e":"frame"}
///     …
///     {"t":8131.07,"e":"end","items":66,"digest":"9f2c0e1d4b7a6358"}
///
/// Entries: `down` (x, y, and `mods` as a key's when any were held), `move`, `up` (x, y), `wheel` (dx, dy, x, y),
/// `scroll` (a touchpad's or a fine wheel's pixels: dx, dy, x, y), `touch` (`phase`: began, moved, ended, cancelled;
/// `id`: the finger; x, y), `key` (`key`: escape, enter,
/// space, left, right, up, down, pageUp, pageDown, home, end, f12, delete, backspace, f2; or `char`: the text; `mods`, when
/// any were held: "ctrl", "shift", "alt" joined by "+", e.g. "ctrl+shift"), `resize`
/// (width, height), `left` (the pointer left the window), `grabLost`, `frameInterval` (`interval`:
/// seconds between the display's frames, at start and when it changes); `frame` (the engine advanced
/// to t); `cancel` (quitting cancels a drag in flight); `end` (the session ended: how many items
/// the collection holds and the FNV-1a 64 digest of its state file encoding, which a replay checks).
/// Times are the engine's (seconds of the monotonic clock); numbers print in their shortest
/// round-tripping form, so a replay gets the very same doubles.
public enum Trace {
    public static let version = 1

    public struct Header: Equatable, Sendable {
        /// The layout and its whole configuration (an embedder's may differ from the app's defaults).
        public var layout: LayoutConfiguration
        public var viewport: Size
        public var start: Double
        public var policy: DragPolicy
        public init(layout: LayoutConfiguration, viewport: Size, start: Double, policy: DragPolicy) {
            self.layout = layout; self.viewport = viewport; self.start = start; self.policy = policy
        }
    }

    public enum Entry: Equatable, Sendable {
        case input(InputEvent, at: Double)
        case frame(at: Double)
        case cancel(at: Double)
        case end(at: Double, items: Int, digest: UInt64)

        public var time: Double {
            switch self {
            case .input(_, let t), .frame(let t), .cancel(let t), .end(let t, _, _): t
            }
        }
    }

    /// A whole trace, read back.
    public struct Recording: Sendable {
        public var header: Header
        public var collection: CollectionModel
        public var entries: [Entry]
        /// The `end` entry's figures, if the session ended cleanly (a killed app leaves none).
        public var end: (items: Int, digest: UInt64)? {
            guard case .end(_, let items, let digest)? = entries.last else { return nil }
            return (items, digest)
        }
    }

    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    // MARK: - Policy fields

    /// Every number of `DragPolicy`, by name (a test checks none is missing). A trace from another
    /// version may lack some or have others: missing ones keep their defaults, unknown ones are ignored.
    nonisolated(unsafe) static let policyFields: [(name: String, path: WritableKeyPath<DragPolicy, Double>)] = [
        ("liftDelay", \.liftDelay), ("slop", \.slop), ("reorderDwell", \.reorderDwell), ("folderDwell", \.folderDwell),
        ("folderOpenDuration", \.folderOpenDuration), ("folderOpenScale", \.folderOpenScale),
        ("folderCloseDuration", \.folderCloseDuration), ("dwellGrowScale", \.dwellGrowScale), ("gapPart", \.gapPart),
        ("overTargetAlpha", \.overTargetAlpha), ("settleDuration", \.settleDuration), ("overlayDuration", \.overlayDuration),
        ("shakeAngle", \.shakeAngle), ("doubleClickInterval", \.doubleClickInterval),
        ("shakeDuration", \.shakeDuration), ("wobbleAngle", \.wobbleAngle), ("wobblePeriod", \.wobblePeriod),
        ("liftScale", \.liftScale), ("liftScaleDuration", \.liftScaleDuration), ("pressScale", \.pressScale),
        ("pressDuration", \.pressDuration), ("refuseAmplitude", \.refuseAmplitude), ("refuseDuration", \.refuseDuration),
        ("autoscrollEdgeInset", \.autoscrollEdgeInset), ("autoscrollMaxSpeed", \.autoscrollMaxSpeed),
        ("autoscrollRampDuration", \.autoscrollRampDuration), ("springSettleTime", \.springSettleTime),
        ("wheelSmoothing", \.wheelSmoothing), ("frameInterval", \.frameInterval),
        ("intoFraction", \.dropZones.intoFraction), ("listIntoFraction", \.dropZones.listIntoFraction),
        ("hysteresisFraction", \.dropZones.hysteresisFraction),
    ]

    static let keyNames: [(Key, String)] = [
        (.escape, "escape"), (.enter, "enter"), (.space, "space"), (.left, "left"), (.right, "right"), (.up, "up"),
        (.down, "down"), (.pageUp, "pageUp"), (.pageDown, "pageDown"), (.home, "home"), (.end, "end"), (.f12, "f12"), (.delete, "delete"), (.backspace, "backspace"), (.f2, "f2"),
        (.menu, "menu"), (.f10, "f10"),
    ]

    static let modifierNames: [(Modifiers, String)] = [(.control, "ctrl"), (.shift, "shift"), (.alt, "alt")]

    // MARK: - Writing

    static func headerLine(_ h: Header) -> String {
        let policy = policyFields.map { "\"\($0.name)\":\(number(h.policy[keyPath: $0.path]))" }.joined(separator: ",")
        let configuration = (try? JSONEncoder().encode(h.layout)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        return "{\"tessera-trace\":\(version),\"layout\":\"\(h.layout.choice.rawValue)\",\"configuration\":\(configuration),"
            + "\"width\":\(number(h.viewport.width)),"
            + "\"height\":\(number(h.viewport.height)),\"start\":\(number(h.start)),\"reduceMotion\":\(h.policy.reduceMotion),"
            + "\"liftOnMove\":\(h.policy.liftOnMove),\"announce\":\(h.policy.announce),"
            + "\"layoutSliceItems\":\(h.policy.layoutSliceItems),"
            + "\"policy\":{\(policy)}}\n"
    }

    /// The collection as its state file, on one line (the encoder's line breaks are all outside
    /// strings, which escape theirs).
    static func collectionLine(_ model: CollectionModel) -> [UInt8] {
        StateFile.encode(model).filter { $0 != 0x0a } + [0x0a]
    }

    /// `,"mods":"shift+control"` for the modifiers held, nothing when none.
    static func held(_ modifiers: Modifiers) -> String {
        let mods = modifierNames.filter { modifiers.contains($0.0) }.map(\.1).joined(separator: "+")
        return mods.isEmpty ? "" : ",\"mods\":\"\(mods)\""
    }

    static func line(_ entry: Entry) -> String {
        let t = "{\"t\":\(number(entry.time)),\"e\":"
        switch entry {
        case .frame: return t + "\"frame\"}\n"
        case .cancel: return t + "\"cancel\"}\n"
        case .end(_, let items, let digest): return t + "\"end\",\"items\":\(items),\"digest\":\"\(hex(digest))\"}\n"
        case .input(let event, _):
            switch event {
            case .pointerDown(let p, let modifiers): return t + "\"down\",\"x\":\(number(p.x)),\"y\":\(number(p.y))\(held(modifiers))}\n"
            case .pointerMove(let p): return t + "\"move\",\"x\":\(number(p.x)),\"y\":\(number(p.y))}\n"
            case .pointerUp(let p): return t + "\"up\",\"x\":\(number(p.x)),\"y\":\(number(p.y))}\n"
            case .wheel(let dx, let dy, let p):
                return t + "\"wheel\",\"dx\":\(number(dx)),\"dy\":\(number(dy)),\"x\":\(number(p.x)),\"y\":\(number(p.y))}\n"
            case .scroll(let dx, let dy, let p):
                return t + "\"scroll\",\"dx\":\(number(dx)),\"dy\":\(number(dy)),\"x\":\(number(p.x)),\"y\":\(number(p.y))}\n"
            case let .touch(phase, id, p):
                return t + "\"touch\",\"phase\":\"\(phase.rawValue)\",\"id\":\(id),\"x\":\(number(p.x)),\"y\":\(number(p.y))}\n"
            case .key(let k, let modifiers):
                if case .character(let c) = k { return t + "\"key\",\"char\":\(JSONText.string(c))\(held(modifiers))}\n" }
                return t + "\"key\",\"key\":\"\(keyNames.first { $0.0 == k }?.1 ?? "escape")\"\(held(modifiers))}\n"
            case .resize(let s): return t + "\"resize\",\"width\":\(number(s.width)),\"height\":\(number(s.height))}\n"
            case .pointerLeft: return t + "\"left\"}\n"
            case .contextClick(let p): return t + "\"context\",\"x\":\(number(p.x)),\"y\":\(number(p.y))}\n"
            case .grabLost: return t + "\"grabLost\"}\n"
            case .paste(let text): return t + "\"paste\",\"text\":\(JSONText.string(text))}\n"
            case .pasteRefused(let reason): return t + "\"pasteRefused\",\"text\":\(JSONText.string(reason))}\n"
            case .caret(let index, let extending): return t + "\"caret\",\"index\":\(index),\"extend\":\(extending)}\n"
            case .frameInterval(let interval): return t + "\"frameInterval\",\"interval\":\(number(interval))}\n"
            case .dragOver(let p): return t + "\"dragOver\",\"x\":\(number(p.x)),\"y\":\(number(p.y))}\n"
            case .dragLeft: return t + "\"dragLeft\"}\n"
            case let .dropIn(items, p):
                let list = items.map {
                    "{\"title\":\(JSONText.string($0.title)),\"icon\":\(JSONText.string($0.icon))"
                        + ($0.location.map { ",\"location\":\(JSONText.string($0))" } ?? "") + "}"
                }
                return t + "\"dropIn\",\"x\":\(number(p.x)),\"y\":\(number(p.y)),\"dropped\":[\(list.joined(separator: ","))]}\n"
            case .notice(let text): return t + "\"notice\",\"text\":\(JSONText.string(text))}\n"
            case .progress(let work):
                guard let w = work else { return t + "\"progress\"}\n" }
                return t + "\"progress\",\"text\":\(JSONText.string(w.text)),\"done\":\(w.done),\"total\":\(w.total)}\n"
            case .artwork(let reports):
                let list = reports.map {
                    "{\"location\":\(JSONText.string($0.location))"
                        + ($0.state.map { ",\"state\":\"\($0.rawValue)\"" } ?? "")
                        + ($0.aspect.map { ",\"aspect\":\(number($0))" } ?? "") + "}"
                }
                return t + "\"artwork\",\"reports\":[\(list.joined(separator: ","))]}\n"
            case let .gestureSettings(slop, doubleClick, reduceMotion):
                return t + "\"gestureSettings\",\"slop\":\(number(slop)),\"interval\":\(number(doubleClick)),\"reduceMotion\":\(reduceMotion)}\n"
            }
        }
    }

    /// Shortest round-tripping form (what JSON parsers read back to the same double).
    static func number(_ v: Double) -> String { v.isFinite ? "\(v)" : "0" }

    /// 16 hexadecimal digits, as the save journal writes digests.
    public static func hex(_ v: UInt64) -> String { SaveJournal.hex(v) }

    /// FNV-1a, 64 bits, of the collection's state file encoding: what `end` records.
    public static func digest(of model: CollectionModel) -> UInt64 { SaveJournal.fnv1a64(StateFile.encode(model)) }

    // MARK: - Reading

    private struct RawHeader: Decodable {
        var trace: Int
        var layout: String
        var configuration: LayoutConfiguration?
        var width: Double
        var height: Double
        var start: Double
        var reduceMotion: Bool?
        var liftOnMove: Bool?
        var announce: Bool?
        var layoutSliceItems: Int?
        var policy: [String: Double]?
        enum CodingKeys: String, CodingKey {
            case trace = "tessera-trace", layout, configuration, width, height, start, reduceMotion, liftOnMove, announce, policy
            case layoutSliceItems
        }
    }

    private struct RawEntry: Decodable {
        var t: Double
        var e: String
        var x, y, dx, dy, width, height, interval, slop: Double?
        var key, char, mods, digest, text, phase: String?
        var items, index, done, total: Int?
        var id: UInt32?
        var extend, reduceMotion: Bool?
        var dropped: [Dropped]?
        var reports: [Report]?
    }

    private struct Report: Decodable {
        var location: String
        var state: String?
        var aspect: Double?
    }

    private struct Dropped: Decodable {
        var title: String
        var icon: String
        var location: String?
    }

    /// Reads a trace; the error names the line and what is wrong with it.
    public static func read(_ bytes: [UInt8]) throws(ReadError) -> Recording {
        var lines = bytes.split(separator: 0x0a, omittingEmptySubsequences: false)
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard lines.count >= 2 else { throw ReadError(line: lines.count + 1, reason: "a trace starts with a header line and the collection") }
        let decoder = JSONDecoder()
        let raw: RawHeader
        do { raw = try decoder.decode(RawHeader.self, from: Data(lines[0])) } catch {
            throw ReadError(line: 1, reason: "not a Tessera trace header (\(Self.describe(error)))")
        }
        guard raw.trace == version else { throw ReadError(line: 1, reason: "trace version \(raw.trace); this Tessera reads version \(version)") }
        guard let choice = LayoutChoice(rawValue: raw.layout) else { throw ReadError(line: 1, reason: "unknown layout \"\(raw.layout)\"") }
        let layout = raw.configuration ?? choice.layout
        guard layout.choice == choice else { throw ReadError(line: 1, reason: "the configuration is not a \(choice.rawValue) layout") }
        guard raw.width >= 1, raw.height >= 1, raw.start.isFinite else { throw ReadError(line: 1, reason: "bad window size or start time") }
        var policy = DragPolicy()
        for field in policyFields { if let v = raw.policy?[field.name] { policy[keyPath: field.path] = v } }
        policy.reduceMotion = raw.reduceMotion ?? false
        policy.liftOnMove = raw.liftOnMove ?? true
        policy.announce = raw.announce ?? false
        // Traces from before layout slices: the default (a replay at ≤ 100k items is the same).
        if let n = raw.layoutSliceItems, n > 0 { policy.layoutSliceItems = n }
        let header = Header(layout: layout, viewport: Size(width: raw.width, height: raw.height), start: raw.start, policy: policy)
        let collection: CollectionModel
        do { collection = try StateFile.decode(Array(lines[1])) } catch {
            throw ReadError(line: 2, reason: "the starting collection: \(error)")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(lines.count - 2)
        for (k, line) in lines.dropFirst(2).enumerated() {
            let number = k + 3
            let e: RawEntry
            do { e = try decoder.decode(RawEntry.self, from: Data(line)) } catch {
                throw ReadError(line: number, reason: "not a trace entry (\(Self.describe(error)))")
            }
            guard let entry = Self.entry(e) else { throw ReadError(line: number, reason: "unknown or incomplete entry \"\(e.e)\"") }
            if let previous = entries.last, entry.time < previous.time {
                throw ReadError(line: number, reason: "time goes backwards (\(entry.time) after \(previous.time))")
            }
            entries.append(entry)
        }
        return Recording(header: header, collection: collection, entries: entries)
    }

    /// The modifiers a `mods` field names; nil when it names one that is not a modifier.
    private static func held(_ mods: String?) -> Modifiers? {
        var modifiers: Modifiers = []
        for name in (mods ?? "").split(separator: "+") {
            guard let m = modifierNames.first(where: { $0.1 == name })?.0 else { return nil }
            modifiers.insert(m)
        }
        return modifiers
    }

    private static func entry(_ e: RawEntry) -> Entry? {
        let t = e.t
        func point() -> Point? { e.x.flatMap { x in e.y.map { Point(x: x, y: $0) } } }
        switch e.e {
        case "frame": return .frame(at: t)
        case "cancel": return .cancel(at: t)
        case "end":
            guard let items = e.items, let d = e.digest, let digest = UInt64(d, radix: 16) else { return nil }
            return .end(at: t, items: items, digest: digest)
        case "down":
            guard let p = point(), let modifiers = held(e.mods) else { return nil }
            return .input(.pointerDown(p, modifiers), at: t)
        case "move": return point().map { .input(.pointerMove($0), at: t) }
        case "up": return point().map { .input(.pointerUp($0), at: t) }
        case "wheel":
            guard let p = point(), let dx = e.dx, let dy = e.dy else { return nil }
            return .input(.wheel(dx: dx, dy: dy, at: p), at: t)
        case "scroll":
            guard let p = point(), let dx = e.dx, let dy = e.dy else { return nil }
            return .input(.scroll(dx: dx, dy: dy, at: p), at: t)
        case "touch":
            guard let p = point(), let id = e.id, let phase = e.phase.flatMap(TouchPhase.init(rawValue:)) else { return nil }
            return .input(.touch(phase, id: id, at: p), at: t)
        case "key":
            guard let modifiers = held(e.mods) else { return nil }
            if let c = e.char { return .input(.key(.character(c), modifiers), at: t) }
            guard let name = e.key, let key = keyNames.first(where: { $0.1 == name })?.0 else { return nil }
            return .input(.key(key, modifiers), at: t)
        case "resize":
            guard let w = e.width, let h = e.height else { return nil }
            return .input(.resize(Size(width: w, height: h)), at: t)
        case "left": return .input(.pointerLeft, at: t)
        case "context": return point().map { .input(.contextClick($0), at: t) }
        case "grabLost": return .input(.grabLost, at: t)
        case "paste": return e.text.map { .input(.paste($0), at: t) }
        case "pasteRefused": return e.text.map { .input(.pasteRefused($0), at: t) }
        case "caret":
            guard let index = e.index, let extend = e.extend else { return nil }
            return .input(.caret(index, extending: extend), at: t)
        case "frameInterval": return e.interval.map { .input(.frameInterval($0), at: t) }
        case "dragOver": return point().map { .input(.dragOver($0), at: t) }
        case "dragLeft": return .input(.dragLeft, at: t)
        case "dropIn":
            guard let p = point(), let dropped = e.dropped else { return nil }
            return .input(.dropIn(dropped.map { IncomingItem(title: $0.title, icon: $0.icon, location: $0.location) }, at: p), at: t)
        case "notice": return e.text.map { .input(.notice($0), at: t) }
        case "progress":
            guard let text = e.text else { return .input(.progress(nil), at: t) }
            guard let done = e.done, let total = e.total else { return nil }
            return .input(.progress(WorkProgress(text: text, done: done, total: total)), at: t)
        case "artwork":
            guard let raw = e.reports else { return nil }
            var reports: [ArtworkReport] = []
            for r in raw {
                var state: ArtworkState?
                if let name = r.state {
                    guard let known = ArtworkState(rawValue: name) else { return nil }
                    state = known
                }
                reports.append(ArtworkReport(location: r.location, state: state, aspect: r.aspect))
            }
            return .input(.artwork(reports), at: t)
        case "gestureSettings":
            guard let slop = e.slop, let interval = e.interval, let reduce = e.reduceMotion else { return nil }
            return .input(.gestureSettings(slop: slop, doubleClickInterval: interval, reduceMotion: reduce), at: t)
        default: return nil
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            "\"\(c.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        default: "malformed JSON"
        }
    }
}
