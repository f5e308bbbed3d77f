import Foundation

/// Finds the `assets/` folder: $TESSERA_ASSETS, then beside the executable
/// (`../share/tessera/assets` for an installed copy), then the source checkout this binary was built from.
enum AssetLocator {
    static func find() -> String {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["TESSERA_ASSETS"], !env.isEmpty { candidates.append(env) }
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(exe.appendingPathComponent("../share/tessera/assets").standardized.path)
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(repo.appendingPathComponent("assets").path)
        for c in candidates where FileManager.default.fileExists(atPath: c + "/icons") { return c }
        printError("icons not found (looked in \(candidates.joined(separator: ", "))); drawing placeholders. Set TESSERA_ASSETS to the assets folder.")
        return candidates.last!
    }
}
