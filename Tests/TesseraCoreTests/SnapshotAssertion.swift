import Foundation
import Testing

/// Compares `text` with the stored snapshot `Snapshots/<name>.txt`.
/// Set TESSERA_RECORD_SNAPSHOTS=1 to (re)write the stored file instead; a missing file is recorded
/// and the test fails so that a new snapshot is always looked at once.
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation,
                    filePath: String = #filePath) {
    let dir = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = dir.appendingPathComponent(name + ".txt")
    let record = ProcessInfo.processInfo.environment["TESSERA_RECORD_SNAPSHOTS"] == "1"
    guard !record, let stored = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? text.write(to: file, atomically: true, encoding: .utf8)
        if !record { Issue.record("recorded a new snapshot \(name); check it and run again", sourceLocation: sourceLocation) }
        return
    }
    if stored != text {
        let a = stored.split(separator: "\n", omittingEmptySubsequences: false)
        let b = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        let want = line < a.count ? String(a[line]) : "<end>"
        let got = line < b.count ? String(b[line]) : "<end>"
        Issue.record("snapshot \(name) differs at line \(line + 1):\n  stored: \(want)\n  actual: \(got)\n(TESSERA_RECORD_SNAPSHOTS=1 re-records)",
                     sourceLocation: sourceLocation)
    }
}
