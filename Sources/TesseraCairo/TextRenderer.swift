import CCairo
import CPango
import TesseraCore

/// Sets one-line text with Pango (font fallback, so Chinese works) and keeps the layouts.
///
/// Layouts are cached per (text, width, style) in a bounded LRU, so a steady frame only paints
/// glyphs. Hint metrics are off, so a layout measured in logical pixels stays valid at any HiDPI
/// scale or transform.
final class TextRenderer {
    struct Key: Hashable {
        var text: String
        /// Available width in whole logical pixels.
        var width: Int
        var style: TextStyle
    }

    /// A ready layout and its logical height in logical pixels.
    struct Layout {
        var layout: OpaquePointer
        var height: Double
    }

    private let context: OpaquePointer
    private var fonts: [TextStyle: OpaquePointer] = [:]
    /// How far the field being typed is scrolled sideways, and which field (by its frame): kept
    /// from frame to frame so the text moves only when the caret would leave the field.
    private var fieldScroll: (frame: Rect, shift: Double)?
    private let layouts: LRUCache<Key, Layout>
    /// The colours text is drawn in (layouts hold no colour: changing it keeps them).
    var palette = Palette.light
    /// The desktop's UI font (`Scene.uiFont`); a change drops the fonts and layouts made with the old.
    var uiFont: String? {
        didSet {
            guard uiFont != oldValue else { return }
            layouts.removeAll()
            for font in fonts.values { pango_font_description_free(font) }
            fonts.removeAll()
            typeface = Self.typeface(uiFont)
        }
    }
    /// The families and the size factor `uiFont` gives.
    private var typeface = TextRenderer.typeface(nil)

