#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TesseraPlugins

/// Finds the `assets/` folder: $TESSERA_ASSETS, then beside the executable
/// (`../share/tessera/assets` for an installed copy), then the source checkout this binary was built from.
enum AssetLocator {
    static func find() -> String {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["TESSERA_ASSETS"], !env.isEmpty { candidates.append(env) }
        // The executable's own path (/proc/self/exe): argv[0] is only "tessera" when run from PATH.
        let exe = URL(fileURLWithPath: PluginLibrary.executablePath ?? CommandLine.arguments[0])
            .resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(exe.appendingPathComponent("../share/tessera/assets").standardized.path)
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(repo.appendingPathComponent("assets").path)
        // When none has icons, the renderer says so once, naming the last place looked.
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/icons") } ?? candidates.last!
    }
}
