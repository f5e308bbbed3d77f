import CCairo
import TesseraCore

/// Tiles made from files: an image's picture fills the tile (its title on a shade at the foot);
/// another file shows its type's icon from the desktop's theme; a file gone shows its kind's icon
/// struck through, and one that cannot be shown a placeholder.
extension CellPainter {
    /// Paints the tile's contents from its artwork; false when there is nothing better than the
    /// kind's icon yet (the caller draws that).
    func paintArtwork(_ art: CellArtwork, _ cell: CellNode, slots: ContentSlots, radius: Double,
                      cr: OpaquePointer, pixelScale: Double) -> Bool {
        let f = cell.frame
        let titleStyle: TextStyle = slots.isRow ? .rowTitle : .cellTitle
        switch art.state {
        case .missing:
            icons.draw(cell.icon, in: slots.icon, cr: cr, pixelScale: pixelScale, alpha: 0.45, tint: palette.glyph(cell.color))
            strikeThrough(slots.icon, cr: cr)
            if let label = slots.label { text.draw(cell.title, in: label, style: titleStyle, cr: cr, color: palette.secondaryText) }
            return true
        case .unreadable:
            icons.drawPlaceholder(in: slots.icon, cr: cr)
            if let label = slots.label { text.draw(cell.title, in: label, style: titleStyle, cr: cr) }
            return true
        case .unknown, .picture, .typeIcon:
            let side = Int((max(f.width, f.height) * pixelScale).rounded(.up))
            // Asked even before anything is known: that is what has it made.
            guard let source = artwork, let image = source.image(for: art, pixelSide: side), art.state != .unknown else {
                return false
            }
            if art.state == .typeIcon {
                draw(image, fittedIn: slots.icon, cr: cr)
                if let label = slots.label { text.draw(cell.title, in: label, style: titleStyle, cr: cr) }
                return true
            }
            if slots.isRow {
                // A board row: the picture as a square thumbnail in the icon's place.
                let r = slots.icon
                cairo_save(cr)
                CairoPath.roundedRect(cr, r, radius: r.width * 0.18)
                cairo_clip(cr)
                draw(image, covering: r, cr: cr)
                cairo_restore(cr)
                if let label = slots.label { text.draw(cell.title, in: label, style: titleStyle, cr: cr) }
                return true
            }
            cairo_save(cr)
            CairoPath.roundedRect(cr, f, radius: radius)
            cairo_clip(cr)
            draw(image, covering: f, cr: cr)
            if let label = slots.label, f.height >= 60 {
                // The title stays readable on any picture: white on a shade that fades in at the foot.
                let shadeTop = max(f.minY, label.minY - 14)
                let shade = cairo_pattern_create_linear(0, shadeTop, 0, f.maxY)!
                cairo_pattern_add_color_stop_rgba(shade, 0, 0, 0, 0, 0)
                cairo_pattern_add_color_stop_rgba(shade, 0.45, 0, 0, 0, 0.45)
                cairo_pattern_add_color_stop_rgba(shade, 1, 0, 0, 0, 0.62)
                cairo_rectangle(cr, f.minX, shadeTop, f.width, f.maxY - shadeTop)
                cairo_set_source(cr, shade)
                cairo_fill(cr)
                cairo_pattern_destroy(shade)
                let foot = Rect(x: label.minX, y: f.maxY - label.height - max(5, f.height * 0.04),
                                width: label.width, height: label.height)
                text.draw(cell.title, in: foot, style: titleStyle, cr: cr, color: .white)
            }
            cairo_restore(cr)
            return true
        }
    }

    /// `image` scaled to fill `r` (aspect kept, the overflow cropped by the caller's clip).
    private func draw(_ image: OpaquePointer, covering r: Rect, cr: OpaquePointer) {
        let w = Double(cairo_image_surface_get_width(image)), h = Double(cairo_image_surface_get_height(image))
        guard w > 0, h > 0 else { return }
        let k = max(r.width / w, r.height / h)
        paint(image, at: Point(x: r.midX - w * k / 2, y: r.midY - h * k / 2), scale: k, cr: cr)
    }

    /// `image` scaled to fit in `r` (aspect kept), centred.
    private func draw(_ image: OpaquePointer, fittedIn r: Rect, cr: OpaquePointer) {
        let w = Double(cairo_image_surface_get_width(image)), h = Double(cairo_image_surface_get_height(image))
        guard w > 0, h > 0 else { return }
        let k = min(r.width / w, r.height / h)
        paint(image, at: Point(x: r.midX - w * k / 2, y: r.midY - h * k / 2), scale: k, cr: cr)
    }

    private func paint(_ image: OpaquePointer, at origin: Point, scale k: Double, cr: OpaquePointer) {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        cairo_scale(cr, k, k)
        cairo_set_source_surface(cr, image, 0, 0)
        // Shrinking a picture: GOOD is a box filter, sharp at these sizes; the cell's image is
        // cached, so this runs once per cell, not per frame.
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// A diagonal stroke across a missing file's icon.
    private func strikeThrough(_ r: Rect, cr: OpaquePointer) {
        let inset = r.width * 0.12
        cairo_move_to(cr, r.minX + inset, r.maxY - inset)
        cairo_line_to(cr, r.maxX - inset, r.minY + inset)
        cairo_set_line_width(cr, max(1.5, r.width * 0.06))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        CairoPath.setColor(cr, palette.refusal)
        cairo_stroke(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
    }
}
