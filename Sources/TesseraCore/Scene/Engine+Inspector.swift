/// The inspector overlay (F12): what the engine decides from, drawn over the surface.
///
/// - the drop zones of the cells near the carried item's pointer: each cell's edge bands
///   (orange: a gap, before or after as the line across its middle splits them) and its centre
///   zone (green: into; grown by the hysteresis when it is the current target); an open folder's
///   items have edge bands only;
/// - the dwell clock filling towards its action, with the target and the time;
/// - the autoscroll zones of the surface, of the board list under the pointer or of the open
///   folder's items (blue strips) and the speed they scroll at now;
/// - the press slop circle (magenta) while a press may still become a lift;
/// - the intervals between the last frames, against 1/60 s.
///
/// Costs what is near the pointer and on screen; nothing when it is off.
extension Engine {
    static let inspectorInto = Color(red: 0.15, green: 0.7, blue: 0.3, alpha: 0.35)
    static let inspectorGap = Color(red: 1, green: 0.55, blue: 0.1, alpha: 0.22)
    static let inspectorSplit = Color(red: 0.85, green: 0.35, blue: 0, alpha: 0.8)
    static let inspectorScroll = Color(red: 0.1, green: 0.45, blue: 1, alpha: 0.16)
    static let inspectorSlop = Color(red: 0.85, green: 0.1, blue: 0.75, alpha: 0.3)
    static let inspectorBar = Color(red: 0.2, green: 0.2, blue: 0.25, alpha: 0.75)
    static let inspectorSlow = Color(red: 0.9, green: 0.2, blue: 0.2, alpha: 0.85)

    func inspectorNodes(style: SceneStyle) -> [SceneNode] {
        var nodes: [SceneNode] = []
        var lines: [String] = ["Inspector (F12) · \(phaseSummary)"]
        if let lift = session.lift {
            dropZoneNodes(lift, into: &nodes)
            if let line = dwellNodes(lift, style: style, into: &nodes) { lines.append(line) }
            lines.append(autoscrollNodes(lift, into: &nodes))
        }
        if let press = session.press, !press.moved {
            let r = policy.slop
            nodes.append(.box(BoxNode(frame: Rect(x: press.origin.x - r, y: press.origin.y - r, width: 2 * r, height: 2 * r),
                                      color: Self.inspectorSlop, cornerRadius: r)))
            lines.append(format1("press: lifts in %.2f s unless it moves %g px", press.start + policy.liftDelay - now, r))
        }
        nodes += frameGraphNodes(&lines, style: style)
        // The text on a panel of its own, bottom right, or top right when the pointer is down there.
        let lineHeight = 15.0
        let width = Swift.min(viewport.width - 16, 430), height = Double(lines.count) * lineHeight + 8
        let low = Rect(x: viewport.width - width - 8, y: viewport.height - height - 8, width: width, height: height)
        let panel = pointer.map { low.insetBy(dx: -40, dy: -40).contains($0) } == true
            ? Rect(x: low.minX, y: 8, width: width, height: height) : low
        nodes.append(.box(BoxNode(frame: panel, color: style.palette.inspectorPanel, cornerRadius: 6)))
        for (k, line) in lines.enumerated() {
            nodes.append(.label(LabelNode(frame: Rect(x: panel.minX + 8, y: panel.minY + 4 + Double(k) * lineHeight,
                                                      width: panel.width - 16, height: lineHeight), text: line, style: .inspector)))
        }
        return nodes
    }

    private var phaseSummary: String {
        switch session.phase {
        case .idle: "idle"
        case .pressed(let p): p.moved ? "pressed \(p.id), moved: no lift" : "pressed \(p.id)"
        case .lifted(let l): "carrying \(l.id) at \(l.path)" + (l.folder.map { " in folder \($0)" } ?? "")
        case .settling(let s): "settling \(s.id)"
        case .scrubbing: "scrubbing a scroll thumb"
        case .banding: "dragging a selection band"
        case .incoming: "another app's drag over the window"
        case .panning(let p): p.zone.map { "a finger panning \($0)" } ?? "a finger down"
        }
    }

