/// The flow layout of uniform items, computed from counts: O(sections) whatever the number of
/// items, and no frame stored per item. It places items exactly as the line-by-line pass does
/// (same line breaks, spreading and last-line rule), only by multiplication instead of running sums.
extension FlowLayout {
    func gridSnapshot(of model: CollectionModel, viewport: Size) -> LayoutSnapshot {
        let main = scrollDirection, cross = main.other
        let af = AxisFrame(main: main)
        let insetMainLead = main == .vertical ? sectionInsets.top : sectionInsets.left
        let insetMainTrail = main == .vertical ? sectionInsets.bottom : sectionInsets.right
        let insetCrossLead = main == .vertical ? sectionInsets.left : sectionInsets.top
        let insetCrossTrail = main == .vertical ? sectionInsets.right : sectionInsets.bottom
        let viewCross = Swift.max(1, viewport[cross])
        let available = Swift.max(1, viewCross - insetCrossLead - insetCrossTrail)
        let fixedCount = itemsPerLine.map { Swift.max(1, $0) }
        // Every item has this size (the sizing is uniform; no hint is read).
        let size = self.size(of: Item(id: "", title: "", icon: "", rgba: 0), available: available, fixedCount: fixedCount)
        let emptyDepth = emptyLineDepth(available: available)
        let centredColumns = fixedCount == nil && lineAlignment == .centered
            ? columnGrid(crossSize: size[cross], available: available) : nil

        var sections: [SectionGeometry] = []
        var grids: [GridGeometry] = []
        sections.reserveCapacity(model.sections.count)
        grids.reserveCapacity(model.sections.count)
        var cursor = 0.0
        var first = 0
        for section in model.sections {
            let count = section.items.count
            let sectionStart = cursor
            var header: Rect?, footer: Rect?
            if headerLength > 0 {
                header = af.rect(main: cursor, cross: 0, mainLength: headerLength, crossLength: viewCross)
                cursor += headerLength
            }
            cursor += insetMainLead
            let itemsStart = cursor
            var line = lineShape(count: count, size: size[cross], available: available, fixedCount: fixedCount)
            var lead = insetCrossLead
            if let g = centredColumns, count > 0 {
                line.spacing = g.spacing
                line.lastSpacing = g.spacing
                lead += g.lead
            }
            let grid = GridGeometry(count: count, perLine: line.perLine, main: main, pane: nil, itemSize: size,
                                    itemsStart: itemsStart, linePitch: size[main] + minimumLineSpacing,
                                    crossLead: lead, crossPitch: size[cross] + line.spacing,
                                    lastCrossPitch: size[cross] + line.lastSpacing)
            let lines = grid.lineCount
            cursor += lines == 0 ? emptyDepth : Double(lines) * size[main] + Double(lines - 1) * minimumLineSpacing
            let itemArea = af.rect(main: itemsStart, cross: 0, mainLength: cursor - itemsStart, crossLength: viewCross)
            cursor += insetMainTrail
            if footerLength > 0 {
                footer = af.rect(main: cursor, cross: 0, mainLength: footerLength, crossLength: viewCross)
                cursor += footerLength
            }
            let background = af.rect(main: sectionStart, cross: 0, mainLength: cursor - sectionStart, crossLength: viewCross)
            let reach = count > 0 ? Swift.max(size.width, size.height) : 0
            sections.append(SectionGeometry(header: header, footer: footer, background: background, itemArea: itemArea,
                                            firstItem: first, itemCount: count, pane: nil,
                                            reach: Swift.max(reach, emptyDepth) + minimumInteritemSpacing + minimumLineSpacing))
            grids.append(grid)
            first += count
        }
        var content = Size.zero
        content[main] = cursor
        content[cross] = viewCross
        return LayoutSnapshot(viewport: viewport, contentSize: content, scrollAxis: main,
                              reorderAxis: itemsPerLine == 1 ? main : cross, sections: sections, panes: [], grids: grids)
    }

    /// How uniform items of cross size `s` fill lines: as many as fit (or `fixedCount`), the spacing
    /// of a full line (spread to the insets) and of the last line (the full lines' spacing when it
    /// fits, else the minimum) — the same arithmetic, in the same order, as the line-by-line pass.
    func lineShape(count: Int, size s: Double, available: Double, fixedCount: Int?)
        -> (perLine: Int, spacing: Double, lastSpacing: Double) {
        guard count > 0 else { return (1, minimumInteritemSpacing, minimumInteritemSpacing) }
        var perLine = 0, used = 0.0
        while perLine < count {
            if let n = fixedCount {
                if perLine == n { break }
            } else if perLine > 0 && used + minimumInteritemSpacing + s > available + 1e-9 {
                break
            }
            used += (perLine == 0 ? 0 : minimumInteritemSpacing) + s
            perLine += 1
        }
        if fixedCount != nil { return (perLine, minimumInteritemSpacing, minimumInteritemSpacing) }
        func itemsCross(_ n: Int) -> Double {
            var sum = 0.0
            for _ in 0..<n { sum += s }
            return sum
        }
        let lines = (count - 1) / perLine + 1
        // Full lines (all but the last) spread; the last keeps their spacing when it fits.
        var spread = minimumInteritemSpacing
        if lines > 1 && perLine > 1 { spread = (available - itemsCross(perLine)) / Double(perLine - 1) }
        let lastCount = count - (lines - 1) * perLine
        let fits = itemsCross(lastCount) + spread * Double(lastCount - 1) <= available + 1e-9
        return (perLine, spread, fits ? spread : minimumInteritemSpacing)
    }
}
