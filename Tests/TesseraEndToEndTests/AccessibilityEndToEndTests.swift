import Foundation
import TesseraCore
import Testing

/// A screen reader's view, through the real accessibility stack: a private D-Bus session, at-spi2's
/// bus launcher and registry, the app's ATK bridge, and a client (`python3-pyatspi`, as Orca uses)
/// that walks the tree, reads items against `tessera layout`, hears a keyboard move's announcements
/// and invokes actions (Scripts/atspi_probe.py).
@Suite("End to end: accessibility (AT-SPI)")
struct AccessibilityEndToEndTests {
    @Test("the tree, extents, states, announcements of a keyboard move, focus, the menu and activate actions, through AT-SPI")
    func aScreenReaderCanFindAndUseEverything() async throws {
        let h = try await Harness.start("atspi")
        defer { h.close() }
        let layout = try await h.layout()
        let top = layout.ids(inSection: 0)
        let sample = SampleData.model()   // what the app starts on: the section titles
        let bus = try PrivateAccessibilityBus(directory: h.directory, display: h.xvfb.display)
        defer { bus.stop() }
        let app = try await h.launch(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])

        let probe = try #require(Self.sourceScript(), "Scripts/atspi_probe.py beside this file")
        let out = h.directory + "/probe.json", err = h.directory + "/probe.err"
        let child = try ChildProcess(executable: "/usr/bin/python3", arguments: [probe],
                                     environment: ["DISPLAY": h.xvfb.display, "DBUS_SESSION_BUS_ADDRESS": bus.address,
                                                   "PATH": "/usr/bin:/bin"],
                                     stdoutPath: out, stderrPath: err)
        let status = await child.waitForExit(timeout: 90)
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let problems = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        #expect(status == .exited(0), "probe: \(text) \(problems); app stderr: \(app.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "probe printed \(text)")

        let frame = try #require(json["frame"] as? [String: Any])
        #expect(frame["name"] as? String == "Tessera" && frame["role"] as? String == "frame")
        let lists = try #require(json["frameChildren"] as? [[String: Any]])
        #expect(lists.prefix(3).map { $0["role"] as? String } == ["list", "list", "list"])
        #expect(lists.prefix(3).map { $0["name"] as? String } == sample.sections.map { Optional($0.title) })
        #expect(lists.first?["children"] as? Int == top.count, "one list item per tile")
        #expect(lists.contains { $0["role"] as? String == "notification" }, "the caption, a live region")

        // Items: names, descriptions, states and screen extents as the layout has them.
        let items = try #require(json["firstItems"] as? [[String: Any]])
        for (k, item) in items.enumerated() {
            let expected = try layout.item(top[k])
            #expect(item["name"] as? String == expected.title)
            #expect(item["role"] as? String == "list item" && item["actions"] as? [String] == ["activate", "menu"])
            let f = expected.frame
            #expect(item["extents"] as? [Int] == [Int(f.x.rounded()), Int(f.y.rounded()), Int(f.width.rounded()), Int(f.height.rounded())],
                    "\(expected.title): extents in screen pixels")
            let states = item["states"] as? [String] ?? []
            #expect(states.contains("showing") && states.contains("focusable"))
            if expected.kind == "folder" {
                #expect((item["description"] as? String)?.hasPrefix("folder, ") == true)
            }
            #expect(states.contains("checked") == !expected.movable, "done is checked")
        }

        // The keyboard move, as heard.
        let first = try layout.item(top[0]).title
        let count = top.count, section = sample.sections[0].title
        #expect(json["announcements"] as? [String] == [
            "Lifted \(first), position 1 of \(count) in \(section)", "Moved to position 2 of \(count)",
            "Moved to position 3 of \(count)", "Dropped \(first) at position 3 of \(count) in \(section)",
        ])
        #expect((json["focus"] as? [String])?.first == first, "focus follows the selection")
        #expect(json["afterMove"] as? [String] == [top[1], top[2], top[0], top[3]].map { try! layout.item($0).title })
        #expect((json["menu"] as? [String])?.prefix(3) == ["Open", "Move to top", "Move to bottom"], "the menu action opens the menu")
        let activated = try #require(json["activated"] as? [String: Any])
        #expect((activated["states"] as? [String])?.contains("selected") == true)
    }

    static func sourceScript() -> String? {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/atspi_probe.py").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}

/// A D-Bus session of our own with at-spi2's accessibility bus on it (the bus launcher; the
/// registry starts on demand), so the test touches no real session.
final class PrivateAccessibilityBus {
    let address: String
    private let daemon: ChildProcess
    private let launcher: ChildProcess

    init(directory: String, display: String) throws {
        let addressFile = directory + "/bus-address"
        daemon = try ChildProcess(executable: "/usr/bin/dbus-daemon", arguments: ["--session", "--nofork", "--print-address=1"],
                                  stdoutPath: addressFile, stderrPath: directory + "/dbus.log")
        var read = ""
        for _ in 0..<200 {
            read = (try? String(contentsOfFile: addressFile, encoding: .utf8)) ?? ""
            if read.contains("\n") { break }
            usleep(20_000)
        }
        address = read.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else {
            _ = daemon.terminate()
            throw XSession.Failure(description: "dbus-daemon gave no address")
        }
        launcher = try ChildProcess(executable: "/usr/libexec/at-spi-bus-launcher", arguments: ["--launch-immediately"],
                                    environment: ["DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": display],
                                    stdoutPath: directory + "/atspi.log", stderrPath: directory + "/atspi.log")
        usleep(500_000)
    }

    func stop() {
        _ = launcher.terminate()
        _ = daemon.terminate()
    }
}
