import TesseraCore

/// Reads the collection out of a store: the first screen of every section (fast, for the first
/// frame), or all of it, checked against every rule of the model.
///
/// What a whole read checks, beyond each row's own columns (`StoreRows`): every section exists,
/// every folder holds at least one item and only plain items, every item in a folder names a
/// folder that is at the top level of a section, no two entries of a section or folder share a
/// position, and no id is used twice. Any of these ends the read with a `.violation` naming the
/// rows; the store is never repaired behind the user's back.
struct StoreReader {
    let db: SQLiteConnection

    /// The sections, in order, with no items.
    func sections() throws(StoreError) -> [Section] {
        try storeErrors {
            var out: [Section] = []
            var seen: Set<String> = []
            let s = try db.prepare("SELECT id, title, position FROM sections ORDER BY position")
            defer { s.reset() }
            var last: Int64?
            while try s.step() {
                guard s.type(at: 0) == .text, let id = s.text(at: 0), !id.isEmpty, id.utf8.count <= StateFile.maximumIDBytes,
                      !id.utf8.contains(where: { $0 < 0x20 }) else {
                    throw StoreError.violation("a section's id is not 1 to \(StateFile.maximumIDBytes) bytes of text without control characters")
                }
                guard s.type(at: 1) == .text, let title = s.text(at: 1), title.count <= StateFile.maximumTitleLength else {
                    throw StoreError.violation("section '\(id)': its title is not text of at most \(StateFile.maximumTitleLength) characters")
                }
                guard s.type(at: 2) == .integer else { throw StoreError.violation("section '\(id)': its position is not an integer") }
                let position = s.int64(at: 2)
                if position == last { throw StoreError.violation("sections '\(out.last!.id)' and '\(id)' have the same position \(position)") }
                last = position
                guard seen.insert(id).inserted else { throw StoreError.violation("section id '\(id)' is used twice") }
                out.append(Section(id: id, title: title))
            }
            return out
        }
    }

    /// The first `limit` top-level entries of every section, with their folders' items: what the
    /// first screen shows. `complete` says whether that is everything (no section had more).
    ///
    /// O(sections · limit) rows, by the `items_in_section` index: a few milliseconds at any size.
    func firstScreen(limit: Int) throws(StoreError) -> (model: CollectionModel, complete: Bool) {
        try storeErrors {
            try db.reading {
                var sections = try self.sections()
                var rows = StoreRows()
                var complete = true
                let top = try db.prepare("SELECT \(StoreRows.columns) FROM items WHERE section = ?1 AND folder IS NULL ORDER BY position LIMIT ?2")
                for s in sections.indices {
                    top.bind(sections[s].id, at: 1)
                    top.bind(limit + 1, at: 2)
                    var items: [Item] = []
                    var last: Int64?
                    while try top.step() {
                        let row = try rows.row(top)
                        if items.count == limit { complete = false; break }
                        try Self.checkOrder(row, after: last, previous: items.last)
                        last = row.position
                        items.append(row.item)
                    }
                    top.reset()
                    for i in items.indices where items[i].isFolder {
                        items[i].children = try children(of: items[i].id, rows: &rows)
                    }
                    sections[s].items = ItemList(items)
                }
                // The few ids read so far are checked here; the rest, when `all` reads them.
                var seen: Set<ItemID> = []
                for section in sections {
                    for item in section.items {
                        for id in [item.id] + item.children.map(\.id) where !seen.insert(id).inserted {
                            throw StoreError.violation("item id '\(id)' is used twice")
                        }
                    }
                }
                return (CollectionModel(sections: sections, locations: try Self.locations(db)), complete)
            }
        }
    }

    /// Every item's location (few: only items made from files and links have one).
    static func locations(_ db: SQLiteConnection) throws -> [ItemID: String] {
        let s = try db.prepare("SELECT item, uri FROM locations")
        defer { s.reset() }
        var out: [ItemID: String] = [:]
        while try s.step() {
            guard let item = s.text(at: 0), let uri = s.text(at: 1) else { continue }
            out[ItemID(item)] = uri
        }
        return out
    }

