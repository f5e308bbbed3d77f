import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real binary on every file of Tests/Fixtures/bad-state: one stderr line with the expected
/// message (what and where), the file kept aside byte for byte, and the app starts on the sample
/// data. `tessera layout` goes through the same start-up as the window, without one; the window
/// itself is started on a 1.1 GB file (and on a garbage file in EndToEndTests).
@Suite("End to end: bad state files")
struct BadStateFileTests {
    static let fixtures = TesseraBinary.repositoryRoot.appendingPathComponent("Tests/Fixtures")

    static func expectedMessages() throws -> [(file: String, message: String)] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("bad-state-expected.txt"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(colon, offsetBy: 2)...]))
        }
    }

    @Test("every corpus file: one clear line, kept aside, started on the sample data")
    func everyCorpusFile() async throws {
        let expected = try Self.expectedMessages()
        #expect(expected.count >= 40)
        var template = Array((NSTemporaryDirectory() + "tessera-e2e-corpus-XXXXXX").utf8CString)
        let directory = String(cString: try #require(mkdtemp(&template)))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (file, message) in expected {
            let state = directory + "/state-\(file)"   // a JSON state file, named as one
            let bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("bad-state/" + file))
            try bytes.write(to: URL(fileURLWithPath: state))
            let run = try await TesseraBinary.run(["layout", "--state", state], in: directory)
            #expect(run.status == .exited(0), "\(file): \(run.status)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines == ["tessera: state file \(state) could not be loaded: \(message); kept it as \(state).corrupt-1 and started on the sample data"],
                    "\(file)")
            #expect(StateFileReader.bytes(state + ".corrupt-1") == bytes, "\(file) kept byte for byte")
            let layout = try? JSONDecoder().decode(LayoutDocument.self, from: Data(run.stdout.utf8))
            #expect(layout?.items.contains { $0.id == "s1" } == true, "\(file): started on the sample data")
        }
    }

    @Test("a 1.1 GB state file: refused unread, kept aside, and the window starts and saves afresh")
    func hundredMegabytes() async throws {
        let h = try await Harness.start("100mb")
        defer { h.close() }
        let layout = try await h.layout()
        let fd = open(h.statePath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(fd >= 0 && ftruncate(fd, 1100 << 20) == 0)
        close(fd)

        let app = try await h.launch()      // fails the test if the window is not up within 10 s
        let lines = app.standardError.split(separator: "\n")
        #expect(lines == ["tessera: state file \(h.statePath) could not be loaded: the file is 1153433600 bytes, more than the 1073741824-byte limit for a state file; kept it as \(h.statePath).corrupt-1 and started on the sample data"])
        #expect((try FileManager.default.attributesOfItem(atPath: h.statePath + ".corrupt-1")[.size] as? Int) == 1100 << 20)

        let s1 = try layout.item("s1")
        let fourth = try layout.item(section: 0, index: 3), fifth = try layout.item(section: 0, index: 4)
        await h.x.drag(from: s1.frame.center, to: fourth.gapAfter(fifth), dwell: EndToEndTests.gapDwell)
        let expected = layout.ids(inSection: 0).moving("s1", before: fifth.id)
        let saved = await StateFileReader.waitFor(h.statePath) { $0.ids(inSection: 0) == expected }
        #expect(saved?.ids(inSection: 0) == expected, "a fresh state file")
    }
}

extension TesseraBinary {
    /// Runs `tessera <arguments>` to the end (20 s at most) and returns its status and output.
    static func run(_ arguments: [String], in directory: String, display: String? = nil) async throws -> (status: ChildProcess.Status, stdout: String, stderr: String) {
        let out = directory + "/run-\(UUID().uuidString)"
        defer { unlink(out + ".stdout"); unlink(out + ".stderr") }
        var environment = ProcessInfo.processInfo.environment
        if let display { environment["DISPLAY"] = display }
        let child = try ChildProcess(executable: try require(), arguments: arguments, environment: environment,
                                     stdoutPath: out + ".stdout", stderrPath: out + ".stderr")
        defer { child.terminate() }
        guard let status = await child.waitForExit(timeout: 20) else {
            throw Missing(description: "tessera \(arguments) did not finish within 20 s")
        }
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return (status, read(out + ".stdout"), read(out + ".stderr"))
    }
}
