#if canImport(Glibc)
import Glibc
#endif
import TesseraCore

/// Writes a trace (see `Trace`) as the session goes: the header and the starting collection when
/// it opens, then each input, frame and cancel, flushed at every frame (a crash loses at most the
/// current frame's lines), and `end` with the final collection's digest when the app quits.
///
/// A write that fails stops the recording with one line on stderr; the app carries on.
public final class TraceRecorder {
    public let path: String
    private var fd: Int32
    private var pending: [UInt8] = []
    private let log: (String) -> Void

    public struct OpenError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Creates (or truncates) `path` and writes the header and `engine`'s collection.
    public init(path: String, engine: Engine, log: @escaping (String) -> Void) throws(OpenError) {
        self.path = path
        self.log = log
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw OpenError(description: "cannot record to \(path): \(String(cString: strerror(errno)))")
        }
        let header = Trace.Header(layout: engine.layout, viewport: engine.viewport, start: engine.now, policy: engine.policy)
        pending += Array(Trace.headerLine(header).utf8)
        pending += Trace.collectionLine(engine.model)
        flush()
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    func input(_ event: InputEvent, at t: Double) { append(.input(event, at: t)) }

    func frame(at t: Double) {
        append(.frame(at: t))
        flush()
    }

    func cancel(at t: Double) { append(.cancel(at: t)) }

    /// The session is over: its final collection, for a replay to check against; closes the file.
    func end(_ model: CollectionModel, at t: Double) {
        append(.end(at: t, items: model.allIDs.count, digest: Trace.digest(of: model)))
        flush()
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }

    private func append(_ entry: Trace.Entry) {
        guard fd >= 0 else { return }
        pending += Array(Trace.line(entry).utf8)
    }

    private func flush() {
        guard fd >= 0, !pending.isEmpty else { return }
        var offset = 0
        while offset < pending.count {
            let n = pending.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                log("recording to \(path) stopped: \(String(cString: strerror(errno)))")
                Glibc.close(fd)
                fd = -1
                return
            }
            offset += n
        }
        pending.removeAll(keepingCapacity: true)
    }
}

/// Runs a recorded session again, exactly as the app ran it: the same engine calls in the same
/// order at the same times (`AppController` makes them: `handle`, `advance`, `cancelDrag` on quit).
public enum TraceReplay {
    /// The engine at the start of the recording.
    public static func engine(for r: Trace.Recording) -> Engine {
        Engine(model: r.collection, layout: r.header.layout, viewport: r.header.viewport, policy: r.header.policy,
               now: r.header.start)
    }

    /// Applies one entry as the app did.
    public static func apply(_ entry: Trace.Entry, to engine: inout Engine) {
        switch entry {
        case .input(let event, let t): engine.handle(event, at: t)
        case .frame(let t): engine.advance(to: t)
        case .cancel(let t): engine.cancelDrag(at: t)
        case .end: break
        }
        _ = engine.takeEffects()
    }

    /// The whole session, as fast as it runs: the engine at its end.
    public static func run(_ r: Trace.Recording) -> Engine {
        var engine = engine(for: r)
        for entry in r.entries { apply(entry, to: &engine) }
        return engine
    }
}
