/// The board pages: when a sideways scroll or a drag ends, the board settles on a list boundary
/// (seed 003's paging). Slow: the nearest boundary. A flick (faster than `flickVelocity`): the next
/// boundary in the flick's direction, so a quick flick always turns the page and never skips one.
extension Engine {
    /// px/s above which a sideways scroll is a flick.
    static let flickVelocity = 300.0
    /// A sideways scroll counts as ended after this long without wheel input.
    static let pagingQuietTime = 0.15

    var pagesBoard: Bool { layoutChoice == .board && !snapshot.panes.isEmpty && snapshot.maxRootOffset.x > 0 }

    /// Notes a sideways wheel scroll: its velocity (px/s, smoothed) and when to settle.
    mutating func noteSidewaysScroll(dx: Double, at t: Double) {
        guard pagesBoard, dx != 0 else { return }
        let dt = Swift.max(1.0 / 120, t - lastSidewaysScroll)
        // A lone notch says nothing about speed; consecutive ones do.
        sidewaysVelocity = dt > 0.3 ? 0 : 0.5 * sidewaysVelocity + 0.5 * dx / dt
        lastSidewaysScroll = t
        pageSettleAt = t + Self.pagingQuietTime
    }

    /// Heads for the page nearest to where the current motion would carry the board.
    mutating func settleOnPage(velocity: Double) {
        guard pagesBoard else { return }
        let pages = BoardLayout.pageOffsets(of: snapshot)
        let x = scrollTarget.root.x
        let page: Double?
        if velocity > Self.flickVelocity {
            page = pages.first { $0 > x + 0.5 } ?? pages.last
        } else if velocity < -Self.flickVelocity {
            page = pages.last { $0 < x - 0.5 } ?? pages.first
        } else {
            page = pages.min { abs($0 - x) < abs($1 - x) }
        }
        guard let page else { return }
        scrollTarget.root.x = page
        if policy.reduceMotion { offsets.root.x = page }
        sidewaysVelocity = 0
        dirty = true
    }

    mutating func settlePagesIfDue(at t: Double) {
        guard let due = pageSettleAt, t >= due, !isDragging else { return }
        pageSettleAt = nil
        settleOnPage(velocity: sidewaysVelocity)
    }
}
