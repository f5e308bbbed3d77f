import Foundation

/// Where tests write their files: one folder for the whole test run, removed when the run exits.
///
/// A suite's `init` makes its directory, and Swift Testing has no teardown to match it, so every
/// run used to leave hundreds of folders in /tmp (6,000 after a few weeks of runs on the
/// developers' machine). A run killed before it exits leaves its folder; the next run removes the
/// folders of runs whose process is gone.
public enum TestScratch {
    /// `<tmp>/tessera-tests-<pid>`, made on first use.
    public static let root: String = {
        let parent = NSTemporaryDirectory()
        removeFoldersOfGoneRuns(in: parent)
        let root = parent + "tessera-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestScratch.root) }
        return root
    }()

    /// A fresh, empty directory `<root>/<name>-<uuid>`.
    public static func directory(_ name: String) -> String {
        let dir = root + "/\(name)-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A path under the root for a file or directory the test makes itself.
    public static func path(_ name: String) -> String {
        root + "/\(name)-\(UUID().uuidString)"
    }

    private static func removeFoldersOfGoneRuns(in parent: String) {
        let prefix = "tessera-tests-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(prefix) {
            guard let pid = pid_t(entry.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { try? FileManager.default.removeItem(atPath: parent + entry) }
        }
    }
}