    /// The zones of the cells near the pointer, as `dropTarget(at:)` reads them.
    private func dropZoneNodes(_ lift: Lift, into nodes: inout [SceneNode]) {
        let p = lift.pointer
        if let fid = lift.folder, let panel = folderPanel, panel.folder == fid {
            let offset = scroll.folderOffset
            for c in panel.visibleChildren(offset: offset, margin: 0) {
                let f = panel.frame(ofChild: c, offset: offset)
                guard f.insetBy(dx: -f.width, dy: -f.height).contains(p), f.intersects(panel.contentFrame) else { continue }
                zones(of: f, axis: .horizontal, into: nil, nodes: &nodes)
            }
            return
        }
        guard let s = snapshot.section(near: p, offsets: offsets) else { return }
        let geo = snapshot.sections[s]
        let local = snapshot.fromWindow(p, pane: geo.pane, offsets: offsets)
        let look = Rect(x: local.x - geo.reach, y: local.y - geo.reach, width: 2 * geo.reach, height: 2 * geo.reach)
        let current: IndexPath? = if case .into(let path)? = lift.hover?.target { path } else { nil }
        snapshot.forEachItem(in: look, section: s) { i in
            let path = snapshot.indexPath(ofFlat: i)
            guard path != lift.path else { return }
            let f = snapshot.windowFrame(ofFlat: i, offsets: offsets)
            let accepts = model.item(at: lift.path).flatMap { dragged in
                model.item(at: path).map { DropRules.canDrop(dragged, from: lift.path, onto: $0, at: path) }
            } ?? false
            let into = policy.dropZones.intoZone(of: f, axis: snapshot.reorderAxis, entered: current == path)
            zones(of: f, axis: snapshot.reorderAxis, into: accepts ? into : nil, nodes: &nodes)
        }
    }

    private func zones(of f: Rect, axis: Axis, into: Rect?, nodes: inout [SceneNode]) {
        nodes.append(.box(BoxNode(frame: f, color: Self.inspectorGap)))
        let split = axis == .horizontal ? Rect(x: f.midX - 0.5, y: f.minY, width: 1, height: f.height)
                                        : Rect(x: f.minX, y: f.midY - 0.5, width: f.width, height: 1)
        nodes.append(.box(BoxNode(frame: split, color: Self.inspectorSplit)))
        if let into { nodes.append(.box(BoxNode(frame: into, color: Self.inspectorInto, cornerRadius: 4))) }
    }

    /// The dwell clock under way, as a bar filling under the pointer; its line of text.
    private func dwellNodes(_ lift: Lift, style: SceneStyle, into nodes: inout [SceneNode]) -> String? {
        guard let h = lift.hover else { return "dwell: no target (a drop here changes nothing)" }
        let duration: Double, action: String
        switch h.target {
        case .gap(let s, let i):
            duration = policy.reorderDwell
            action = h.place == .surface ? "move to gap \(i) of section \(s)" : "move to gap \(i) in the folder"
        case .into(let path):
            duration = policy.folderDwell
            action = lift.open == nil ? "open \(path) as a drop target" : "open: release to drop into it"
        }
        let elapsed = now - h.since
        let progress = Swift.min(1, elapsed / duration)
        let bar = Rect(x: lift.pointer.x - 30, y: lift.pointer.y + 18, width: 60, height: 6)
        nodes.append(.box(BoxNode(frame: bar, color: Self.inspectorBar, cornerRadius: 3)))
        nodes.append(.box(BoxNode(frame: Rect(x: bar.minX, y: bar.minY, width: Swift.max(1, bar.width * progress), height: bar.height),
                                  color: style.accent, cornerRadius: 3)))
        return format1("dwell: %.2f / %.2f s, then ", Swift.min(elapsed, duration), duration) + action
    }

