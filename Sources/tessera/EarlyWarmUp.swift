import TesseraCairo
import TesseraCore

/// Starts the renderer's warm-up (fontconfig, fonts, icons) at the first line of `main`, before
/// the arguments are parsed: argument parsing by reflection takes several milliseconds, and the
/// warm-up is the longest chain of start-up work, so starting it first takes that time off the
/// path to the first frame.
///
/// The command line is only glanced at: a run that opens no window (`layout`, `bench --script
/// layout`, help, version, completion scripts) gets no warm-up. A wrong guess costs a thread that
/// is never joined; it can never change what the parsed command does.
enum EarlyWarmUp {
    /// The benchmark's grid cells: their icons are also resampled ahead (see `RendererWarmUp`).
    static let benchCellSize = Size(width: 96, height: 96)

    nonisolated(unsafe) private static var started: RendererWarmUp?

    static func start(arguments: [String]) {
        let words = arguments.dropFirst()
        let noWindow: Set<String> = ["layout", "help", "--help", "-h", "--version", "--generate-completion-script"]
        if words.contains(where: noWindow.contains) { return }
        let cellSizes = words.first == "bench" ? [benchCellSize] : []
        started = RendererWarmUp(assetDirectory: AssetLocator.find(), cellSizes: cellSizes)
    }

    /// The warm-up started by ``start(arguments:)`` (handed over once), else a new one.
    static func take(cellSizes: [Size] = []) -> RendererWarmUp {
        defer { started = nil }
        return started ?? RendererWarmUp(assetDirectory: AssetLocator.find(), cellSizes: cellSizes)
    }
}
