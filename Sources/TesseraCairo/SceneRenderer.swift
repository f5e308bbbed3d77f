import CCairo
import TesseraCore

/// Draws a ``Scene`` into any Cairo context: the whole look of Tessera lives here and below.
///
/// Works on an image surface as well as a window back buffer, so it is testable without X.
/// Caches (decoded icons, resampled icons, text layouts) live as long as the renderer; use one
/// renderer per thread.
public final class SceneRenderer {
    private let icons: IconCache
    private let text: TextRenderer
    private var cells: CellPainter
    private let liftSnapshots = LiftSnapshotCache()
    /// A gathered group's stack as one image (not private: tests read whether one was made).
    let stackImages = StackSnapshotCache()
    private let cellImages = CellImageCache()
    /// Corners of the faces of tiles morphing in a layout switch (``TileMorph``).
    private let corners = CornerMasks()
    /// Whether cell images may be copied through pixman (``DirectBlit``); tests turn it off to
    /// compare with Cairo's blend.
    var usesDirectBlits = true
    /// Whether raised snapshots are made from resting images (``raisedPainter(_:paint:)``); tests
    /// turn it off to compare with a snapshot painted whole.
    var raisesRestingImages = true
    /// Pictures and type icons of tiles made from files; nil draws their kinds' icons.
    public private(set) var artwork: ArtworkSource? {
        get { cells.artwork }
        set { cells.artwork = newValue }
    }

    /// Starts drawing tiles made from files with `source`'s pictures. The images of such tiles
    /// painted before (the first screen, painted while the window was made) are forgotten: true
    /// when there were some, and the window must be painted again.
    public func useArtwork(_ source: ArtworkSource?) -> Bool {
        artwork = source
        return cellImages.forgetArtworkCells()
    }
    /// Visible rect of each open clip, in logical pixels; reused across frames.
    private var clipStack: [Rect] = []

    /// `assetDirectory` holds `icons/<name>.png`. Nothing is loaded until drawn unless warmed up
    /// (``loadIcons(fittingCellsOf:pixelScale:)``, ``loadFonts()``; see ``RendererWarmUp``).
    public init(assetDirectory: String) {
        icons = IconCache(assetDirectory: assetDirectory)
        text = TextRenderer()
        cells = CellPainter(icons: icons, text: text, masks: RoundedRectMasks())
        clipStack.reserveCapacity(8)
    }

    /// Decodes every icon in the folder and resamples it for tiles of each of `cellSizes`
    /// (logical pixels, at `pixelScale`), as the first screen of a grid draws them.
    public func loadIcons(fittingCellsOf cellSizes: [Size], pixelScale: Double) {
        let iconBoxes = cellSizes.map { ContentSlots(frame: Rect(origin: .zero, size: $0)).icon.size }
        icons.loadAll(fittingIn: iconBoxes, pixelScale: pixelScale)
    }

    /// Loads the regular text faces and their common glyphs (see `TextRenderer.loadFonts`).
    public func loadFonts() { text.loadFonts() }

    /// Loads the faces the text of `scene` needs beyond those (bold headers, badges).
    public func loadFonts(usedIn scene: Scene) { text.loadFonts(usedIn: scene) }

    /// Loads the faces of the labels a frame soon shows (`Scene.upcomingLabelStyles`), for
    /// idle time.
    public func loadUpcomingFonts(of scene: Scene) {
        if !scene.upcomingLabelStyles.isEmpty { text.loadFonts(for: scene.upcomingLabelStyles) }
    }

    /// Loads the faces of the text the first edits show (the toast, a stack's count badge), for
    /// idle time after start-up.
    public func loadInteractionFonts() { text.loadInteractionFonts() }

    /// Whether text styles are left for ``warmNextTextStyle()``.
    public var hasColdTextStyles: Bool { text.hasColdStyles }

    /// Sets one more text style the first screens did not (see `TextRenderer.warmNextStyle()`);
    /// returns whether more are left.
    @discardableResult
    public func warmNextTextStyle() -> Bool { text.warmNextStyle() }

    /// Paints `scene` over everything in `cr`'s clip.
    ///
    /// `scale` is the HiDPI factor: one logical pixel of the scene covers `scale` device pixels.
    /// Unbalanced `popClip`s are ignored and unclosed `pushClip`s are closed at the end.
    public func render(_ scene: Scene, to cr: OpaquePointer, scale: Double) {
        render(FlatScene(scene, pixelScale: scale), to: cr, scale: scale)
    }

