import RealModule

/// How far each node may paint: the contract between the scene and every renderer.
///
/// Damage tracking (``SceneDamage``) repaints only these rects, so a renderer must never draw
/// outside them; a stale pixel left outside would stay on screen. The margins are generous on
/// purpose: over-repainting costs a little, under-repainting leaves trails.
extension CellNode {
    /// Decorations outside a resting tile: focus ring (4 px), count badge (6.5 px), dwell ring
    /// (6.5 px), drop-target glow (9 px), plus antialiasing.
    public static let decorationMargin = 12.0
    /// A lifted tile adds a soft shadow that reaches 19 px below it.
    public static let liftedMargin = 24.0

    /// A plain resting tile paints a 1 px shade under itself and nothing else outside.
    public static let plainMargin = 2.0

    /// How far outside its frame (before scale and rotation) this cell may paint.
    public var paintMargin: Double {
        if isLifted { return Self.liftedMargin }
        if isSelected || isMarked || isDropTarget || isRefused || dwellProgress != nil || (isFolder && folderCount > 0) {
            return Self.decorationMargin
        }
        return Self.plainMargin
    }

    /// Window-space bounds of everything this cell may paint, after its scale and rotation.
    public var paintBounds: Rect {
        let margin = paintMargin
        let s = Swift.max(scale, 0)
        let w = (frame.width + 2 * margin) * s, h = (frame.height + 2 * margin) * s
        guard rotation != 0 else {
            return Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h)
        }
        // The bounding box of the rotated rect: w|cos| + h|sin| by w|sin| + h|cos|.
        let c = Swift.abs(Double.cos(rotation)), sn = Swift.abs(Double.sin(rotation))
        let bw = w * c + h * sn, bh = w * sn + h * c
        return Rect(x: frame.midX - bw / 2, y: frame.midY - bh / 2, width: bw, height: bh)
    }
}

/// Where boxes, clips, labels and tiles drawn as pictures land: on whole device pixels, so that
/// damage tracking can skip one whose frame moved by less than a pixel (``FlatScene``).
public enum WholePixels {
    /// The device pixel nearest to device coordinate `v`, a half going up. (Not `rounded()`, which
    /// sends halves away from zero: a renderer painting a window in tiles shifts coordinates by
    /// whole pixels, and the result must shift with them.)
    public static func nearest(_ v: Double) -> Double { (v + 0.5).rounded(.down) }

    /// `p` (logical pixels) on the nearest device pixel.
    public static func nearest(_ p: Point, pixelScale s: Double) -> Point {
        Point(x: nearest(p.x * s) / s, y: nearest(p.y * s) / s)
    }

    /// `rect` with each edge on the nearest device pixel, at least one pixel across when it has
    /// any size.
    public static func nearest(_ rect: Rect, pixelScale s: Double) -> Rect {
        func edges(_ low: Double, _ high: Double) -> (Double, Double) {
            let a = nearest(low * s) / s
            var b = nearest(high * s) / s
            if high > low, b <= a { b = a + 1 / s }
            return (a, b)
        }
        let (x0, x1) = edges(rect.minX, rect.maxX), (y0, y1) = edges(rect.minY, rect.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension CellNode {
    /// Whether a renderer draws this cell as its resting picture copied 1:1 onto whole device
    /// pixels (``wholePixelFrame(pixelScale:)``): no scale, turn, stretch, dwell ring or lift; a
    /// fade is the picture under a constant alpha. A spring's tail moves such tiles by fractions of
    /// a pixel for many frames; what they show changes only when the whole pixel does.
    public var isDrawnAtWholePixels: Bool {
        scale == 1 && rotation == 0 && restingSize == nil && dwellProgress == nil && !isLifted
            && alpha > 0.001 && alpha <= 1 && fitsInPicture
    }

    /// Whether a picture of this tile is worth keeping: up to a million logical pixels (a board's
    /// cards span their list, 1228 px in a one-list board), no side past 4096.
    public var fitsInPicture: Bool {
        frame.width <= 4096 && frame.height <= 4096 && frame.width * frame.height <= 1_048_576
    }

    /// Where a cell that ``isDrawnAtWholePixels`` shows: its frame moved so that its picture's
    /// top-left corner (the frame grown by ``paintMargin``) lies on the nearest device pixel.
    public func wholePixelFrame(pixelScale s: Double) -> Rect {
        let m = paintMargin
        let corner = WholePixels.nearest(Point(x: frame.minX - m, y: frame.minY - m), pixelScale: s)
        return Rect(x: corner.x + m, y: corner.y + m, width: frame.width, height: frame.height)
    }
}

extension BoxNode {
    /// Its frame and the antialiased pixel around it.
    public var paintBounds: Rect { frame.insetBy(dx: -1, dy: -1) }

    /// Its frame with each edge on the nearest device pixel (at least one pixel across when it
    /// has any size): straight edges crisp, and a box that creeps by a fraction of a pixel (a
    /// spring's tail) paints the same pixels until it has moved a whole one.
    public func wholePixelFrame(pixelScale: Double) -> Rect { WholePixels.nearest(frame, pixelScale: pixelScale) }

    /// Whether `other`, standing where this box stands, paints the same pixels in `window`: the
    /// same colour and corners, and the same edges wherever an edge (with its rounded corners and
    /// antialiased pixel) can reach the window. A section's background is as tall as its million
    /// items; a relayout animating its height moves its bottom edge far below the window, and
    /// that must not repaint the window.
    func looksTheSame(as other: BoxNode, in window: Rect) -> Bool {
        guard color == other.color, cornerRadius == other.cornerRadius else { return false }
        let reach = window.insetBy(dx: -(Swift.max(cornerRadius, 0) + 2), dy: -(Swift.max(cornerRadius, 0) + 2))
        return DrawnNode.same(frame.intersection(reach), other.frame.intersection(reach), .zero)
    }
}

extension LabelNode {
    /// A line of text is vertically centred on its frame and may overhang a short frame a little.
    public var paintBounds: Rect { frame.insetBy(dx: -2, dy: -6) }
}

extension ImageNode {
    public var paintBounds: Rect { frame.insetBy(dx: -1, dy: -1) }
}

extension SceneNode {
    /// Window-space bounds of what this node may paint (nil for clip markers).
    public var paintBounds: Rect? {
        switch self {
        case .box(let b): return b.paintBounds
        case .label(let l): return l.paintBounds
        case .cell(let c): return c.paintBounds
        case .image(let i): return i.paintBounds
        case .field(let f): return f.frame.insetBy(dx: -3, dy: -3)
        case .pushClip, .popClip: return nil
        }
    }
}
