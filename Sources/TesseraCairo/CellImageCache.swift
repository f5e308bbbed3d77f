import CCairo
import TesseraCore

/// Finished images of resting cells: a cell is painted once (tile, icon, title, badges) and then
/// blitted, so a frame that repaints many cells (a re-flow, neighbours sliding aside, a strip of a
/// scroll) costs one image copy per cell instead of paths, glyphs and icon resampling.
///
/// Only untransformed, fully opaque, not lifted cells without a running dwell ring are cached:
/// those are the cells whose look does not change from frame to frame. The image is placed on
/// whole device pixels (a resting cell moves by at most half a device pixel from where a direct
/// paint would put it).
final class CellImageCache {
    private struct Key: Hashable {
        /// The cell with its frame moved to the image's origin.
        var cell: CellNode
        var pixelScale: Double
    }

    private let images: LRUCache<Key, CellImage>
    /// Cells painted into new images since the last call of ``takeMisses()``.
    private(set) var misses = 0
    /// The nodes of the scene last drawn and its scale (see ``noteOnScreen(_:upcoming:pixelScale:)``).
    private var onScreen: (nodes: [SceneNode], pixelScale: Double)?
    /// A lower cost bound noted by a frame, applied in idle time (``settleBudget()``).
    private var loweredLimit: Int?
    /// The cost bound for the window's size (`fitBudget`), before room for marked cells.
    private var baseBudget: Int
    /// Room for the unmarked images of the marked cells on screen and of those about to be shown
    /// (`noteOnScreen`).
    private var markedExtra = 0
    /// The images the scene last drawn shows and is about to show, and an eighth more: a scene
    /// may draw more tiles than the window holds (a group's fifty members flying into the stack
    /// over the tiles closing up their slots), and a cache smaller than what one frame draws
    /// forgets, in idle time, tiles the next frame needs (15 of them, 2.4 ms, after a group's lift).
    private var sceneBytes = 0
    /// The key each item's newest image was cached under: what an animating cell whose own image
    /// is not painted yet is drawn from (``drawTransformed(_:cr:pixelScale:paint:placeholder:)``). Forgotten
    /// whole past `latestLimit` entries (a key whose image was evicted is simply not found).
    private var latest: [ItemID: Key] = [:]
    private var latestLimit: Int { 4 * images.capacity }
    /// How many more animating cells this frame may paint new images for (``beginFrame(freshPaints:settlingInIdle:)``).
    private var freshPaintsLeft = Int.max
    /// Whether this frame leaves the new images of tiles changing size to idle time.
    private var settlingInIdle = false

    /// Starts a frame in which at most `freshPaints` animating cells are painted afresh: the rest
    /// are drawn from another image of the same item (its size before a layout switch, stretched)
    /// and painted in the frames after, a few at a time. Why: the first frame of a switch needed
    /// a new image for every tile on screen (32 of them, ~20 ms); a tile that starts at its old
    /// size looks right drawn from its old image, and all are ready long before they come to rest.
    /// With `settlingInIdle`, a tile changing size gets none of the frame's paints: idle time
    /// between frames paints it (`SceneRenderer.prefetch(for:scale:limit:shouldStop:)`).
    func beginFrame(freshPaints: Int, settlingInIdle: Bool = false) {
        freshPaintsLeft = freshPaints
        self.settlingInIdle = settlingInIdle
    }

    /// At most `capacity` images and `budget` bytes of them (see ``fitBudget(toWindow:scale:)``).
    /// The bytes are the real bound; the count only keeps the bookkeeping small. It must hold
    /// what a frame draws: at 192, a group's lift (117 tiles on screen and 49 members flying into
    /// the stack) trimmed the cache to 144 in idle time, and the next frame painted 15 tiles again.
    init(capacity: Int = 512, budget: Int = 8 << 20) {
        // An evicted image's pixels go when the last reference does (`CellImage.deinit`).
        images = LRUCache(capacity: capacity, costLimit: budget)
        baseBudget = budget
        images.keepsFirst = { [unowned self] in
            let keys = onScreenKeys()
            return { keys.contains($0) }
        }
    }