    /// As ``render(_:to:scale:)``, culling nodes by the paint bounds `flat` worked out once for the
    /// frame: for a host that paints a frame's damage as several clipped passes (a node outside
    /// the clip costs one rect test, not a copy of the node). `flat` is made at `scale`: its boxes
    /// and picture cells are on whole device pixels at that scale.
    public func render(_ flat: FlatScene, to cr: OpaquePointer, scale: Double) {
        let scene = flat.scene, bounds = flat.paintBounds
        adopt(scene)
        cellImages.fitBudget(toWindow: scene.size, scale: scale)
        cellImages.noteOnScreen(scene.nodes, upcoming: scene.upcoming, pixelScale: scale)
        let paint = painter(scale)
        let raised = raisedPainter(scale, paint: paint)
        let markOverlay: (CellNode, OpaquePointer) -> Void = { [cells] cell, target in cells.paintMarkOverlay(cell, cr: target) }
        let placeholder: (CellNode, OpaquePointer) -> Void = { [cells] cell, target in cells.paintPlaceholder(cell, cr: target) }
        // Cell images straight into the target's pixels when the pass allows it (released, and
        // the pixels handed back to Cairo, when the pass ends).
        let direct = usesDirectBlits ? DirectBlit(cr) : nil
        cairo_save(cr)
        cairo_scale(cr, scale, scale)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        clipStack.removeAll(keepingCapacity: true)
        var visible = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        // The background, except where an opaque box will paint every pixel again.
        let covered = Self.opaqueBoxCover(of: visible, in: scene.nodes, pixelScale: scale)
        CairoPath.setColor(cr, scene.background)
        if covered.isEmpty {
            cairo_paint(cr)
        } else {
            for r in visible.subtracting(covered) { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height) }
            cairo_fill(cr)
        }
        // Worked out at the first raised cell, so frames without a drag never look for them.
        lazy var stack = StackOcclusion(scene.nodes, palette: scene.palette, pixelScale: scale)
        lazy var group = StackSnapshotCache.find(in: scene.nodes, pixelScale: scale)
        // Whether this pass drew the group's stack as one image (nil: not tried yet).
        var groupAsOne: Bool?

