/// The items of a section: an array to its users, stored as runs ("chunks") of at most
/// ``maxChunk`` items, so inserting or removing one moves at most a chunk of memory and a table
/// of chunk starts, not every item after it.
///
/// Why: moving the first of 100,000 items to the middle shifted 50,000 items of 72 bytes (3.6 MB
/// of memmove, ~0.4 ms) in a plain array; here it shifts two chunks (~150 KB) and ~100 starts.
/// Reading item `i` is a binary search over the chunk starts (7 steps at 100k); iterating goes
/// chunk by chunk. Equality and hashing see only the items, never how they are chunked.
public struct ItemList: RandomAccessCollection, MutableCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// A chunk grows to twice this before it is split in two: 72 KB at most, under malloc's mmap
    /// threshold (a larger chunk, grown by an insert, came from fresh pages: ~0.1 ms of page faults).
    public static let chunkSize = 512
    static var maxChunk: Int { 2 * chunkSize }

    private var chunks: [[Item]]
    /// `starts[c]`: the index of chunk `c`'s first item. Same count as `chunks`.
    private var starts: [Int]
    /// `tags[c]`: the fresh-id numbers chunk `c`'s ids carry (`FreshNumbers`), in no order. Same
    /// count as `chunks`; kept by every edit below, so a fresh id never reads every item.
    private var tags: [[Int]]
    public private(set) var count: Int

    public init() { chunks = []; starts = []; tags = []; count = 0 }

    public init(_ items: some Sequence<Item>) {
        self.init()
        var chunk: [Item] = []
        chunk.reserveCapacity(Self.chunkSize)
        for item in items {
            chunk.append(item)
            if chunk.count == Self.chunkSize { appendChunk(chunk); chunk = []; chunk.reserveCapacity(Self.chunkSize) }
        }
        if !chunk.isEmpty { appendChunk(chunk) }
    }

    /// From an array: its runs copied chunk by chunk (a loader's million items, without the
    /// generic sequence path's per-item copies).
    public init(_ items: [Item]) {
        self.init()
        var start = 0
        while start < items.count {
            let end = Swift.min(start + Self.chunkSize, items.count)
            appendChunk(Array(items[start..<end]))
            start = end
        }
    }

    public init(arrayLiteral elements: Item...) { self.init(elements) }

    /// From runs already cut (a loader's scans, each at most ``chunkSize`` items): the runs become
    /// the chunks as they are, shared, with no item copied. Empty runs are skipped.
    public init(chunks runs: [[Item]]) {
        self.init()
        chunks.reserveCapacity(runs.count)
        starts.reserveCapacity(runs.count)
        tags.reserveCapacity(runs.count)
        for run in runs where !run.isEmpty {
            precondition(run.count <= Self.maxChunk, "ItemList chunk of \(run.count) items, more than \(Self.maxChunk)")
            appendChunk(run)
        }
    }

    private mutating func appendChunk(_ chunk: [Item]) {
        starts.append(count)
        chunks.append(chunk)
        tags.append(FreshNumbers.tags(in: chunk))
        count += chunk.count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public func index(after i: Int) -> Int { i + 1 }
    public func index(before i: Int) -> Int { i - 1 }

    /// The chunk holding index `i` (0 ..< count) and the offset in it.
    @inline(__always)
    private func locate(_ i: Int) -> (chunk: Int, offset: Int) {
        precondition(i >= 0 && i < count, "ItemList index \(i) out of range 0..<\(count)")
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if starts[mid] <= i { lo = mid } else { hi = mid - 1 }
        }
        return (lo, i - starts[lo])
    }

    public subscript(i: Int) -> Item {
        get {
            let (c, o) = locate(i)
            #if DEBUG
            ItemReads.note()
            #endif
            return chunks[c][o]
        }
        _modify {
            let (c, o) = locate(i)
            var before: [Int] = []
            FreshNumbers.note(chunks[c][o], in: &before)
            // Also when the access is cut short: the item may have been changed by then.
            defer {
                var after: [Int] = []
                FreshNumbers.note(chunks[c][o], in: &after)
                if after != before { FreshNumbers.replace(before, with: after, in: &tags[c]) }
            }
            yield &chunks[c][o]
        }
    }

    public mutating func append(_ item: Item) {
        if let last = chunks.indices.last, chunks[last].count < Self.chunkSize {
            chunks[last].append(item)
            FreshNumbers.note(item, in: &tags[last])
            count += 1
        } else {
            // Room for a whole chunk at once: growing 1, 2, 4 … 512 would copy it nine times.
            var chunk: [Item] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(item)
            appendChunk(chunk)
        }
    }

    /// Appends `items`, topping up the last chunk and then adding whole chunks.
    public mutating func append(contentsOf items: [Item]) {
        // A chunk's worth after a full chunk (how a model is built): the array becomes the chunk
        // as it is, shared, instead of being copied item by item.
        if !items.isEmpty, items.count <= Self.chunkSize, chunks.last.map({ $0.count >= Self.chunkSize }) ?? true {
            appendChunk(items)
            return
        }
        var rest = items[...]
        if let last = chunks.indices.last, chunks[last].count < Self.chunkSize {
            let take = Swift.min(rest.count, Self.chunkSize - chunks[last].count)
            chunks[last].append(contentsOf: rest.prefix(take))
            for item in rest.prefix(take) { FreshNumbers.note(item, in: &tags[last]) }
            count += take
            rest = rest.dropFirst(take)
        }
        while !rest.isEmpty {
            let take = Swift.min(rest.count, Self.chunkSize)
            appendChunk(Array(rest.prefix(take)))
            rest = rest.dropFirst(take)
        }
    }

    /// Inserts `items` at `i` (0 ... count), in order: O(items + chunk size + number of chunks),
    /// however many (a drop of 10,000 files is one splice, not 10,000 inserts).
    public mutating func insert(contentsOf items: [Item], at i: Int) {
        precondition(i >= 0 && i <= count, "ItemList insert at \(i) out of range 0...\(count)")
        guard items.count > 1 else {
            if let item = items.first { insert(item, at: i) }
            return
        }
        if i == count { append(contentsOf: items); return }
        let (c, o) = locate(i)
        let cut = chunks[c]
        replaceChunks(c...c, with: Self.runs(of: [cut[..<o], items[...], cut[o...]]))
        count += items.count
    }

    /// Removes and returns the items in `range`, in order: O(items + chunk size + number of
    /// chunks), however many (the undo of a drop of 10,000 files is one cut, not 10,000 removals).
    public mutating func removeSubrange(_ range: Range<Int>) -> [Item] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "ItemList range \(range) out of 0..<\(count)")
        guard range.count > 1 else { return range.isEmpty ? [] : [remove(at: range.lowerBound)] }
        let (c1, o1) = locate(range.lowerBound), (c2, o2) = locate(range.upperBound - 1)
        var removed: [Item] = []
        removed.reserveCapacity(range.count)
        for c in c1...c2 {
            removed += chunks[c][(c == c1 ? o1 : 0)..<(c == c2 ? o2 + 1 : chunks[c].count)]
        }
        // What is left of the first and the last chunk becomes one run (cut in chunks when longer
        // than a chunk may grow).
        let kept = [chunks[c1][..<o1], chunks[c2][(o2 + 1)...]]
        let left = kept[0].count + kept[1].count
        replaceChunks(c1...c2, with: left <= Self.maxChunk ? (left == 0 ? [] : [Array(kept[0]) + kept[1]]) : Self.runs(of: kept))
        count -= range.count
        return removed
    }

    /// `pieces`, one after another, cut into runs of a chunk's size: each item copied once. (Joined
    /// into one array first and then cut, the 10,000 items of a drop were copied twice, with
    /// every reference they hold retained twice.)
    private static func runs(of pieces: [ArraySlice<Item>]) -> [[Item]] {
        var left = pieces.reduce(0) { $0 + $1.count }
        var out: [[Item]] = []
        out.reserveCapacity((left + chunkSize - 1) / chunkSize)
        var run: [Item] = []
        run.reserveCapacity(Swift.min(chunkSize, left))
        for var piece in pieces {
            while !piece.isEmpty {
                let take = Swift.min(piece.count, chunkSize - run.count)
                run.append(contentsOf: piece.prefix(take))
                piece = piece.dropFirst(take)
                guard run.count == chunkSize else { continue }
                out.append(run)
                left -= chunkSize
                run = []
                run.reserveCapacity(Swift.min(chunkSize, left))
            }
        }
        if !run.isEmpty { out.append(run) }
        return out
    }

    /// Puts `runs` in the place of the chunks in `range`: their tags noted, the starts from there
    /// recomputed (`count` is the caller's to change).
    private mutating func replaceChunks(_ range: ClosedRange<Int>, with runs: [[Item]]) {
        chunks.replaceSubrange(range, with: runs)
        tags.replaceSubrange(range, with: runs.map(FreshNumbers.tags(in:)))
        restart(from: range.lowerBound)
    }

    /// Recomputes the chunk starts from chunk `c` on (after chunks from `c` were replaced).
    private mutating func restart(from c: Int) {
        starts.replaceSubrange(c..., with: [])
        var start = c == 0 ? 0 : starts[c - 1] + chunks[c - 1].count
        for k in c..<chunks.count {
            starts.append(start)
            start += chunks[k].count
        }
    }

    /// Inserts `item` at `i` (0 ... count): O(chunk size + number of chunks).
    public mutating func insert(_ item: Item, at i: Int) {
        precondition(i >= 0 && i <= count, "ItemList insert at \(i) out of range 0...\(count)")
        if i == count { append(item); return }
        let (c, o) = locate(i)
        chunks[c].insert(item, at: o)
        FreshNumbers.note(item, in: &tags[c])
        count += 1
        for k in (c + 1)..<starts.count { starts[k] += 1 }
        if chunks[c].count > Self.maxChunk { split(c) }
    }

    /// Removes and returns the item at `i`: O(chunk size + number of chunks).
    @discardableResult
    public mutating func remove(at i: Int) -> Item {
        let (c, o) = locate(i)
        let item = chunks[c].remove(at: o)
        FreshNumbers.forget(item, in: &tags[c])
        count -= 1
        for k in (c + 1)..<starts.count { starts[k] -= 1 }
        if chunks[c].isEmpty {
            chunks.remove(at: c)
            starts.remove(at: c)
            tags.remove(at: c)
        }
        return item
    }

    /// Moves the item at `from` to `to`, shifting those between by one place. Within a chunk, by
    /// moving memory; across chunks, a removal and an insertion: never O(distance).
    public mutating func rotate(from: Int, to: Int) {
        precondition(indices.contains(from) && indices.contains(to))
        guard from != to else { return }
        let (cf, of) = locate(from), (ct, ot) = locate(to)
        if cf == ct {
            chunks[cf].rotate(from: of, to: ot)
        } else {
            insert(remove(at: from), at: to)
        }
    }

    private mutating func split(_ c: Int) {
        let half = chunks[c].count / 2
        let tail = Array(chunks[c][half...])
        chunks[c].removeSubrange(half...)
        chunks.insert(tail, at: c + 1)
        starts.insert(starts[c] + half, at: c + 1)
        tags[c] = FreshNumbers.tags(in: chunks[c])
        tags.insert(FreshNumbers.tags(in: tail), at: c + 1)
    }

    // MARK: Reading chunk by chunk

    public struct Iterator: IteratorProtocol {
        fileprivate let chunks: [[Item]]
        fileprivate var chunk = 0
        fileprivate var offset = 0
        public mutating func next() -> Item? {
            while chunk < chunks.count {
                if offset < chunks[chunk].count {
                    defer { offset += 1 }
                    #if DEBUG
                    ItemReads.note()
                    #endif
                    return chunks[chunk][offset]
                }
                chunk += 1
                offset = 0
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(chunks: chunks) }

    /// Each item's id, and each folder's children's after it, in order, read in place: a scan of
    /// every id (a fresh id's) copies no item (a copy retains and releases its title and children).
    public func forEachID(_ body: (ItemID) -> Void) {
        forEachChunkInPlace { items in
            for k in items.indices {
                body(items[k].id)
                guard items[k].isFolder else { continue }
                items[k].children.withUnsafeBufferPointer { children in
                    for c in children.indices { body(children[c].id) }
                }
            }
        }
    }

    /// The numbers after `FreshNumbers.prefixes[prefix]` that ids in the list carry (folders'
    /// children's too), in no order: O(chunks + such ids), no item read.
    func forEachFreshNumber(prefix: Int, _ body: (Int) -> Void) {
        for chunkTags in tags {
            for t in chunkTags {
                let (p, n) = FreshNumbers.split(t)
                if p == prefix { body(n) }
            }
        }
    }

    /// The index ranges of the chunks whose ids (folders' children's too) carry one of `wanted`'s
    /// fresh-id tags (`FreshNumbers.tag(of:)`), in order: where such ids are, found without
    /// reading an item. O(chunks + tags).
    ///
    /// A chunk's tags are hashed only when one wanted lies between its least and greatest: a
    /// batch of a drop's pictures measured wants ~120 numbers in a row (twice that when the same
    /// files were dropped twice), and hashing every tag of every chunk of the drops' 10,000 or
    /// 20,000 items cost ~0.3–0.6 ms a batch.
    func rangesOfChunks(taggedWithAnyOf wanted: Set<Int>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        guard !wanted.isEmpty else { return out }
        let sorted = wanted.sorted()
        for c in chunks.indices where !tags[c].isEmpty {
            var least = Int.max, greatest = Int.min
            for t in tags[c] {
                least = Swift.min(least, t)
                greatest = Swift.max(greatest, t)
            }
            // The first wanted at or above the chunk's least tag.
            var lo = 0, hi = sorted.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if sorted[mid] < least { lo = mid + 1 } else { hi = mid }
            }
            guard lo < sorted.count, sorted[lo] <= greatest, tags[c].contains(where: wanted.contains) else { continue }
            out.append(starts[c]..<starts[c] + chunks[c].count)
        }
        return out
    }

    /// Each chunk's items in place, in order (every item counted as read).
    private func forEachChunkInPlace(_ body: (UnsafeBufferPointer<Item>) -> Void) {
        #if DEBUG
        ItemReads.note(count)
        #endif
        for chunk in chunks { chunk.withUnsafeBufferPointer(body) }
    }

    /// The items in `range`, in order, read in place as runs (a chunk's part in the range each):
    /// a pass resumed where an earlier one stopped (a layout computed across frames) starts at
    /// its chunk, not at 0. A run, not an item, per call: the caller's loop over a run keeps its
    /// state in registers (with a closure per item it lived in memory).
    public func forEachRun(in range: Range<Int>, _ body: (UnsafeBufferPointer<Item>) -> Void) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "ItemList range \(range) out of 0..<\(count)")
        #if DEBUG
        ItemReads.note(range.count)
        #endif
        var (c, offset) = locate(range.lowerBound)
        var left = range.count
        while left > 0 {
            chunks[c].withUnsafeBufferPointer { items in
                let end = Swift.min(items.count, offset + left)
                body(UnsafeBufferPointer(rebasing: items[offset..<end]))
                left -= end - offset
            }
            c += 1
            offset = 0
        }
    }

    /// As `Collection.map`, chunk by chunk (the protocol's version reads by index).
    public func map<T, E: Error>(_ transform: (Item) throws(E) -> T) throws(E) -> [T] {
        var out: [T] = []
        out.reserveCapacity(count)
        #if DEBUG
        ItemReads.note(count)
        #endif
        for chunk in chunks { for item in chunk { out.append(try transform(item)) } }
        return out
    }

    /// Element by element, but a run of chunks the two lists share (a copy edited in a few places,
    /// as a drag's undo makes) is skipped whole: comparing costs what differs, plus one step a chunk.
    public static func == (a: ItemList, b: ItemList) -> Bool {
        guard a.count == b.count else { return false }
        var ca = 0, oa = 0, cb = 0, ob = 0
        while ca < a.chunks.count && cb < b.chunks.count {
            if oa == 0 && ob == 0 && a.chunks[ca].count == b.chunks[cb].count && Self.shareStorage(a.chunks[ca], b.chunks[cb]) {
                ca += 1
                cb += 1
                continue
            }
            #if DEBUG
            ItemReads.note(2)
            #endif
            if a.chunks[ca][oa] != b.chunks[cb][ob] { return false }
            oa += 1
            if oa == a.chunks[ca].count { ca += 1; oa = 0 }
            ob += 1
            if ob == b.chunks[cb].count { cb += 1; ob = 0 }
        }
        return true
    }

    /// Whether two chunks are one array (a copy not written to since).
    private static func shareStorage(_ x: [Item], _ y: [Item]) -> Bool {
        x.withUnsafeBufferPointer { px in y.withUnsafeBufferPointer { py in px.baseAddress == py.baseAddress } }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for item in self { hasher.combine(item) }
    }
}
