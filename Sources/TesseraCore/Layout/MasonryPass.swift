/// A masonry layout's one pass over the items, resumable: `run(budget:)` places at most `budget`
/// items and returns whether the pass is over, so a million items can be laid out across frames
/// (a switch into masonry, see `Arrangement.beginSwitch`) instead of inside one. Run with an
/// unlimited budget it is `MasonryLayout.snapshot(of:viewport:reusing:)`: the same frames either way.
///
/// Each item starts where its column ends (the shortest column, or every n-th with round-robin);
/// each section's columns start level below its header. Nothing is copied per item: aspects are
/// read in place (`ItemList.forEachRun(in:_:)`) and frames appended.
struct MasonryPass: Sendable {
    let layout: MasonryLayout
    let model: CollectionModel
    let viewport: Size
    private let width: Double
    private let itemWidth: Double
    private let columnX: [Double]
    private let roundRobin: Bool

    private var frames: [Rect]
    private var sections: [SectionGeometry] = []
    private var index = SpatialIndex()
    /// Where the next section starts (or, inside a section, where its items started).
    private var cursor = 0.0
    /// The section being placed, and how many of its items are placed.
    private var section = 0
    private var placed = 0
    /// The open section's start, header, first flat index, first item row and tallest item; nil
    /// between sections.
    private var open: Open?
    private struct Open: Sendable {
        var start: Double
        var header: Rect?
        var first: Int
        var itemsStart: Double
        var reach: Double
        /// Each column's next top.
        var tops: [Double]
    }

    /// Items placed so far over all sections.
    private(set) var itemsPlaced = 0

    /// `spare`: an array no one else holds, whose memory the frames are written into (see
    /// `MasonryLayout.snapshot(of:viewport:reusing:)`).
    init(_ layout: MasonryLayout, model: CollectionModel, viewport: Size, reusing spare: consuming [Rect] = []) {
        self.layout = layout
        self.model = model
        self.viewport = viewport
        width = Swift.max(1, viewport.width)
        let n = layout.columnCount(for: width)
        itemWidth = Swift.max(1, (width - layout.spacing * Double(n + 1)) / Double(n))
        columnX = (0..<n).map { [itemWidth] in layout.spacing + Double($0) * (itemWidth + layout.spacing) }
        roundRobin = layout.placement == .roundRobin
        frames = consume spare
        frames.removeAll(keepingCapacity: true)
        // Room for a few more: items coming in (a drop's batches) then still fit the reused memory.
        let total = model.topLevelCount
        if frames.capacity < total { frames.reserveCapacity(total + total / 16) }
        sections.reserveCapacity(model.sections.count)
    }

    var isFinished: Bool { section == model.sections.count && open == nil }

    /// Places up to `budget` more items (sections are opened and closed as they are reached);
    /// returns whether every section is placed.
    mutating func run(budget: Int) -> Bool {
        var left = Swift.max(0, budget)
        while section < model.sections.count {
            if open == nil { openSection() }
            let items = model.sections[section].items
            let count = Swift.min(left, items.count - placed)
            if count > 0 { place(items, placed..<placed + count) }
            left -= count
            guard placed == items.count else { return false }
            closeSection()
            if left == 0 && section < model.sections.count { return false }
        }
        return true
    }

    /// The frames' memory, emptied, for another pass (this one abandoned).
    consuming func releaseFrames() -> [Rect] {
        var out = frames
        frames = []
        out.removeAll(keepingCapacity: true)
        return out
    }

    /// The finished layout (the pass must be over).
    consuming func snapshot() -> LayoutSnapshot {
        precondition(isFinished, "MasonryPass.snapshot() before the pass is over")
        return LayoutSnapshot(viewport: viewport, contentSize: Size(width: width, height: cursor),
                              scrollAxis: .vertical, reorderAxis: .vertical, sections: sections, panes: [],
                              frames: frames, index: index)
    }

