/// A touchscreen's finger (`InputEvent.touch`). One finger at a time drives a gesture, and it
/// drives the same ones the mouse does, with a touchscreen's meanings:
///
/// - held still for the hold time on an item, it lifts it, and the whole drag follows the finger
///   (edge autoscroll, dwells, drop where it lifts; lifted outside the window or cancelled, the
///   drag is cancelled);
/// - moved past `Touch.slop` before that, it pans what is under it: the surface along its scroll
///   axis, on the board sideways (pages) or a list up and down, whichever way it first went (axis
///   lock), an open folder's items; past the ends the content rubber-bands, and a finger lifted
///   with speed flings it (`Fling`);
/// - lifted before either, it is a tap: a click (select and open, a title's double-tap renames);
/// - put down while a fling coasts, it stops it, and is nothing more unless it pans;
/// - on nothing that takes a press (an open folder's empty space), it may still pan.
///
/// A second finger while one is down is ignored, and so is the mouse (the pointer the X server
/// emulates from the same touches is filtered out by the shell).
extension Engine {
    mutating func touch(_ phase: TouchPhase, id: UInt32, at p: Point, t: Double) {
        // Only the followed finger goes on; any finger may begin (touchBegan says whether it is followed).
        guard phase == .began || session.finger == id else { return }
        switch phase {
        case .began: touchBegan(id, at: p, t: t)
        case .moved: touchMoved(to: p, at: t)
        case .ended: touchEnded(at: p, t: t)
        case .cancelled: touchCancelled(at: t)
        }
    }

    /// The slop a finger may waver within: the desktop's, at least `Touch.slop`.
    var touchSlop: Double { Swift.max(policy.slop, Touch.slop) }

    private mutating func touchBegan(_ id: UInt32, at p: Point, t: Double) {
        guard session.finger == nil, session.phase == .idle else { return }
        session.touchBegan(id)
        if scroll.stopMomentum() {
            session.place(p)
            session.begin(Pan(press: p))
            outbox.redraw()
            return
        }
        pointerDown(p, [], at: t)
        // Nothing pressed (a panel's empty space, a tap that closed something): a move may still pan.
        if session.phase == .idle { session.begin(Pan(press: p)) }
    }

    private mutating func touchMoved(to p: Point, at t: Double) {
        switch session.phase {
        case .pressed(let press):
            // Before the hold: past the slop the finger pans instead (no lift, no click).
            session.place(p)
            guard !press.moved, press.origin.distance(to: p) > touchSlop else { return }
            presentation.releasePress(at: t, policy: policy)
            session.end()
            startPan(from: press.origin, to: p, at: t)
        case .banding(let band):
            session.place(p)
            guard band.press.distance(to: p) > touchSlop else { return }
            session.end()
            startPan(from: band.press, to: p, at: t)
        case .panning(let pan):
            if pan.engaged {
                session.panned(to: p, at: t)
                follow(to: p)
            } else if pan.press.distance(to: p) > touchSlop {
                engage(from: pan.press, to: p, at: t)
            } else {
                session.place(p)
            }
        default:
            // A carried item, a scroll thumb, the context menu: as the mouse.
            pointerMove(p, at: t)
        }
    }

    private mutating func touchEnded(at p: Point, t: Double) {
        if let pan = session.pan {
            session.panned(to: p, at: t)
            if pan.engaged, let zone = pan.zone {
                follow(to: p)
                letGo(zone, velocity: -(session.pan?.samples.velocity ?? 0))
            }
            session.end()
        } else {
            pointerUp(p, at: t)
        }
        session.touchEnded()
        outbox.redraw()
    }

    /// The system took the touch away (another client's gesture, the window hidden): whatever the
    /// finger did is undone or let go, never completed.
    mutating func touchCancelled(at t: Double) {
        switch session.phase {
        case .panning(let pan):
            if pan.engaged, let zone = pan.zone { letGo(zone, velocity: 0) }
            session.end()
        case .lifted, .pressed:
            cancelDrag(at: t)
        case .banding, .scrubbing:
            session.end()
        case .idle, .settling, .incoming:
            break
        }
        session.touchEnded()
        outbox.redraw()
    }

    private mutating func startPan(from press: Point, to p: Point, at t: Double) {
        session.begin(Pan(press: press))
        engage(from: press, to: p, at: t)
    }

    /// The pan moved past the slop: what it moves, decided by where the finger came down and the
    /// way it went first.
    private mutating func engage(from press: Point, to p: Point, at t: Double) {
        let zone = panZone(from: press, to: p)
        // Taken over mid-bounce or mid-rubber-band, the content stays under the finger.
        let raw = zone.map { Touch.unbanded(scroll.offset(in: $0), limit: scroll.limit(of: $0), extent: panExtent(of: $0)) } ?? 0
        session.place(p)
        session.engage(zone, anchor: p, offset: raw, at: t)
        outbox.redraw()
    }

    private func panZone(from press: Point, to p: Point) -> ScrollZone? {
        if let panel = folderPanel {
            return panel.panel.contains(press) && panel.maxOffset > 0 ? .folder : nil
        }
        if navigation.overlay != nil { return nil }
        if layoutChoice == .board {
            let d = p - press
            if abs(d.x) > abs(d.y) { return snapshot.maxRootOffset.x > 0 ? .root(.horizontal) : nil }
            guard let k = snapshot.pane(at: press, offsets: offsets), scroll.limit(of: .pane(k)) > 0 else { return nil }
            return .pane(k)
        }
        let axis = snapshot.scrollAxis
        return snapshot.maxRootOffset[axis] > 0 ? .root(axis) : nil
    }

    /// The visible length of a zone along its axis: how far its rubber band gives.
    private func panExtent(of zone: ScrollZone) -> Double {
        switch zone {
        case .root(let axis): return viewport[axis]
        case .pane(let k): return k < snapshot.panes.count ? snapshot.panes[k].frame.height : viewport.height
        case .folder: return folderPanel?.contentFrame.height ?? viewport.height
        }
    }

    /// The content follows the finger.
    private mutating func follow(to p: Point) {
        guard let pan = session.pan, let zone = pan.zone else { return }
        scroll.drag(zone, to: pan.rawOffset(at: p), extent: panExtent(of: zone))
        outbox.redraw()
    }

    /// The finger let go of `zone` at `velocity` (offset px/s): a sideways pan of a paged board
    /// settles on a list boundary (a flick turns the page); anything else flings or bounces back.
    private mutating func letGo(_ zone: ScrollZone, velocity: Double) {
        if zone == .root(.horizontal), pagesBoard {
            settleBoardOnPage(velocity: velocity)
        } else {
            scroll.release(zone, velocity: velocity)
        }
        outbox.redraw()
    }
}

/// Where a touch is in its life.
public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
    case began, moved, ended, cancelled
}
