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
    /// The tiles of the flow grid the app opens on (and the benchmark's, as the peers' 96 px
    /// cells): their icons are resampled ahead (see `RendererWarmUp`).
    static let gridCellSize: Size = {
        if case .uniform(let size) = FlowLayout().itemSizing { return size }
        return Size(width: 96, height: 96)
    }()

    nonisolated(unsafe) private static var started: RendererWarmUp?

    static func start(arguments: [String]) {
        let words = arguments.dropFirst()
        let noWindow: Set<String> = ["layout", "store", "export", "import", "help", "--help", "-h", "--version",
                                     "--generate-completion-script"]
        if words.contains(where: noWindow.contains) { return }
        started = RendererWarmUp(assetDirectory: AssetLocator.find(), cellSizes: [gridCellSize])
    }

    /// The warm-up started by ``start(arguments:)`` (handed over once), else a new one.
    static func take() -> RendererWarmUp {
        defer { started = nil }
        return started ?? RendererWarmUp(assetDirectory: AssetLocator.find(), cellSizes: [gridCellSize])
    }
}
