import TesseraCore

/// Writes the collection into a store: all of it (a new store, an import), or only what a run of
/// edits changed (every save after that).
///
/// A save of changes costs what changed: the edits' footprint (`EditFootprint`) names the top-level
/// places whose entries were put there or changed, and the items taken out along the way. Every
/// other row is already right, because the edits kept every untouched entry in its container and
/// in its order. For each run of touched places the writer reads the keys of the untouched entries
/// on either side, keeps the touched entries whose stored key already falls in order between them
/// (the longest increasing run of keys: a folder whose items changed keeps its own row), and gives
/// the others keys in the gaps (`PositionKeys`). A move is one row; a drop into a folder two (the
/// item, and nothing for the folder unless it changed); a gap that has run out of room renumbers a
/// window around it (`renumbered` in the report).
struct StoreWriter {
    let db: SQLiteConnection

    /// What a save wrote, for the benchmark and the tests.
    struct Report: Equatable, Sendable {
        /// Rows inserted, updated or deleted.
        var rows = 0
        /// Of those, rows whose key was rewritten only to make room (a renumbered window).
        var renumbered = 0
    }

    /// The store disagrees with the edits' starting point (it missed a change): the caller must
    /// rewrite the whole collection instead.
    struct Inconsistency: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: Statements

    private static let upsertSQL = """
        INSERT INTO items (id, section, folder, position, kind, title, icon, color, aspect, done)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
        ON CONFLICT (id) DO UPDATE SET section = excluded.section, folder = excluded.folder,
            position = excluded.position, kind = excluded.kind, title = excluded.title,
            icon = excluded.icon, color = excluded.color, aspect = excluded.aspect, done = excluded.done
        """

    /// Writes `item`'s row in `container` at `position` (inserting or replacing it).
    func write(_ item: Item, in container: StoreRows.Container, at position: Int64) throws {
        let s = try db.prepare(Self.upsertSQL)
        s.bind(item.id.rawValue, at: 1)
        switch container {
        case .section(let id): s.bind(id, at: 2); s.bindNull(at: 3)
        case .folder(let id): s.bindNull(at: 2); s.bind(id, at: 3)
        }
        s.bind(position, at: 4)
        s.bind(item.kind.rawValue, at: 5)
        s.bind(item.title, at: 6)
        s.bind(item.icon, at: 7)
        s.bind(Int64(item.rgba), at: 8)
        s.bind(item.sizeHint.aspect, at: 9)
        s.bind(item.done, at: 10)
        try s.run()
    }

    /// An item's row as stored: where, and whether its columns say what `item` says.
    struct Stored {
        var container: StoreRows.Container
        var position: Int64
        var kind: String, title: String, icon: String, rgba: Int64, aspect: Double, done: Bool

        func holds(_ item: Item) -> Bool {
            kind == item.kind.rawValue && title == item.title && icon == item.icon && rgba == Int64(item.rgba)
                && aspect == item.sizeHint.aspect && done == item.done
        }
    }

    func stored(_ id: ItemID) throws -> Stored? {
        let s = try db.prepare("SELECT section, folder, position, kind, title, icon, color, aspect, done FROM items WHERE id = ?1")
        defer { s.reset() }
        s.bind(id.rawValue, at: 1)
        guard try s.step() else { return nil }
        let container: StoreRows.Container = s.type(at: 0) == .text ? .section(s.text(at: 0) ?? "") : .folder(s.text(at: 1) ?? "")
        return Stored(container: container, position: s.int64(at: 2), kind: s.text(at: 3) ?? "", title: s.text(at: 4) ?? "",
                      icon: s.text(at: 5) ?? "", rgba: s.int64(at: 6), aspect: s.double(at: 7), done: s.int64(at: 8) == 1)
    }

    // MARK: Everything

    /// Replaces the whole collection, in one transaction: a new store, an import, or a store that
    /// missed a change. O(n) rows.
    func replaceAll(with model: CollectionModel) throws(SQLiteError) {
        try db.transaction { () throws(SQLiteError) in
            try db.execute("DELETE FROM items; DELETE FROM sections; DELETE FROM locations")
            do {
                try writeSections(model)
                try writeLocations(model.presentLocations)
                for section in model.sections {
                    for (item, key) in zip(section.items, PositionKeys.fresh(count: section.items.count)) {
                        try write(item, in: .section(section.id), at: key)
                        for (child, k) in zip(item.children, PositionKeys.fresh(count: item.children.count)) {
                            try write(child, in: .folder(item.id.rawValue), at: k)
                        }
                    }
                }
            } catch let e as SQLiteError { throw e } catch { preconditionFailure("\(error)") }
        }
    }

