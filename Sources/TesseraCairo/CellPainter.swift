import CCairo
import TesseraCore

/// Draws one ``CellNode``: tile, icon or folder mini-grid, title, and the state decorations
/// (pressed, selected, done, lifted, drop target, dwell progress) under its transform.
struct CellPainter {
    let icons: IconCache
    let text: TextRenderer
    let masks: RoundedRectMasks
    /// The colours; `SceneRenderer` sets it from each scene (and drops the images painted with another).
    var palette = Palette.light
    /// Pictures and type icons of tiles made from files (`SceneRenderer.artwork`).
    var artwork: ArtworkSource?

    /// Draws `cell`; `pixelScale` is device pixels per logical pixel.
    func paint(_ cell: CellNode, cr: OpaquePointer, pixelScale: Double) {
        let f = cell.frame
        guard !f.isEmpty, cell.alpha > 0.001, cell.scale > 0.001 else { return }
        let radius = min(f.width, f.height) * Theme.cornerFraction
        // A done item is dimmed; in high contrast (nothing translucent) its grey and check say it.
        underTransform(of: cell, alpha: cell.alpha * (cell.isDone && !palette.isHighContrast ? 0.5 : 1), cr) {
            paintLayers(cell, radius: radius, cr: cr, pixelScale: pixelScale)
        }
    }

    /// Draws `cell` as its bare tile, its shape in its colour without icon or title, under its
    /// transform: what a tile new to the window shows for the frame or so until idle time has
    /// painted it (``CellImageCache/drawTransformed(_:cr:pixelScale:paint:placeholder:)``).
    func paintPlaceholder(_ cell: CellNode, cr: OpaquePointer) {
        let f = cell.frame
        guard !f.isEmpty, cell.alpha > 0.001, cell.scale > 0.001 else { return }
        let radius = min(f.width, f.height) * Theme.cornerFraction
        underTransform(of: cell, alpha: cell.alpha, cr) { paintTileFace(cell, radius: radius, cr: cr) }
    }

    /// Whether `cell` can be drawn as a ``TileMorph`` while its size animates: a tile whose image
    /// is a face of one colour with content on it (``morphs(_:)``), and no outline (high contrast).
    func canMorph(_ cell: CellNode) -> Bool { Self.morphs(cell) && !palette.isHighContrast }

    /// A folder's ring as a morph strokes it (premultiplied ARGB).
    var folderRingPixel: UInt32 { DirectBlit.pixel(palette.folderRing) }

    /// Whether `cell`'s image is nothing but a face of one colour (a done tile's grey and half
    /// transparent; a folder's translucent, with its ring along the edge and its count badge in
    /// the corner) with its content on it, at scale 1, upright: what a morph redraws.
    static func morphs(_ cell: CellNode) -> Bool {
        let decorated = cell.isSelected || cell.isMarked || cell.isDropTarget || cell.isRefused || cell.dwellProgress != nil
        return cell.artwork == nil && !cell.isPressed && !cell.isLifted && cell.stackCount == 0
            && (cell.paintMargin == CellNode.plainMargin || (cell.isFolder && !decorated))
            && cell.scale == 1 && cell.rotation == 0 && cell.alpha == 1
    }

    /// Draws only a raised cell's shadow (and, on a dark surface, its light edge), untransformed:
    /// what a snapshot made from the cell's resting image lays under it (`SceneRenderer`).
    func paintRaisedShadow(_ cell: CellNode, cr: OpaquePointer) {
        let f = cell.frame
        paintLiftShadow(f, radius: min(f.width, f.height) * Theme.cornerFraction, cr: cr)
    }

    /// Draws only what changes every frame of a dwell (its progress ring) over a cell drawn from
    /// its resting image, under the same scale, rotation and alpha as ``paint(_:cr:pixelScale:)``.
    func paintDwellOverlay(_ cell: CellNode, cr: OpaquePointer) {
        guard let progress = cell.dwellProgress, cell.scale > 0.001, cell.alpha > 0.001 else { return }
        let f = cell.frame
        underTransform(of: cell, alpha: cell.alpha, cr) {
            paintDwell(f, radius: min(f.width, f.height) * Theme.cornerFraction, progress: progress, cr: cr)
        }
    }

