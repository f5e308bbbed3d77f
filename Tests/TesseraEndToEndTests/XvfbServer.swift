import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private X server for one test: `Xvfb -displayfd` picks a free display number and writes it
/// only once the server accepts connections, so tests can run side by side.
final class XvfbServer {
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    /// ":N"
    let display: String
    let width: Int
    let height: Int
    private let process: ChildProcess

    private init(display: String, width: Int, height: Int, process: ChildProcess) {
        self.display = display
        self.width = width
        self.height = height
        self.process = process
    }

    /// `depth`: of the screen's default visual (15, 16, 24 and 30 are TrueColor; 8 is PseudoColor).
    static func start(width: Int = 1280, height: Int = 800, depth: Int = 24, logPath: String) async throws -> XvfbServer {
        let candidates: [String] = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"]
        guard let executable = candidates.first(where: { access($0, X_OK) == 0 }) else {
            throw StartError(description: "Xvfb not found: install the xvfb package")
        }
        return try await start(executable: executable, width: width, height: height, logPath: logPath,
                               arguments: ["-screen", "0", "\(width)x\(height)x\(depth)", "-nolisten", "tcp"])
    }

    /// Xorg with the dummy video driver: a server whose RandR reports real mode lines (Xvfb's
    /// have no timings), here one mode of 1280x1024 at 143.95 Hz. Runs as root, without devices.
    static let xorgExecutable = "/usr/lib/xorg/Xorg"
    static var xorgDummyAvailable: Bool {
        getuid() == 0 && access(xorgExecutable, X_OK) == 0
            && access("/usr/lib/xorg/modules/drivers/dummy_drv.so", R_OK) == 0
    }

    static func startXorgDummy(directory: String) async throws -> XvfbServer {
        let config = directory + "/xorg-dummy.conf"
        try """
            Section "ServerFlags"
                Option "AutoAddDevices" "false"
                Option "AutoEnableDevices" "false"
            EndSection
            Section "Device"
                Identifier "dummy"
                Driver "dummy"
                VideoRam 64000
            EndSection
            Section "Monitor"
                Identifier "monitor"
                HorizSync 5.0 - 1000.0
                VertRefresh 5.0 - 1000.0
                Modeline "1280x1024_144" 283.00 1280 1384 1520 1760 1024 1027 1034 1117 -hsync +vsync
            EndSection
            Section "Screen"
                Identifier "screen"
                Device "dummy"
                Monitor "monitor"
                DefaultDepth 24
                SubSection "Display"
                    Depth 24
                    Modes "1280x1024_144"
                EndSubSection
            EndSection

            """.write(toFile: config, atomically: true, encoding: .utf8)
        return try await start(executable: xorgExecutable, width: 1280, height: 1024, logPath: directory + "/xorg.log",
                               arguments: ["-config", config, "-noreset", "-nolisten", "tcp", "-logfile", directory + "/xorg-server.log"])
    }

    /// Starts an X server that takes `-displayfd 3` and waits until it reports its display.
    private static func start(executable: String, width: Int, height: Int, logPath: String, arguments: [String]) async throws -> XvfbServer {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw StartError(description: "pipe failed: errno \(errno)") }
        let readEnd = fds[0]
        // Keep the write end off descriptor 3, which it becomes in the child (dup2 onto itself
        // would leave close-on-exec set).
        let writeEnd = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[1])
        // (pipe2 is not imported; another test spawning right now could inherit these for an
        // instant, so end of file is not relied on: the loop below also watches the process.)
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        guard writeEnd >= 0 else {
            close(readEnd)
            throw StartError(description: "fcntl(F_DUPFD_CLOEXEC) failed: errno \(errno)")
        }
        defer { close(readEnd) }
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: executable,
                                       arguments: ["-displayfd", "3"] + arguments,
                                       stdoutPath: logPath, stderrPath: logPath, passing: (writeEnd, 3))
        } catch {
            close(writeEnd)
            throw error
        }
        close(writeEnd)  // only the child holds it now: end of file when Xvfb dies

        var text = ""
        let deadline = Date().addingTimeInterval(15)
        while !text.contains("\n") {
            // Read first, then check the clock: a test task starved by a busy thread pool must
            // still see an answer that arrived meanwhile.
            var pfd = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 0) > 0 {
                var buffer = [UInt8](repeating: 0, count: 32)
                let n = read(readEnd, &buffer, buffer.count)
                if n > 0 {
                    text += String(decoding: buffer.prefix(n), as: UTF8.self)
                    continue
                }
            }
            if let status = process.status {
                throw StartError(description: "Xvfb \(status) before reporting a display; log: \(log(logPath))")
            }
            guard Date() < deadline else {
                process.terminate()
                throw StartError(description: "Xvfb did not report a display within 15 s; log: \(log(logPath))")
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        let number = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Int(number) != nil else {
            process.terminate()
            throw StartError(description: "Xvfb reported an odd display number: \(text.debugDescription)")
        }
        return XvfbServer(display: ":" + number, width: width, height: height, process: process)
    }

    private static func log(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(no log)"
    }

    func stop() {
        process.terminate()
    }
}
