import Foundation

/// The test fixtures folder, and the "name: message" files that pair each corpus entry with what
/// Tessera says about it.
enum CorpusFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The "name: message" lines of `file` in the fixtures folder (lines starting with # skipped).
    static func expected(_ file: String) -> [(name: String, message: String)] {
        let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(colon, offsetBy: 2)...]))
        }
    }
}
