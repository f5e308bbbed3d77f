/// What to draw, and nothing else: the only thing a renderer sees.
///
/// The engine builds a scene each frame from its layout snapshot, scroll offsets and animations.
/// Nodes are in painter's order, in window coordinates (logical pixels; the renderer applies the
/// HiDPI scale). Clips nest: each `pushClip` is matched by a `popClip`.
public struct Scene: Sendable {
    public var size: Size
    public var background: Color
    public var nodes: [SceneNode]
    /// The pointer shape that says what a press would do here.
    public var cursor: CursorShape
    /// Cells just outside the window (about a row beyond each edge), not drawn: a renderer that
    /// caches cell images may prepare them in idle time, so scrolling them in costs a blit
    /// (UICollectionView's prefetching, RecyclerView's GapWorker).
    public var upcoming: [CellNode]
    /// Styles of the labels a frame soon shows (a layout switch on its way: its headers, a
    /// board's list titles): a renderer loads their faces in idle time, so the switch's first
    /// frame does not (the bold face, when nothing bold was shown before: 2.1–2.5 ms).
    public var upcomingLabelStyles: [LabelNode.Style] = []
    /// The colours the renderer draws tiles, text and badges with (the chrome's are in the nodes).
    public var palette: Palette
    /// While the appearance changes: the opacity at which the host lays the window as it looked
    /// before the change over this scene (`CrossFade`); nil otherwise.
    public var crossFade: Double?
    /// The desktop's UI font, a Pango description ("Cantarell 11", XSETTINGS `Gtk/FontName`): the
    /// renderer sets text in its family (with its own fallbacks for Chinese and emoji) at its size
    /// relative to 11 pt; nil: Tessera's own.
    public var uiFont: String?
    public init(size: Size, background: Color, nodes: [SceneNode] = [], cursor: CursorShape = .arrow,
                upcoming: [CellNode] = [], palette: Palette = .light, uiFont: String? = nil) {
        self.size = size; self.background = background; self.nodes = nodes; self.cursor = cursor
        self.upcoming = upcoming; self.palette = palette; self.uiFont = uiFont
    }
}

public enum CursorShape: Hashable, Sendable {
    case arrow
    /// Over an item that can be lifted.
    case openHand
    /// While dragging.
    case closedHand
    /// Over something that cannot be moved (a done item) while dragging, or a refused lift.
    case notAllowed
    /// Over something a click acts on that is not an item (a board list's "Add task" row).
    case pointingHand
}

public enum SceneNode: Hashable, Sendable {
    /// A filled rounded rectangle: section backgrounds, board columns, scroll indicators, scrims.
    case box(BoxNode)
    /// A line of text: section headers and footers, list titles, banners.
    case label(LabelNode)
    /// An item tile (plain item or folder), possibly transformed (pressed, lifted, animating).
    case cell(CellNode)
    /// An icon image drawn to fill `frame` (the detail view's large image).
    case image(ImageNode)
    /// A title being typed: the text, its caret and selection (the renderer measures and scrolls it).
    case field(FieldNode)
    case pushClip(Rect)
    case popClip
}

public struct BoxNode: Hashable, Sendable {
    public var frame: Rect
    public var color: Color
    public var cornerRadius: Double
    public init(frame: Rect, color: Color, cornerRadius: Double = 0) {
        self.frame = frame; self.color = color; self.cornerRadius = cornerRadius
    }
}

public struct LabelNode: Hashable, Sendable {
    public enum Style: String, Hashable, Sendable { case header, footer, listTitle, banner, toast, detailTitle, folderTitle, inspector, addRow, caption, menuItem, menuItemDisabled }
    public var frame: Rect
    public var text: String
    public var style: Style
    /// 1 opaque; less while it fades (a toast).
    public var opacity: Double
    public init(frame: Rect, text: String, style: Style, opacity: Double = 1) {
        self.frame = frame; self.text = text; self.style = style; self.opacity = opacity
    }
}

public struct FieldNode: Hashable, Sendable {
    public var frame: Rect
    public var text: String
    /// Caret and selection, in characters (grapheme clusters) of `text`.
    public var caret: Int
    public var selection: Range<Int>
    public init(frame: Rect, text: String, caret: Int, selection: Range<Int>) {
        self.frame = frame; self.text = text; self.caret = caret; self.selection = selection
    }

