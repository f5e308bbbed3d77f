import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TesseraApp
import TesseraCore
import TesseraX11

/// `tessera replay FILE`: runs a recorded session (`tessera --record FILE`) again and prints the
/// collection it ends with, as a state file. Headless and as fast as it runs, or `--window`: in a
/// real window at the recorded speed (input to the window is ignored; Ctrl+Q ends it early).
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a session recorded with --record; print the collection it ends with.",
        discussion: """
        Exit status: 0 when the replay ends on the collection the recording ended on (or the \
        recording has no end: the app was killed), 3 when it ends elsewhere, 1 when the file \
        cannot be read.
        """)

    @Argument(help: "The trace written by `tessera --record FILE`.")
    var file: String

    @Flag(help: "Replay in a real window at the recorded speed.")
    var window = false

    func run() throws {
        let recording: Trace.Recording
        do {
            recording = try Trace.read(try readFile(file))
        } catch {
            StandardStreams.error("tessera replay: \(file): \(error)\n")
            throw ExitCode(1)
        }
        let engine: Engine
        if window {
            guard let watched = MainActor.assumeIsolated({ WindowReplay.run(recording) }) else { throw ExitCode(1) }
            engine = watched
        } else {
            engine = TraceReplay.run(recording)
        }
        StandardStreams.output(String(decoding: StateFile.encode(engine.model), as: UTF8.self))
        guard let end = recording.end else {
            StandardStreams.error("tessera replay: the recording has no end (the app did not quit normally): nothing to compare with\n")
            return
        }
        let digest = Trace.digest(of: engine.model)
        if digest == end.digest {
            StandardStreams.error("tessera replay: ends on the recorded collection (\(end.items) items, fnv1a64 \(Trace.hex(digest)))\n")
        } else {
            StandardStreams.error("tessera replay: ends on another collection than the recording: fnv1a64 \(Trace.hex(digest)) "
                + "(\(engine.model.allIDs.count) items), recorded \(Trace.hex(end.digest)) (\(end.items) items)\n")
            throw ExitCode(3)
        }
    }

    struct CannotRead: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    private func readFile(_ path: String) throws -> [UInt8] {
        guard let f = fopen(path, "rb") else {
            throw CannotRead(reason: String(cString: strerror(errno)))
        }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n > 0 { out += buffer[0..<n] }
            if n < buffer.count { break }
        }
        return out
    }
}

/// A recorded session played back in a window: the trace's entries are fed at the recorded pace
/// (mapped from the trace's clock to ours), and its frames are drawn; the window's own input is ignored.
@MainActor
final class WindowReplay: ShellClient {
    var engine: Engine
    let entries: [Trace.Entry]
    var next = 0
    /// Our clock minus the trace's.
    var shift: Double?
    var endedAt: Double?

    init(_ recording: Trace.Recording) {
        engine = TraceReplay.engine(for: recording)
        entries = recording.entries
    }

    static func run(_ recording: Trace.Recording) -> Engine? {
        let client = WindowReplay(recording)
        let shell: X11Shell
        do {
            shell = try X11Shell.open(displayName: nil, size: recording.header.viewport, scale: nil,
                                      assetDirectory: AssetLocator.find(), renderer: EarlyWarmUp.take(), firstScene: { scale in
                var style = SceneStyle()
                style.pixelScale = scale
                return client.engine.scene(style: style)
            })
        } catch {
            StandardStreams.error("\(error)\n")
            return nil
        }
        _ = shell.run(client: client)
        return client.engine
    }

    func handle(_ event: InputEvent, at time: Double) {}

    func frame(at time: Double) -> Scene? {
        let shift = self.shift ?? (time - (entries.first?.time ?? time))
        self.shift = shift
        while next < entries.count, entries[next].time + shift <= time {
            TraceReplay.apply(entries[next], to: &engine)
            next += 1
        }
        if next == entries.count, endedAt == nil { endedAt = time }
        return engine.takeNeedsDisplay() ? engine.scene() : nil
    }

    func nextDeadline(after time: Double) -> Double? {
        if next < entries.count { return entries[next].time + (shift ?? 0) }
        return endedAt.map { $0 + 1 }
    }

    /// One second after the last entry, so the end can be seen.
    func shouldQuit() -> Bool { endedAt.map { MonotonicClock.now() >= $0 + 1 } ?? false }

    func willQuit() {}
}