    /// The edge zones that would scroll, and how fast they scroll now.
    private func autoscrollNodes(_ lift: Lift, into nodes: inout [SceneNode]) -> String {
        let p = lift.pointer
        func strips(lo: Double, hi: Double, across: (Double, Double), vertical: Bool) {
            let zone = Swift.min(policy.autoscrollEdgeInset, (hi - lo) / 3)
            guard zone > 0 else { return }
            for start in [lo, hi - zone] {
                let r = vertical ? Rect(x: across.0, y: start, width: across.1 - across.0, height: zone)
                                 : Rect(x: start, y: across.0, width: zone, height: across.1 - across.0)
                nodes.append(.box(BoxNode(frame: r, color: Self.inspectorScroll)))
            }
        }
        func speed(_ depth: Double, since: Double?) -> Double {
            since.map { Autoscroll.speed(depth: abs(depth), held: now - $0, policy: policy) } ?? 0
        }
        var parts: [String] = []
        if let fid = lift.folder, let panel = folderPanel, panel.folder == fid {
            let c = panel.contentFrame
            strips(lo: c.minY, hi: c.maxY, across: (c.minX, c.maxX), vertical: true)
            let d = panel.holds(p) ? Autoscroll.depth(of: p.y, lo: c.minY, hi: c.maxY, inset: policy.autoscrollEdgeInset) : 0
            parts.append(format1("folder %.0f px/s", speed(d, since: lift.zones.folder) * (d < 0 ? -1 : 1)))
        } else {
            let axis = snapshot.scrollAxis
            strips(lo: 0, hi: viewport[axis], across: (0, viewport[axis == .vertical ? .horizontal : .vertical]), vertical: axis == .vertical)
            let d = Autoscroll.depth(of: p[axis], lo: 0, hi: viewport[axis], inset: policy.autoscrollEdgeInset)
            parts.append(format1("surface %.0f px/s", speed(d, since: lift.zones.root) * (d < 0 ? -1 : 1)))
            if let k = snapshot.pane(at: p, offsets: offsets) {
                let f = snapshot.toWindow(snapshot.panes[k].frame, pane: nil, offsets: offsets)
                strips(lo: f.minY, hi: f.maxY, across: (f.minX, f.maxX), vertical: true)
                let dp = Autoscroll.depth(of: p.y, lo: f.minY, hi: f.maxY, inset: policy.autoscrollEdgeInset)
                parts.append(format1("list %.0f px/s", speed(dp, since: lift.zones.pane) * (dp < 0 ? -1 : 1)))
            }
        }
        return "autoscroll: " + parts.joined(separator: ", ")
    }

    /// A bar per frame interval (taller: longer; red past 1/60 s), bottom left.
    private func frameGraphNodes(_ lines: inout [String], style: SceneStyle) -> [SceneNode] {
        let intervals = inspector.frameIntervals
        guard !intervals.isEmpty else {
            lines.append("frames: none yet")
            return []
        }
        let barWidth = 3.0, height = 60.0, full = 0.05
        let area = Rect(x: 8, y: viewport.height - height - 8, width: Double(Inspector.capacity) * barWidth + 8, height: height)
        var nodes: [SceneNode] = [.box(BoxNode(frame: area, color: style.palette.inspectorPanel, cornerRadius: 4))]
        let budget = area.maxY - 4 - (height - 8) * (1.0 / 60) / full
        nodes.append(.box(BoxNode(frame: Rect(x: area.minX, y: budget, width: area.width, height: 1), color: Self.inspectorSlow)))
        for (k, dt) in intervals.enumerated() {
            let h = Swift.max(1, (height - 8) * Swift.min(dt, full) / full)
            nodes.append(.box(BoxNode(frame: Rect(x: area.minX + 4 + Double(k) * barWidth, y: area.maxY - 4 - h, width: barWidth - 1, height: h),
                                      color: dt > 1.0 / 60 + 0.002 ? Self.inspectorSlow : Self.inspectorBar)))
        }
        let sorted = intervals.sorted()
        lines.append(format1("frames: interval median %.1f ms, max %.1f ms", sorted[sorted.count / 2] * 1000, sorted.last! * 1000)
                     + " (last \(intervals.count))")
        return nodes
    }
}

/// printf-style formatting of a few numbers without Foundation: `%.Nf`, `%g` (as Swift prints it).
func format1(_ pattern: String, _ values: Double...) -> String {
    var out = "", rest = Substring(pattern), k = 0
    while let i = rest.firstIndex(of: "%") {
        out += rest[..<i]
        rest = rest[rest.index(after: i)...]
        guard k < values.count else { break }
        let v = values[k]
        k += 1
        if rest.hasPrefix("g") {
            out += v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
            rest = rest.dropFirst()
        } else if rest.hasPrefix("."), rest.count >= 3, let digits = Int(String(rest[rest.index(after: rest.startIndex)])) {
            out += fixed(v, digits)
            rest = rest.dropFirst(3)
        }
    }
    return out + rest
}

private func fixed(_ v: Double, _ digits: Int) -> String {
    guard v.isFinite else { return "\(v)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = (abs(v) * scale).rounded()
    let whole = Int(n / scale), frac = Int(n.truncatingRemainder(dividingBy: scale))
    let sign = v < 0 && n != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(whole) }
    let f = String(frac)
    return sign + String(whole) + "." + String(repeating: "0", count: digits - f.count) + f
}