    /// The field over an item's title: across a board row after its check and icon; under a tile,
    /// at least 200 px wide (a tile's title line is narrow for typing), kept in the window.
    public static func frame(over cell: Rect, in viewport: Size) -> Rect {
        if CheckMark.isRow(cell) {
            let x = cell.minX + CheckMark.rowLead(in: cell) + cell.height * 0.6 + 6
            return Rect(x: x, y: cell.midY - 14, width: Swift.max(40, cell.maxX - 8 - x), height: 28)
        }
        let w = Swift.max(cell.width + 40, 200)
        let x = Swift.min(Swift.max(cell.midX - w / 2, 4), Swift.max(4, viewport.width - w - 4))
        return Rect(x: x, y: cell.maxY - 26, width: w, height: 28)
    }
}

public struct ImageNode: Hashable, Sendable {
    public var frame: Rect
    public var icon: String
    public var tint: Color
    public init(frame: Rect, icon: String, tint: Color) { self.frame = frame; self.icon = icon; self.tint = tint }
}

/// An item tile. `frame` is the untransformed frame; `scale` and `rotation` apply about its centre.
public struct CellNode: Hashable, Sendable {
    public var id: ItemID
    public var frame: Rect
    public var title: String
    public var icon: String
    public var color: Color
    public var isFolder: Bool
    /// For a folder: the first few children's icons and colours, drawn as a mini-grid.
    public var folderPreview: [FolderPreviewEntry]
    /// For a folder: how many items it holds.
    public var folderCount: Int
    public var isDone: Bool
    public var isSelected: Bool
    public var isPressed: Bool
    /// The dragged snapshot: drawn raised, with a shadow.
    public var isLifted: Bool
    /// This cell is the open drop target (folder dwell fired).
    public var isDropTarget: Bool
    /// Progress of a dwell that will act on this cell, 0...1; nil when none.
    public var dwellProgress: Double?
    /// A done item just refused a lift: drawn with a warning outline (besides the shake, which
    /// reduced motion leaves out).
    public var isRefused: Bool
    /// The pointer rests over it (nothing pressed or carried): drawn a little lighter.
    public var isHovered: Bool
    /// An empty check circle is drawn where a click marks it done (`CheckMark`).
    public var showsCheck: Bool
    /// Marked for a group drag (Ctrl+click, a range, the band): a ring and a check badge
    /// (`SelectionBadge`).
    public var isMarked: Bool
    /// The top of a group's stack: how many items the drag carries (a count badge); 0 for a
    /// single item.
    public var stackCount: Int
    public var scale: Double
    public var rotation: Double
    public var alpha: Double
    /// While its frame's size animates (a layout switch, a re-flow to a new width): the size it
    /// will rest at. A renderer may draw the tile as painted at that size, stretched to `frame`
    /// (within its paint bounds), instead of painting it afresh at every size on the way. nil at rest.
    public var restingSize: Size?
    /// A tile made from a file or a link: where it is and what the platform has for it; nil for the rest.
    public var artwork: CellArtwork?

    public init(id: ItemID, frame: Rect, title: String, icon: String, color: Color,
                isFolder: Bool = false, folderPreview: [FolderPreviewEntry] = [], folderCount: Int = 0,
                isDone: Bool = false, isSelected: Bool = false, isPressed: Bool = false,
                isLifted: Bool = false, isDropTarget: Bool = false, dwellProgress: Double? = nil, isRefused: Bool = false,
                isHovered: Bool = false, showsCheck: Bool = false, isMarked: Bool = false, stackCount: Int = 0,
                scale: Double = 1, rotation: Double = 0, alpha: Double = 1) {
        self.id = id; self.frame = frame; self.title = title; self.icon = icon; self.color = color
        self.isFolder = isFolder; self.folderPreview = folderPreview; self.folderCount = folderCount
        self.isDone = isDone; self.isSelected = isSelected; self.isPressed = isPressed
        self.isLifted = isLifted; self.isDropTarget = isDropTarget; self.dwellProgress = dwellProgress
        self.isRefused = isRefused; self.isHovered = isHovered; self.showsCheck = showsCheck
        self.isMarked = isMarked; self.stackCount = stackCount
        self.scale = scale; self.rotation = rotation; self.alpha = alpha
    }
}

public struct FolderPreviewEntry: Hashable, Sendable {
    public var icon: String
    public var color: Color
    public init(icon: String, color: Color) { self.icon = icon; self.color = color }
}
