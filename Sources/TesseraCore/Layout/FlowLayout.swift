/// A flow grid (seeds 000, 002): items fill lines across the cross axis and lines stack along the
/// scroll axis; each section has an optional header and footer and a background.
///
/// `lineAlignment` `.centered` (the default, as home screens): as many columns as fit with at least
/// `minimumInteritemSpacing` between them, the gaps spread but never beyond
/// `maximumInteritemSpacing`, the block of columns centred, and every line — the last and a
/// section's only one included — on those columns, so they line up across sections. `.justified`
/// (the seed's flow): a full line spread so its first and last items touch the section insets
/// (the gaps grow with the window: 10 to 96 px), the last line keeping the spacing of the line
/// before it. Items in a line are centred across it (lines are as deep as their deepest item).
/// `itemsPerLine` instead fixes the count: item cross size =
/// (available - (N - 1) * minimumInteritemSpacing) / N.
public struct FlowLayout: CollectionLayout, Hashable, Codable {
    public enum LineAlignment: String, Hashable, Sendable, Codable { case centered, justified }

    public enum ItemSizing: Hashable, Sendable, Codable {
        /// Every item has this size.
        case uniform(Size)
        /// Width as given, height = width * the item's aspect hint.
        case fromHint(width: Double)
    }

    public var itemSizing: ItemSizing = .uniform(Size(width: 96, height: 96))
    public var minimumInteritemSpacing: Double = 10
    public var minimumLineSpacing: Double = 10
    public var sectionInsets = Insets(top: 8, left: 16, bottom: 16, right: 16)
    /// Header and footer depth along the scroll axis (0: none). They span the whole cross axis.
    public var headerLength: Double = 36
    public var footerLength: Double = 24
    public var scrollDirection: Axis = .vertical
    /// Exactly this many items per line, sized to fill it (nil: as many as fit).
    public var itemsPerLine: Int?
    public var lineAlignment: LineAlignment = .centered
    /// With `.centered`, the gaps between columns stay at most this wide.
    public var maximumInteritemSpacing: Double = 28

    public init() {}

    public func snapshot(of model: CollectionModel, viewport: Size) -> LayoutSnapshot {
        snapshot(of: model, viewport: viewport, computed: true)
    }