    /// Upserts each item's location.
    func writeLocations(_ locations: [ItemID: String]) throws {
        guard !locations.isEmpty else { return }
        let s = try db.prepare("INSERT INTO locations (item, uri) VALUES (?1, ?2) ON CONFLICT (item) DO UPDATE SET uri = excluded.uri")
        for (id, uri) in locations.sorted(by: { $0.key < $1.key }) {
            s.bind(id.rawValue, at: 1)
            s.bind(uri, at: 2)
            try s.run()
        }
    }

    func writeSections(_ model: CollectionModel) throws {
        try db.execute("DELETE FROM sections")
        let s = try db.prepare("INSERT INTO sections (id, title, position) VALUES (?1, ?2, ?3)")
        for (k, section) in model.sections.enumerated() {
            s.bind(section.id, at: 1)
            s.bind(section.title, at: 2)
            s.bind(k + 1, at: 3)
            try s.run()
        }
    }

    /// Rewrites the sections table when the model's sections differ from it (ids, titles, order). O(sections).
    func syncSections(_ model: CollectionModel, report: inout Report) throws {
        let s = try db.prepare("SELECT id, title FROM sections ORDER BY position")
        var stored: [(String, String)] = []
        while try s.step() { stored.append((s.text(at: 0) ?? "", s.text(at: 1) ?? "")) }
        s.reset()
        let now = model.sections.map { ($0.id, $0.title) }
        guard !stored.elementsEqual(now, by: { $0 == $1 }) else { return }
        try writeSections(model)
        report.rows += stored.count + now.count
    }

    // MARK: What changed

    /// Writes what the edits of `footprint` changed, `model` being the collection after them and
    /// the store holding the collection before them. One transaction.
    /// Throws an `SQLiteError`, or an `Inconsistency` (nothing written: rewrite everything).
    func save(_ model: CollectionModel, footprint: EditFootprint) throws -> Report {
        try db.execute("BEGIN IMMEDIATE")
        do {
            let report = try saveChanges(model, footprint: footprint)
            try db.execute("COMMIT")
            return report
        } catch {
            db.rollBack()
            throw error
        }
    }

    private func saveChanges(_ model: CollectionModel, footprint: EditFootprint) throws -> Report {
        var report = Report()
        try syncSections(model, report: &report)
        // What is at the touched places now: every other item kept its row.
        var present = Set<ItemID>()
        for slot in footprint.slots {
            guard let entry = model.item(at: slot) else { throw Inconsistency(description: "no entry at \(slot)") }
            present.insert(entry.id)
            for c in entry.children { present.insert(c.id) }
        }
        // Where the entries now at the touched places came from, when they came from a file or a link.
        var located: [ItemID: String] = [:]
        if !model.locations.isEmpty {
            for id in present { if let l = model.locations[id] { located[id] = l } }
        }
        try writeLocations(located)
        report.rows += located.count
        // Taken out and not back anywhere: gone, with their locations.
        let delete = try db.prepare("DELETE FROM items WHERE id = ?1")
        let forget = try db.prepare("DELETE FROM locations WHERE item = ?1")
        for old in footprint.departed {
            for id in [old.id] + old.children.map(\.id) where !present.contains(id) {
                delete.bind(id.rawValue, at: 1)
                try delete.run()
                report.rows += db.changes
                if !model.locations.isEmpty {   // (none in the model: none stored for its items)
                    forget.bind(id.rawValue, at: 1)
                    try forget.run()
                    report.rows += db.changes
                }
                present.insert(id)  // once
            }
        }
        var bySection: [Int: [Int]] = [:]
        for slot in footprint.slots { bySection[slot.section, default: []].append(slot.item) }
        for (s, indices) in bySection.sorted(by: { $0.key < $1.key }) {
            let section = model.sections[s]
            try place(touched: indices, of: section.items, in: .section(section.id), report: &report)
        }
        for slot in footprint.slots {
            guard let folder = model.item(at: slot), folder.isFolder else { continue }
            try placeChildren(of: folder, report: &report)
        }
        return report
    }

    /// A folder's items: its stored children are read (a folder is small next to a section), the
    /// ones still in order keep their keys, the others get new ones.
    private func placeChildren(of folder: Item, report: inout Report) throws {
        try place(touched: Array(folder.children.indices), of: folder.children, in: .folder(folder.id.rawValue), report: &report)
    }

    // MARK: Placing runs of touched entries

    /// Gives every entry at a `touched` index (ascending) of `entries` — the final order of one
    /// section or folder — a row in `container` in that order, by the rule in the type's comment.
    private func place<Entries: RandomAccessCollection<Item>>(touched: [Int], of entries: Entries, in container: StoreRows.Container,
                                                              report: inout Report) throws where Entries.Index == Int {
        let touchedSet = Set(touched)
        var k = 0
        while k < touched.count {
            var b = k
            while b + 1 < touched.count && touched[b + 1] == touched[b] + 1 { b += 1 }
            let run = touched[k]..<(touched[b] + 1)
            let end = try placeRun(run, of: entries, in: container, touched: touchedSet, report: &report)
            // A renumbered window may have taken in later runs.
            k = b + 1
            while k < touched.count && touched[k] < end { k += 1 }
        }
    }

