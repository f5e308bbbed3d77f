import Foundation
import Testing

/// `scripts/install.sh` as a user runs it, into a temporary prefix: the menu entry and AppStream
/// data pass their validators, the installed binary runs from another directory and finds its own
/// assets, the man page and completions are there; `--uninstall` leaves nothing behind.
@Suite("End to end: install and uninstall")
struct InstallTests {
    static func run(_ command: String, environment: [String: String] = [:], in directory: String) async throws -> (ChildProcess.Status?, String) {
        let out = directory + "/out-\(UUID().uuidString)"
        var env = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": directory]
        for (k, v) in environment { env[k] = v }
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", command], environment: env,
                                     stdoutPath: out, stderrPath: out)
        let status = await child.waitForExit(timeout: 120)
        return (status, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
    }

    @Test("install into a prefix, validate, run from elsewhere, uninstall: nothing left")
    func installRunUninstall() async throws {
        let binary = try TesseraBinary.require()
        let built = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let root = TesseraBinary.repositoryRoot.path
        var template = Array((NSTemporaryDirectory() + "tessera-install-XXXXXX").utf8CString)
        let directory = String(cString: mkdtemp(&template)!)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let prefix = directory + "/prefix"

        let (installed, log) = try await Self.run("'\(root)/scripts/install.sh' --prefix '\(prefix)' --from '\(built)'", in: directory)
        #expect(installed == .exited(0), "install: \(log)")
        let files = FileManager.default.enumerator(atPath: prefix)?.allObjects as? [String] ?? []
        for expected in ["bin/tessera", "lib/tessera/libTesseraA11y.so", "lib/tessera/libTesseraPortal.so", "lib/tessera/libTesseraFiles.so",
                         "share/applications/org.tessera.Tessera.desktop", "share/metainfo/org.tessera.Tessera.metainfo.xml",
                         "share/icons/hicolor/scalable/apps/org.tessera.Tessera.svg",
                         "share/icons/hicolor/48x48/apps/org.tessera.Tessera.png", "share/man/man1/tessera.1",
                         "share/bash-completion/completions/tessera", "share/zsh/site-functions/_tessera",
                         "share/fish/vendor_completions.d/tessera.fish", "share/tessera/assets/icons/bell.png"] {
            #expect(files.contains(expected), "\(expected) installed")
        }

        let (desktop, desktopLog) = try await Self.run("desktop-file-validate '\(prefix)/share/applications/org.tessera.Tessera.desktop'", in: directory)
        #expect(desktop == .exited(0) && desktopLog.isEmpty, "desktop-file-validate: \(desktopLog)")
        let (meta, metaLog) = try await Self.run("appstreamcli validate --no-net '\(prefix)/share/metainfo/org.tessera.Tessera.metainfo.xml'", in: directory)
        #expect(meta == .exited(0), "appstreamcli: \(metaLog)")
        let (man, manLog) = try await Self.run("grep -c 'Sh NAME' '\(prefix)/share/man/man1/tessera.1'", in: directory)
        #expect(man == .exited(0) && manLog.hasPrefix("1"), "a man page with its sections: \(manLog)")
        let (bash, bashLog) = try await Self.run("grep -c 'complete .*-F _tessera tessera' '\(prefix)/share/bash-completion/completions/tessera'", in: directory)
        #expect(bash == .exited(0), "a bash completion: \(bashLog)")

        // From another directory, by name on PATH, without the repository's help.
        let (layout, json) = try await Self.run("cd / && exec tessera layout --state '\(directory)/state.db'",
                                                environment: ["PATH": "\(prefix)/bin:/usr/bin:/bin"], in: directory)
        #expect(layout == .exited(0) && json.hasPrefix("{\"layout\":\"grid\""), "tessera layout from /: \(json.prefix(300))")

        let (removed, removeLog) = try await Self.run("'\(root)/scripts/install.sh' --uninstall --prefix '\(prefix)'", in: directory)
        #expect(removed == .exited(0), "uninstall: \(removeLog)")
        let left = FileManager.default.enumerator(atPath: prefix)?.allObjects as? [String] ?? []
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