    /// A folder's items, in order, checked (used for the first screen, where folders are few).
    func children(of folder: ItemID, rows: inout StoreRows) throws -> [Item] {
        let s = try db.prepare("SELECT \(StoreRows.columns) FROM items WHERE folder = ?1 ORDER BY position")
        defer { s.reset() }
        s.bind(folder.rawValue, at: 1)
        var out: [Item] = []
        var last: Int64?
        while try s.step() {
            let row = try rows.row(s)
            try Self.checkOrder(row, after: last, previous: out.last)
            if row.item.isFolder { throw StoreError.violation("folder '\(row.item.id)' is inside folder '\(folder)'") }
            last = row.position
            out.append(row.item)
        }
        if out.isEmpty { throw StoreError.violation("folder '\(folder)' holds no items") }
        return out
    }

    /// The whole collection, checked. O(n): passes over the table in its own order (a scan reads
    /// the rows where they lie; by the index it would jump about the file for each, ~2.3x slower
    /// at 1M), each row put in its section's or folder's list, then each list put in position
    /// order (already in order unless items moved since they were written, and then nearly so).
    /// No id may be used twice. The schema's UNIQUE index keeps a sound file from it, but a damaged
    /// one can disagree with its index without SQLite noticing (the store fuzzer made one), so the
    /// ids are checked here: hashed on the scanning threads, repeated hashes found by `repeatedValues`, and
    /// only a repeated hash compared as text.
    ///
    /// With `partitions` > 1 the table is cut into that many rowid ranges, each scanned on its own
    /// thread and connection, and the lists joined in range order. Only for a caller that holds
    /// the store's writer lock: the connections' snapshots are taken one after the other, and a
    /// commit from elsewhere between them would be read half.
    func all(partitions: Int = 1, rowsPerPartition: Int64 = 50_000) throws(StoreError) -> CollectionModel {
        try storeErrors {
            try db.reading {
                var sections = try self.sections()
                var index: [String: Int] = [:]
                for (k, s) in sections.enumerated() { index[s.id] = k }
                let firstRow = try db.integer("SELECT min(rowid) FROM items") ?? 0
                let lastRow = try db.integer("SELECT max(rowid) FROM items") ?? 0
                // Rowids are usually 1...count, but any Int64 is legal, negative or near the top
                // (the store fuzzer made both): only a span that fits with room to spare is cut,
                // and the first and last ranges reach the ends of Int64 whatever the rows hold.
                let span = firstRow >= 0 && lastRow < Int64.max / 4 ? lastRow - firstRow : 0
                // Below ~50k rows a second thread and connection cost more than they save.
                let parts = max(1, min(partitions, Int(span / rowsPerPartition)))
                let step = span / Int64(parts) + 1
                func range(_ k: Int) -> ClosedRange<Int64> {
                    (k == 0 ? Int64.min : firstRow + Int64(k) * step) ... (k == parts - 1 ? Int64.max : firstRow + Int64(k + 1) * step - 1)
                }
                let path = db.path, mainDB = db, sectionIndex = index
                // A scan reads each page once: SQLite's cache (2 MB a connection by default) would
                // only hold pages never read again, 4 MB of a 100k read's peak. The kernel's page
                // cache still has the file.
                let cacheSize = try db.integer("PRAGMA cache_size") ?? -2000
                try db.execute("PRAGMA cache_size = \(Self.scanCacheSize)")
                defer { try? db.execute("PRAGMA cache_size = \(cacheSize)") }
                let scans = inParallel(parts) { k -> Result<Scan, StoreError> in
                    let range = range(k)
                    return Result { () throws(StoreError) -> Scan in
                        if k == 0 { return try Scan.run(mainDB, range, sectionIndex) }
                        let own: SQLiteConnection
                        do throws(SQLiteError) {
                            own = try SQLiteConnection(path: path, mode: .readOnly)
                            try own.execute("PRAGMA cache_size = \(Self.scanCacheSize)")
                        } catch { throw StoreError(error) }
                        defer { own.close() }
                        return try own.reading { () throws(StoreError) in try Scan.run(own, range, sectionIndex) }
                    }
                }
                var top = [Entries](repeating: Entries(), count: sections.count)
                var inFolders: [ItemID: Entries] = [:]
                var hashRuns: [[Int]] = []
                for result in scans {
                    let scan = try result.get()
                    hashRuns.append(scan.idHashes)
                    for k in top.indices { top[k].append(contentsOf: scan.top[k]) }
                    inFolders.merge(scan.inFolders) { a, b in var a = a; a.append(contentsOf: b); return a }
                }
                let repeated = Self.repeatedValues(in: hashRuns)
                hashRuns = []
                if !repeated.isEmpty { try Self.checkRepeats(repeated, top.flatMap(\.chunks) + inFolders.values.flatMap(\.chunks)) }
                var folders: [ItemID: IndexPath] = [:]
                for k in sections.indices {
                    let chunks = try top[k].ordered(in: "section '\(sections[k].id)'")
                    top[k] = Entries()
                    var i = 0
                    for chunk in chunks {
                        for item in chunk {
                            if item.isFolder { folders[item.id] = IndexPath(section: k, item: i) }
                            i += 1
                        }
                    }
                    sections[k].items = ItemList(chunks: chunks)
                }
                for (folder, entries) in inFolders {
                    guard let path = folders.removeValue(forKey: folder) else {
                        let id = entries.first.map { "'\($0.id)'" } ?? "an item"
                        throw StoreError.violation("item \(id) is in folder '\(folder)', which is not a folder at the top level of a section")
                    }
                    sections[path.section].items[path.item].children = Array(try entries.ordered(in: "folder '\(folder)'").joined())
                }
                if let empty = folders.keys.min() { throw StoreError.violation("folder '\(empty)' holds no items") }
                return CollectionModel(sections: sections, locations: try Self.locations(db))
            }
        }
    }

