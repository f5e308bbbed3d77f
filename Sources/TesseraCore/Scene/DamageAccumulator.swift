/// Collects damage rects and merges them into a few.
struct DamageAccumulator {
    private(set) var rects: [Rect]

    /// Room for a frame's usual few rects without growing.
    init() {
        rects = []
        rects.reserveCapacity(64)
    }

    mutating func add(_ r: Rect) {
        guard !r.isEmpty else { return }
        rects.append(r)
    }

    /// The parts of `r` outside `area`.
    mutating func add(outside area: Rect, _ r: Rect) {
        guard !r.isEmpty else { return }
        SceneDamage.forEachBand(of: r, outside: area) { add($0) }
    }

    /// Where the old pixels of a node that did not follow the copy are after it: in place outside
    /// `area`, carried by `delta` inside it.
    mutating func add(stale bounds: Rect, area: Rect, delta: Point) {
        add(outside: area, bounds)
        add(bounds.offsetBy(dx: delta.x, dy: delta.y).intersection(area))
    }

    /// The damage clipped to `bounds` and snapped outwards to whole logical pixels, merged where a
    /// union wastes little, and to at most `maxCount` rects.
    func rects(clippedTo bounds: Rect, maxCount: Int) -> [Rect] {
        var list = rects.compactMap { r -> Rect? in
            let c = r.intersection(bounds)
            guard !c.isEmpty else { return nil }
            let x0 = c.minX.rounded(.down), y0 = c.minY.rounded(.down)
            return Rect(x: x0, y: y0, width: c.maxX.rounded(.up) - x0, height: c.maxY.rounded(.up) - y0)
        }
        // A re-flow damages a column of cells, a rect per cell: join those exactly first.
        if list.count > 2 { list = Self.joinAligned(list) }
        // Still many rects: pairwise merging would be cubic; cover them with a coarse tile grid
        // instead (a little more area, found in linear time).
        if list.count > Self.pairwiseLimit { list = Self.coverWithTiles(list, bounds: bounds) }
        // Merge overlapping or adjacent rects; repeat until stable (lists are short: tens of rects).
        var merged = true
        while merged {
            merged = false
            var i = 0
            while i < list.count {
                var j = i + 1
                while j < list.count {
                    // Only when little is wasted: two thin bands that cross (the edges of a box)
                    // stay two rects; painting their overlap twice is harmless.
                    if Self.cheapUnion(list[i], list[j]) {
                        list[i] = list[i].union(list[j])
                        list.remove(at: j)
                        merged = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
        }
        // Too many: merge the pair whose union wastes the least area.
        while list.count > maxCount {
            var best = (0, 1, Double.infinity)
            for i in 0..<list.count {
                for j in (i + 1)..<list.count {
                    let waste = Self.area(list[i].union(list[j])) - Self.area(list[i]) - Self.area(list[j])
                    if waste < best.2 { best = (i, j, waste) }
                }
            }
            list[best.0] = list[best.0].union(list[best.1])
            list.remove(at: best.1)
        }
        return list
    }

    /// Above this many rects, ``coverWithTiles(_:bounds:)`` replaces pairwise merging.
    static let pairwiseLimit = 24
    /// Edge of a tile of the coarse grid, logical pixels.
    static let tile = 32.0

    /// Rects covering every tile of a `tile`-sized grid over `bounds` that any of `list` touches:
    /// runs of covered tiles per grid row, merged down the rows when they span the same columns.
    static func coverWithTiles(_ list: [Rect], bounds: Rect) -> [Rect] {
        let cols = Swift.max(1, Int((bounds.width / tile).rounded(.up)))
        let rows = Swift.max(1, Int((bounds.height / tile).rounded(.up)))
        var covered = [Bool](repeating: false, count: cols * rows)
        for r in list {
            let c0 = Swift.max(0, Int((r.minX - bounds.minX) / tile)), c1 = Swift.min(cols - 1, Int((r.maxX - bounds.minX - 1e-9) / tile))
            let r0 = Swift.max(0, Int((r.minY - bounds.minY) / tile)), r1 = Swift.min(rows - 1, Int((r.maxY - bounds.minY - 1e-9) / tile))
            guard c0 <= c1, r0 <= r1 else { continue }
            for row in r0...r1 { for col in c0...c1 { covered[row * cols + col] = true } }
        }
        var out: [Rect] = []
        // Runs still open from the row above, by (first column, end column): index into `out`.
        var open: [Int: (end: Int, index: Int)] = [:]
        for row in 0..<rows {
            var next: [Int: (end: Int, index: Int)] = [:]
            var col = 0
            while col < cols {
                guard covered[row * cols + col] else { col += 1; continue }
                let start = col
                while col < cols && covered[row * cols + col] { col += 1 }
                let y = bounds.minY + Double(row) * tile
                if let o = open[start], o.end == col {
                    out[o.index] = out[o.index].union(Rect(x: out[o.index].minX, y: y, width: out[o.index].width, height: tile))
                    next[start] = o
                } else {
                    let x = bounds.minX + Double(start) * tile
                    out.append(Rect(x: x, y: y, width: Double(col - start) * tile, height: tile))
                    next[start] = (col, out.count - 1)
                }
            }
            open = next
        }
        return out.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
    }

    /// Joins rects that span the same columns and overlap or touch vertically (a column of cells
    /// damaged cell by cell), then those that span the same rows and touch horizontally. Exact: no
    /// area is added. Sorting makes it O(n log n).
    static func joinAligned(_ list: [Rect]) -> [Rect] {
        func join(_ list: [Rect], vertical: Bool) -> [Rect] {
            // Key: the span across the joining direction, then the position along it.
            let sorted = list.sorted { a, b in
                let ka = vertical ? (a.minX, a.maxX, a.minY) : (a.minY, a.maxY, a.minX)
                let kb = vertical ? (b.minX, b.maxX, b.minY) : (b.minY, b.maxY, b.minX)
                return ka < kb
            }
            var out: [Rect] = []
            out.reserveCapacity(sorted.count)
            for r in sorted {
                if let last = out.last {
                    let sameSpan = vertical ? (last.minX == r.minX && last.maxX == r.maxX)
                                            : (last.minY == r.minY && last.maxY == r.maxY)
                    let touches = vertical ? r.minY <= last.maxY : r.minX <= last.maxX
                    if sameSpan && touches { out[out.count - 1] = last.union(r); continue }
                }
                out.append(r)
            }
            return out
        }
        return join(join(list, vertical: true), vertical: false)
    }

    /// Whether painting the union costs about as much as painting both (little waste).
    static func cheapUnion(_ a: Rect, _ b: Rect) -> Bool {
        area(a.union(b)) <= (area(a) + area(b)) * 1.25
    }

    static func area(_ r: Rect) -> Double { r.width * r.height }
}
