import CCairo
import CX11
import TesseraCore
#if canImport(Glibc)
import Glibc
#endif

extension X11Shell {
    /// Maps the window and runs the loop until the client, the user (Ctrl+Q, close button) or a
    /// signal (SIGTERM/SIGINT) ends it; `client.willQuit()` is called first. Returns the exit code.
    ///
    /// One iteration: read the clock; drain every queued X event (pointer motion coalesced to the
    /// last of the batch); ask the client for a frame and present it if there is one; then, only if
    /// Xlib's queue is empty, `poll()` the connection and the signal pipe until the client's next
    /// deadline (forever when it has none: an idle app does not wake up).
    public func run(client: ShellClient) -> Int32 {
        connectionLostHook = { [weak client] in client?.willQuit() }
        XMapWindow(display, window)
        XSync(display, 0)
        // Without a window manager no ConfigureNotify arrives at map time: announce the size now.
        client.handle(.resize(logicalSize), at: MonotonicClock.now())

        var event = XEvent()
        loop: while true {
            let now = MonotonicClock.now()
            var pendingMotion: Point?
            var quit = false
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                let outcome = translator.translate(&event)
                if case .motion(let p) = outcome {
                    pendingMotion = p
                    continue
                }
                if case .ignored = outcome { continue }
                if let p = pendingMotion {          // keep order: motion before what followed it
                    client.handle(.pointerMove(p), at: now)
                    pendingMotion = nil
                }
                switch outcome {
                case .input(let input):
                    client.handle(input, at: now)
                case let .resized(w, h):
                    guard w != pixelWidth || h != pixelHeight else { break }
                    pixelWidth = max(1, w)
                    pixelHeight = max(1, h)
                    client.handle(.resize(logicalSize), at: now)
                case .exposed:
                    invalidateWindow()
                case .quit:
                    quit = true
                case .motion, .ignored:
                    break
                }
                if quit { break }
            }
            if let p = pendingMotion, !quit { client.handle(.pointerMove(p), at: now) }
            if quit || signals.consume() || client.shouldQuit() { break loop }

            // Nothing new but the window lost its pixels: repaint the scene it shows.
            var drew = false
            if let scene = client.frame(at: now) ?? (frames.needsFullRepaint ? frames.shown : nil) {
                draw(scene)
                present()
                drew = true
            }
            XFlush(display)
            // Idle time before the next frame: prepare the cells about to scroll in, a few at a time.
            if drew, XEventsQueued(display, QueuedAlready) == 0,
               (client.nextDeadline(after: now).map { $0 - MonotonicClock.now() > 0.004 } ?? true) {
                prefetch(limit: 6)
            }

            guard XEventsQueued(display, QueuedAlready) == 0 else { continue }
            let timeout: Int32
            if let deadline = client.nextDeadline(after: now) {
                // A fresh reading: the frame just drawn took time the sleep must not add again.
                let ms = ((deadline - MonotonicClock.now()) * 1000).rounded(.up)
                timeout = Int32(max(0, min(ms, Double(Int32.max))))
            } else {
                timeout = -1
            }
            var fds = [pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, nfds_t(fds.count), timeout)
        }
        client.willQuit()
        close()
        return 0
    }
}