    /// `computed`: uniform items get computed frames (`GridGeometry`); false stores a frame per item
    /// whatever the sizing — the reference the grid is tested against.
    func snapshot(of model: CollectionModel, viewport: Size, computed: Bool) -> LayoutSnapshot {
        if computed, case .uniform = itemSizing { return gridSnapshot(of: model, viewport: viewport) }
        let main = scrollDirection, cross = main.other
        let af = AxisFrame(main: main)
        let insetMainLead = main == .vertical ? sectionInsets.top : sectionInsets.left
        let insetMainTrail = main == .vertical ? sectionInsets.bottom : sectionInsets.right
        let insetCrossLead = main == .vertical ? sectionInsets.left : sectionInsets.top
        let insetCrossTrail = main == .vertical ? sectionInsets.right : sectionInsets.bottom
        let viewCross = Swift.max(1, viewport[cross])
        let available = Swift.max(1, viewCross - insetCrossLead - insetCrossTrail)

        var frames: [Rect] = []
        frames.reserveCapacity(model.topLevelCount)
        var sections: [SectionGeometry] = []
        var index = SpatialIndex()
        var cursor = 0.0

        for section in model.sections {
            let sectionStart = cursor
            let first = frames.count
            var header: Rect?, footer: Rect?
            if headerLength > 0 {
                header = af.rect(main: cursor, cross: 0, mainLength: headerLength, crossLength: viewCross)
                cursor += headerLength
            }
            cursor += insetMainLead
            let itemsStart = cursor
            var reach = 0.0
            index.beginRun(pane: nil, axis: main)
            var i = 0
            var lastSpacing = minimumInteritemSpacing
            let items = section.items
            let fixed = itemsPerLine.map { Swift.max(1, $0) }
            // Centred: one set of columns for every line of the section (and of every section).
            let columns = items.isEmpty || fixed != nil || lineAlignment != .centered ? nil
                : columnGrid(crossSize: size(of: items[0], available: available, fixedCount: nil)[cross], available: available)
            while i < items.count {
                // Gather one line.
                var sizes: [Size] = []
                var used = 0.0
                let fixedCount = itemsPerLine.map { Swift.max(1, $0) }
                while i + sizes.count < items.count {
                    let s = size(of: items[i + sizes.count], available: available, fixedCount: fixedCount)
                    if let n = fixedCount {
                        if sizes.count == n { break }
                    } else if !sizes.isEmpty && used + minimumInteritemSpacing + s[cross] > available + 1e-9 {
                        break
                    }
                    used += (sizes.isEmpty ? 0 : minimumInteritemSpacing) + s[cross]
                    sizes.append(s)
                }
                let isLast = i + sizes.count == items.count
                var spacing = minimumInteritemSpacing
                if fixedCount == nil {
                    if !isLast, sizes.count > 1 {
                        let itemsCross = sizes.reduce(0) { $0 + $1[cross] }
                        spacing = (available - itemsCross) / Double(sizes.count - 1)
                        lastSpacing = spacing
                    } else if isLast {
                        // Keep columns when the last line has room for the previous spacing.
                        let itemsCross = sizes.reduce(0) { $0 + $1[cross] }
                        let fits = itemsCross + lastSpacing * Double(sizes.count - 1) <= available + 1e-9
                        spacing = fits ? lastSpacing : minimumInteritemSpacing
                    }
                }
                var c = insetCrossLead
                if let g = columns, sizes.allSatisfy({ $0[cross] == g.crossSize }) {
                    spacing = g.spacing
                    c += g.lead
                }
                let depth = sizes.reduce(0) { Swift.max($0, $1[main]) }
                for s in sizes {
                    frames.append(af.rect(main: cursor + (depth - s[main]) / 2, cross: c,
                                          mainLength: s[main], crossLength: s[cross]))
                    c += s[cross] + spacing
                    reach = Swift.max(reach, Swift.max(s.width, s.height))
                }
                index.addBand(lo: cursor, hi: cursor + depth, items: (frames.count - sizes.count)..<frames.count)
                i += sizes.count
                cursor += depth + (isLast ? 0 : minimumLineSpacing)
            }
            index.endRun()
            if items.isEmpty {
                // An empty section keeps one line of room, so items can be dropped into it.
                cursor += emptyLineDepth(available: available)
            }
            let itemArea = af.rect(main: itemsStart, cross: 0, mainLength: cursor - itemsStart, crossLength: viewCross)
            cursor += insetMainTrail
            if footerLength > 0 {
                footer = af.rect(main: cursor, cross: 0, mainLength: footerLength, crossLength: viewCross)
                cursor += footerLength
            }
            let background = af.rect(main: sectionStart, cross: 0, mainLength: cursor - sectionStart, crossLength: viewCross)
            sections.append(SectionGeometry(header: header, footer: footer, background: background, itemArea: itemArea,
                                            firstItem: first, itemCount: items.count, pane: nil,
                                            reach: Swift.max(reach, emptyLineDepth(available: available)) + minimumInteritemSpacing + minimumLineSpacing))
        }
        var content = Size.zero
        content[main] = cursor
        content[cross] = viewCross
        let perLineIsOne = itemsPerLine == 1
        return LayoutSnapshot(viewport: viewport, contentSize: content, scrollAxis: main,
                              reorderAxis: perLineIsOne ? main : cross, sections: sections, panes: [],
                              frames: frames, index: index)
    }

    func size(of item: Item, available: Double, fixedCount: Int?) -> Size {
        let cross = scrollDirection.other
        var s: Size
        switch itemSizing {
        case .uniform(let u): s = u
        case .fromHint(let w): s = Size(width: w, height: w * item.sizeHint.aspect)
        }
        if let n = fixedCount {
            let c = Swift.max(1, (available - Double(n - 1) * minimumInteritemSpacing) / Double(n))
            let ratio = s[scrollDirection] / Swift.max(s[cross], 1)
            s[cross] = c
            s[scrollDirection] = c * ratio
        }
        s[cross] = Swift.min(s[cross], available)
        return s
    }

    /// The centred columns for items of cross size `s`: as many as fit with the minimum gap (the
    /// line-breaking rule), the gap spread up to `maximumInteritemSpacing`, and the block's offset
    /// from the inset that centres it.
    func columnGrid(crossSize s: Double, available: Double) -> (crossSize: Double, count: Int, spacing: Double, lead: Double) {
        var n = 0, used = 0.0
        while true {
            let next = used + (n == 0 ? 0 : minimumInteritemSpacing) + s
            if n > 0 && next > available + 1e-9 { break }
            used = next
            n += 1
            if n > 100_000 { break }
        }
        var itemsCross = 0.0
        for _ in 0..<n { itemsCross += s }
        let spread = n > 1 ? (available - itemsCross) / Double(n - 1) : minimumInteritemSpacing
        let spacing = n > 1 ? Swift.min(Swift.max(spread, minimumInteritemSpacing), Swift.max(minimumInteritemSpacing, maximumInteritemSpacing))
            : minimumInteritemSpacing
        let width = itemsCross + spacing * Double(n - 1)
        return (s, n, spacing, Swift.max(0, (available - width) / 2))
    }

    func emptyLineDepth(available: Double) -> Double {
        switch itemSizing {
        case .uniform(let u): u[scrollDirection]
        case .fromHint(let w): w
        }
    }
}
