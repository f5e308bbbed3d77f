/// Time passing: holds become lifts, dwells fire, edges autoscroll, wheels ease, animations end.
extension Engine {
    /// The frame at `t` in one step, for a host with nothing to show between (tests, a trace's
    /// replay): `beginFrame(at:)`, then `finishFrame()`, as the app does around drawing and
    /// presenting the frame.
    public mutating func advance(to t: Double) {
        beginFrame(at: t)
        finishFrame()
    }

    /// The frame at `t`: time brought up to it, and layout work finished after an earlier frame
    /// (a switch, a re-flow) put in use. The host then draws `scene()` and, once it is on screen,
    /// calls `finishFrame()`.
    public mutating func beginFrame(at t: Double) {
        passTime(to: t)
        landLayoutWork(at: t)
    }

    /// After the frame is on screen, in the time before the next: one slice of the layout work
    /// under way (a switch into a large masonry, a re-flow) and layout memory let go. Why not
    /// within the frame: a slice of a million-item masonry (~3 ms) made every frame of a switch
    /// 3.3 ms before it could be shown; here it delays nothing on screen. Nothing it does is
    /// visible until a later `beginFrame` lands it.
    public mutating func finishFrame() {
        if arrangement.hasDiscardedMemory { arrangement.releaseDiscarded() }
        continueLayoutWork()
        arrangement.indexLocations(limit: perFrameShare(of: Self.locationsIndexedAfterAFrame))
    }

    /// How many items' locations the work after a frame indexes (`ItemLocations.index(limit:)`)
    /// at 60 Hz: a drop of 10,000 files is indexed over the five frames after it (~1 ms after each
    /// on a slow host), about when its pictures' first shapes, which look its items up by file,
    /// come in (a report before that indexes the rest itself).
    /// Fewer on a faster display (`perFrameShare(of:)`).
    static let locationsIndexedAfterAFrame = 2_000

    /// Time brought up to `t` (a frame's or an event's timestamp). It runs no layout work: with a
    /// slice per event, each pointer motion during a switch to a masonry of a million items ran one
    /// more 100,000-item pass before the frame.
    mutating func passTime(to t: Double) {
        guard t >= now else { return }  // time never runs backwards; a late event is taken as now
        let dt = Swift.min(t - now, 0.1)  // a stalled host must not make the surface leap
        // Frame intervals, while the inspector shows them: only where the engine asked for the next
        // frame (not a wait for a hold or a page settle).
        if inspector.isOn, let due = nextDeadline, due <= now + policy.frameInterval + 1e-9 {
            inspector.noteFrame(from: now, to: t)
        }
        // Work going on long enough shows its progress from now.
        if let p = presentation.progress, now < p.revealAt, t >= p.revealAt { outbox.redraw() }
        now = t
        switch session.phase {
        case .pressed:
            if !arrangement.isPartial, let press = session.dueHold(at: t, liftDelay: policy.liftDelay) {
                liftOrRefuse(press, at: press.start + policy.liftDelay, grabbedAt: session.pointer ?? press.origin)
            }
        case .lifted(let l):
            // Keys carry a keyboard lift; the pointer neither aims it nor scrolls under it.
            if !l.byKeyboard {
                autoscroll(dt: dt, at: t)
                updateHover(at: t)
            }
            outbox.redraw()
        case .settling:
            if session.settleDone(at: t, duration: policy.motion(policy.settleDuration)) { session.landed() }
            outbox.redraw()
        case .banding:
            autoscrollBand(dt: dt, at: t)
        case .incoming:
            advanceIncoming(dt: dt, at: t)
        case .idle, .scrubbing, .panning:
            break
        }
        if scroll.coast(dt: dt) { outbox.redraw() }
        settlePagesIfDue(at: t)
        if scroll.isEasing {
            scroll.ease(dt: dt, smoothing: scrollsAtOnce ? 0 : policy.wheelSmoothing)
            outbox.redraw()
        }
        if presentation.prune(at: t, policy: policy) { outbox.redraw() }
    }

    /// The hold has lasted `liftDelay`, or the press moved beyond the slop (`liftOnMove`): a
    /// movable item lifts, its snapshot keeping the offset from where it was grabbed (`grabbedAt`)
    /// to the pointer; a done one refuses, with a shake and a warning outline, and the press
    /// lasts until the release.
    mutating func liftOrRefuse(_ press: Press, at t: Double, grabbedAt grab: Point, byKeyboard: Bool = false) {
        guard let path = model.indexPath(of: press.id, near: press.path), let item = model.item(at: path),
              let frame = drawnFrame(of: press.id, at: path) else {
            session.end()
            return
        }
        outbox.redraw()
        guard item.isMovable else {
            presentation.releasePress(at: t, policy: policy)
            presentation.refuse(item.id, at: t)
            outbox.post(.refused(item.id))
            session.refuse()
            if byKeyboard || policy.announce { announce(.refused(item.title)) }
            return
        }
        let p = byKeyboard ? grab : session.pointer ?? press.origin
        session.lift(Lift(id: item.id, liftTime: t, grabOffset: grab - frame.origin, size: frame.size, pointer: p,
                          path: path, originalPath: path, folder: press.folder, byKeyboard: byKeyboard))
        presentation.lift(at: t, policy: policy)
        outbox.post(.lifted(item.id))
        if liftsGroup(item.id) {
            gatherGroup(at: t)
        } else if announcesDrag, let place = announcedPlace(of: item.id) {
            announce(.lifted(item.title, place))
        }
    }
}

import RealModule
@inline(__always) func expm(_ x: Double) -> Double { Double.exp(x) }
