/// The built-in sample arrangement the app starts on, and a generator of demo items.
public enum SampleData {
    /// Icons shipped in `assets/icons/` (drawn by `scripts/make-icons.py`).
    public static let icons = ["star", "heart", "cloud", "sun", "moon", "leaf", "music", "camera", "book", "mail",
                               "phone", "map", "gear", "bell", "flag", "home", "chat", "cart", "gift", "clock",
                               "key", "lock", "puzzle", "rocket", "pencil", "palette", "coffee", "film", "globe", "trophy"]

    /// A calm palette for tiles; readable under white glyphs.
    public static let palette = ["#4a90e2", "#50b86c", "#f5a623", "#e94e77", "#9b59b6", "#1abc9c",
                                 "#e67e22", "#34495e", "#d35400", "#16a085", "#c0392b", "#2980b9"]

    /// Three sections (Today / Next / Later), 66 entries with English and Chinese titles, varied
    /// heights for masonry, two folders and some done items: every feature on screen at once.
    public static func model() -> CollectionModel {
        var rng = SeededRandom(seed: 2026)
        var n = 0
        func item(_ title: String, _ icon: String, done: Bool = false) -> Item {
            n += 1
            let aspect = [0.75, 1, 1, 1.25, 1.5, 0.9, 1.35][Int(rng.next() % 7)]
            return Item(id: ItemID("s\(n)"), title: title, icon: icon,
                        color: Color(hex: palette[(n * 5) % palette.count])!,
                        sizeHint: SizeHint(aspect: aspect), done: done)
        }
        func folder(_ id: String, _ title: String, _ children: [Item]) -> Item {
            Item(id: ItemID(id), title: title, icon: "folder", color: Color(hex: "#7f8c8d")!,
                 sizeHint: .square, kind: .folder, children: children)
        }
        let today: [Item] = [
            item("Photos", "camera"), item("日历", "clock"), item("Mail", "mail", done: true),
            folder("travel", "Travel 旅行", [item("Maps", "map"), item("Tickets 车票", "flag"),
                                             item("Hotels", "home"), item("Weather 天气", "sun")]),
            item("音乐播放器", "music"), item("Notes", "pencil"), item("Read later", "book"),
            item("Groceries 购物", "cart"), item("Call Mum", "phone", done: true), item("Gym", "trophy"),
            item("Coffee with Li 喝咖啡", "coffee"), item("Reminders", "bell"), item("Budget 预算", "key"),
            item("Garden", "leaf"), item("Night sky 星空", "moon"), item("Chat", "chat"),
            item("Gift for Wang", "gift"), item("Settings 设置", "gear"), item("Paint", "palette"),
            item("Launch plan", "rocket", done: true), item("Puzzle 拼图", "puzzle"), item("Movies 电影", "film"),
        ]
        let next: [Item] = [
            item("Passwords 密码", "lock"), item("World clock", "globe"), item("Favourites", "star"),
            folder("media", "Media 媒体", [item("Podcasts", "music"), item("Films 影片", "film"),
                                           item("Albums", "camera"), item("Radio 电台", "bell"),
                                           item("Audiobooks", "book")]),
            item("Health 健康", "heart"), item("Forecast", "cloud"), item("Sunrise 日出", "sun"),
            item("Letters", "mail"), item("Sketches 素描", "pencil"), item("Shopping list", "cart"),
            item("Birthday 生日", "gift"), item("Tea time 茶", "coffee"), item("Trophy case", "trophy"),
            item("Rocket club", "rocket"), item("Home 家", "home"), item("Flags of the world", "flag"),
            item("Bookshelf 书架", "book"), item("Keys", "key"), item("Messages 消息", "chat"),
            item("Alarm", "clock", done: true), item("Leaves 树叶", "leaf"),
        ]
        let later: [Item] = [
            item("Stargazing 观星", "star"), item("Photo album", "camera"), item("Piano 钢琴", "music"),
            item("Road trip", "map"), item("Learn Chinese 学中文", "book"), item("Paint the fence", "palette"),
            item("Moon festival 中秋", "moon"), item("Tax papers", "lock"), item("Plant trees 种树", "leaf"),
            item("Call the bank", "phone"), item("Puzzle night", "puzzle"), item("Cinema 影院", "film"),
            item("New bike", "gear"), item("Postcards 明信片", "mail"), item("Globe trotting", "globe"),
            item("Cloud backup 云备份", "cloud"), item("Marathon", "trophy"), item("Surprise party", "gift"),
            item("Heart rate 心率", "heart"), item("Doorbell", "bell"), item("Dinner 晚饭", "coffee"),
        ]
        return CollectionModel(sections: [
            Section(id: "today", title: "Today 今天", items: today),
            Section(id: "next", title: "Next 接下来", items: next),
            Section(id: "later", title: "Later 以后", items: later),
        ])
    }

