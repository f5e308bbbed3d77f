import TesseraApp
import TesseraCore
import TesseraX11

/// The app controller, as the X11 shell sees it.
@MainActor
final class ShellBridge: ShellClient {
    let app: AppController
    init(app: AppController) { self.app = app }
    func handle(_ event: InputEvent, at time: Double) { app.handle(event, at: time) }
    func frame(at time: Double) -> Scene? { app.frame(at: time) }
    func nextDeadline(after time: Double) -> Double? { app.nextDeadline(after: time) }
    func shouldQuit() -> Bool { false }
    func willQuit() { app.willQuit() }
    func didPresent(at time: Double) { app.didPresent(at: time) }
}
