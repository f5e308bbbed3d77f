/// Time passing: holds become lifts, dwells fire, edges autoscroll, wheels ease, animations end.
extension Engine {
    public mutating func advance(to t: Double) {
        guard t >= now else { return }  // time never runs backwards; a late event is taken as now
        let dt = Swift.min(t - now, 0.1)  // a stalled host must not make the surface leap
        now = t
        let rootBefore = offsets.root
        defer { if offsets.root != rootBefore { rootTravel = offsets.root - rootBefore } }
        switch phase {
        case .pressed(let press):
            if !press.moved && t >= press.start + policy.liftDelay { liftOrRefuse(press, at: press.start + policy.liftDelay) }
        case .lifted:
            autoscroll(dt: dt, at: t)
            updateHover(at: t)
            dirty = true
        case .settling(let s):
            if t >= s.start + motion(policy.settleDuration) { phase = .idle }
            dirty = true
        case .idle, .scrubbing: break
        }
        settlePagesIfDue(at: t)
        easeScroll(dt: dt)
        if !motions.isEmpty { _ = motions.prune(at: t); dirty = true }
        if !refusals.isEmpty {
            refusals = refusals.filter { t < $0.value + policy.refuseDuration }
            dirty = true
        }
        let animating = !pressScale.isFinished(at: t) || !liftScale.isFinished(at: t)
            || targetScales.values.contains { !$0.isFinished(at: t) }
        if animating { dirty = true }
        targetScales = targetScales.filter { !($0.value.isFinished(at: t) && $0.value.to == 1) }
    }

    /// Wheel scrolling eases towards its target: offset += (target − offset)·(1 − e^(−dt/τ)).
    mutating func easeScroll(dt: Double) {
        guard scrollTarget != offsets || folderTarget != folderOffset else { return }
        let k = policy.reduceMotion || policy.wheelSmoothing <= 0 ? 1 : 1 - expm(-dt / policy.wheelSmoothing)
        func ease(_ a: Double, _ b: Double) -> Double { abs(b - a) < 0.5 ? b : a + (b - a) * k }
        folderOffset = ease(folderOffset, folderTarget)
        offsets.root = Point(x: ease(offsets.root.x, scrollTarget.root.x), y: ease(offsets.root.y, scrollTarget.root.y))
        offsets.panes = offsets.panes.indices.map { ease(offsets.panes[$0], scrollTarget.pane($0)) }
        dirty = true
    }

    mutating func liftOrRefuse(_ press: Press, at t: Double) {
        guard let path = model.indexPath(of: press.id, near: press.path ?? hints[press.id]), let item = model.item(at: path),
              let frame = drawnFrame(of: press.id) else { phase = .idle; return }
        pressScale = pressScale.retargeted(to: 1, at: t, duration: motion(policy.pressDuration))
        guard item.isMovable else {
            refusals[item.id] = t
            effects.append(.refused(item.id))
            phase = .idle
            dirty = true
            return
        }
        let p = pointer ?? press.origin
        phase = .lifted(Lift(id: item.id, liftTime: t, grabOffset: p - frame.origin, size: frame.size, pointer: p,
                             path: path, originalPath: path, hover: nil, open: nil, folder: press.folder))
        liftScale = Tween(from: 1, to: policy.liftScale, start: t, duration: motion(policy.liftScaleDuration))
        effects.append(.lifted(item.id))
        dirty = true
    }

    /// The lifted snapshot's rect (before scale and rotation), in window coordinates.
    public var liftedFrame: Rect? {
        guard case .lifted(let l) = phase else { return nil }
        return Rect(origin: l.pointer - l.grabOffset, size: l.size)
    }
}

import RealModule
@inline(__always) func expm(_ x: Double) -> Double { Double.exp(x) }
