import Foundation
import Testing

/// The benchmark's paths (README, Performance) do what their figures claim: each drives the real
/// window through its gesture, and reports that it happened besides its frame times.
@Suite("End to end: the benchmark's every-path script")
struct BenchmarkPathsTests {
    /// Runs `tessera bench --items 1000 --script <script> --fast` on its own Xvfb; its JSON figures.
    private func bench(_ script: String) async throws -> [String: Any] {
        let h = try await Harness.start("bench-" + script)
        defer { h.close() }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = h.xvfb.display
        // The debug build takes ~40 s for `paths` alone; beside the suite's other windows it
        // passed the benchmark's own 55 s watchdog once. This test's limit is the wait below.
        environment["PEERBENCH_WATCHDOG"] = "110"
        let out = h.directory + "/bench.json", err = h.directory + "/bench.stderr"
        let child = try ChildProcess(executable: try TesseraBinary.require(),
                                     arguments: ["bench", "--items", "1000", "--script", script, "--fast"],
                                     environment: environment, stdoutPath: out, stderrPath: err)
        defer { child.terminate() }
        let status = await child.waitForExit(timeout: 120)
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        #expect(status == .exited(0), "stderr: \(stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").last, "no output")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("tessera bench --script paths: a keyboard move, undo and redo, the layout switches, masonry, board and resize drags")
    func everyPathRunsAndDoesWhatItSays() async throws {
        let figures = try await bench("paths")
        let paths = ["keyboard": 130, "undo_move": 80, "undo_folder": 80, "layouts": 120, "masonry": 200, "resize": 160, "board": 270]
        for (path, frames) in paths {
            #expect(figures["\(path)_frames"] as? Int == frames, "\(path): frames")
            for part in ["work_median_ms", "work_p99_ms", "work_max_ms", "engine_max_ms", "render_max_ms", "present_max_ms"] {
                #expect((figures["\(path)_\(part)"] as? Double ?? -1) > 0, "\(path)_\(part) missing")
            }
            #expect(figures["\(path)_frames_over_16_7"] is Int, "\(path): frames over the interval")
        }
        for flag in ["keyboard_moved", "undo_move_undone_and_redone", "undo_folder_undone_and_redone", "layouts_reached",
                     "masonry_moved", "resize_dropped", "board_landed_in_third_list"] {
            #expect(figures[flag] as? Bool == true, "\(flag)")
        }
        #expect((figures["masonry_reorders"] as? Int ?? 0) >= 1, "the masonry drag reordered")
        #expect((figures["resize_sizes"] as? Int ?? 0) >= 20, "the window took the storm's sizes")
        #expect((figures["board_list_autoscrolled_px"] as? Double ?? 0) > 100, "the list autoscrolled")
        #expect((figures["board_autoscrolled_px"] as? Double ?? 0) > 50, "the board autoscrolled")
    }

    @Test("tessera bench --script expose: 300 whole-window repaints, each sent in its loads")
    func exposeRepaintsTheWholeWindow() async throws {
        let figures = try await bench("expose")
        #expect(figures["expose_frames"] as? Int == 300)
        for part in ["work_median_ms", "work_p99_ms", "render_median_ms", "present_median_ms"] {
            #expect((figures["expose_\(part)"] as? Double ?? -1) > 0, "expose_\(part) missing")
        }
        // The whole window each time: more than one load through the quarter-window staging buffer.
        #expect((figures["expose_loads"] as? Int ?? 0) > 1)
    }
}
