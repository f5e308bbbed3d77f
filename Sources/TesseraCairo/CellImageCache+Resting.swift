import TesseraCore

/// What a cell's cached image is of: the cell at rest, which cells are drawn from one, and what
/// an image costs. Pure functions of the cell, shared by the cache's drawing and its budget.
extension CellImageCache {
    /// `cell` at rest: no scale, rotation, fade or dwell ring (what its cached image shows).
    static func resting(_ cell: CellNode) -> CellNode {
        var resting = cell
        resting.scale = 1
        resting.rotation = 0
        resting.alpha = 1
        resting.dwellProgress = nil
        // A tile whose size animates is drawn as painted at the size it will rest at, stretched.
        if let size = cell.restingSize { resting.frame.size = size }
        resting.restingSize = nil
        return resting
    }

    static func isCacheable(_ cell: CellNode) -> Bool {
        cell.scale == 1 && cell.rotation == 0 && cell.alpha == 1 && cell.dwellProgress == nil && cell.restingSize == nil
            && isDrawableFromRestingImage(cell)
    }

    /// Whether `cell` can be drawn as its resting image under a transform
    /// (``drawTransformed(_:cr:pixelScale:paint:placeholder:)``): any cell but the lifted one (which has its
    /// snapshot) and the invisible or huge.
    static func isDrawableFromRestingImage(_ cell: CellNode) -> Bool {
        !cell.isLifted && cell.scale > 0.001 && cell.scale <= 4 && cell.alpha > 0.001
            && cell.fitsInPicture
    }

    /// How far past its size a cell is drawn from its image at scale 1 (a stretch of 3% moves a
    /// glyph's edge by a thirtieth of a pixel). Why not from any growth: a carried group passing
    /// over a tile starts its folder dwell for a frame (scale 1.0001), and each such tile was
    /// painted afresh at 1.25 (0.4-0.5 ms), a new one nearly every frame of the carry.
    static let detailSlack = 0.03

    /// `cell` unmarked, when the mark is all it differs by from that (the layers a mark shares a
    /// cell with — done, refused, a count badge, the selection or drop ring — are painted with it)
    /// and the two images lie a whole number of device pixels apart. Nil otherwise.
    static func unmarked(_ cell: CellNode, pixelScale: Double) -> CellNode? {
        guard cell.isMarked, !cell.isDone, !cell.isRefused, !cell.isSelected, !cell.isDropTarget,
              cell.stackCount <= 1, !(cell.isFolder && cell.folderCount > 0) else { return nil }
        var plain = cell
        plain.isMarked = false
        let offset = (cell.paintMargin - plain.paintMargin) * pixelScale
        return offset == offset.rounded() ? plain : nil
    }

    /// The bytes of `cell`'s image painted with `margin` around it: at the size it rests at, not
    /// the size it is drawn at, for a tile growing in (a drop's arrivals) or changing size. Counted
    /// at the size drawn, the tiles growing into a masonry after a drop of 10,000 files bounded
    /// the cache below their own images, and the frames after painted them again, three a frame.
    static func bytes(of cell: CellNode, margin: Double, pixelScale: Double) -> Int {
        let size = cell.restingSize ?? cell.frame.size
        let side = 2 * margin
        return Int(((size.width + side) * pixelScale).rounded(.up) * ((size.height + side) * pixelScale).rounded(.up)) * 4
    }
}
