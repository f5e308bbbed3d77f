/// Where one section's parts are, computed by a layout.
public struct SectionGeometry: Hashable, Sendable {
    /// Header and footer (supplementary views), in root content coordinates.
    public var header: Rect?
    public var footer: Rect?
    /// The section's background (decoration view), in root content coordinates.
    public var background: Rect
    /// Where the section's items may be dropped, in the items' coordinate space (the pane's content
    /// for a board list, else root content). An empty section still has one.
    public var itemArea: Rect
    /// Flat index of the section's first item; items of section s are `firstItem ..< firstItem + itemCount`.
    public var firstItem: Int
    public var itemCount: Int
    /// The pane (board list) whose content holds this section's items; nil on the root surface.
    public var pane: Int?
    /// The largest width or height of an item here, plus spacing: how far to look for a neighbour.
    public var reach: Double
    /// A board list's "Add task" row, after its last item, in its pane's content; nil elsewhere.
    public var addRow: Rect?
    /// Whether the items fill lines in reading order (a flow grid, a board list): then the space
    /// after the last item of the last line, and below it, is the section's end. Masonry's columns
    /// do not (the last item is in any column).
    public var fillsLines = true
}

/// A region that scrolls on its own inside the surface: a board list. Scrolls vertically.
public struct Pane: Hashable, Sendable {
    /// The visible region, in root content coordinates.
    public var frame: Rect
    /// The scrollable content; at least as tall as `frame`.
    public var contentSize: Size
    public var section: Int
    public var maxOffset: Double { Swift.max(0, contentSize.height - frame.height) }
}

/// The immutable result of a layout pass: the frame of everything, and the questions a view asks
/// of it (what is in this rect, what is at this point, where would a drop land).
///
/// Coordinate spaces: *window* (what the pointer reports), *root content* (window + root scroll
/// offset) and, for items of a board list, *pane content* (root content relative to the pane, plus
/// the pane's own vertical offset). Item frames are in their section's item space.
///
/// Item frames are either computed from the index (uniform grid sections: `GridGeometry`, no
/// per-item storage, arithmetic queries) or stored (masonry, flow with per-item sizes: `stored`
/// plus a `SpatialIndex`). `frames` reads both the same way.
public final class LayoutSnapshot: Sendable {
    public let viewport: Size
    public let contentSize: Size
    /// The axis the surface scrolls along.
    public let scrollAxis: Axis
    /// The axis along which "before" and "after" are read when hovering at a cell's edge.
    public let reorderAxis: Axis
    public let sections: [SectionGeometry]
    public let panes: [Pane]
    public let itemCount: Int
    /// Where stored frames are (flat and section-major): those below `storedCount` in `store`,
    /// read (leased) for as long as this snapshot lives; nil when every section is a grid.
    let store: FrameStore?
    let storedCount: Int
    /// The first `headCount` stored frames are `head`'s instead (leased too): the snapshot before
    /// an edit that left them alone, whose memory its pass could not append to (see
    /// `MasonryPass.init(_:model:viewport:reusing:adoptingFrom:through:)`). Nil: none.
    let head: FrameStore?
    let headCount: Int
    /// Per section: its grid when its frames are computed; nil when they are stored.
    let grids: [GridGeometry?]
    let index: SpatialIndex
    /// The items from `tail.from` on, when their frames are borrowed from the snapshot before an
    /// edit while the exact ones are computed (`MasonryPass.provisional`); `stored` then ends there.
    let tail: BorrowedTail?

    /// A snapshot whose frames are the first `count` of `store` (a masonry pass's).
    init(viewport: Size, contentSize: Size, scrollAxis: Axis, reorderAxis: Axis,
         sections: [SectionGeometry], panes: [Pane], store: FrameStore, count: Int, head: FrameStore? = nil, headCount: Int = 0,
         index: SpatialIndex, tail: BorrowedTail? = nil) {
        self.viewport = viewport; self.contentSize = contentSize; self.scrollAxis = scrollAxis
        self.reorderAxis = reorderAxis; self.sections = sections; self.panes = panes
        store.lease(count)
        let headCount = head == nil ? 0 : Swift.min(headCount, count)
        head?.lease(headCount)
        self.head = head; self.headCount = headCount
        self.store = store; self.storedCount = count; self.index = index
        self.grids = Array(repeating: nil, count: sections.count)
        self.tail = tail
        self.itemCount = tail == nil ? count : sections.last.map { $0.firstItem + $0.itemCount } ?? 0
    }