    /// Notes the scene being drawn: when the cache must forget images, those of its cells go last.
    /// Plain LRU would drop them first while scrolling: a cell in the middle of the window is not
    /// drawn again once it has scrolled in, while the cells prefetched at the edges are touched
    /// every frame; a re-flow (a reorder, a drop) then had to repaint every cell at once (76 of
    /// them, 10 ms, in the benchmark's drag). Keeps a reference to the nodes; keys are made only
    /// when a trim runs.
    func noteOnScreen(_ nodes: [SceneNode], upcoming: [CellNode] = [], pixelScale: Double) {
        onScreen = (nodes, pixelScale)
        // Room for the unmarked images of the marked cells on screen as well (a marked tile is
        // drawn from its unmarked image and the shared mark, or its own image is made from it): a
        // Shift+click that marks fifty tiles must not evict the unmarked images it needs.
        // O(cells on screen), without hashing.
        var extra = 0, drawn = 0
        func count(_ cell: CellNode) {
            drawn += Self.bytes(of: cell, margin: cell.paintMargin, pixelScale: pixelScale)
            if cell.isMarked { extra += Self.bytes(of: cell, margin: CellNode.plainMargin, pixelScale: pixelScale) }
        }
        for node in nodes {
            if case .cell(let cell) = node, Self.isDrawableFromRestingImage(cell) { count(cell) }
        }
        // And for the unmarked image of each marked cell about to be shown (a carried group's
        // members as they will land; `prepare` readies that one): without it, preparing them in
        // idle time evicted one another, frame after frame, and the drop painted them all in its
        // own frame.
        for cell in upcoming { count(cell) }
        markedExtra = extra
        sceneBytes = drawn + drawn / 8
        applyBudget()
    }

    private func applyBudget() {
        let limit = Swift.max(baseBudget, sceneBytes) + markedExtra
        // A lower bound that would evict waits for idle time (`settleBudget`): the trim keys the
        // scene's cells, sorts the cache and frees the oldest images, 0.8 ms of the frame that
        // ended a group drag (its members' landing images no longer upcoming).
        guard limit >= images.costLimit || images.totalCost <= limit else { loweredLimit = limit; return }
        loweredLimit = nil
        if limit != images.costLimit { images.setCostLimit(limit) }
    }

    /// In idle time: the bound a frame lowered takes effect (the oldest images past it evicted).
    func settleBudget() {
        guard let limit = loweredLimit else { return }
        loweredLimit = nil
        images.setCostLimit(limit)
    }

    /// The keys the cells of the scene last drawn are (or would be) cached under.
    private func onScreenKeys() -> Set<Key> {
        guard let (nodes, scale) = onScreen else { return [] }
        var keys = Set<Key>()
        for node in nodes {
            guard case .cell(let cell) = node, Self.isDrawableFromRestingImage(cell) else { continue }
            let resting = Self.resting(cell)
            keys.insert(key(for: resting, pixelScale: scale))
            // A tile changing size may be drawn from its image at the old size until its new one
            // is painted (`drawTransformed`): that one is kept too.
            if cell.restingSize != nil, let stand = latest[cell.id] { keys.insert(stand) }
            // A marked cell is drawn from its unmarked image (with the shared mark), or its own
            // image is made from that (`plainImage(under:pixelScale:)`): kept too.
            if resting.isMarked {
                var plain = resting
                plain.isMarked = false
                keys.insert(key(for: plain, pixelScale: scale))
            }
        }
        return keys
    }

    /// The cache key of `cell`: the cell with its frame moved to the image's origin.
    private func key(for cell: CellNode, pixelScale: Double) -> Key {
        var canonical = cell
        let margin = cell.paintMargin
        canonical.frame = Rect(x: margin, y: margin, width: cell.frame.width, height: cell.frame.height)
        return Key(cell: canonical, pixelScale: pixelScale)
    }

    /// Bounds the images to one and a half times the window's own pixels (4 bytes each): every cell
    /// a frame can show (a screen of 96 px tiles with their edge rows and paint margins is 1.3 times
    /// the window), so a reorder that moves them all still blits each from its image, plus the row
    /// a scroll brings in. A small window keeps a small cache, and it fills (and stops growing)
    /// after a few minutes of use.
    func fitBudget(toWindow size: Size, scale: Double) {
        let pixels = Int(size.width * scale) * Int(size.height * scale)
        baseBudget = Swift.max(1 << 20, 6 * pixels)
        applyBudget()
    }

