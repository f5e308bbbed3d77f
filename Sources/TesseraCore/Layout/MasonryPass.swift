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

    /// Where the frames go: a store of its own (claimed), or the one of the layout it adopts
    /// from, appended to in place (see `init(_:model:viewport:reusing:adoptingFrom:through:)`).
    private var store: FrameStore
    /// The right to write `store` from `frameCount` on; nil when the pass only reads it (every frame
    /// adopted in place, none to place).
    private var claim: FrameClaim?
    /// Frames the pass has, adopted or placed: the next item's flat index.
    private var frameCount = 0
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

    /// Items placed so far over all sections (adopted ones included).
    private(set) var itemsPlaced = 0
    /// A layout of the same collection before an edit that left its first `adoptEnd` items as
    /// they were: their frames are taken from it (`adopt`) instead of placed, while the pass has
    /// not reached `adoptEnd` — read where they are when it shares its store, else copied. Let
    /// go of once it has.
    private var source: LayoutSnapshot?
    private var adoptEnd = 0
    /// The adopted frames below it are read where they are (in `head`, or in `store` when the
    /// pass appends to the source's own); those from it to `adoptEnd` are copied into `store`.
    private var inPlaceEnd = 0
    /// The store the first `headCount` frames are read from, when they are not `store`'s (see
    /// `LayoutSnapshot.head`).
    private var head: FrameStore?
    private var headCount = 0

    /// `spare`: a store to write the frames into when no snapshot reads it (see
    /// `MasonryLayout.snapshot(of:viewport:reusing:)`); else a fresh one.
    init(_ layout: MasonryLayout, model: CollectionModel, viewport: Size, reusing spare: FrameStore? = nil) {
        let (store, claim) = Self.claimStore(spare, startingAt: 0, total: model.topLevelCount)
        self.init(layout, model: model, viewport: viewport, store: store, claim: claim)
    }

    /// `spare` claimed from frame `start` on for `total` frames, else a fresh store.
    private static func claimStore(_ spare: FrameStore?, startingAt start: Int, total: Int) -> (FrameStore, FrameClaim) {
        if let spare, let claim = spare.claim(startingAt: start, room: total) { return (spare, claim) }
        let fresh = FrameStore(capacity: room(for: total))
        return (fresh, fresh.claim(startingAt: start, room: total)!)
    }

    private init(_ layout: MasonryLayout, model: CollectionModel, viewport: Size, store: FrameStore, claim: FrameClaim?,
                 head: FrameStore? = nil, headCount: Int = 0) {
        self.layout = layout
        self.model = model
        self.viewport = viewport
        width = Swift.max(1, viewport.width)
        let n = layout.columnCount(for: width)
        itemWidth = Swift.max(1, (width - layout.spacing * Double(n + 1)) / Double(n))
        columnX = (0..<n).map { [itemWidth] in layout.spacing + Double($0) * (itemWidth + layout.spacing) }
        roundRobin = layout.placement == .roundRobin
        self.store = store
        self.claim = claim
        self.head = head
        self.headCount = head == nil ? 0 : headCount
        sections.reserveCapacity(model.sections.count)
    }

    /// A pass that copies the frames of the items before flat index `through` from `old` (the
    /// layout of the same collection before edits that left those items and everything before
    /// them alone, with the same layout and width; see `EditLog.untouchedHead()`) and places
    /// the rest. The same frames as a pass from the first item.
    ///
    /// Why: every masonry item's place depends only on the items before it, so after an edit
    /// near the end of a large collection the frames before the edit are known. Copying one
    /// costs about half of placing it (`adoptedPerPlaced`): each batch of pictures measured after
    /// a drop at the end of 110,000 items re-flowed all 120,000 (~1.2 ms, and over two frames);
    /// now 115,000 frames are copied and 5,000 items placed (~0.7 ms, in the batch's frame).
    ///
    /// The frames are not even copied when the pass may append to `old`'s store after them (no
    /// snapshot reads past them: the one shown ends there — an item added at the end — or nothing
    /// is to be placed after them). Else, when they are most of `old`'s, the new snapshot reads
    /// them where they are (its head: `old`'s own store, or `old`'s head) and the pass writes
    /// the rest into another store: an undo or redo of a drop near the end of a million items
    /// copied them all (~2 ms of its frame). Else they are copied.
    init(_ layout: MasonryLayout, model: CollectionModel, viewport: Size, reusing spare: FrameStore? = nil,
         adoptingFrom old: LayoutSnapshot, through: Int) {
        let total = model.topLevelCount
        let end = Self.adoptable(from: old, through: through, model: model, width: Swift.max(1, viewport.width))
        let appendable = end > 0 && end >= old.headCount
        if appendable, let shared = old.store, let claim = shared.claim(keeping: end, room: total) {
            self.init(layout, model: model, viewport: viewport, store: shared, claim: claim, head: old.head, headCount: old.headCount)
            inPlaceEnd = end
        } else if appendable, end == total, let shared = old.store {
            self.init(layout, model: model, viewport: viewport, store: shared, claim: nil, head: old.head, headCount: old.headCount)
            inPlaceEnd = end
        } else if end > 0, end * 2 >= old.storedCount, let shared = old.head ?? old.store {
            // What the new snapshot's head reads: `old`'s head (the frames past it up to `end`
            // copied from `old`'s own store), or `old`'s own store.
            let count = old.head == nil ? end : Swift.min(end, old.headCount)
            let (own, claim) = Self.claimStore(spare, startingAt: count, total: total)
            self.init(layout, model: model, viewport: viewport, store: own, claim: claim, head: shared, headCount: count)
            inPlaceEnd = count
        } else {
            self.init(layout, model: model, viewport: viewport, reusing: spare)
        }
        guard end > 0 else { return }
        source = old
        adoptEnd = end
    }

    /// How many of `old`'s first frames a pass over `model` may adopt, at most `through`: lent only
    /// from an exact layout of this width whose sections before `through` start where this
    /// model's do (then so do their items: they are the same ones).
    private static func adoptable(from old: LayoutSnapshot, through: Int, model: CollectionModel, width: Double) -> Int {
        guard old.viewport.width == width, old.sections.count == model.sections.count, through > 0 else { return 0 }
        var first = 0
        for (s, section) in model.sections.enumerated() {
            guard first < through else { break }
            guard old.sections[s].firstItem == first else { return 0 }
            first += section.items.count
        }
        return Swift.min(through, old.storedCount, model.topLevelCount)
    }

    /// How much work is left, in items placed: a copied frame counts as half of one, one read
    /// where it is as nothing.
    var workLeft: Int {
        let adopting = Swift.max(0, adoptEnd - frameCount)
        let copying = Swift.max(0, adoptEnd - Swift.max(frameCount, inPlaceEnd))
        return Self.placementsWorth(copying) + model.topLevelCount - itemsPlaced - adopting
    }

    /// What copying `n` frames costs, in items placed (rounded up).
    private static func placementsWorth(_ n: Int) -> Int { (n + adoptedPerPlaced - 1) / adoptedPerPlaced }

    /// Frames copied in the time of one placed (measured at 100,000 items: ~6 ns a frame copied
    /// into memory already written once, ~12 ns an item placed).
    static let adoptedPerPlaced = 2

    /// The frames a pass's memory holds for `total` items: an eighth more, so items coming in (a
    /// drop of 10,000 files onto 100,000) still fit memory already written once. A pass that
    /// outgrew it wrote into fresh pages: its slices took twice as long, each page faulted in.
    static func room(for total: Int) -> Int { total + total / 8 }

    var isFinished: Bool { section == model.sections.count && open == nil }

    /// Places up to `budget` more items (sections are opened and closed as they are reached);
    /// returns whether every section is placed.
    mutating func run(budget: Int) -> Bool {
        var left = Swift.max(0, budget)
        while section < model.sections.count {
            if open == nil { openSection() }
            let items = model.sections[section].items
            if frameCount < adoptEnd {
                // Frames read where they are cost nothing; copied ones half a placement each.
                let free = inPlaceEnd - frameCount
                let k = Self.adoptedPerPlaced
                // (An unlimited budget, `.max`, must not overflow.)
                let n = Swift.min(free > 0 ? free : left > Int.max / k ? Int.max : left * k, adoptEnd - frameCount, items.count - placed)
                if n > 0 { adopt(n) }
                if free <= 0 { left -= Self.placementsWorth(n) }
            } else {
                let count = Swift.min(left, items.count - placed)
                if count > 0 { place(items, placed..<placed + count) }
                left -= count
            }
            if placed < items.count {
                if left == 0 { return false }
                continue
            }
            closeSection()
            if left == 0 && section < model.sections.count { return false }
        }
        return true
    }

    /// The store it wrote into, for another pass (this one abandoned: its claim ends with it).
    consuming func releaseFrames() -> FrameStore { store }

    /// The finished layout (the pass must be over).
    consuming func snapshot() -> LayoutSnapshot {
        precondition(isFinished, "MasonryPass.snapshot() before the pass is over")
        return LayoutSnapshot(viewport: viewport, contentSize: Size(width: width, height: cursor),
                              scrollAxis: .vertical, reorderAxis: .vertical, sections: sections, panes: [],
                              store: store, count: frameCount, head: head, headCount: headCount, index: index)
    }

    private mutating func openSection() {
        let start = cursor
        var header: Rect?
        if layout.headerLength > 0 {
            header = Rect(x: 0, y: cursor, width: width, height: layout.headerLength)
            cursor += layout.headerLength
        }
        open = Open(start: start, header: header, first: frameCount, itemsStart: cursor, reach: itemWidth,
                    tops: [Double](repeating: cursor + layout.spacing, count: columnX.count))
        placed = 0
    }

    /// Appends the frames of `items[range]`, the next ones of the open section.
    ///
    /// The loop is what a million-item relayout costs (a masonry reorder at 1M is one frame), so
    /// it is written for the processor: items come a run at a time and the loop's state lives in
    /// locals (a closure per item kept it in memory); each item's column is the shortest found
    /// without branches (which column is shortest is a coin toss: a mispredicted branch per
    /// column); frames are written straight into the store, a block of 1,024 between its
    /// bookkeeping (`FrameStore.didWrite`; `Array.append` per frame checked capacity and stored
    /// the count each time). The same frames; the reorder frame at 1M 18.7 → 15–17 ms (the pass
    /// ~12 ms, bound by the chain of compares from item to item).
    private mutating func place(_ items: ItemList, _ range: Range<Int>) {
        guard var o = open else { return }
        guard let claim else { preconditionFailure("MasonryPass placing items in a store it only reads") }
        precondition(frameCount + range.count <= store.capacity, "MasonryPass placing past its store's room")
        open = nil
        let spacing = layout.spacing, itemWidth = itemWidth, roundRobin = roundRobin
        let n = columnX.count
        var placed = placed, reach = o.reach, written = frameCount
        let store = store
        columnX.withUnsafeBufferPointer { xs in
            o.tops.withUnsafeMutableBufferPointer { tops in
                items.forEachRun(in: range) { run in
                    var start = 0
                    while start < run.count {
                        let end = Swift.min(run.count, start + Self.blockSize)
                        let block = store.base + written
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
                        store.didWrite(written..<written + (end - start), claim: claim)
                        written += end - start
                        start = end
                    }
                }
            }
        }
        o.reach = reach
        frameCount = written
        itemsPlaced += placed - self.placed
        self.placed = placed
        open = o
    }

    /// Takes the next `n` frames of the open section from `source` (read where they are, or
    /// copied into this pass's store), and brings the open section's state to where placing
    /// those items would have left it: the tallest item so far (from the store's blocks, see
    /// `FrameStore.tallest(in:)`), and each column's next top from the last item it holds
    /// (`place` sets it to that item's `minY + (height + spacing)`, the same sum here, so the
    /// same bits).
    private mutating func adopt(_ n: Int) {
        guard var o = open, let source else { return }
        let start = frameCount
        if start + n > inPlaceEnd {
            // Copied from the source's head below its head count, else from its own store.
            guard let claim, let own = source.store, start + n <= source.storedCount else {
                preconditionFailure("MasonryPass copying frames without a claim, or frames the source does not have")
            }
            var k = Swift.max(start, inPlaceEnd)
            if let h = source.head, k < source.headCount {
                let end = Swift.min(start + n, source.headCount)
                store.copy(k..<end, from: h, claim: claim)
                k = end
            }
            if k < start + n { store.copy(k..<start + n, from: own, claim: claim) }
        }
        frameCount = start + n
        let frames = store.view(frameCount, head: head, headCount: headCount)
        let split = Swift.min(Swift.max(start, headCount), start + n)
        o.reach = Swift.max(o.reach, head?.tallest(in: start..<split) ?? 0, store.tallest(in: split..<start + n))
        // The columns' last items, from the chunk's end back; a column with none in the chunk
        // keeps the top it had.
        var found = 0
        var seen = [Bool](repeating: false, count: columnX.count)
        var k = start + n - 1
        while k >= start, found < columnX.count {
            let f = frames[k]
            if let c = columnX.firstIndex(of: f.minX), !seen[c] {
                seen[c] = true
                found += 1
                o.tops[c] = f.minY + (f.height + layout.spacing)
            }
            k -= 1
        }
        placed += n
        itemsPlaced += n
        open = o
        if frameCount >= adoptEnd { self.source = nil }
    }

    /// Frames placed between the store's block bookkeeping (`FrameStore.didWrite`): 32 KB.
    private static let blockSize = FrameStore.blockSize

    private mutating func closeSection() {
        guard let o = open else { return }
        let n = columnX.count, count = model.sections[section].items.count
        if roundRobin {
            for k in 0..<Swift.min(n, count) {
                index.add(.strided(first: o.first + k, count: (count - k + n - 1) / n, step: n), pane: nil, axis: .vertical)
            }
        } else {
            index.add(.monotone(items: o.first..<frameCount, reach: o.reach), pane: nil, axis: .vertical)
        }
        // An empty section keeps room for half a tile, so items can be dropped into it.
        let itemsEnd = count == 0 ? cursor + layout.spacing * 2 + itemWidth / 2 : o.tops.max()!
        let geometry = sectionGeometry(o, count: count, itemsEnd: itemsEnd, reach: o.reach)
        sections.append(geometry)
        cursor = geometry.background.maxY
        open = nil
        section += 1
        placed = 0
    }

    /// An open section's geometry once its items end at `itemsEnd`.
    private func sectionGeometry(_ o: Open, count: Int, itemsEnd: Double, reach: Double) -> SectionGeometry {
        let itemArea = Rect(x: 0, y: o.itemsStart, width: width, height: itemsEnd - o.itemsStart)
        var end = itemsEnd
        var footer: Rect?
        if layout.footerLength > 0 {
            footer = Rect(x: 0, y: end, width: width, height: layout.footerLength)
            end += layout.footerLength
        }
        return SectionGeometry(header: o.header, footer: footer,
                               background: Rect(x: 0, y: o.start, width: width, height: end - o.start),
                               itemArea: itemArea, firstItem: o.first, itemCount: count,
                               pane: nil, reach: reach + layout.spacing, fillsLines: false)
    }
}