    /// A snapshot storing `frames` (a flow layout's).
    convenience init(viewport: Size, contentSize: Size, scrollAxis: Axis, reorderAxis: Axis,
                     sections: [SectionGeometry], panes: [Pane], frames: [Rect], index: SpatialIndex) {
        self.init(viewport: viewport, contentSize: contentSize, scrollAxis: scrollAxis, reorderAxis: reorderAxis,
                  sections: sections, panes: panes, store: FrameStore(frames), count: frames.count, index: index)
    }

    deinit {
        store?.release(storedCount)
        head?.release(headCount)
    }

    /// The stored frames.
    var stored: FrameView { store?.view(storedCount, head: head, headCount: headCount) ?? .none }

    /// A snapshot whose sections are all uniform grids: nothing stored per item.
    init(viewport: Size, contentSize: Size, scrollAxis: Axis, reorderAxis: Axis,
         sections: [SectionGeometry], panes: [Pane], grids: [GridGeometry]) {
        self.viewport = viewport; self.contentSize = contentSize; self.scrollAxis = scrollAxis
        self.reorderAxis = reorderAxis; self.sections = sections; self.panes = panes
        self.store = nil; self.storedCount = 0; self.head = nil; self.headCount = 0; self.index = SpatialIndex()
        self.grids = grids
        self.tail = nil
        self.itemCount = sections.last.map { $0.firstItem + $0.itemCount } ?? 0
    }

    /// Flat, section-major item frames (see `SectionGeometry.firstItem`), computed or stored.
    public var frames: ItemFrames { ItemFrames(snapshot: self) }

    /// The frame of the item at a flat index, in its section's item space.
    public func frame(ofFlat i: Int) -> Rect {
        if let t = tail, i >= t.from { return t.frame(ofFlat: i) }
        if storedCount > 0 { return stored[i] }
        let s = section(ofFlat: i)
        return grids[s]!.frame(i - sections[s].firstItem)
    }

    /// Calls `body` with the flat index of every item of `pane` whose frame intersects `rect`
    /// (in that pane's item space): grid sections by arithmetic, stored ones through the index.
    func forEachItem(in rect: Rect, pane: Int?, _ body: (Int) -> Void) {
        for (s, grid) in grids.enumerated() {
            guard let g = grid, g.pane == pane else { continue }
            let first = sections[s].firstItem
            g.forEach(in: rect) { body(first + $0) }
        }
        if storedCount > 0 { index.forEach(in: rect, pane: pane, frames: stored, body) }
        if let t = tail, pane == nil {
            for s in t.firstSection..<sections.count { t.forEachItem(in: rect, section: s, body) }
        }
    }

    /// As `forEachItem(in:pane:_:)`, for the items of one section only.
    func forEachItem(in rect: Rect, section s: Int, _ body: (Int) -> Void) {
        let geo = sections[s]
        if let g = grids[s] {
            g.forEach(in: rect) { body(geo.firstItem + $0) }
        } else if storedCount > 0 {
            index.forEach(in: rect, pane: geo.pane, frames: stored) { i in
                if i >= geo.firstItem && i < geo.firstItem + geo.itemCount { body(i) }
            }
        }
        if let t = tail, s >= t.firstSection { t.forEachItem(in: rect, section: s, body) }
    }

    /// Whether some items' frames are borrowed from the layout before an edit (see `tail`).
    var isProvisional: Bool { tail != nil }

    /// Every store whose frames this snapshot reads: its own, its head's, and those of the
    /// snapshot it borrows its tail from.
    var storesRead: [FrameStore] {
        [store, head, tail?.source.store, tail?.source.head].compactMap { $0 }
    }


    public func flatIndex(of path: IndexPath) -> Int? {
        guard sections.indices.contains(path.section), path.item >= 0,
              path.item < sections[path.section].itemCount else { return nil }
        return sections[path.section].firstItem + path.item
    }

