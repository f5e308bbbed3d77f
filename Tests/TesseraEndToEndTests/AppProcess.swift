import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `tessera` binary, built beforehand with `swift build --product tessera`; the long runs
/// (`scripts/reliability/*.sh`) set `TESSERA_APP_BINARY` to a release build, as users run it.
enum TesseraBinary {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The package root: three levels up from this file (Tests/TesseraEndToEndTests/AppProcess.swift).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var path: String {
        if let chosen = ProcessInfo.processInfo.environment["TESSERA_APP_BINARY"], !chosen.isEmpty { return chosen }
        return repositoryRoot.appendingPathComponent(".build/debug/tessera").path
    }

    /// The binary's path, or an error telling how to build it.
    static func require() throws -> String {
        guard access(path, X_OK) == 0 else {
            throw Missing(description: "\(path) is missing: run `swift build --product tessera` before `swift test` "
                + "(scripts/test.sh does both)")
        }
        return path
    }

    /// Runs `tessera layout <arguments>` (no display needed) and decodes its JSON.
    static func layout(_ arguments: [String], in directory: String) async throws -> LayoutDocument {
        let out = directory + "/layout-\(UUID().uuidString).json"
        let err = out + ".stderr"
        let child = try ChildProcess(executable: try require(), arguments: ["layout"] + arguments,
                                     stdoutPath: out, stderrPath: err)
        defer { child.terminate() }
        guard let status = await child.waitForExit(timeout: 20) else {
            throw Missing(description: "tessera layout \(arguments) did not finish within 20 s")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        guard status == .exited(0) else {
            let message = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
            throw Missing(description: "tessera layout \(arguments) \(status): \(message)")
        }
        return try JSONDecoder().decode(LayoutDocument.self, from: data)
    }
}

extension TesseraBinary {
    /// Runs `tessera replay <trace>` to its end (synchronously: it runs in `Harness.close`).
    static func replay(_ trace: String, in directory: String, timeout: Double = 60) -> (status: ChildProcess.Status?, stdout: String, stderr: String) {
        let out = trace + ".replayed", err = trace + ".replay-stderr"
        guard let child = try? ChildProcess(executable: try require(), arguments: ["replay", trace], stdoutPath: out, stderrPath: err) else {
            return (nil, "", "could not start tessera replay")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while child.status == nil && Date() < deadline { usleep(10_000) }
        let status = child.status ?? child.terminate(grace: 0)
        return (status, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "", (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }
}

/// One running window of the app on a test's Xvfb.
final class AppProcess {
    let process: ChildProcess
    let name: String
    let stdoutPath: String
    let stderrPath: String

    /// Starts `tessera <arguments>` on `display`, its output kept in `directory`.
    init(display: String, arguments: [String], directory: String, name: String = "app", blocking: [Int32] = [],
         environment extra: [String: String] = [:]) throws {
        self.name = name
        stdoutPath = directory + "/\(name).stdout"
        stderrPath = directory + "/\(name).stderr"
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["XDG_DATA_HOME"] = directory + "/xdg-data"  // never the user's real state file
        environment["XDG_CACHE_HOME"] = directory + "/xdg-cache"  // nor their thumbnails
        environment.removeValue(forKey: "XAUTHORITY")
        environment.merge(extra) { $1 }
        process = try ChildProcess(executable: try TesseraBinary.require(), arguments: arguments,
                                   environment: environment, stdoutPath: stdoutPath, stderrPath: stderrPath,
                                   blocking: blocking)
    }

    var standardError: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Ends the app (SIGTERM, then SIGKILL after 2 s) and returns how it ended.
    @discardableResult
    func stop() -> ChildProcess.Status? {
        process.terminate(grace: 2)
    }
}