    /// Draws an animating cell (pressed, growing into a folder, shaking, fading, dwelling, changing
    /// size in a layout switch) as its resting image under the cell's scale, rotation and alpha,
    /// stretched to its frame when its size animates; the dwell ring, which changes every frame,
    /// is the caller's to draw over it.
    ///
    /// Why not paint it afresh each frame? Text drawn under a new transform makes Cairo build a
    /// new scaled font and rasterise its glyphs again; an animation's continuous scales and angles
    /// did so every frame, and the glyph caches grew for as long as the app ran. An image is
    /// resampled instead: one paint per animation, and no text under a transform. A cell growing
    /// past its size by more than `detailSlack` is painted at the next quarter step of its scale, so
    /// it stays sharp. A layout switch changed the size of every tile on screen every frame: 31
    /// paints a frame (8 ms) at 1280 px.
    ///
    /// A tile with no image at all (new to the window: a drop of 10,000 files brings three dozen
    /// in at once) is painted within the frame's budget of fresh paints; past it, it is drawn as
    /// `placeholder` (its bare shape and colour) until idle time paints it. The drop's frame
    /// painted 36 tiles (11 ms) before.
    ///
    /// With `morph` (a plain tile whose size animates, in a pass that blits directly), the image
    /// is not stretched: see ``TileMorph``.
    func drawTransformed(_ cell: CellNode, cr: OpaquePointer, pixelScale: Double, paint: (CellNode, OpaquePointer) -> Void,
                         placeholder: ((CellNode, OpaquePointer) -> Void)? = nil, morph: Morph? = nil) {
        let resting = Self.resting(cell)
        let detail = cell.scale > 1 + Self.detailSlack ? (cell.scale * 4).rounded(.up) / 4 : 1
        let waits = freshPaintsLeft <= 0 || (settlingInIdle && cell.restingSize != nil)
        if waits, images.peek(key(for: resting, pixelScale: pixelScale * detail)) == nil {
            if let stand = latest[cell.id], let image = images[stand] {
                if let morph, morph.draw(cell, from: image, of: stand.cell, imageScale: stand.pixelScale, cr: cr) { return }
                CairoPath.paintImage(image.surface, of: cell, restingSize: stand.cell.frame.size, margin: stand.cell.paintMargin,
                                     imageScale: stand.pixelScale, cr)
                return
            }
            if freshPaintsLeft <= 0, let placeholder {
                placeholder(cell, cr)
                return
            }
        }
        guard let (image, fresh) = image(for: resting, pixelScale: pixelScale * detail, paint: paint) else {
            paint(cell, cr)
            return
        }
        if fresh {
            misses += 1
            freshPaintsLeft -= 1
        }
        if let morph, morph.draw(cell, from: image, of: key(for: resting, pixelScale: pixelScale * detail).cell,
                                 imageScale: pixelScale * detail, cr: cr) { return }
        CairoPath.paintImage(image.surface, of: cell, restingSize: resting.frame.size, margin: resting.paintMargin,
                             imageScale: pixelScale * detail, cr)
    }

    /// Draws `cell` (one that ``CellNode/isDrawnAtWholePixels``: a cacheable cell, or one that only
    /// fades) from its image, painting the image with `paint` on a miss. A fading cell is a blit
    /// under a constant mask instead of a bilinear resample, so fifty members fading into a group's
    /// stack cost what fifty tiles cost. `cr` carries the renderer's scale transform (logical
    /// pixels). An opaque cell goes through `direct` when the pass has one (``DirectBlit``).
    func draw(_ cell: CellNode, cr: OpaquePointer, pixelScale: Double, paint: (CellNode, OpaquePointer) -> Void,
              markOverlay: ((CellNode, OpaquePointer) -> Void)? = nil, direct: DirectBlit? = nil) {
        let alpha = cell.alpha
        // The image is the opaque cell's: a fading one looks it up as that (a copy only then).
        var opaque: CellNode { var c = cell; c.alpha = 1; return c }
        let f = cell.frame
        // A marked tile whose mark is all that sets it apart: its unmarked image, then the mark's.
        if alpha == 1, let markOverlay, let plain = Self.unmarked(cell, pixelScale: pixelScale),
           let image = image(of: plain, pixelScale: pixelScale, paint: paint),
           let mark = markImage(for: cell, pixelScale: pixelScale, markOverlay: markOverlay) {
            blit(image, at: Point(x: f.minX - plain.paintMargin, y: f.minY - plain.paintMargin), alpha: 1, cr: cr, direct: direct)
            blit(mark, at: Point(x: f.minX - cell.paintMargin, y: f.minY - cell.paintMargin), alpha: 1, cr: cr, direct: direct)
            return
        }
        guard let (image, fresh) = image(for: alpha < 1 ? opaque : cell, pixelScale: pixelScale, paint: paint,
                                         markOverlay: markOverlay) else {
            paint(cell, cr)
            return
        }
        if fresh { misses += 1 }
        blit(image, at: Point(x: f.minX - cell.paintMargin, y: f.minY - cell.paintMargin), alpha: alpha, cr: cr, direct: direct)
    }