    public func indexPath(ofFlat flat: Int) -> IndexPath {
        let s = section(ofFlat: flat)
        return IndexPath(section: s, item: flat - sections[s].firstItem)
    }

    /// The section holding a flat index: a binary search over the sections' starts.
    func section(ofFlat flat: Int) -> Int {
        if sections.count == 1 { return 0 }
        // The last section starting at or before `flat`; an empty section shares its start with the
        // next one, so taking the last skips it.
        var a = 0, b = sections.count - 1
        while a < b {
            let m = (a + b + 1) / 2
            if sections[m].firstItem <= flat { a = m } else { b = m - 1 }
        }
        return a
    }

    public func frame(of path: IndexPath) -> Rect? { flatIndex(of: path).map { frame(ofFlat: $0) } }

    /// Largest valid root scroll offset along each axis.
    public var maxRootOffset: Point {
        Point(x: Swift.max(0, contentSize.width - viewport.width), y: Swift.max(0, contentSize.height - viewport.height))
    }

    /// An item's frame in window coordinates for the given scroll offsets.
    public func windowFrame(ofFlat i: Int, offsets: ScrollOffsets) -> Rect {
        toWindow(frame(ofFlat: i), pane: sections[section(ofFlat: i)].pane, offsets: offsets)
    }

    /// Converts a rect from an item space (a pane's content, or root content) to window coordinates.
    public func toWindow(_ r: Rect, pane: Int?, offsets: ScrollOffsets) -> Rect {
        var r = r.offsetBy(dx: -offsets.root.x, dy: -offsets.root.y)
        if let p = pane { r = r.offsetBy(dx: panes[p].frame.minX, dy: panes[p].frame.minY - offsets.pane(p)) }
        return r
    }

    /// Converts a window point into a pane's content space (or root content when `pane` is nil).
    public func fromWindow(_ p: Point, pane: Int?, offsets: ScrollOffsets) -> Point {
        var q = p + offsets.root
        if let k = pane { q = Point(x: q.x - panes[k].frame.minX, y: q.y - panes[k].frame.minY + offsets.pane(k)) }
        return q
    }

    /// Flat indices of the items visible in the window, in ascending order.
    /// `margin` widens the viewport on every side: a scene includes the cells whose paint (a
    /// shade, a ring) reaches into the window although their frame does not.
    public func visibleItems(offsets: ScrollOffsets, margin: Double = 0) -> [Int] {
        visibleItems(offsets: offsets, extendedBy: Insets(top: margin, left: margin, bottom: margin, right: margin))
    }

    /// As ``visibleItems(offsets:margin:)`` with the window extended by a different amount on each side.
    public func visibleItems(offsets: ScrollOffsets, extendedBy e: Insets) -> [Int] {
        var out: [Int] = []
        let view = Rect(x: offsets.root.x - e.left, y: offsets.root.y - e.top,
                        width: viewport.width + e.left + e.right, height: viewport.height + e.top + e.bottom)
        forEachItem(in: view, pane: nil) { out.append($0) }
        for (k, pane) in panes.enumerated() {
            let shown = pane.frame.intersection(view)
            guard !shown.isEmpty else { continue }
            let local = Rect(x: shown.minX - pane.frame.minX, y: shown.minY - pane.frame.minY + offsets.pane(k),
                             width: shown.width, height: shown.height)
            forEachItem(in: local, pane: k) { out.append($0) }
        }
        Self.sortIfNeeded(&out)
        return out
    }

    /// A grid hands its items out in ascending order already: checking is linear, sorting is not.
    static func sortIfNeeded(_ list: inout [Int]) {
        var i = 1
        while i < list.count, list[i - 1] <= list[i] { i += 1 }
        if i < list.count { list.sort() }
    }

    /// Flat indices of items in `pane` whose frames intersect `rect` (in that pane's item space).
    public func items(in rect: Rect, pane: Int?) -> [Int] {
        var out: [Int] = []
        forEachItem(in: rect, pane: pane) { out.append($0) }
        Self.sortIfNeeded(&out)
        return out
    }

