/// Identity of a node across frames, independent of where it is drawn.
enum NodeKey: Hashable {
    /// The n-th cell of an item (a scene draws an item once, but a settling snapshot may overlap).
    case cell(ItemID, Int)
    /// The n-th box, label or image with the same position-free content.
    case box(Color, Double, Size, Int)
    case label(String, LabelNode.Style, Size, Double, Int)
    case field(String, Int, Range<Int>, Size, Int)
    case image(String, Color, Size, Int)
}

/// A scene node with its clip resolved: where it may paint and how it moves. Plain values only
/// (its identity is in ``FlatScene/keys``), so reading one copies no references.
struct DrawnNode {
    /// Index of the node in its scene's `nodes`.
    var index: Int
    /// Paint bounds within the clip in force; empty when clipped away.
    var bounds: Rect
    /// The clip in force, nil when none.
    var clip: Rect?
    /// The frame origin: moves with the node when it scrolls.
    var anchor: Point
    /// An item's cell (the nodes whose moves vote for the scroll delta).
    var isCell: Bool

    /// Whether node `j` of `fb` is node `i` of `fa` moved by `d` and otherwise unchanged, what its
    /// clip lets it paint included. By index: a `DrawnNode` passed by value is copied, its key's
    /// strings retained.
    static func equals(_ i: Int, in fa: FlatScene, _ j: Int, in fb: FlatScene, movedBy d: Point) -> Bool {
        // What the clip leaves of the node, not the clip: a list's clip whose far edge moves
        // (the board settling) leaves the cards well inside it as they were. Standing still, only
        // what lies in the window counts (a section's background is far taller).
        let window = Rect(origin: .zero, size: fb.scene.size)
        let ba = fa.drawn[i].bounds, bb = fb.drawn[j].bounds
        guard d == .zero ? same(ba.intersection(window), bb.intersection(window), d) : same(ba, bb, d) else { return false }
        // Nodes through buffer pointers: an array's subscript hands out a copy (a node is up to
        // ~180 bytes with four references), and this runs for every node of every frame.
        let a = fa.drawn[i].index, b = fb.drawn[j].index
        return fa.scene.nodes.withUnsafeBufferPointer { na in
            fb.scene.nodes.withUnsafeBufferPointer { nb in
                if d == .zero, case .box(let x) = na[a], case .box(let y) = nb[b] { return x.looksTheSame(as: y, in: window) }
                return na[a].isSame(as: nb[b], movedBy: d)
            }
        }
    }

    /// Frames compare within a thousandth of a pixel: scroll offsets are sums of doubles.
    static func same(_ a: Rect, _ b: Rect, _ d: Point) -> Bool {
        let e = 1e-3
        return Swift.abs(a.minX + d.x - b.minX) < e && Swift.abs(a.minY + d.y - b.minY) < e
            && Swift.abs(a.width - b.width) < e && Swift.abs(a.height - b.height) < e
    }

    static func same(_ a: Point, _ b: Point) -> Bool {
        Swift.abs(a.x - b.x) < 1e-3 && Swift.abs(a.y - b.y) < 1e-3
    }
}

/// A scene prepared for damage tracking and drawing: its drawable nodes in painter's order with
/// clips resolved, and an index from node identity to position. A host keeps the one it showed
/// last, so each frame prepares only the new scene.
///
/// Boxes, clips, labels and the cells drawn as pictures are put on whole device pixels here, once,
/// for both the renderer and damage tracking (``BoxNode/wholePixelFrame(pixelScale:)``,
/// ``CellNode/wholePixelFrame(pixelScale:)``), and a tile within half a pixel of its resting size
/// is drawn at rest: a spring's tail, which moves them by fractions of a pixel for many frames,
/// then changes nothing on screen until a whole pixel does, and costs nothing to draw.
public struct FlatScene: Sendable {
    /// The scene as drawn: its boxes, clips, labels and picture cells on whole device pixels.
    public let scene: Scene
    /// Device pixels per logical pixel.
    public let pixelScale: Double
    var drawn: [DrawnNode] = []
    /// The identity of each of `drawn`, by the same position.
    var keys: [NodeKey] = []
    var index: [NodeKey: Int] = [:]
    /// Boxes by colour, corners and origin: a box whose size changed (a section's background as a
    /// relayout animates its height) is found here when its key (which holds its size) is not.
    var boxAtOrigin: [BoxPlace: Int] = [:]
    /// For each of the scene's nodes, by index: what it may paint within the clip in force; nil for
    /// the clip markers. A renderer painting several damage rects culls with these instead of
    /// taking every node apart once per rect.
    public private(set) var paintBounds: [Rect?] = []