extension MasonryPass {
    /// Where the items still to place start at the earliest: the open section's shortest column,
    /// or the next section's top. It never goes up (shortest-column placement only).
    var frontier: Double { open.map { $0.tops.min()! } ?? cursor }

    /// Places items until at least `count` are placed and the frontier is at or past `y` (or
    /// every item is placed), `step` items at a time past `count`: what a provisional snapshot
    /// must have exact.
    mutating func run(atLeast count: Int, reaching y: Double, step: Int) {
        if itemsPlaced < count { _ = run(budget: count - itemsPlaced) }
        while !isFinished && (itemsPlaced < count || frontier < y) { _ = run(budget: Swift.max(1, step)) }
    }

    /// A snapshot of the whole collection now, with the items placed so far exact and the rest
    /// borrowed from `old`, a layout of the same collection before edits that changed only items
    /// before the ones still to place (`shift`: flat index now minus flat index in `old`, the
    /// same for every item still to place; see `EditLog.untouchedTails`). Nil when `old` cannot
    /// lend them (another shape of collection, round-robin columns, or the next item not the one
    /// it had `shift` places before). O(sections): the exact frames are the pass's own, read where
    /// it goes on appending after them.
    ///
    /// The borrowed items of the open section move down as one, so the first of them starts at
    /// the frontier: in the section's order every frame still starts at or below the one before.
    func provisional(borrowing old: LayoutSnapshot, shift: Int) -> LayoutSnapshot? {
        let placedFlat = frameCount
        guard !roundRobin, !isFinished, old.sections.count == model.sections.count,
              old.viewport.width == viewport.width, placedFlat - shift >= 0,
              placedFlat - shift <= old.itemCount else { return nil }
        // Composing with a provisional `old`: only its own borrowed items may be borrowed again.
        if let t = old.tail, placedFlat - shift < t.from { return nil }
        var sections = self.sections
        var index = self.index
        var dy = [Double](repeating: 0, count: model.sections.count)
        var next = section
        var after: Double
        if let o = open {
            let count = model.sections[section].items.count
            let was = old.sections[section]
            guard was.itemCount - (placedFlat - shift - was.firstItem) == count - placed else { return nil }
            var itemsEnd = o.tops.max()!
            var reach = o.reach
            if placed < count {
                dy[section] = frontier - old.frame(ofFlat: placedFlat - shift).minY
                itemsEnd = Swift.max(itemsEnd, was.itemArea.maxY + dy[section])
                reach = Swift.max(reach, was.reach - layout.spacing)
            }
            index.add(.monotone(items: o.first..<placedFlat, reach: o.reach), pane: nil, axis: .vertical)
            let geometry = sectionGeometry(o, count: count, itemsEnd: itemsEnd, reach: reach)
            sections.append(geometry)
            after = geometry.background.maxY - was.background.maxY
            next += 1
        } else {
            after = cursor - old.sections[section].background.minY
        }
        for s in next..<model.sections.count {
            var g = old.sections[s]
            guard g.itemCount == model.sections[s].items.count else { return nil }
            g.firstItem += shift
            g.header = g.header?.offsetBy(dx: 0, dy: after)
            g.footer = g.footer?.offsetBy(dx: 0, dy: after)
            g.background = g.background.offsetBy(dx: 0, dy: after)
            g.itemArea = g.itemArea.offsetBy(dx: 0, dy: after)
            sections.append(g)
            dy[s] = after
        }
        var tail = BorrowedTail(source: old, from: placedFlat, firstSection: section, shift: shift, dy: dy)
        if let t = old.tail {
            tail = BorrowedTail(source: t.source, from: placedFlat, firstSection: section, shift: shift + t.shift,
                                dy: zip(dy, t.dy).map { $0 + $1 })
        }
        return LayoutSnapshot(viewport: viewport, contentSize: Size(width: width, height: sections.last?.background.maxY ?? cursor),
                              scrollAxis: .vertical, reorderAxis: .vertical, sections: sections, panes: [],
                              store: store, count: frameCount, head: head, headCount: headCount, index: index, tail: tail)
    }
}
