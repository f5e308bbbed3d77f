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

extension BoxNode {
    /// Its frame and the antialiased pixel around it.
    public var paintBounds: Rect { frame.insetBy(dx: -1, dy: -1) }
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