    /// Draws only a marked cell's mark over the cell as it looks unmarked (its cached image), under
    /// the same transform as ``paint(_:cr:pixelScale:)``: see `CellImageCache.plainImage(under:pixelScale:)`.
    func paintMarkOverlay(_ cell: CellNode, cr: OpaquePointer) {
        let f = cell.frame
        guard !f.isEmpty, cell.alpha > 0.001, cell.scale > 0.001 else { return }
        underTransform(of: cell, alpha: cell.alpha, cr) {
            paintMark(f, radius: min(f.width, f.height) * Theme.cornerFraction, cr: cr)
        }
    }

    /// Marked: a tint, a stronger ring than the focus's, and the check badge.
    private func paintMark(_ f: Rect, radius: Double, cr: OpaquePointer) {
        masks.fill(cr, f, radius: radius, color: palette.accent.withAlpha(0.12))
        ring(f.insetBy(dx: -3, dy: -3), radius: radius + 3, width: palette.ringWidth + 1, color: palette.accent, cr: cr)
        paintMarkBadge(f, cr: cr)
    }

    /// Runs `body` under `cell`'s scale and rotation, composited at `alpha` when below 1.
    private func underTransform(of cell: CellNode, alpha: Double, _ cr: OpaquePointer, _ body: () -> Void) {
        let f = cell.frame
        cairo_save(cr)
        CairoPath.applyTransform(of: cell, cr)
        let grouped = alpha < 1
        if grouped {
            // A group is as large as the clip: bound it to the cell, or it costs a whole window.
            let m = cell.paintMargin
            cairo_rectangle(cr, f.minX - m, f.minY - m, f.width + 2 * m, f.height + 2 * m)
            cairo_clip(cr)
            cairo_push_group(cr)
        }
        body()
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }

    /// Everything a cell paints, in its own (untransformed) space, bottom to top.
    private func paintLayers(_ cell: CellNode, radius: Double, cr: OpaquePointer, pixelScale: Double) {
        let f = cell.frame
        if cell.isLifted { paintLiftShadow(f, radius: radius, cr: cr) }
        if cell.isDropTarget { paintGlow(f, radius: radius, cr: cr) }
        if cell.isFolder {
            paintFolder(cell, radius: radius, cr: cr, pixelScale: pixelScale)
        } else {
            paintTile(cell, radius: radius, cr: cr, pixelScale: pixelScale)
        }
        if cell.isPressed {
            masks.fill(cr, f, radius: radius, color: Color.black.withAlpha(0.14))
        }
        if cell.isDone {
            desaturate(f, radius: radius, cr: cr)
            paintCheckBadge(f, cr: cr)
        } else if cell.showsCheck {
            paintEmptyCheck(f, cr: cr)
        }
        if cell.isMarked {
            paintMark(f, radius: radius, cr: cr)
        } else if cell.isSelected || cell.isDropTarget {
            ring(f.insetBy(dx: -3, dy: -3), radius: radius + 3, width: palette.ringWidth + (cell.isDropTarget ? 0.5 : 0),
                 color: palette.accent, cr: cr)
        }
        // Over the ring: a badge says something, the ring only frames.
        if cell.isFolder && cell.folderCount > 0 && cell.stackCount == 0 { paintCountBadge(cell.folderCount, f, cr: cr) }
        if cell.stackCount > 1 { paintCountBadge(cell.stackCount, f, fill: palette.accentFill, cr: cr) }
        if cell.isRefused {
            ring(f.insetBy(dx: -3, dy: -3), radius: radius + 3, width: palette.ringWidth + 0.5, color: palette.refusal, cr: cr)
        }
        if let progress = cell.dwellProgress { paintDwell(f, radius: radius, progress: progress, cr: cr) }
    }

    // MARK: Tile and contents