    /// `count` plain demo items spread over `sections` sections, deterministic for a seed:
    /// varied titles, icons, colours and heights; one item in 23 is done.
    ///
    /// Item i (from 0) is `item-(i+1)`, titled "<word> (i+1)". Built for speed (100,000 items in
    /// a few ms): ids and titles are written digit by digit into inline strings instead of going
    /// through string interpolation, and the palette is parsed once.
    public static func generated(count: Int, sections sectionCount: Int = 3, seed: UInt64 = 1) -> CollectionModel {
        precondition(count >= 0 && sectionCount >= 1)
        var rng = SeededRandom(seed: seed)
        let titles: [[UInt8]] = ["Item", "Note", "Photo", "Task", "项目", "笔记", "照片", "任务"].map { Array(($0 + " ").utf8) }
        let idPrefix = Array("item-".utf8)
        let colours = palette.map { Item.pack(Color(hex: $0)!) }
        let iconNumbers = icons.map(IconNames.number(for:))
        let names = ["Today", "Next", "Later", "Someday", "Archive"]
        let perSection = Swift.max((count + sectionCount - 1) / Swift.max(sectionCount, 1), 1)
        var sections: [Section] = []
        sections.reserveCapacity(sectionCount)
        var i = 0
        for s in 0..<sectionCount {
            let name = s < names.count ? names[s] : "Section \(s + 1)"
            let end = s == sectionCount - 1 ? count : Swift.min(count, i + perSection)
            // A chunk's worth at a time into the section: an array of all of them first would hold
            // every item twice at the peak.
            var items = ItemList()
            var batch: [Item] = []
            batch.reserveCapacity(ItemList.chunkSize)
            while i < end {
                if batch.count == ItemList.chunkSize {
                    items.append(contentsOf: batch)
                    batch.removeAll(keepingCapacity: true)
                }
                let r = rng.next()
                batch.append(Item(id: ItemID(numbered(idPrefix, i + 1)),
                                  title: numbered(titles[Int(r % UInt64(titles.count))], i + 1),
                                  iconNumber: iconNumbers[Int((r >> 8) % UInt64(iconNumbers.count))],
                                  rgba: colours[Int((r >> 16) % UInt64(colours.count))],
                                  sizeHint: SizeHint(aspect: 0.6 + Double((r >> 24) % 100) / 100),
                                  done: i % 23 == 22))
                i += 1
            }
            items.append(contentsOf: batch)
            sections.append(Section(id: "section-\(s + 1)", title: name, items: items))
        }
        return CollectionModel(sections: sections)
    }

    /// `prefix` followed by the decimal digits of `n` (n >= 0), as a String.
    static func numbered(_ prefix: [UInt8], _ n: Int) -> String {
        var digits = 1, m = n
        while m >= 10 { m /= 10; digits += 1 }
        return String(unsafeUninitializedCapacity: prefix.count + digits) { buffer in
            for (k, b) in prefix.enumerated() { buffer[k] = b }
            var v = n, k = prefix.count + digits - 1
            repeat {
                buffer[k] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10; k -= 1
            } while v > 0
            return prefix.count + digits
        }
    }
}