    /// SQLite's page cache while a whole read scans (negative: KiB).
    static let scanCacheSize = -128

    /// The values found more than once across `runs`. Two bitmaps of 16 bits per value (4 MB at
    /// 1M): a value's low bits mark `once`, or `twice` when already marked; only the values whose
    /// bit is in `twice` (~6% of them) go into a set, where a real repeat shows. ~20 ms at 1M,
    /// where a set of every value took ~90 ms and sorting them ~105 ms. The values are
    /// `StoreRows.idHash`es: their low bits are evenly spread.
    static func repeatedValues(in runs: [[Int]]) -> Set<Int> {
        let total = runs.reduce(0) { $0 + $1.count }
        var bits = 1 << 16
        while bits < total * 16 { bits <<= 1 }
        let mask = bits - 1
        var once = [UInt64](repeating: 0, count: bits >> 6), twice = once
        for run in runs {
            for h in run {
                let b = h & mask, word = b >> 6, bit = UInt64(1) << UInt64(b & 63)
                if once[word] & bit != 0 { twice[word] |= bit } else { once[word] |= bit }
            }
        }
        var candidates: Set<Int> = [], repeated: Set<Int> = []
        for run in runs {
            for h in run {
                let b = h & mask
                if twice[b >> 6] & (UInt64(1) << UInt64(b & 63)) != 0, !candidates.insert(h).inserted { repeated.insert(h) }
            }
        }
        return repeated
    }

    /// Throws for an id used twice among `lists`, when one of the `repeated` hashes is one.
    static func checkRepeats(_ repeated: Set<Int>, _ lists: [[Item]]) throws {
        var seen: Set<ItemID> = []
        for list in lists {
            for item in list where repeated.contains(StoreRows.idHash(item.id)) {
                guard seen.insert(item.id).inserted else { throw StoreError.violation("item id '\(item.id)' is used twice") }
            }
        }
    }

    /// One range of rowids read into per-section and per-folder lists, in the table's order.
    struct Scan {
        var top: [Entries]
        var inFolders: [ItemID: Entries] = [:]
        /// Every id's `StoreRows.idHash`, for the check that none is used twice.
        var idHashes: [Int] = []

        static func run(_ db: SQLiteConnection, _ range: ClosedRange<Int64>, _ index: [String: Int]) throws(StoreError) -> Scan {
            try storeErrors {
                var out = Scan(top: [Entries](repeating: Entries(), count: index.count))
                var rows = StoreRows()
                var lastSection: (bytes: [UInt8], k: Int)?
                let scan = try db.prepare("SELECT \(StoreRows.columns) FROM items WHERE rowid BETWEEN ?1 AND ?2")
                defer { scan.reset() }
                scan.bind(range.lowerBound, at: 1)
                scan.bind(range.upperBound, at: 2)
                while try scan.step() {
                    // Rows come in runs of one section: its id compared as bytes, not made a string.
                    if scan.type(at: 1) == .text, let last = lastSection,
                       last.bytes.withUnsafeBufferPointer({ scan.bytesEqual(at: 1, $0) }) {
                        let row = try rows.row(scan, knownSection: true)
                        out.idHashes.append(row.idHash)
                        out.top[last.k].append(row)
                        continue
                    }
                    let row = try rows.row(scan)
                    out.idHashes.append(row.idHash)
                    switch row.container {
                    case .section(let sid):
                        guard let k = index[sid] else {
                            throw StoreError.violation("item '\(row.item.id)' is in section '\(sid)', which does not exist")
                        }
                        lastSection = (Array(sid.utf8), k)
                        out.top[k].append(row)
                    case .folder(let fid):
                        if row.item.isFolder { throw StoreError.violation("folder '\(row.item.id)' is inside folder '\(fid)'") }
                        out.inFolders[ItemID(fid), default: Entries()].append(row)
                    }
                }
                return out
            }
        }
    }