    /// A tile's shade, fill and outline: everything of it but its contents.
    private func paintTileFace(_ cell: CellNode, radius: Double, cr: OpaquePointer) {
        let f = cell.frame
        // A hairline of shade under the tile gives it a little depth without a stroke.
        if palette.tileShade.alpha > 0 {
            masks.fill(cr, f.offsetBy(dx: 0, dy: 1), radius: radius, color: palette.tileShade)
        }
        masks.fill(cr, f, radius: radius, color: palette.tileFill(cell.color, hovered: cell.isHovered))
        paintOutline(f, radius: radius, cr: cr)
    }

    private func paintTile(_ cell: CellNode, radius: Double, cr: OpaquePointer, pixelScale: Double) {
        let f = cell.frame
        paintTileFace(cell, radius: radius, cr: cr)
        let slots = ContentSlots(frame: f)
        if let art = cell.artwork, paintArtwork(art, cell, slots: slots, radius: radius, cr: cr, pixelScale: pixelScale) {
            return
        }
        if cell.icon.isEmpty {
            paintInitial(of: cell.title, in: slots.icon, color: palette.glyph(cell.color), cr: cr)
        } else {
            icons.draw(cell.icon, in: slots.icon, cr: cr, pixelScale: pixelScale, tint: palette.glyph(cell.color))
        }
        if let label = slots.label {
            text.draw(cell.title, in: label, style: slots.isRow ? .rowTitle : .cellTitle, cr: cr)
        }
    }

    private func paintFolder(_ cell: CellNode, radius: Double, cr: OpaquePointer, pixelScale: Double) {
        let f = cell.frame
        let fill = palette.tileFill(cell.color, hovered: cell.isHovered)
        masks.fill(cr, f, radius: radius, color: palette.isHighContrast ? fill : fill.withAlpha(0.55))
        ring(f.insetBy(dx: 0.5, dy: 0.5), radius: radius - 0.5, width: 1, color: palette.folderRing, cr: cr)
        paintOutline(f, radius: radius, cr: cr)
        let slots = Self.folderSlots(in: f)
        let grid = slots.icon
        let gap = grid.width * 0.06
        let mini = (grid.width - 2 * gap) / 3
        for (i, entry) in cell.folderPreview.prefix(9).enumerated() {
            let r = Rect(x: grid.minX + Double(i % 3) * (mini + gap), y: grid.minY + Double(i / 3) * (mini + gap),
                         width: mini, height: mini)
            CairoPath.fillRoundedRect(cr, r, radius: mini * 0.22, color: palette.miniTile(entry.color))
            guard !entry.icon.isEmpty else { continue }   // a new item's: its colour alone
            icons.draw(entry.icon, in: r.insetBy(dx: mini * 0.16, dy: mini * 0.16), cr: cr, pixelScale: pixelScale,
                       tint: palette.glyph(entry.color))
        }
        if let label = slots.label {
            text.draw(cell.title, in: label, style: slots.isRow ? .rowTitle : .cellTitle, cr: cr)
        }
    }

    /// Where a folder's mini grid and title go: the title exactly where a plain tile's is (one line
    /// of titles across a row of tiles); the grid a little larger than an icon, growing upwards
    /// from the icon's bottom. In a row-shaped tile (a board row), the grid takes the row icon's
    /// place and size.
    static func folderSlots(in f: Rect) -> ContentSlots {
        var slots = ContentSlots(frame: f)
        guard !slots.isRow else { return slots }
        let side = slots.icon.width * (Theme.iconFraction + 0.08) / Theme.iconFraction
        let top = Swift.max(f.minY + 4, slots.icon.maxY - side)
        let s = slots.icon.maxY - top
        slots.icon = Rect(x: f.midX - s / 2, y: top, width: s, height: s)
        return slots
    }

    // MARK: Decorations

    /// A soft drop shadow: six translucent rounded rects, each a little larger and lower, so their
    /// overlap darkens towards the middle (alpha adds up to about 0.27 under the tile's centre).
    private func paintLiftShadow(_ f: Rect, radius: Double, cr: OpaquePointer) {
        for i in 0..<6 {
            let grow = -2 + Double(i) * 2
            let r = f.insetBy(dx: -grow, dy: -grow).offsetBy(dx: 0, dy: 5 + Double(i) * 1.2)
            CairoPath.fillRoundedRect(cr, r, radius: radius + grow, color: palette.liftShadow)
        }
        // On a dark surface a shadow barely shows: a faint light edge lifts the tile instead.
        if palette.liftEdge.alpha > 0 {
            ring(f.insetBy(dx: -0.5, dy: -0.5), radius: radius + 0.5, width: 1, color: palette.liftEdge, cr: cr)
        }
    }