    private mutating func openSection() {
        let start = cursor
        var header: Rect?
        if layout.headerLength > 0 {
            header = Rect(x: 0, y: cursor, width: width, height: layout.headerLength)
            cursor += layout.headerLength
        }
        open = Open(start: start, header: header, first: frames.count, itemsStart: cursor, reach: itemWidth,
                    tops: [Double](repeating: cursor + layout.spacing, count: columnX.count))
        placed = 0
    }

    /// Appends the frames of `items[range]`, the next ones of the open section.
    ///
    /// The loop is what a million-item relayout costs (a masonry reorder at 1M is one frame), so
    /// it is written for the processor: items come a run at a time and the loop's state lives in
    /// locals (a closure per item kept it in memory); each item's column is the shortest found
    /// without branches (which column is shortest is a coin toss: a mispredicted branch per
    /// column); frames are written into a small block appended whole (`Array.append` per frame
    /// checks capacity and stores the count each time). The same frames; the reorder frame at 1M
    /// 18.7 → 15–17 ms (the pass ~12 ms, bound by the chain of compares from item to item).
    private mutating func place(_ items: ItemList, _ range: Range<Int>) {
        guard var o = open else { return }
        open = nil
        // Moved out of self for the loop (no copy, no exclusivity checks per item).
        var out = frames
        frames = []
        let spacing = layout.spacing, itemWidth = itemWidth, roundRobin = roundRobin
        let n = columnX.count
        var placed = placed, reach = o.reach
        let block = UnsafeMutablePointer<Rect>.allocate(capacity: Self.blockSize)
        defer { block.deallocate() }
        columnX.withUnsafeBufferPointer { xs in
            o.tops.withUnsafeMutableBufferPointer { tops in
                items.forEachRun(in: range) { run in
                    var start = 0
                    while start < run.count {
                        let end = Swift.min(run.count, start + Self.blockSize)
                        for k in start..<end {
                            var col = 0
                            var least = tops[0]
                            if roundRobin {
                                col = placed % n
                                least = tops[col]
                            } else {
                                for c in 1..<n {
                                    let t = tops[c], shorter = t < least
                                    least = shorter ? t : least
                                    col = shorter ? c : col
                                }
                            }
                            let h = itemWidth * run[k].sizeHint.aspect
                            (block + (k - start)).initialize(to: Rect(x: xs[col], y: least, width: itemWidth, height: h))
                            placed += 1
                            tops[col] = least + (h + spacing)
                            reach = h > reach ? h : reach
                        }
                        out.append(contentsOf: UnsafeBufferPointer(start: block, count: end - start))
                        start = end
                    }
                }
            }
        }
        o.reach = reach
        frames = out
        itemsPlaced += placed - self.placed
        self.placed = placed
        open = o
    }

    /// Frames written before they are appended: 32 KB, in the first-level cache.
    private static let blockSize = 1024

    private mutating func closeSection() {
        guard let o = open else { return }
        let n = columnX.count, count = model.sections[section].items.count
        if roundRobin {
            for k in 0..<Swift.min(n, count) {
                index.add(.strided(first: o.first + k, count: (count - k + n - 1) / n, step: n), pane: nil, axis: .vertical)
            }
        } else {
            index.add(.monotone(items: o.first..<frames.count, reach: o.reach), pane: nil, axis: .vertical)
        }
        // An empty section keeps room for half a tile, so items can be dropped into it.
        cursor = count == 0 ? cursor + layout.spacing * 2 + itemWidth / 2 : o.tops.max()!
        let itemArea = Rect(x: 0, y: o.itemsStart, width: width, height: cursor - o.itemsStart)
        var footer: Rect?
        if layout.footerLength > 0 {
            footer = Rect(x: 0, y: cursor, width: width, height: layout.footerLength)
            cursor += layout.footerLength
        }
        sections.append(SectionGeometry(header: o.header, footer: footer,
                                        background: Rect(x: 0, y: o.start, width: width, height: cursor - o.start),
                                        itemArea: itemArea, firstItem: o.first, itemCount: count,
                                        pane: nil, reach: o.reach + layout.spacing, fillsLines: false))
        open = nil
        section += 1
        placed = 0
    }
}