    /// The pane under a window point (board lists), or nil for the root surface.
    public func pane(at window: Point, offsets: ScrollOffsets) -> Int? {
        let q = window + offsets.root
        return panes.firstIndex { $0.frame.contains(q) }
    }

    /// The item under a window point, if any.
    public func item(at window: Point, offsets: ScrollOffsets) -> IndexPath? {
        let pane = self.pane(at: window, offsets: offsets)
        if !panes.isEmpty && pane == nil { return nil }
        let p = fromWindow(window, pane: pane, offsets: offsets)
        var hit: Int?
        forEachItem(in: Rect(x: p.x, y: p.y, width: 0.001, height: 0.001), pane: pane) { i in
            if frame(ofFlat: i).contains(p) { hit = i }
        }
        return hit.map(indexPath(ofFlat:))
    }
}

/// The frames of the items from `from` on, borrowed from `source`, an exact layout of the same
/// items before an edit that changed only items before `from`: each is the source's frame of the
/// same item (`shift` places before) moved down by its section's `dy`. Within a section the
/// borrowed frames start at or below every frame before them, so the section's frames still
/// start in order (see `SpatialIndex.Shape.monotone`).
struct BorrowedTail: Sendable {
    /// An exact snapshot (it borrows from none).
    let source: LayoutSnapshot
    /// First borrowed flat index, in `firstSection`.
    let from: Int
    let firstSection: Int
    /// This snapshot's flat index minus the source's, for every borrowed item.
    let shift: Int
    /// Per section (from `firstSection` on), how far down the borrowed frames are moved.
    let dy: [Double]

    func frame(ofFlat i: Int) -> Rect {
        let j = i - shift
        return source.frame(ofFlat: j).offsetBy(dx: 0, dy: dy[source.section(ofFlat: j)])
    }

    /// The borrowed items of section `s` whose frames intersect `rect`. The source is asked
    /// about the rect moved up, a hair larger, and each item found is tested as `frame(ofFlat:)`
    /// gives it: moving a rect and moving a frame round differently at the last bit, and a
    /// query must answer what the frames say.
    func forEachItem(in rect: Rect, section s: Int, _ body: (Int) -> Void) {
        guard s >= firstSection else { return }
        let look = Rect(x: rect.minX - 1e-6, y: rect.minY - dy[s] - 1e-6, width: rect.width + 2e-6, height: rect.height + 2e-6)
        source.forEachItem(in: look, section: s) { j in
            if j + shift >= from, source.frame(ofFlat: j).offsetBy(dx: 0, dy: dy[s]).intersects(rect) { body(j + shift) }
        }
    }
}

/// How far the surface and each pane are scrolled.
public struct ScrollOffsets: Hashable, Sendable {
    public var root: Point
    /// Vertical offset of each pane (board list), by pane index.
    public var panes: [Double]
    public init(root: Point = .zero, panes: [Double] = []) { self.root = root; self.panes = panes }
    public func pane(_ k: Int) -> Double { k < panes.count ? panes[k] : 0 }

    /// The offsets clamped to what the layout can show: scrolling never passes the content's ends.
    public func clamped(to layout: LayoutSnapshot) -> ScrollOffsets {
        let m = layout.maxRootOffset
        var o = ScrollOffsets(root: Point(x: Swift.min(Swift.max(0, root.x), m.x), y: Swift.min(Swift.max(0, root.y), m.y)))
        o.panes = layout.panes.indices.map { Swift.min(Swift.max(0, pane($0)), layout.panes[$0].maxOffset) }
        return o
    }
}

/// The frames of a snapshot's items by flat index, whether computed or stored: reading one is O(1)
/// for stored frames and O(log sections) for computed ones. Nothing is materialised.
public struct ItemFrames: RandomAccessCollection, Sendable {
    let snapshot: LayoutSnapshot
    public var startIndex: Int { 0 }
    public var endIndex: Int { snapshot.itemCount }
    public subscript(i: Int) -> Rect {
        precondition(i >= 0 && i < snapshot.itemCount, "flat index \(i) out of range")
        return snapshot.frame(ofFlat: i)
    }
}
