import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The app started with extra environment variables (`TESSERA_FRAME_STATS`, `TESSERA_INJECT_X_ERRORS`),
/// which ``Harness/launch(_:label:)`` does not pass. Same wiring as ``AppProcess``: the test's display,
/// a private XDG_DATA_HOME, output kept in the test's directory. The caller stops it (``stop()`` in a
/// `defer`); ``Harness/close()`` stops Xvfb afterwards either way.
final class FaultApp {
    let process: ChildProcess
    let stderrPath: String

    var pid: pid_t { process.pid }
    var standardError: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Starts `tessera --state <h.statePath> <arguments>` with `environment` added, and returns once
    /// its window shows the first frame.
    init(_ h: Harness, _ arguments: [String] = [], environment extra: [String: String] = [:],
         label: String = "app") async throws {
        stderrPath = h.directory + "/\(label).stderr"
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = h.xvfb.display
        environment["XDG_DATA_HOME"] = h.directory + "/xdg-data"
        environment.removeValue(forKey: "XAUTHORITY")
        for (k, v) in extra { environment[k] = v }
        process = try ChildProcess(executable: try TesseraBinary.require(), arguments: ["--state", h.statePath] + arguments,
                                   environment: environment, stdoutPath: h.directory + "/\(label).stdout",
                                   stderrPath: stderrPath)
        do {
            _ = try await h.x.waitForAppWindow(timeout: 10)
            let shot = try await Screenshot.waitFor(h.x, timeout: 10) { $0.color(at: Pixel(2, 2)) == .surface }
            guard shot.color(at: Pixel(2, 2)) == .surface else {
                throw XSession.Failure(description: "no first frame within 10 s")
            }
        } catch {
            process.terminate(grace: 1)
            throw XSession.Failure(description: "\(error); stderr: \(standardError)")
        }
    }

    /// SIGTERM (the app saves and exits 0), SIGKILL after `grace` seconds; returns how it ended.
    @discardableResult
    func stop(grace: Double = 3) -> ChildProcess.Status? { process.terminate(grace: grace) }

    /// `cache_kb` of the latest `tessera: frame-stats interval` line (nil before the first).
    var latestCacheKilobytes: Int? {
        guard let line = standardError.split(separator: "\n").last(where: { $0.hasPrefix("tessera: frame-stats interval") }),
              let field = line.split(separator: " ").first(where: { $0.hasPrefix("cache_kb=") }) else { return nil }
        return Int(field.dropFirst("cache_kb=".count))
    }

    /// `tessera: frame-stats total …` fields of the summary the app prints on exit, by name.
    var frameStatsTotal: [String: Double]? {
        guard let line = standardError.split(separator: "\n").last(where: { $0.hasPrefix("tessera: frame-stats total") })
        else { return nil }
        var fields: [String: Double] = [:]
        for part in line.split(separator: " ") {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2, let v = Double(kv[1]) { fields[String(kv[0])] = v }
        }
        return fields
    }
}

/// What the kernel says about a process: memory, descriptors, shared memory.
enum ProcessProbe {
    /// VmRSS in kB, nil when the process is gone.
    static func residentKilobytes(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.dropFirst(6).filter(\.isNumber))
    }

    /// RssAnon and RssFile in kB (heap and stacks vs pages of mapped files), nil when gone.
    static func residentSplitKilobytes(_ pid: pid_t) -> (anon: Int, file: Int)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            text.split(separator: "\n").first(where: { $0.hasPrefix(name) }).flatMap { Int($0.dropFirst(name.count).filter(\.isNumber)) }
        }
        guard let anon = field("RssAnon:"), let file = field("RssFile:") else { return nil }
        return (anon, file)
    }

    /// Open file descriptors.
    static func descriptorCount(_ pid: pid_t) -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }

    /// System V shared-memory segments mapped into the process (`/SYSV…` lines of its maps).
    static func mappedSharedSegments(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").filter { $0.contains("/SYSV") }.count
    }

    /// Segments still existing system-wide that `pid` created (`/proc/sysvipc/shm`, column cpid):
    /// what `ipcs -m` would list for it. The app marks its segment removed at once, so only the
    /// one attached (by it and the X server) may be here.
    static func existingSegmentsCreated(by pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8) else { return 0 }
        return text.split(separator: "\n").dropFirst().filter { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            return columns.count > 4 && Int32(columns[4]) == pid
        }.count
    }
}
