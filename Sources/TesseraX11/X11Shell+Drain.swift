import CX11
import TesseraCore

/// Reading X events in batches: what a loop turn hands the client before it draws a frame.
extension X11Shell {
    /// Most events read in one turn. A client that floods the server (10,000 motions a second)
    /// cannot keep the loop from drawing: after this many the turn draws a frame, and the next turn
    /// goes on reading without sleeping. 4096 a frame is over 200,000 events a second at 60 Hz.
    static let maxEventsPerTurn = 4096

    enum DrainResult {
        case keepGoing
        /// Ctrl+Q, the close button.
        case quit
        /// Another client destroyed our window: nothing left to draw into.
        case windowDestroyed
    }

    /// Reads up to ``maxEventsPerTurn`` queued events and hands them to `client`, in order, except
    /// that consecutive pointer motions and consecutive resizes are coalesced to the last of each
    /// run: the engine only needs where the pointer is and how big the window is when it next draws.
    /// A pending motion or resize is delivered before any other event, so a release lands where the
    /// pointer last moved. With `holdMotion` (no frame will be drawn this turn) the last motion is
    /// kept in ``heldMotion`` for the turn that draws, unless another event needs it delivered first.
    func drainEvents(to client: ShellClient, at now: Double, holdMotion: Bool) -> DrainResult {
        var event = XEvent()
        var pendingMotion = heldMotion, pendingMotionTime = heldMotionTime
        heldMotion = nil
        var pendingResize: (width: Int, height: Int)?
        var count = 0, motions = 0, delivered = 0, resizes = 0, resizesDelivered = 0
        let began = stats.enabled ? MonotonicClock.now() : 0
        defer {
            if stats.enabled {
                stats.noteDrain(events: count, motions: motions, motionsDelivered: delivered, resizes: resizes,
                                resizesDelivered: resizesDelivered, seconds: MonotonicClock.now() - began)
            }
        }

        func flushPending(motion: Bool = true) {
            if let r = pendingResize {
                pendingResize = nil
                resizesDelivered += 1
                applyResize(width: r.width, height: r.height, client: client, at: now)
                // Moved or resized onto another monitor? (One round trip; only with several.)
                if monitors.count > 1 { updateFrameInterval(client: client, at: now) }
            }
            if motion, let p = pendingMotion {
                pendingMotion = nil
                delivered += 1
                deliveredMotionTime = pendingMotionTime
                client.handle(.pointerMove(p), at: now)
            }
        }

        if var target = xdnd, target.deadline != nil {
            let outcomes = target.expire(now: now)
            xdnd = target
            deliver(outcomes, to: client, at: now)
        }
        if clipboardInUse {
            clipboard.expire(now: now)
            for answer in clipboard.takeAnswers() { client.handle(answer, at: now) }
        }
        while count < Self.maxEventsPerTurn, XPending(display) > 0 {
            XNextEvent(display, &event)
            count += 1
            // The desktop's settings changed (a theme switched to dark, a new settings manager).
            if let changed = xsettings?.handle(&event) {
                flushPending()
                client.desktopSettingsChanged(changed, at: now)
                if let s = pendingScale {
                    pendingScale = nil
                    applyScale(s, client: client, at: now)
                }
                continue
            }
            // Another app's drag over the window, and its drop's data.
            if var target = xdnd, let outcomes = target.handle(&event, now: now) {
                xdnd = target
                flushPending()
                deliver(outcomes, to: client, at: now)
                continue
            }
            // The clipboard's traffic (requests for our text, a paste's answer) is its own.
            if clipboardInUse, clipboard.handle(&event, now: now) {
                flushPending()
                for answer in clipboard.takeAnswers() { client.handle(answer, at: now) }
                continue
            }
            // A monitor's mode or the monitors' layout changed: the pace may have.
            if handleRandR(&event) {
                flushPending()
                updateFrameInterval(client: client, at: now)
                continue
            }
            let outcome: EventTranslator.Outcome
            if let xi = xinput?.translate(&event) {
                // XInput 2: the pointer, scrolling and touches.
                outcome = translator.translate(xi)
            } else {
                // The input method first: a key it composes with is its own.
                if translator.inputMethod?.filter(&event) == true { continue }
                outcome = translator.translate(&event)
            }
            switch outcome {
            case let .motion(p, time):
                motions += 1
                if let caret = fieldDrag(to: p) {
                    client.handle(caret, at: now)
                    continue
                }
                pendingMotion = p
                pendingMotionTime = time
                continue
            case let .syncRequest(low, high, extended):
                frameSync?.request(low: low, high: high, extended: extended)
                continue
            case let .resized(w, h):
                // Every configure (a move too) answers a sync request made before it.
                frameSync?.windowConfigured()
                resizes += 1
                pendingResize = (w, h)
                continue
            case .ignored:
                continue
            default:
                break
            }
            flushPending()                          // keep order: what came before this event first
            switch outcome {
            case .input(let input):
                if let routed = routedThroughField(input) { client.handle(routed, at: now) }
            case .exposed:
                invalidateWindow()
            case .quit:
                return .quit
            case .windowDestroyed:
                windowDestroyed = true
                return .windowDestroyed
            case .focusReturned:
                client.focusReturned(at: now)
            case .motion, .resized, .syncRequest, .ignored:
                break
            }
        }
        flushPending(motion: !holdMotion)
        // Answers the events just handled asked for (a paste of our own text needs no round trip).
        if clipboardInUse { for answer in clipboard.takeAnswers() { client.handle(answer, at: now) } }
        heldMotion = pendingMotion
        heldMotionTime = pendingMotionTime
        return .keepGoing
    }

    /// Tells the client of a drop's data (at its logical point) or of why it could not be read.
    private func deliver(_ outcomes: [XdndTarget.Outcome], to client: ShellClient, at now: Double) {
        for outcome in outcomes {
            switch outcome {
            case let .dropped(bytes, type, x, y, cut):
                client.dropped(bytes, type: type, at: Point(x: Double(x) / scale, y: Double(y) / scale), cut: cut, at: now)
            case .failed(let why):
                client.handle(.dragLeft, at: now)
                client.dropFailed(why, at: now)
            case let .over(x, y):
                client.handle(.dragOver(Point(x: Double(x) / scale, y: Double(y) / scale)), at: now)
            case .left:
                client.handle(.dragLeft, at: now)
            }
        }
    }

    /// A new HiDPI scale (the desktop's `Xft/DPI` changed): the window keeps its device pixels and
    /// shows the logical size they now make; every pixel is drawn again.
    private func applyScale(_ s: Double, client: ShellClient, at now: Double) {
        let s = DisplayScale.clamped(s)
        guard abs(s - scale) > 1e-9 else { return }
        scale = s
        translator.scale = s
        frames.needsFullRepaint = true
        client.scaleChanged(to: s, at: now)
        client.handle(.resize(logicalSize), at: now)
    }

    /// A new window size in device pixels (1 x 1 at least); the client hears of real changes only.
    private func applyResize(width w: Int, height h: Int, client: ShellClient, at now: Double) {
        let w = max(1, w), h = max(1, h)
        guard w != pixelWidth || h != pixelHeight else { return }
        pixelWidth = w
        pixelHeight = h
        client.handle(.resize(logicalSize), at: now)
    }
}
