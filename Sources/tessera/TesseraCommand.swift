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
import TesseraFiles
import TesseraX11

@main
struct Tessera: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "A collection surface: grid, masonry and board layouts with press-and-hold drag, autoscroll and folders.",
        subcommands: [Window.self, Layout.self, Export.self, Import.self, Replay.self, Bench.self],
        defaultSubcommand: Window.self)

    static func main() {
        BenchReport.noteMainEntered()
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
        // while the store is read and the window made.
        let warmUp = EarlyWarmUp.take()
        // A recording starts from the whole collection, so its replay starts from the same.
        let outcome = Startup.opener(options, wholeNow: record != nil).open()
        guard case .opened(let opened) = outcome else {
            if case .alreadyOpen(let path, let holder) = outcome { Self.raiseOther(path: path, holder: holder) }
            return
        }
        // Handed to the main actor's closure below, which runs at once on this (the main) thread.
        nonisolated(unsafe) var opening = opened
        let code: Int32 = MainActor.assumeIsolated {
            // The engine takes the model over: a copy kept here would make its first edit copy every item.
            let model = opening.model
            opening.model = CollectionModel(sections: [])
            let engine = Engine(model: model, layout: options.layout, viewport: options.geometry.size,
                                policy: options.policy, now: MonotonicClock.now(), partial: opening.partial)
            let app = AppController(engine: engine, target: opening.target, wholeFirst: opening.wholeFirst,
                                    loader: opening.loader, notice: opening.notice, logSaves: options.logSaves)
            app.appearanceChoice = options.appearance
            app.reduceMotionForced = options.reduceMotion
            let desktop = DesktopFollower(app: app)
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
                                          assetDirectory: AssetLocator.find(), renderer: warmUp,
                                          desktopSettings: { bytes in
                                              desktop.xsettingsChanged(bytes, at: app.engine.now)
                                              return desktop.settings.dpi
                                          },
                                          firstScene: { scale in
                                              app.sceneStyle.pixelScale = scale
                                              return app.scene()
                                          })
            } catch {
                StandardStreams.error("\(error)\n")
                return 1
            }
            shell.maxFramesPerSecond = options.maxFPS
            desktop.applyCursorTheme = { [unowned shell] in shell.useCursorTheme($0, size: $1) }
            // --scale fixes the scale; otherwise it follows the desktop's DPI as it changes.
            if options.scale == nil { desktop.applyScale = { [unowned shell] in shell.useScale($0) } }
            // A second `tessera` on this store raises this window.
            opening.lock?.setWindow(shell.windowID)
            EarlySignals.letThrough()   // the shell's handlers are installed: a held signal quits cleanly now
            app.sceneStyle.pixelScale = shell.scale
            app.clipboard = ClipboardHooks(copy: { [unowned shell] in shell.copyToClipboard($0) },
                                           paste: { [unowned shell] in shell.requestPaste() })
            // Pictures, type icons and opening: nothing loads until a tile made from a file is drawn.
            let files = ArtworkLibrary(settings: .fromEnvironment(iconTheme: desktop.settings.iconThemeName),
                                       report: { desktop.report($0) })
            shell.useArtwork(files)
            app.opener = { files.open($0, title: $1) }
            return shell.run(client: ShellBridge(app: app, shell: shell, desktop: desktop, files: files))
        }
        withExtendedLifetime(opening.lock) {}
        if code != 0 { throw ExitCode(code) }
    }

    /// Another Tessera has the store open: one writer per store, so this one raises that window
    /// (`_NET_ACTIVE_WINDOW`) and exits 0, saying so.
    static func raiseOther(path: String, holder: StoreLock.Holder) {
        let who = holder.pid.map { "Tessera (pid \($0))" } ?? "another Tessera"
        if let window = holder.window, X11Shell.activate(window: window, displayName: nil) {
            printError("\(path) is already open in \(who); raised its window instead of opening a second one")
        } else {
            printError("\(path) is already open in \(who); not opening a second window on it")
        }
    }
}

/// `tessera layout`: what the window would show, as JSON, without opening it.
struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON of what the window would show at --geometry before any scrolling.")
    @OptionGroup var options: AppOptions

    func run() throws {
        let model = Startup.readOnly(options)
        let engine = Engine(model: model, layout: options.layout, viewport: options.geometry.size, policy: options.policy)
        StandardStreams.output(LayoutExport.json(engine: engine))
    }
}