    /// Copies `image` with its top-left corner at `origin` (logical pixels, in `cr`'s space) on
    /// whole device pixels, under `alpha`: a 1:1 copy with no resampling. The device position comes
    /// from the context's matrix, so a caller's translation (a tile of a large window) is kept.
    private func blit(_ image: CellImage, at origin: Point, alpha: Double, cr: OpaquePointer, direct: DirectBlit?) {
        var x = origin.x, y = origin.y
        cairo_user_to_device(cr, &x, &y)
        // A `FlatScene` has put it there already (``CellNode/wholePixelFrame(pixelScale:)``).
        x = WholePixels.nearest(x); y = WholePixels.nearest(y)
        if let direct, direct.blit(image, x: Int(x), y: Int(y), alpha: alpha) { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, image.surface, x, y)
        cairo_rectangle(cr, x, y, Double(image.width), Double(image.height))
        if alpha < 1 {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, alpha)
        } else {
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// The mark's layers alone (tint, ring, check badge) for a tile of `cell`'s size: the same for
    /// every marked tile of that size, so fifty marked tiles are fifty unmarked images and one
    /// mark, not fifty images made when a Shift+click marks them (8-14 ms in one frame).
    private func markImage(for cell: CellNode, pixelScale: Double, markOverlay: (CellNode, OpaquePointer) -> Void) -> CellImage? {
        layer(.mark, of: cell.frame.size, margin: cell.paintMargin, pixelScale: pixelScale) { cr in
            markOverlay(key(for: cell, pixelScale: pixelScale).cell, cr)
        }
    }

    /// What lies under every raised tile of `size` (its shadow), painted by `paint` in the space of
    /// a snapshot with `margin` around the tile (the tile at (`margin`, `margin`)): shared by every
    /// snapshot of that size, as a mark is by every marked tile.
    func shadowImage(of size: Size, margin: Double, pixelScale: Double, paint: (OpaquePointer) -> Void) -> CellImage? {
        layer(.shadow, of: size, margin: margin, pixelScale: pixelScale, paint: paint)
    }

    /// A layer shared by every tile of `size` (`kind`), made with `paint` in logical pixels on an
    /// image with `margin` around the tile; a few sizes are kept.
    private func layer(_ kind: LayerKey.Kind, of size: Size, margin: Double, pixelScale: Double,
                       paint: (OpaquePointer) -> Void) -> CellImage? {
        let key = LayerKey(kind: kind, size: size, margin: margin, pixelScale: pixelScale)
        if let hit = layers[key] { return hit }
        let w = Int32(((size.width + 2 * margin) * pixelScale).rounded(.up))
        let h = Int32(((size.height + 2 * margin) * pixelScale).rounded(.up))
        guard w > 0, h > 0, let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { return nil }
        let icr = cairo_create(s)!
        cairo_scale(icr, pixelScale, pixelScale)
        paint(icr)
        cairo_destroy(icr)
        if layers.count >= 16 { layers.removeAll() }
        let image = CellImage(s)
        layers[key] = image
        return image
    }

    private struct LayerKey: Hashable {
        enum Kind: Hashable { case mark, shadow }
        var kind: Kind
        var size: Size
        var margin: Double
        var pixelScale: Double
    }
    /// The shared layers (``layer(_:of:margin:pixelScale:paint:)``): marks and shadows, a few sizes.
    private var layers: [LayerKey: CellImage] = [:]

    /// `cell`'s image (one that ``isCacheable(_:)``), painted with `paint` when not cached (a miss).
    func image(of cell: CellNode, pixelScale: Double, paint: (CellNode, OpaquePointer) -> Void) -> CellImage? {
        guard let (image, fresh) = image(for: cell, pixelScale: pixelScale, paint: paint) else { return nil }
        if fresh { misses += 1 }
        return image
    }

    /// Paints `cell`'s image ahead of need; returns whether it had to (false when cached). For a
    /// marked tile drawn as its unmarked image and the mark's, the unmarked one.
    func prepare(_ cell: CellNode, pixelScale: Double, paint: (CellNode, OpaquePointer) -> Void) -> Bool {
        image(for: Self.unmarked(cell, pixelScale: pixelScale) ?? cell, pixelScale: pixelScale, paint: paint)?.fresh ?? false
    }

    /// The cached image of `cell` (`fresh` when it was painted with `paint` just now); nil when no
    /// image can be made (the caller paints directly).
    private func image(for cell: CellNode, pixelScale: Double, paint: (CellNode, OpaquePointer) -> Void,
                       markOverlay: ((CellNode, OpaquePointer) -> Void)? = nil) -> (image: CellImage, fresh: Bool)? {
        let f = cell.frame
        // Room around the tile for what it paints outside (rings, badges): see CellNode.paintMargin.
        let margin = cell.paintMargin
        let key = key(for: cell, pixelScale: pixelScale)
        let canonical = key.cell
        if let hit = images[key] { return (hit, false) }
        let w = Int32(((f.width + 2 * margin) * pixelScale).rounded(.up))
        let h = Int32(((f.height + 2 * margin) * pixelScale).rounded(.up))
        guard w > 0, h > 0, let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { return nil }
        // Scaled by the context, not the surface's device scale: the image is blitted with an
        // identity matrix, where a device scale would shrink it by the HiDPI factor.
        let icr = cairo_create(s)!
        if let markOverlay, let plain = plainImage(under: cell, pixelScale: pixelScale) {
            // Marked: the unmarked image, then the mark over it — the same pixels a paint from
            // scratch makes (the mark's layers come after the tile's, and the copy is 1:1 on whole
            // device pixels), without laying out the title again. Marking fifty tiles with one
            // Shift+click is fifty of these, not fifty paints.
            cairo_set_source_surface(icr, plain.image.surface, plain.offset, plain.offset)
            cairo_paint(icr)
            cairo_scale(icr, pixelScale, pixelScale)
            markOverlay(canonical, icr)
        } else {
            cairo_scale(icr, pixelScale, pixelScale)
            paint(canonical, icr)
        }
        cairo_destroy(icr)
        let image = CellImage(s)
        images.insert(image, for: key, cost: Int(cairo_image_surface_get_stride(s)) * Int(h))
        if latest.count >= latestLimit { latest.removeAll(keepingCapacity: true) }
        latest[cell.id] = key
        return (image, true)
    }

    /// The cached image of marked `cell` as it looks unmarked, and where it goes in the marked
    /// one's image (device pixels): when the mark is the only thing the two differ by (the
    /// layers a mark shares a cell with — done, refused, a count badge, the selection or drop
    /// ring — paint it from scratch) and the offset is whole pixels. Nil otherwise, or when the
    /// unmarked image is not cached (a cell just scrolled in).
    private func plainImage(under cell: CellNode, pixelScale: Double) -> (image: CellImage, offset: Double)? {
        guard let plain = Self.unmarked(cell, pixelScale: pixelScale),
              let image = images[key(for: plain, pixelScale: pixelScale)] else { return nil }
        return (image, (cell.paintMargin - plain.paintMargin) * pixelScale)
    }

    /// How many cells were painted afresh since the last call.
    func takeMisses() -> Int {
        defer { misses = 0 }
        return misses
    }

    func removeAll() {
        images.removeAll()
        layers.removeAll()
        latest.removeAll()
    }

    /// Forgets the images of tiles made from files (painted before their pictures could be asked
    /// for); whether there were any.
    func forgetArtworkCells() -> Bool { images.removeAll { $0.cell.artwork != nil } > 0 }

    /// Bytes of pixels held.
    var bytes: Int { images.totalCost }
}