    /// A faint accent halo around a drop target.
    private func paintGlow(_ f: Rect, radius: Double, cr: OpaquePointer) {
        for (grow, a) in [(9.0, 0.08), (6.0, 0.14), (3.5, 0.22)] {
            CairoPath.fillRoundedRect(cr, f.insetBy(dx: -grow, dy: -grow), radius: radius + grow,
                                      color: palette.accent.withAlpha(a))
        }
    }

    /// High contrast: a solid line around the tile (clear, and skipped, in the other palettes).
    private func paintOutline(_ f: Rect, radius: Double, cr: OpaquePointer) {
        guard palette.tileOutline.alpha > 0 else { return }
        ring(f.insetBy(dx: 0.75, dy: 0.75), radius: Swift.max(0, radius - 0.75), width: 1.5, color: palette.tileOutline, cr: cr)
    }

    private func ring(_ r: Rect, radius: Double, width: Double, color: Color, cr: OpaquePointer) {
        CairoPath.roundedRect(cr, r, radius: radius)
        CairoPath.setColor(cr, color)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }

    /// Removes the colour from the tile area (everything drawn inside it so far).
    private func desaturate(_ f: Rect, radius: Double, cr: OpaquePointer) {
        cairo_save(cr)
        CairoPath.roundedRect(cr, f.insetBy(dx: -1, dy: -1), radius: radius + 1)
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_HSL_SATURATION)
        cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// A progress ring that follows the tile's outline clockwise from the top centre;
    /// drawn length = progress * perimeter.
    private func paintDwell(_ f: Rect, radius: Double, progress: Double, cr: OpaquePointer) {
        let r = f.insetBy(dx: -5, dy: -5)
        let rad = radius + 5
        CairoPath.roundedRect(cr, r, radius: rad)
        CairoPath.setColor(cr, palette.accent.withAlpha(0.18))
        cairo_set_line_width(cr, 3)
        cairo_stroke(cr)
        let p = min(max(progress, 0), 1)
        guard p > 0 else { return }
        let perimeter = CairoPath.roundedRectPerimeter(r, radius: rad)
        var dashes = [p * perimeter, perimeter + 1]
        CairoPath.roundedRectFromTop(cr, r, radius: rad)
        cairo_set_dash(cr, &dashes, 2, 0)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        CairoPath.setColor(cr, palette.accent)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
    }

    /// An item with no icon (one just added): the first character of its title, large, in the
    /// icon's colour and place — a tile that looks meant, not a missing picture.
    func paintInitial(of title: String, in slot: Rect, color: Color, cr: OpaquePointer) {
        guard let first = title.first(where: { !$0.isWhitespace }) else { return }
        let k = slot.height / 48
        cairo_save(cr)
        cairo_translate(cr, slot.midX, slot.midY)
        cairo_scale(cr, k, k)
        text.draw(String(first).uppercased(), in: Rect(x: -40, y: -24, width: 80, height: 48), style: .initial, cr: cr, color: color)
        cairo_restore(cr)
    }