        // By index, not `for node in`: the iterator hands out a copy of every node (a cell's
        // strings and folder contents retained and released), culled or not, once per damage rect.
        // Culled by paint bounds within the clips in force (nil for the clip markers themselves).
        // Direct blits stay in the pushed clips too while those are rects on whole pixels (the
        // flat scene puts them there); the state before each push, to restore at its pop.
        var directUsable = direct != nil
        var directStack: [(clip: DeviceRect, usable: Bool)] = []
        for i in scene.nodes.indices {
            if let b = bounds[i], !b.intersects(visible) { continue }
            switch scene.nodes[i] {
            case .box(let box):
                let frame = Self.withinCairoRange(box.frame, around: visible)
                if Self.cornersMiss(box, visible) {
                    // Between the corners a rounded rect is its frame: four edges instead of the
                    // arcs' many (a section background is far taller than the strip being drawn).
                    CairoPath.setColor(cr, box.color)
                    cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
                    cairo_fill(cr)
                } else {
                    // A small box on whole pixels (a scroll thumb) through a cached mask; else a path.
                    cells.masks.fill(cr, frame, radius: box.cornerRadius, color: box.color)
                }
            case .label(let label):
                drawLabel(label, palette: scene.palette, cr: cr)
            case .cell(let cell):
                if cell.isDrawnAtWholePixels {
                    cellImages.draw(cell, cr: cr, pixelScale: scale, paint: paint, markOverlay: markOverlay,
                                    direct: directUsable ? direct : nil)
                } else if cell.isLifted {
                    if let group, group.nodes.contains(i) {
                        if groupAsOne == nil {
                            groupAsOne = stackImages.draw(group, cr: cr) { [liftSnapshots] card, target in
                                liftSnapshots.draw(card, cr: target, pixelScale: scale, paint: raised)
                            }
                        }
                        if groupAsOne == true { continue }
                    }
                    if let stack, i < stack.index, let b = bounds[i] {
                        stack.drawBeneath(bounds: b, cr: cr, pixelScale: scale) {
                            liftSnapshots.draw(cell, cr: cr, pixelScale: scale, paint: raised)
                        }
                    } else {
                        liftSnapshots.draw(cell, cr: cr, pixelScale: scale, paint: raised)
                    }
                } else if CellImageCache.isDrawableFromRestingImage(cell) {
                    var morph: CellImageCache.Morph?
                    if directUsable, let direct, let rest = cell.restingSize, rest != cell.frame.size, cells.canMorph(cell) {
                        morph = CellImageCache.Morph(direct: direct, corners: corners, pixelScale: scale, folderRing: cells.folderRingPixel)
                    }
                    cellImages.drawTransformed(cell, cr: cr, pixelScale: scale, paint: paint, placeholder: placeholder, morph: morph)
                    cells.paintDwellOverlay(cell, cr: cr)
                } else {
                    cells.paint(cell, cr: cr, pixelScale: scale)
                }
            case .image(let image):
                icons.draw(image.icon, in: image.frame, cr: cr, pixelScale: scale, tint: image.tint)
            case .field(let field):
                text.drawField(field, cr: cr)
            case .pushClip(let rect):
                clipStack.append(visible)
                let clip = Self.withinCairoRange(rect, around: visible)
                visible = visible.intersection(rect)
                cairo_save(cr)
                cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
                cairo_clip(cr)
                if let direct {
                    directStack.append((direct.clip, directUsable))
                    // Cairo's clip now: the pass's cut by every pushed rect.
                    if directUsable, let rects = DeviceClip.wholePixelRects(of: cr), rects.count == 1,
                       let cut = direct.passClip.intersection(rects[0]) {
                        direct.clip = cut
                    } else {
                        directUsable = false
                    }
                }
            case .popClip:
                guard let outer = clipStack.popLast() else { continue }
                visible = outer
                cairo_restore(cr)
                if let direct, let saved = directStack.popLast() {
                    direct.clip = saved.clip
                    directUsable = saved.usable
                }
            }
        }
        for _ in clipStack { cairo_restore(cr) }
        clipStack.removeAll(keepingCapacity: true)
        cairo_restore(cr)
    }

    /// How far past the pass's visible rect a rect handed to Cairo may reach (logical pixels).
    static let cairoReach = 2048.0

    /// `rect` as Cairo can take it: cut down to `visible` and `cairoReach` around it when it
    /// reaches further. Why: Cairo holds path coordinates as 24.8 fixed point, ±8,388,607 device
    /// pixels; a section's card in a masonry of a million items is ~30 million pixels tall, and
    /// filled whole it painted nothing, leaving the buffer's last pixels under the tiles (the
    /// first screen showed the strip above it again through every gap). Corners cut off this
    /// way lie outside `visible` (the reach exceeds any corner radius): the pixels drawn are
    /// the same.
    static func withinCairoRange(_ rect: Rect, around visible: Rect) -> Rect {
        let reach = visible.insetBy(dx: -cairoReach, dy: -cairoReach)
        guard rect.minX < reach.minX || rect.minY < reach.minY || rect.maxX > reach.maxX || rect.maxY > reach.maxY else { return rect }
        return rect.intersection(reach)
    }

    /// The largest part of `visible` that one box paints whole (on whole device pixels): a box
    /// drawn outside every pushed clip, opaque, with its rounded corners outside `visible`. The
    /// background need not be painted there first (a section's card under the cells: in a
    /// whole-window repaint a fill of nearly every pixel saved). `.zero` when there is none.
    static func opaqueBoxCover(of visible: Rect, in nodes: [SceneNode], pixelScale: Double) -> Rect {
        var depth = 0, best = Rect.zero
        for node in nodes {
            switch node {
            case .box(let box) where depth == 0 && box.color.alpha >= 1:
                guard box.frame.intersects(visible), cornersMiss(box, visible) else { continue }
                let part = box.frame.intersection(visible).snapped(toPixelsOf: pixelScale, outward: false)
                if part.width * part.height > best.width * best.height { best = part }
            case .pushClip: depth += 1
            case .popClip: depth = Swift.max(0, depth - 1)
            default: break
            }
        }
        return best
    }

    /// Whether none of `box`'s rounded corners (with their antialiased pixel) reaches into `visible`.
    static func cornersMiss(_ box: BoxNode, _ visible: Rect) -> Bool {
        let f = box.frame, r = Swift.max(0, Swift.min(box.cornerRadius, Swift.min(f.width, f.height) / 2)) + 1
        guard r > 1 else { return true }
        let left = f.minX - 1, right = f.maxX - r + 1, top = f.minY - 1, bottom = f.maxY - r + 1
        func hit(_ x: Double, _ y: Double) -> Bool { Rect(x: x, y: y, width: r, height: r).intersects(visible) }
        return !(hit(left, top) || hit(right, top) || hit(left, bottom) || hit(right, bottom))
    }

    /// Draws from now on with `scene`'s palette and UI font: a change drops every image painted
    /// with the old ones (and, for a font, the shaped text).
    public func adopt(_ scene: Scene) {
        guard scene.palette != cells.palette || scene.uiFont != text.uiFont else { return }
        cells.palette = scene.palette
        text.palette = scene.palette
        icons.palette = scene.palette
        text.uiFont = scene.uiFont
        cellImages.removeAll()
        liftSnapshots.removeAll()
        stackImages.removeAll()
    }

    /// Starts a frame in which at most `freshPaints` animating tiles (a layout switch's) get newly
    /// painted images; the others are drawn from an image of the same item at another size until
    /// a later frame paints theirs (see `CellImageCache.beginFrame`). Without a call, no limit.
    public func beginFrame(freshPaints: Int, settlingInIdle: Bool = false) {
        cellImages.beginFrame(freshPaints: freshPaints, settlingInIdle: settlingInIdle)
        stackImages.beginFrame()
    }

    /// Paints up to `limit` of `cells` that have no cached image yet into the cache, nearest to the
    /// window first; returns how many it painted. For idle time between frames (`Scene.upcoming`).
    @discardableResult
    public func prefetch(_ cells: [CellNode], size: Size, scale: Double, limit: Int, shouldStop: () -> Bool = { false }) -> Int {
        guard limit > 0, !cells.isEmpty else { return 0 }
        let window = Rect(origin: .zero, size: size)
        func distance(_ c: CellNode) -> Double {
            let f = c.frame
            return Swift.max(0, window.minY - f.maxY, f.minY - window.maxY) + Swift.max(0, window.minX - f.maxX, f.minX - window.maxX)
        }
        return prepareImages(of: cells.sorted { distance($0) < distance($1) }, scale: scale, limit: limit, shouldStop: shouldStop)
    }

    /// Idle-time work between frames, at most `limit` paints in all, until `shouldStop` says so;
    /// returns how many it made. First the resting images of the cells the shown `scene` draws,
    /// nearest the window first — those flying in from outside it, and those changing size, at
    /// the size they will rest at: a layout switch stretches each tile's old image until its new
    /// one is ready, and a new one painted here is one its frames need not paint (~0.6 ms each;
    /// a switch's frames paid three each, and the tiles flying in from a board's hidden rows
    /// were painted in the frames they entered, 5-11 a frame). Then the upcoming cells. First of
    /// all, the cache's bound lowers if a frame asked it to (``CellImageCache/settleBudget()``).
    @discardableResult
    public func prefetch(for scene: Scene, scale: Double, limit: Int, shouldStop: () -> Bool = { false }) -> Int {
        cellImages.settleBudget()
        guard limit > 0 else { return 0 }
        var drawn: [CellNode] = []
        for i in scene.nodes.indices {
            guard case .cell(let c) = scene.nodes[i], CellImageCache.isDrawableFromRestingImage(c) else { continue }
            drawn.append(CellImageCache.resting(c))
        }
        let painted = prefetch(drawn, size: scene.size, scale: scale, limit: limit, shouldStop: shouldStop)
        return painted + prefetch(scene.upcoming, size: scene.size, scale: scale, limit: limit - painted, shouldStop: shouldStop)
    }

    /// Paints the images of `scene`'s resting cells on screen into the cell image cache (at
    /// `scale` device pixels per logical pixel), nearest the top first, until `shouldStop` says
    /// so; returns how many it painted. For a warm-up thread, ahead of the frame that shows them:
    /// that frame then only copies them.
    public func paintCells(of scene: Scene, scale: Double, shouldStop: () -> Bool = { false }) -> Int {
        adopt(scene)
        cellImages.fitBudget(toWindow: scene.size, scale: scale)
        let window = Rect(origin: .zero, size: scene.size)
        var onScreen: [CellNode] = []
        for i in scene.nodes.indices {
            if case .cell(let c) = scene.nodes[i], c.paintBounds.intersects(window) { onScreen.append(c) }
        }
        return prepareImages(of: onScreen, scale: scale, limit: onScreen.count, shouldStop: shouldStop)
    }

    /// Paints the cacheable ones of `cells`, in order, into the cell image cache until `limit` were
    /// painted or `shouldStop` says so; returns how many it painted.
    private func prepareImages(of cells: [CellNode], scale: Double, limit: Int, shouldStop: () -> Bool = { false }) -> Int {
        let paint = painter(scale)
        var painted = 0
        for cell in cells where CellImageCache.isCacheable(cell) {
            guard painted < limit, !shouldStop() else { break }
            if cellImages.prepare(cell, pixelScale: scale, paint: paint) { painted += 1 }
        }
        return painted
    }

    /// Paints a cell into a context at `scale` device pixels per logical pixel: what every cache
    /// of cell pixels calls on a miss. Made once per pass, not per cell.
    private func painter(_ scale: Double) -> (CellNode, OpaquePointer) -> Void {
        { [cells] cell, target in cells.paint(cell, cr: target, pixelScale: scale) }
    }

    /// Paints a raised cell's snapshot (`LiftSnapshotCache`, into a context scaled by `scale`): its
    /// shadow (one image for every raised tile of its size), then its resting image
    /// (the cell as it sits in the grid: cached, or made now with `paint`) copied in on whole
    /// device pixels. Not its tile, icon and title laid out and painted again: a group's lift made
    /// four snapshots in one frame, ~0.9 ms each. A done cell (dimmed with its shadow), the carried
    /// stack's top (its count badge reaches past the margin of a tile in the grid) or one whose
    /// image would land between device pixels is painted whole, with `paint`.
    private func raisedPainter(_ scale: Double, paint: @escaping (CellNode, OpaquePointer) -> Void) -> (CellNode, OpaquePointer) -> Void {
        { [cells, cellImages, raisesRestingImages] cell, target in
            var resting = cell
            resting.isLifted = false
            let offset = (cell.frame.minX - resting.paintMargin) * scale
            // The tile sits at (margin, margin) of the snapshot.
            guard raisesRestingImages, cell.isLifted, !cell.isDone, cell.stackCount <= 1,
                  cell.frame.minX == cell.frame.minY, offset == offset.rounded(), CellImageCache.isCacheable(resting),
                  let image = cellImages.image(of: resting, pixelScale: scale, paint: paint),
                  let shadow = cellImages.shadowImage(of: cell.frame.size, margin: cell.frame.minX, pixelScale: scale,
                                                      paint: { cr in cells.paintRaisedShadow(cell, cr: cr) }) else {
                paint(cell, target)
                return
            }
            cairo_save(target)
            // In the snapshot's pixels: 1:1 copies.
            cairo_identity_matrix(target)
            cairo_set_source_surface(target, shadow.surface, 0, 0)
            cairo_paint(target)
            cairo_set_source_surface(target, image.surface, offset, offset)
            cairo_paint(target)
            cairo_restore(target)
        }
    }

    /// Bytes of pixels the renderer's caches hold (cell images, resampled icons, tile masks, the
    /// lift snapshot): each cache is bounded, so this reaches a ceiling and stays there.
    public var cachedImageBytes: Int {
        cellImages.bytes + icons.scaledBytes + cells.masks.bytes + liftSnapshots.bytes + stackImages.bytes
    }

    /// Where a click at window x `x` puts the caret in `field` as this renderer draws it (a
    /// character boundary, counted in grapheme clusters).
    public func characterIndex(in field: FieldNode, atX x: Double) -> Int { text.characterIndex(in: field, atX: x) }

    /// Cells painted afresh (not from their cached image) since the last call.
    public func takeCellImageMisses() -> Int { cellImages.takeMisses() }

    private func drawLabel(_ label: LabelNode, palette: Palette, cr: OpaquePointer) {
        // The contract damage tracking relies on: nothing outside the paint bounds, even when a
        // frame is shorter than the line (glyphs would overhang it and be left behind).
        let b = label.paintBounds
        cairo_save(cr)
        cairo_rectangle(cr, b.minX, b.minY, b.width, b.height)
        cairo_clip(cr)
        defer { cairo_restore(cr) }
        let f = label.frame
        switch label.style {
        case .banner:
            CairoPath.fillRoundedRect(cr, f, radius: min(8, f.height / 2), color: palette.bannerFill)
            text.draw(label.text, in: f.insetBy(dx: 12, dy: 0), style: .label(.banner), cr: cr)
        case .caption:
            CairoPath.fillRoundedRect(cr, f, radius: f.height / 2, color: palette.captionFill)
            text.draw(label.text, in: f.insetBy(dx: 16, dy: 0), style: .label(.caption), cr: cr)
        case .toast:
            // Drawn as a group so the fade takes the fill and the text together.
            cairo_push_group(cr)
            CairoPath.fillRoundedRect(cr, f, radius: f.height / 2, color: palette.toastFill)
            text.draw(label.text, in: f.insetBy(dx: 18, dy: 0), style: .label(.toast), cr: cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, label.opacity)
        default:
            text.draw(label.text, in: f, style: .label(label.style), cr: cr)
        }
    }
}