    /// Places one run; returns the end of what it wrote (beyond the run when it renumbered a
    /// window that took in later runs).
    private func placeRun<Entries: RandomAccessCollection<Item>>(_ run: Range<Int>, of entries: Entries, in container: StoreRows.Container,
                                                                 touched: Set<Int>, report: inout Report) throws -> Int where Entries.Index == Int {
        let n = entries.count
        let low = run.lowerBound > 0 ? try key(of: entries[run.lowerBound - 1], in: container) : nil
        let high = run.upperBound < n ? try key(of: entries[run.upperBound], in: container) : nil
        // The entries already stored here, in order between the bounds, may keep their keys.
        var rows: [Stored?] = []
        var candidates: [(offset: Int, key: Int64)] = []
        for (offset, i) in run.enumerated() {
            let row = try stored(entries[i].id)
            rows.append(row)
            if let row, row.container == container, low.map({ row.position > $0 }) ?? true, high.map({ row.position < $0 }) ?? true {
                candidates.append((offset, row.position))
            }
        }
        let kept = Self.longestIncreasing(candidates.map(\.key)).map { candidates[$0] }
        // Keys for the rest, gap by gap between the kept ones.
        var keys = [Int64?](repeating: nil, count: run.count)
        for c in kept { keys[c.offset] = c.key }
        var fits = true
        var start = 0
        var bound = low
        for stop in kept.map(\.offset) + [run.count] {
            let upper = stop < run.count ? keys[stop] : high
            if stop > start {
                guard let fresh = PositionKeys.between(bound, upper, count: stop - start) else { fits = false; break }
                for (j, key) in fresh.enumerated() { keys[start + j] = key }
            }
            bound = upper
            start = stop + 1
        }
        if fits {
            for (offset, i) in run.enumerated() {
                let item = entries[i], key = keys[offset]!
                if let row = rows[offset], row.container == container, row.position == key, row.holds(item) { continue }
                try write(item, in: container, at: key)
                report.rows += 1
            }
            return run.upperBound
        }
        return try renumber(around: run, of: entries, in: container, touched: touched, report: &report)
    }

    /// No room in a gap: spreads the keys of a window around `run` evenly, doubling it (and taking
    /// in any touched run it reaches) until they can be `PositionKeys.minimumSpacing` apart.
    private func renumber<Entries: RandomAccessCollection<Item>>(around run: Range<Int>, of entries: Entries, in container: StoreRows.Container,
                                                                touched: Set<Int>, report: inout Report) throws -> Int where Entries.Index == Int {
        let n = entries.count
        var reach = 1
        while true {
            let a = Swift.max(0, run.lowerBound - reach)
            var b = Swift.min(n, run.upperBound + reach)
            while b < n && touched.contains(b) { b += 1 }
            let low = a > 0 ? try key(of: entries[a - 1], in: container) : nil
            let high = b < n ? try key(of: entries[b], in: container) : nil
            let wide = a == 0 && b == n
            if let keys = PositionKeys.between(low, high, count: b - a, spacing: wide ? 1 : PositionKeys.minimumSpacing)
                ?? (wide ? PositionKeys.fresh(count: b - a) : nil) {
                let setPosition = try db.prepare("UPDATE items SET position = ?2 WHERE id = ?1")
                for (i, key) in zip(a..<b, keys) {
                    if touched.contains(i) {
                        try write(entries[i], in: container, at: key)
                    } else {
                        setPosition.bind(entries[i].id.rawValue, at: 1)
                        setPosition.bind(key, at: 2)
                        try setPosition.run()
                        report.renumbered += 1
                    }
                    report.rows += 1
                }
                return b
            }
            reach *= 2
        }
    }

    /// The stored key of an entry whose row is already right (untouched, or written earlier in
    /// this save).
    private func key(of item: Item, in container: StoreRows.Container) throws -> Int64 {
        guard let row = try stored(item.id), row.container == container else {
            throw Inconsistency(description: "item '\(item.id)' is not stored where the edits left it")
        }
        return row.position
    }

    /// Indices (into `keys`) of a longest strictly increasing subsequence. O(m log m).
    static func longestIncreasing(_ keys: [Int64]) -> [Int] {
        var tails: [Int] = []          // tails[l]: index of the smallest tail of an increasing run of length l+1
        var previous = [Int](repeating: -1, count: keys.count)
        for (i, k) in keys.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if keys[tails[mid]] < k { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var out: [Int] = []
        var i = tails.last ?? -1
        while i >= 0 { out.append(i); i = previous[i] }
        return out.reversed()
    }
}