    /// Where a click marks the item done: a white circle with a grey ring.
    private func paintEmptyCheck(_ f: Rect, cr: OpaquePointer) {
        let box = CheckMark.circle(in: f)
        let r = box.width / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, box.midX, box.midY, r - 0.75, 0, 2 * Double.pi)
        CairoPath.setColor(cr, palette.checkFill)
        cairo_fill_preserve(cr)
        CairoPath.setColor(cr, palette.secondaryText)
        cairo_set_line_width(cr, 1.5)
        cairo_stroke(cr)
    }

    /// A done item's badge: a green circle with a white check (`CheckMark.circle`).
    private func paintCheckBadge(_ f: Rect, cr: OpaquePointer) {
        paintCheckedCircle(CheckMark.circle(in: f), fill: palette.doneBadgeFill, whiteEdge: 0, cr: cr)
    }

    /// A marked item's badge: a white-edged accent circle with a white check (`CheckMark.markBadge`).
    private func paintMarkBadge(_ f: Rect, cr: OpaquePointer) {
        paintCheckedCircle(CheckMark.markBadge(in: f), fill: palette.accentFill, whiteEdge: 1.5, cr: cr)
    }

    /// A filled circle in `box` with a white check, edged in white `whiteEdge` wide.
    private func paintCheckedCircle(_ box: Rect, fill: Color, whiteEdge: Double, cr: OpaquePointer) {
        let r = box.width / 2
        let c = Point(x: box.midX, y: box.midY)
        if whiteEdge > 0 {
            cairo_new_sub_path(cr)
            cairo_arc(cr, c.x, c.y, r + whiteEdge, 0, 2 * Double.pi)
            CairoPath.setColor(cr, palette.badgeEdge)
            cairo_fill(cr)
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, c.x, c.y, r, 0, 2 * Double.pi)
        CairoPath.setColor(cr, fill)
        cairo_fill(cr)
        cairo_move_to(cr, c.x - r * 0.45, c.y + r * 0.02)
        cairo_line_to(cr, c.x - r * 0.1, c.y + r * 0.38)
        cairo_line_to(cr, c.x + r * 0.5, c.y - r * 0.35)
        cairo_set_line_width(cr, max(1.5, r * 0.26))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        CairoPath.setColor(cr, palette.onFill)
        cairo_stroke(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    }

    private func paintCountBadge(_ count: Int, _ f: Rect, fill: Color? = nil, cr: OpaquePointer) {
        let label = Self.badgeLabel(count)
        let r = Self.countBadge(label, on: f)
        let h = r.height
        CairoPath.fillRoundedRect(cr, r.insetBy(dx: -1.5, dy: -1.5), radius: h / 2 + 1.5, color: palette.badgeEdge)
        CairoPath.fillRoundedRect(cr, r, radius: h / 2, color: fill ?? palette.badgeFill)
        text.draw(label, in: r, style: .badge, cr: cr)
    }

    static func badgeLabel(_ count: Int) -> String { count > 99 ? "99+" : String(count) }

    /// Where a count badge reading `label` sits on tile `f` (over its top-right corner; its edge
    /// reaches 1.5 px further).
    static func countBadge(_ label: String, on f: Rect) -> Rect {
        let h = 18.0
        let w = max(h, 8 + Double(label.count) * 6.5)
        return Rect(x: f.maxX - w + 5, y: f.minY - 5, width: w, height: h)
    }
}

/// Where the icon and the title go inside a tile.
///
/// Square-ish tiles stack an icon (``Theme/iconFraction`` of the shorter side) over a one-line
/// title, the pair centred vertically; tiles wider than 1.6 x their height put the icon at the
/// leading edge and the title beside it.
struct ContentSlots {
    var icon: Rect
    var label: Rect?
    var isRow: Bool

    init(frame f: Rect, iconFraction: Double = Theme.iconFraction) {
        let side = min(f.width, f.height)
        if CheckMark.isRow(f) {
            isRow = true
            let s = f.height * 0.6
            let pad = (f.height - s) / 2
            // After the done check at the row's start.
            icon = Rect(x: f.minX + CheckMark.rowLead(in: f), y: f.minY + pad, width: s, height: s)
            let x = icon.maxX + pad
            label = f.maxX - pad - x >= 8 ? Rect(x: x, y: f.minY, width: f.maxX - pad - x, height: f.height) : nil
            return
        }
        isRow = false
        let s = side * iconFraction
        let hasLabel = side >= 44
        let labelHeight = hasLabel ? 16.0 : 0
        let gap = hasLabel ? side * 0.05 : 0
        let top = f.minY + max(side * 0.08, (f.height - s - gap - labelHeight) / 2 - side * 0.02)
        icon = Rect(x: f.midX - s / 2, y: top, width: s, height: s)
        let pad = max(4, f.width * 0.07)
        label = hasLabel ? Rect(x: f.minX + pad, y: icon.maxY + gap, width: f.width - 2 * pad, height: labelHeight) : nil
    }
}
