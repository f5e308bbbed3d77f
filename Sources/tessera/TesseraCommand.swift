import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TesseraApp
import TesseraCairo
import TesseraCore
import TesseraX11

@main
struct Tessera: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "A collection surface: grid, masonry and board layouts with press-and-hold drag, autoscroll and folders.",
        subcommands: [Window.self, Layout.self, Replay.self, Bench.self],
        defaultSubcommand: Window.self)

    static func main() {
        EarlyWarmUp.start(arguments: CommandLine.arguments)
        main(nil)
    }
}

/// `tessera`: the window.
struct Window: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Open the window (the default).")
    @OptionGroup var options: AppOptions

    @Option(help: ArgumentHelp("Record every input and frame to FILE, for `tessera replay FILE`.", valueName: "FILE"))
    var record: String?

    func run() throws {
        EarlySignals.hold()
        // Fonts and icons load on a second thread (started before the arguments were parsed)
        // while the state file is read and the window made.
        let warmUp = EarlyWarmUp.take()
        var startup = Startup.load(options)
        let code: Int32 = MainActor.assumeIsolated {
            // The engine takes the model over: a copy kept here would make its first edit copy every item.
            let model = startup.model
            startup.model = CollectionModel(sections: [])
            let engine = Engine(model: model, layout: options.layout, viewport: options.geometry.size,
                                policy: options.policy, now: MonotonicClock.now())
            let app = AppController(engine: engine, store: startup.store, notice: startup.notice,
                                    logSaves: options.logSaves)
            if let path = record {
                do {
                    app.recorder = try TraceRecorder(path: path, engine: app.engine) { printError($0) }
                } catch {
                    printError("\(error)")
                    return 1
                }
            }
            let shell: X11Shell
            do {
                // The first screen's cells are painted on the warm-up thread while the window is made.
                shell = try X11Shell.open(displayName: nil, size: options.geometry.size, scale: options.scale,
                                          assetDirectory: AssetLocator.find(), renderer: warmUp) { scale in
                    app.sceneStyle.pixelScale = scale
                    return app.scene()
                }
            } catch {
                StandardStreams.error("\(error)\n")
                return 1
            }
            EarlySignals.letThrough()   // the shell's handlers are installed: a held signal quits cleanly now
            app.sceneStyle.pixelScale = shell.scale
            return shell.run(client: ShellBridge(app: app))
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// `tessera layout`: what the window would show, as JSON, without opening it.
struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON of what the window would show at --geometry before any scrolling.")
    @OptionGroup var options: AppOptions

    func run() throws {
        let startup = Startup.load(options)
        let engine = Engine(model: startup.model, layout: options.layout, viewport: options.geometry.size, policy: options.policy)
        StandardStreams.output(LayoutExport.json(engine: engine))
    }
}
