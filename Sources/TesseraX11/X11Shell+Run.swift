import CCairo
import CX11
import TesseraCore
import TesseraXInput
#if canImport(Glibc)
import Glibc
#endif

extension X11Shell {
    // Frames are paced at `minimumFrameInterval` (X11Shell+Refresh: the display's own rate). The
    // first frame after a pause is drawn at once (no added latency for a click or a key).

    /// After start-up, the pause between idle turns that each set one style of text
    /// (``warmTextInIdle()``): eight turns in the first ~200 ms, then none.
    static let textWarmingGap = 0.025

    /// Maps the window and runs the loop until the client, the user (Ctrl+Q, close button), a
    /// signal (SIGTERM/SIGINT) or another client destroying the window ends it; `client.willQuit()`
    /// is called first. Returns the exit code (0). A lost X connection does not return: the
    /// connection-lost handler saves through `client.willQuit()` and exits with status 1 (see
    /// ``X11ErrorHandling``).
    ///
    /// One iteration: read the clock; drain the queued X events (``drainEvents(to:at:)``: motions
    /// and resizes coalesced, at most ``maxEventsPerTurn``); unless the last frame is younger than
    /// ``minimumFrameInterval``, ask the client for a frame and present it if there is one; then,
    /// only if Xlib's queue is empty, `poll()` the connection and the signal pipe until the client's
    /// next deadline or the time the held-back frame may be drawn (forever when there is neither:
    /// an idle app does not wake up).
    public func run(client: ShellClient) -> Int32 {
        connectionLostHook = { [weak self, weak client] in
            client?.willQuit()
            self?.stats.report(now: MonotonicClock.now())
        }
        XMapWindow(display, window)
        XSync(display, 0)
        // Without a window manager no ConfigureNotify arrives at map time: announce the size now.
        client.handle(.resize(logicalSize), at: MonotonicClock.now())
        // The display's pace, before the first frame.
        startFollowingRefresh()
        updateFrameInterval(client: client, at: MonotonicClock.now(), force: true)

        loop: while true {
            let now = MonotonicClock.now()
            // Input drives frames only up to the display's pace: a flood of motions between two
            // frames is coalesced into the next one instead of drawing hundreds a second.
            let earliestFrame = lastFrameTime + minimumFrameInterval
            let frameHeldBack = now < earliestFrame
            switch drainEvents(to: client, at: now, holdMotion: frameHeldBack) {
            case .quit:
                break loop
            case .windowDestroyed:
                writeToStandardError("tessera: the window was destroyed by another X client; saving and quitting")
                break loop
            case .keepGoing:
                break
            }
            if signals.consume() || client.shouldQuit() { break loop }

            var drew = false
            if !frameHeldBack {
                // Nothing new but the window lost its pixels: repaint the scene it shows.
                let frameStart = MonotonicClock.now()
                if let scene = client.frame(at: now) ?? (frames.needsFullRepaint ? frames.shown : nil) {
                    draw(scene)
                    let presenting = MonotonicClock.now()
                    present()
                    drew = true
                    lastFrameTime = now
                    faults.afterFrame(display: display, window: window)
                    let end = MonotonicClock.now()
                    stats.noteFrame(start: frameStart, presenting: presenting, end: end)
                    if let shown = deliveredMotionTime {
                        deliveredMotionTime = nil
                        stats.noteMotionShown(serverTime: shown, presentedAt: end)
                    }
                    client.didPresent(at: now)
                    // A drop target from the first frame on (its atoms cost a round trip: not before).
                    if xdnd == nil { xdnd = XdndTarget(display: display, window: window) }
                    openXInputOnce()
                }
                client.finishFrame(at: now)
            }
            // A motion that changed nothing on screen is not waiting to be shown.
            if !frameHeldBack, !drew { deliveredMotionTime = nil }
            // The window manager waits to hear that the window is drawn at its new place or size;
            // with nothing new to draw, it is.
            if !frameHeldBack, !drew, frameSync?.awaitsFrame == true { frameSync?.answerWithoutFrame() }
            XFlush(display)
            stats.reportIfDue(now: now) { renderer.cachedImageBytes }
            // Idle time before the next frame: prepare the cells about to scroll in and the new
            // sizes of tiles changing size, until 3 ms before the next frame is due.
            let deadline = client.nextDeadline(after: now)
            let roomy = deadline.map { $0 - MonotonicClock.now() > 0.004 } ?? true
            if drew, XEventsQueued(display, QueuedAlready) == 0, roomy {
                prefetchInIdleTime(before: deadline)
                finishStartup()
            } else if startupFinished, renderer.hasColdTextStyles, XEventsQueued(display, QueuedAlready) == 0, roomy {
                warmTextInIdle()
            }

            guard XEventsQueued(display, QueuedAlready) == 0 else { continue }
            // Wake for the held-back frame, else for the client's deadline, never before a frame may
            // be drawn; after start-up, a moment later while text styles are left to set.
            let warming = startupFinished && renderer.hasColdTextStyles ? now + Self.textWarmingGap : nil
            let clientWake = [client.nextDeadline(after: now), clipboardInUse ? clipboard.deadline : nil, xdnd?.deadline, warming]
                .compactMap { $0 }.min()
            let wake = frameHeldBack ? earliestFrame : clientWake.map { max($0, lastFrameTime + minimumFrameInterval) }
            let timeout: Int32
            if let wake {
                // A fresh reading: the frame just drawn took time the sleep must not add again.
                let ms = ((wake - MonotonicClock.now()) * 1000).rounded(.up)
                timeout = Int32(max(0, min(ms, Double(Int32.max))))
            } else {
                timeout = -1
                stats.noteIdle()
            }
            // A held-back frame: X events wait in the socket until it is due (a flood would
            // otherwise wake the loop for every batch); signals still wake it.
            var fds = [pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)]
            // The client's services (the accessibility bus) wake the loop too, when they must.
            let services = client.serviceDescriptors()
            fds += services.fds
            let wait = services.timeout < 0 ? timeout : timeout < 0 ? services.timeout : min(timeout, services.timeout)
            if frameHeldBack {
                // X events wait in the socket until the held-back frame; signals and services do not.
                fds[1].events = 0
            }
            _ = poll(&fds, nfds_t(fds.count), wait)
            client.dispatchServices(Array(fds[2...]))
        }
        client.willQuit()
        stats.report(now: MonotonicClock.now())
        close()
        return 0
    }

    /// Selects XInput 2 events once the first frame is shown. Until then the window's core
    /// pointer events serve (a press then may be released as an XInput event: both reach the same
    /// translator); from then on the server sends XInput events instead of them.
    func openXInputOnce() {
        guard !xinputAsked else { return }
        xinputAsked = true
        if getenv("TESSERA_CORE_INPUT").map({ String(cString: $0) }) != "1" {
            xinput = XInputConnection.open(display: display, window: window, root: XRootWindow(display, XDefaultScreen(display)))
        }
        if stats.enabled {
            writeToStandardError("tessera: frame-stats input=" + (xinput.map { "xi\($0.version.major).\($0.version.minor)" } ?? "core"))
        }
    }
}