    /// The entries of one section or folder as read (in the table's order), with their keys. The
    /// items are kept in runs of at most `ItemList.chunkSize`, the chunks a section's list is made
    /// of: a sorted section becomes its list without an item copied (1M items once cost three
    /// copies: the scans' arrays joined, then cut into chunks).
    struct Entries {
        /// Whole runs, then the one being filled.
        private var full: [[Item]] = []
        private var run: [Item] = []
        var positions: [Int64] = []

        var chunks: [[Item]] { run.isEmpty ? full : full + [run] }
        var first: Item? { full.first?.first ?? run.first }

        mutating func append(_ row: StoreRows.Row) {
            if run.count == ItemList.chunkSize {
                // The first run grew as it needed (most folders hold a few items); once a list
                // has filled one, the next is made whole at once.
                full.append(run)
                run = []
                run.reserveCapacity(ItemList.chunkSize)
            }
            run.append(row.item)
            positions.append(row.position)
        }

        /// The other's runs go after these as they are (a run cut short by a scan's end stays short).
        mutating func append(contentsOf other: Entries) {
            if positions.isEmpty { self = other; return }
            full = chunks + other.full
            run = other.run
            positions.append(contentsOf: other.positions)
        }

        /// The item at `k` counting across the runs (for messages: it walks the runs).
        func item(at k: Int) -> Item {
            var k = k
            for run in chunks {
                if k < run.count { return run[k] }
                k -= run.count
            }
            preconditionFailure("Entries index out of range")
        }

        /// The runs in position order; two entries at one position are a violation (they have no
        /// order). Already sorted (the usual case): the runs as they are. Otherwise one sorted run
        /// cut into chunks.
        func ordered(in container: String) throws -> [[Item]] {
            var sorted = true
            for k in positions.indices.dropFirst() where positions[k - 1] >= positions[k] {
                if positions[k - 1] == positions[k] { throw collision(k - 1, k, container) }
                sorted = false
            }
            if sorted { return chunks }
            let order = positions.indices.sorted { positions[$0] < positions[$1] }
            for k in order.indices.dropFirst() where positions[order[k - 1]] == positions[order[k]] {
                throw collision(order[k - 1], order[k], container)
            }
            var flat: [Item] = []
            flat.reserveCapacity(positions.count)
            for run in chunks { flat.append(contentsOf: run) }
            var out: [[Item]] = [], run: [Item] = []
            out.reserveCapacity(positions.count / ItemList.chunkSize + 1)
            for k in order {
                if run.count == ItemList.chunkSize { out.append(run); run = []; run.reserveCapacity(ItemList.chunkSize) }
                run.append(flat[k])
            }
            if !run.isEmpty { out.append(run) }
            return out
        }

        func collision(_ a: Int, _ b: Int, _ container: String) -> StoreError {
            .violation("items '\(item(at: a).id)' and '\(item(at: b).id)' in \(container) have the same position \(positions[a])")
        }
    }

    /// Positions increase strictly within a section or folder: two entries at one position have
    /// no order between them.
    static func checkOrder(_ row: StoreRows.Row, after last: Int64?, previous: Item?) throws {
        guard let last, row.position == last else { return }
        let container = switch row.container { case .section(let s): "section '\(s)'"; case .folder(let f): "folder '\(f)'" }
        throw StoreError.violation("items '\(previous?.id.rawValue ?? "?")' and '\(row.item.id)' in \(container) have the same position \(last)")
    }
}

/// Maps whatever a store operation threw into a `StoreError`.
func storeErrors<R>(_ body: () throws -> R) throws(StoreError) -> R {
    do { return try body() } catch let e as StoreError { throw e } catch let e as SQLiteError { throw StoreError(e) } catch {
        throw .violation("\(error)")
    }
}

extension SQLiteStatement {
    /// The first row's first column as text (nil: no row), then reset.
    func stepText() throws -> String? {
        defer { reset() }
        return try step() ? text(at: 0) : nil
    }
}
