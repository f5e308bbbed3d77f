/// Scrolling by the user: the wheel, the paging keys, a scroll indicator's thumb, and the board's
/// paging. Every position change goes through `Scroll`'s methods (which clamp and track travel).
extension Engine {
    /// Reduced motion: scrolls land at once instead of easing.
    var scrollsAtOnce: Bool { policy.reduceMotion }

    /// The wheel's notches ease the surface there; `precise` scrolling (a touchpad, a
    /// high-resolution wheel) moves it at once, so it follows the fingers. Either stops a fling.
    mutating func wheel(dx: Double, dy: Double, at p: Point, precise: Bool) {
        defer { outbox.redraw() }
        _ = scroll.stopMomentum()
        let atOnce = precise || scrollsAtOnce
        // An open folder is modal: the wheel scrolls its items, wherever the pointer is.
        if folderPanel != nil {
            scroll.scrollFolder(by: dy, immediately: atOnce)
            return
        }
        if let k = snapshot.pane(at: p, offsets: offsets), dy != 0 {
            scroll.scrollPane(k, by: dy, immediately: atOnce)
            if dx != 0 {
                scroll.scrollRoot(by: Point(x: dx, y: 0), immediately: atOnce)
                noteSidewaysScroll(dx: dx)
            }
            return
        }
        // A vertical wheel scrolls a horizontal surface sideways, as users of a board expect.
        let horizontal = snapshot.scrollAxis == .horizontal
        let along = horizontal ? (dx != 0 ? dx : dy) : dy
        scroll.scrollRoot(by: horizontal ? Point(x: along, y: 0) : Point(x: dx, y: along), immediately: atOnce)
        noteSidewaysScroll(dx: horizontal ? along : dx)
    }

    /// Page Up / Page Down / Home / End: the open folder's items (it is modal), else the surface.
    mutating func page(_ k: Key) {
        defer { outbox.redraw() }
        _ = scroll.stopMomentum()
        if let panel = folderPanel {
            let page = Swift.max(40, panel.contentFrame.height * 0.9)
            switch k {
            case .pageUp: scroll.scrollFolder(by: -page, immediately: scrollsAtOnce)
            case .pageDown: scroll.scrollFolder(by: page, immediately: scrollsAtOnce)
            case .home: scroll.scrollFolder(to: 0, immediately: scrollsAtOnce)
            default: scroll.scrollFolder(to: panel.maxOffset, immediately: scrollsAtOnce)
            }
            return
        }
        let axis = snapshot.scrollAxis
        let page = Swift.max(40, viewport[axis] * 0.9)
        let from = scroll.target.root[axis]
        let to: Double = switch k {
        case .pageUp: from - page
        case .pageDown: from + page
        case .home: 0
        default: .infinity
        }
        scroll.scrollRoot(along: axis, to: to, immediately: scrollsAtOnce)
    }

    // MARK: - Board paging

    /// Whether the board settles on list boundaries: a board wider than the window.
    var pagesBoard: Bool { layoutChoice == .board && !snapshot.panes.isEmpty && snapshot.maxRootOffset.x > 0 }

    mutating func noteSidewaysScroll(dx: Double) {
        guard pagesBoard, dx != 0 else { return }
        scroll.noteSidewaysScroll(dx: dx, at: now)
    }

    /// Heads for the list boundary nearest to where the board is going.
    mutating func settleBoardOnPage(velocity: Double) {
        guard pagesBoard else { return }
        scroll.settleOnPage(velocity: velocity, pages: BoardLayout.pageOffsets(of: snapshot), immediately: scrollsAtOnce)
        outbox.redraw()
    }

    /// A sideways scroll that has gone quiet settles on a page (not while an item is carried).
    mutating func settlePagesIfDue(at t: Double) {
        guard !isDragging, let due = scroll.paging.settleAt, t >= due else { return }
        let pages = pagesBoard ? BoardLayout.pageOffsets(of: snapshot) : []
        if scroll.settlePagesIfDue(at: t, pages: pages, immediately: scrollsAtOnce) { outbox.redraw() }
    }

    // MARK: - Scroll indicators

    /// Starts dragging an indicator if the press is on one.
    mutating func beginScrub(at p: Point) -> Bool {
        guard let ind = scrollIndicators.first(where: { $0.grabArea.contains(p) }) else { return false }
        let start = ind.pane.map { offsets.pane($0) } ?? offsets.root[ind.axis]
        session.begin(Scrub(indicator: ind, start: p, startOffset: start))
        outbox.redraw()
        return true
    }

    mutating func scrub(_ s: Scrub, to p: Point) {
        let ind = s.indicator
        if let k = ind.pane, k >= offsets.panes.count { session.end(); return }  // its list went away
        let value = s.startOffset + (p[ind.axis] - s.start[ind.axis]) * ind.offsetPerPixel
        if let k = ind.pane { scroll.jumpPane(k, to: value) } else { scroll.jumpRoot(along: ind.axis, to: value) }
        outbox.redraw()
    }
}
