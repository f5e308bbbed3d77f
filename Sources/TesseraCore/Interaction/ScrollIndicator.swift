/// A scroll indicator: the thumb along an edge of the surface or of a board list. It shows where
/// the view is, and it can be dragged.
public struct ScrollIndicator: Hashable, Sendable {
    /// nil for the root surface, else the pane (board list) index.
    public var pane: Int?
    public var axis: Axis
    public var track: Rect
    public var thumb: Rect
    public var maxOffset: Double

    /// Where a press grabs the thumb: wider than drawn, as a thin bar is hard to hit.
    public var grabArea: Rect { axis == .vertical ? thumb.insetBy(dx: -5, dy: 0) : thumb.insetBy(dx: 0, dy: -5) }
    /// Offset per pixel of thumb travel.
    public var offsetPerPixel: Double {
        let travel = track.size[axis] - thumb.size[axis]
        return travel > 0 ? maxOffset / travel : 0
    }
}

/// Dragging a scroll indicator's thumb.
public struct Scrub: Hashable, Sendable {
    public var indicator: ScrollIndicator
    public var start: Point
    public var startOffset: Double
}

extension Engine {
    /// The indicators for the current layout and scroll position.
    public var scrollIndicators: [ScrollIndicator] {
        var out: [ScrollIndicator] = []
        let axis = snapshot.scrollAxis
        let content = snapshot.contentSize[axis], visible = viewport[axis]
        if content > visible + 1 {
            let max = snapshot.maxRootOffset[axis]
            let (pos, length) = Self.thumb(track: visible, length: Swift.max(30, visible * visible / content),
                                           offset: offsets.root[axis], max: max)
            let track = axis == .vertical ? Rect(x: viewport.width - 7, y: 0, width: 5, height: visible)
                                          : Rect(x: 0, y: viewport.height - 7, width: visible, height: 5)
            let thumb = axis == .vertical ? Rect(x: track.minX, y: pos, width: 5, height: length)
                                          : Rect(x: pos, y: track.minY, width: length, height: 5)
            out.append(ScrollIndicator(pane: nil, axis: axis, track: track, thumb: thumb, maxOffset: max))
        }
        for (k, pane) in snapshot.panes.enumerated() where pane.maxOffset > 0 {
            let f = snapshot.toWindow(pane.frame, pane: nil, offsets: offsets)
            let (at, length) = Self.thumb(track: f.height, length: Swift.max(24, f.height * f.height / pane.contentSize.height),
                                          offset: offsets.pane(k), max: pane.maxOffset)
            let pos = f.minY + at
            out.append(ScrollIndicator(pane: k, axis: .vertical, track: Rect(x: f.maxX - 6, y: f.minY, width: 4, height: f.height),
                                       thumb: Rect(x: f.maxX - 6, y: pos, width: 4, height: length), maxOffset: pane.maxOffset))
        }
        return out
    }

    /// Where the thumb sits along its track and how long it is: in proportion to the offset, and,
    /// with the content pulled past an end (a finger's rubber band, a fling's bounce), pressed
    /// against that end and shorter by the overshoot, as iOS's does.
    static func thumb(track: Double, length: Double, offset: Double, max: Double) -> (position: Double, length: Double) {
        let over = offset < 0 ? -offset : Swift.max(0, offset - max)
        let shown = Swift.max(Swift.min(8, length), length - over)
        let fraction = Swift.min(1, Swift.max(0, offset / Swift.max(1, max)))
        return ((track - shown) * fraction, shown)
    }
}