    /// Layouts are only needed while a cell's image is painted (cells are then blitted from the
    /// image cache, which holds a screenful), and by the few labels drawn every frame (headers,
    /// footers), so a small cache keeps those; a cell painted again is shaped again (tens of µs),
    /// rather than a screenful of shaped text (most of a megabyte) kept for it.
    init(capacity: Int = 64) {
        let fontMap = pango_cairo_font_map_get_default()!
        context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 96)
        layouts = LRUCache(capacity: capacity) { g_object_unref(UnsafeMutableRawPointer($0.layout)) }
    }

    deinit {
        layouts.removeAll()
        for font in fonts.values { pango_font_description_free(font) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The cached layout for `text` set in `style`, ellipsised at the end to fit `width`.
    func layout(_ text: String, width: Double, style: TextStyle) -> Layout {
        let key = Key(text: text, width: max(1, Int(width.rounded(.down))), style: style)
        if let hit = layouts[key] { return hit }
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, font(for: style))
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_width(layout, Int32(key.width) * Int32(PANGO_SCALE))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_alignment(layout, style.isCentered ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT)
        pango_layout_set_text(layout, text, -1)
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        let entry = Layout(layout: layout, height: Double(h))
        layouts.insert(entry, for: key)
        return entry
    }

    /// Draws `text` on one line inside `rect`: horizontally by the style's alignment, vertically centred.
    func draw(_ text: String, in rect: Rect, style: TextStyle, cr: OpaquePointer, color: Color? = nil,
              alpha: Double = 1) {
        guard !text.isEmpty, rect.width >= 1 else { return }
        let entry = layout(text, width: rect.width, style: style)
        CairoPath.setColor(cr, color ?? style.color(in: palette), alpha: alpha)
        cairo_move_to(cr, rect.minX, rect.midY - entry.height / 2)
        pango_cairo_show_layout(cr, entry.layout)
    }

    /// A title being typed: a white box with the accent's ring, the text on one line with the
    /// selection behind it and the caret, scrolled sideways so the caret stays in view (a long
    /// title scrolls inside the field). Laid out afresh each time (it changes with every key).
    /// A field's text laid out as `drawField` draws it: where its first character starts and how
    /// tall it is. The text scrolls sideways only as far as the caret needs: it keeps the scroll it
    /// was drawn with while the caret stays in view, so moving the caret back through a long title
    /// does not jump the text (`scrolling`: draw and remember; else measure as last drawn).
    private func withFieldLayout<R>(_ field: FieldNode, scrolling: Bool,
                                    _ body: (OpaquePointer, Point, Int32, (Int) -> Double) -> R) -> R {
        let f = field.frame
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, font(for: .rowTitle))
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_text(layout, field.text, -1)
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        func x(atCharacter n: Int) -> Double {
            var pos = PangoRectangle()
            pango_layout_index_to_pos(layout, Int32(field.text.prefix(n).utf8.count), &pos)
            return Double(pos.x) / Double(PANGO_SCALE)
        }
        let pad = 8.0, inner = f.width - 2 * pad
        let caretX = x(atCharacter: field.caret)
        var shift = fieldScroll.map { $0.frame == f ? $0.shift : 0 } ?? 0
        if scrolling {
            if caretX - shift > inner - 2 { shift = caretX - inner + 2 }   // past the right edge
            if caretX - shift < 0 { shift = caretX }                        // before the left edge
            shift = Swift.max(0, Swift.min(shift, Double(w) - inner + 2))   // no space left over at the end
            fieldScroll = (f, shift)
        }
        return body(layout, Point(x: f.minX + pad - shift, y: f.midY - Double(h) / 2), h, x(atCharacter:))
    }

    /// The character boundary nearest window x `x` in `field` as drawn: where a click puts the caret.
    func characterIndex(in field: FieldNode, atX x: Double) -> Int {
        withFieldLayout(field, scrolling: false) { layout, origin, _, _ in
            var index: Int32 = 0, trailing: Int32 = 0
            pango_layout_xy_to_index(layout, Int32(((x - origin.x) * Double(PANGO_SCALE)).rounded()), 0, &index, &trailing)
            let utf8 = Array(field.text.utf8)
            let before = String(decoding: utf8.prefix(Swift.max(0, Swift.min(Int(index), utf8.count))), as: UTF8.self).count
            // Past the middle of a character (its trailing edge): after it.
            return Swift.min(field.text.count, before + (trailing > 0 ? 1 : 0))
        }
    }

    func drawField(_ field: FieldNode, cr: OpaquePointer) {
        let f = field.frame
        CairoPath.fillRoundedRect(cr, f.insetBy(dx: -2, dy: -2), radius: 8, color: palette.accent)
        CairoPath.fillRoundedRect(cr, f, radius: 6, color: palette.fieldBackground)
        withFieldLayout(field, scrolling: true) { layout, origin, h, x in drawFieldText(field, layout: layout, origin: origin, height: h, x: x, cr: cr) }
    }

    private func drawFieldText(_ field: FieldNode, layout: OpaquePointer, origin: Point, height h: Int32, x: (Int) -> Double,
                               cr: OpaquePointer) {
        let f = field.frame
        let caretX = x(field.caret)
        cairo_save(cr)
        cairo_rectangle(cr, f.minX + 2, f.minY, f.width - 4, f.height)
        cairo_clip(cr)
        if !field.selection.isEmpty {
            let a = x(field.selection.lowerBound), b = x(field.selection.upperBound)
            CairoPath.setColor(cr, palette.accent.withAlpha(palette.isDark ? 0.45 : 0.28))
            cairo_rectangle(cr, origin.x + Swift.min(a, b), origin.y, abs(b - a), Double(h))
            cairo_fill(cr)
        }
        CairoPath.setColor(cr, palette.text)
        cairo_move_to(cr, origin.x, origin.y)
        pango_cairo_show_layout(cr, layout)
        cairo_rectangle(cr, (origin.x + caretX).rounded(.down), origin.y, 1.5, Double(h))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Lays out and renders a sample in the regular styles, so fontconfig, the regular face (Noto
    /// Sans CJK) and its common glyphs are loaded before the first frame needs them. The bold face
    /// loads with the first scene that has bold text (`loadFonts(usedIn:)`): it costs megabytes a
    /// collection without headers or folders never uses.
    func loadFonts() { warm([.cellTitle, .label(.footer)]) }

    /// Loads the faces `scene`'s text needs beyond the regular ones: its labels' styles, and the
    /// badges' if it shows a folder.
    func loadFonts(usedIn scene: Scene) {
        var styles = Set<TextStyle>()
        for node in scene.nodes {
            switch node {
            case .label(let l): styles.insert(.label(l.style))
            case .cell(let c) where c.isFolder && c.folderCount > 0: styles.insert(.badge)
            default: break
            }
        }
        warm(Array(styles.subtracting([.cellTitle, .label(.footer)])))
    }

    /// Loads the faces of the label `styles` not set yet: a layout switch's, in the idle time
    /// before its first frame (`Scene.upcomingLabelStyles`). A bold one loads the bold face.
    func loadFonts(for styles: [LabelNode.Style]) {
        warm(styles.map { TextStyle.label($0) }.filter { !warmedStyles.contains($0) })
    }

    /// Loads the faces of the text that comes with the first edits: the toast a drop shows, and
    /// the count badge of a group's stack (and of folders, when none was on the first screen).
    func loadInteractionFonts() { warm([.label(.toast), .badge]) }

    /// Styles later interactions set that the first screens may not have: each is set once in
    /// idle time after start-up (``warmNextStyle()``), so the frame that first shows it does not
    /// load that size of a face (the first switch to a board set its list titles in its frame:
    /// 8.9 ms). A bold one only when the bold face is in already: a collection without headers
    /// never loads it (see `TextStyle.families`); its file is read ahead instead (``FontReadAhead``).
    private var coldStyles: [TextStyle] = [.label(.listTitle), .rowTitle, .label(.menuItem), .label(.folderTitle),
                                           .label(.addRow), .label(.detailTitle), .label(.caption), .label(.banner)]
    private(set) var warmedStyles = Set<TextStyle>()
    /// The bold face's file, once ``warmNextStyle()`` has asked for it to be read ahead.
    private(set) var boldFileReadAhead: String?

    /// Whether ``warmNextStyle()`` has styles left to set.
    var hasColdStyles: Bool { !coldStyles.isEmpty }

    /// Sets the next cold style (skipping those already set); returns whether more are left. A
    /// bold style while the bold face is not in: its file is read ahead (once), not loaded.
    @discardableResult
    func warmNextStyle() -> Bool {
        while !coldStyles.isEmpty {
            let style = coldStyles.removeFirst()
            if warmedStyles.contains(style) { continue }
            if style.isBold && !warmedStyles.contains(where: \.isBold) {
                guard boldFileReadAhead == nil, let file = FontReadAhead.file(families: typeface.families, bold: true) else { continue }
                FontReadAhead.readAhead(file)
                boldFileReadAhead = file
                break
            }
            warm([style])
            break
        }
        return !coldStyles.isEmpty
    }

    private func warm(_ styles: [TextStyle]) {
        warmedStyles.formUnion(styles)
        guard !styles.isEmpty, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8) else { return }
        let cr = cairo_create(surface)!
        let sample = "Item 0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        for style in styles {
            // Rendering (clipped to 8 px, so nearly free) rasterises each glyph into cairo's cache.
            pango_cairo_show_layout(cr, layout(sample, width: 2000, style: style).layout)
        }
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Families in fallback order and a size factor from a desktop font description: its family
    /// first, then Tessera's (Chinese, emoji, what it lacks); its size against the 11 pt Tessera's
    /// sizes are made for, kept within 0.85...1.3 so a title still fits its tile.
    static func typeface(_ description: String?) -> (families: String, scale: Double) {
        guard let description, let d = pango_font_description_from_string(description) else {
            return (TextStyle.families, 1)
        }
        defer { pango_font_description_free(d) }
        let family = pango_font_description_get_family(d).map { String(cString: $0) }
        let size = Double(pango_font_description_get_size(d)) / Double(PANGO_SCALE)
        let points = pango_font_description_get_size_is_absolute(d) != 0 ? size * 72 / 96 : size
        let scale = points > 0 ? Swift.min(Swift.max(points / 11, 0.85), 1.3) : 1
        let families = family.map { $0.isEmpty ? TextStyle.families : $0 + ", " + TextStyle.families } ?? TextStyle.families
        return (families, scale)
    }

    private func font(for style: TextStyle) -> OpaquePointer {
        if let f = fonts[style] { return f }
        let f = pango_font_description_from_string(typeface.families)!
        pango_font_description_set_absolute_size(f, style.pixelSize * typeface.scale * Double(PANGO_SCALE))
        pango_font_description_set_weight(f, style.isBold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        fonts[style] = f
        return f
    }
}