    public init(_ given: Scene, pixelScale: Double = 1) {
        self.pixelScale = pixelScale
        var scene = given
        drawn.reserveCapacity(scene.nodes.count)
        keys.reserveCapacity(scene.nodes.count)
        index.reserveCapacity(scene.nodes.count)
        paintBounds.reserveCapacity(scene.nodes.count)
        var clips: [Rect] = []
        // By index, and one switch a node: each `let` binding of a payload copies the node (a
        // cell is ~180 bytes and four references), and this runs on every node of every frame.
        for i in scene.nodes.indices {
            var key: NodeKey
            let anchor: Point
            var bounds: Rect
            var isCell = false
            switch scene.nodes[i] {
            case .pushClip(var r):
                // On whole pixels, like boxes: a list's clip that creeps as the board settles
                // clips the same pixels until an edge moves a whole one.
                let snapped = WholePixels.nearest(r, pixelScale: pixelScale)
                if snapped != r {
                    r = snapped
                    scene.nodes[i] = .pushClip(r)
                }
                clips.append(clips.last.map { $0.intersection(r) } ?? r)
                paintBounds.append(nil)
                continue
            case .popClip:
                _ = clips.popLast()
                paintBounds.append(nil)
                continue
            case .box(var b):
                let frame = b.wholePixelFrame(pixelScale: pixelScale)
                if frame != b.frame {
                    b.frame = frame
                    scene.nodes[i] = .box(b)
                }
                (key, anchor, bounds) = (.box(b.color, b.cornerRadius, b.frame.size, 0), b.frame.origin, b.paintBounds)
                boxAtOrigin[BoxPlace(color: b.color, cornerRadius: b.cornerRadius, origin: b.frame.origin)] = drawn.count
            case .label(var l):
                // Text starts on a whole pixel: crisp, and still while a header creeps the last
                // fraction of a pixel to its place.
                let origin = WholePixels.nearest(l.frame.origin, pixelScale: pixelScale)
                if origin != l.frame.origin {
                    l.frame.origin = origin
                    scene.nodes[i] = .label(l)
                }
                (key, anchor, bounds) = (.label(l.text, l.style, l.frame.size, l.opacity, 0), l.frame.origin, l.paintBounds)
            case .cell(var c):
                // A tile within half a device pixel of the size it rests at is drawn at rest: the
                // last frames of a size spring stretch it by an amount no pixel shows.
                if let rest = c.restingSize, Swift.abs(rest.width - c.frame.width) * pixelScale < 0.5,
                   Swift.abs(rest.height - c.frame.height) * pixelScale < 0.5 {
                    c.frame.size = rest
                    c.restingSize = nil
                    scene.nodes[i] = .cell(c)
                }
                if c.isDrawnAtWholePixels {
                    let frame = c.wholePixelFrame(pixelScale: pixelScale)
                    if frame != c.frame {
                        c.frame = frame
                        scene.nodes[i] = .cell(c)
                    }
                }
                (key, anchor, bounds, isCell) = (.cell(c.id, 0), c.frame.origin, c.paintBounds, true)
            case .image(let m): (key, anchor, bounds) = (.image(m.icon, m.tint, m.frame.size, 0), m.frame.origin, m.paintBounds)
            case .field(let f): (key, anchor, bounds) = (.field(f.text, f.caret, f.selection, f.frame.size, 0), f.frame.origin, f.frame.insetBy(dx: -3, dy: -3))
            }
            let clip = clips.last
            if let clip { bounds = bounds.intersection(clip) }
            paintBounds.append(bounds)
            // Repeated content (equal section backgrounds) is told apart by order of appearance;
            // one hash in the common case of a key seen once.
            if let first = index.updateValue(drawn.count, forKey: key) {
                index[key] = first
                var n = 0
                repeat {
                    n += 1
                    key = key.occurrence(n)
                } while index[key] != nil
                index[key] = drawn.count
            }
            drawn.append(DrawnNode(index: i, bounds: bounds, clip: clip, anchor: anchor, isCell: isCell))
            keys.append(key)
        }
        self.scene = scene
    }
}

/// Where a box stands and how it looks, its size aside (``FlatScene/boxAtOrigin``).
struct BoxPlace: Hashable {
    var color: Color
    var cornerRadius: Double
    var origin: Point
}

extension NodeKey: @unchecked Sendable {
    func occurrence(_ n: Int) -> NodeKey {
        switch self {
        case .cell(let id, _): return .cell(id, n)
        case .box(let c, let r, let s, _): return .box(c, r, s, n)
        case .label(let t, let st, let s, let o, _): return .label(t, st, s, o, n)
        case .image(let i, let c, let s, _): return .image(i, c, s, n)
        case .field(let t, let c, let r, let s, _): return .field(t, c, r, s, n)
        }
    }
}

extension SceneNode {
    /// Whether `other` is this node moved by `d` and otherwise unchanged. Field by field on the
    /// borrowed payloads: copying one to overwrite its frame would retain its strings.
    func isSame(as other: SceneNode, movedBy d: Point) -> Bool {
        switch self {
        case .cell(let x):
            guard case .cell(let y) = other else { return false }
            return DrawnNode.same(x.frame, y.frame, d) && x.hasSameContent(as: y)
        case .box(let x):
            guard case .box(let y) = other else { return false }
            return DrawnNode.same(x.frame, y.frame, d) && x.color == y.color && x.cornerRadius == y.cornerRadius
        case .label(let x):
            guard case .label(let y) = other else { return false }
            return DrawnNode.same(x.frame, y.frame, d) && x.text == y.text && x.style == y.style && x.opacity == y.opacity
        case .image(let x):
            guard case .image(let y) = other else { return false }
            return DrawnNode.same(x.frame, y.frame, d) && x.icon == y.icon && x.tint == y.tint
        case .field(let x):
            guard case .field(let y) = other else { return false }
            return DrawnNode.same(x.frame, y.frame, d) && x.text == y.text && x.caret == y.caret && x.selection == y.selection
        case .pushClip, .popClip:
            return false
        }
    }
}

extension CellNode {
    /// Every field but `frame` equal. (A test counts the fields: one added must be compared here.)
    func hasSameContent(as o: CellNode) -> Bool {
        id == o.id && title == o.title && icon == o.icon && color == o.color && isFolder == o.isFolder
            && folderCount == o.folderCount && isDone == o.isDone && isSelected == o.isSelected
            && isPressed == o.isPressed && isLifted == o.isLifted && isDropTarget == o.isDropTarget
            && dwellProgress == o.dwellProgress && isRefused == o.isRefused && isHovered == o.isHovered
            && showsCheck == o.showsCheck && isMarked == o.isMarked && stackCount == o.stackCount
            && scale == o.scale && rotation == o.rotation
            && alpha == o.alpha && restingSize == o.restingSize
            && folderPreview == o.folderPreview && artwork == o.artwork
    }
}
