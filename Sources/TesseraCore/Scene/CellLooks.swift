/// How a cell looks in the current state (pressed, growing as a drop target, dwelling, refusing,
/// selected): what the scene needs from the parts, gathered once per scene so each cell costs
/// a few comparisons.
struct CellLooks {
    let now: Double
    let policy: DragPolicy
    let selection: ItemID?
    let pressed: ItemID?
    let pressScale: Double
    let holding: Bool
    let targetScales: [ItemID: Tween]
    let openTarget: ItemID?
    /// The cell a folder dwell is running over, how far it has run, and its scale as it grows.
    let dwelling: (id: ItemID, progress: Double, scale: Double)?
    let refusals: [ItemID: Double]
    /// The cell under a pointer at rest (nothing pressed or carried).
    let hovered: ItemID?
    /// The cells parted beside a dwelling gap, and by how much.
    let partedCells: [Engine.PartedCell]
    /// The marked items, and the rubber band being dragged (window coordinates): what it
    /// touches is drawn marked as it goes.
    let marks: Marks
    let band: Rect?

    /// Where the items made from files and links come from, and what the platform has for them.
    let locations: ItemLocations
    let artwork: ArtworkStates

    /// Device pixels per logical pixel: parted cells land on whole device pixels (blitted, not repainted).
    let pixelScale: Double

    init(_ e: Engine, pixelScale: Double = 1) {
        self.pixelScale = pixelScale > 0 ? pixelScale : 1
        now = e.now
        policy = e.policy
        selection = e.navigation.selection
        pressed = e.presentation.pressed
        pressScale = e.presentation.pressScale.value(at: e.now)
        holding = e.session.press.map { !$0.moved } ?? false
        targetScales = e.presentation.targetScales
        openTarget = e.openTarget
        refusals = e.presentation.refusals
        dwelling = e.dwellGrowth().map { ($0.id, $0.progress, $0.scale) }
        hovered = e.hoveredID
        partedCells = e.partedCells()
        marks = e.navigation.marks
        band = e.bandRect
        locations = e.model.locations
        artwork = e.presentation.artwork
    }

    /// `frame` moved aside if `id` is parted beside a dwelling gap.
    func parted(_ id: ItemID, _ frame: Rect) -> Rect {
        guard !partedCells.isEmpty, let c = partedCells.first(where: { $0.id == id }) else { return frame }
        return frame.offsetBy(dx: (c.offset.x * pixelScale).rounded() / pixelScale, dy: (c.offset.y * pixelScale).rounded() / pixelScale)
    }

    /// Whether `node` shows its done check (an undone item: on a row, under the pointer, focused).
    /// A tile changing size is a row or not by the size it rests at: its image is painted at that
    /// size, and a grid tile on its way from a board row showed the row's check in its corner.
    static func showsCheck(_ node: CellNode) -> Bool {
        let shape = Rect(origin: .zero, size: node.restingSize ?? node.frame.size)
        return !node.isFolder && !node.isDone && (CheckMark.isRow(shape) || node.isHovered || node.isSelected)
    }

    func node(_ item: Item, frame: Rect) -> CellNode {
        var node = CellNode(id: item.id, frame: frame, title: item.title, icon: item.icon, color: item.color,
                            isFolder: item.isFolder,
                            folderPreview: item.children.prefix(9).map { FolderPreviewEntry(icon: $0.icon, color: $0.color) },
                            folderCount: item.children.count, isDone: item.done, isSelected: selection == item.id)
        if !locations.isEmpty, !item.isFolder, let location = locations[item.id] {
            node.artwork = artwork[location]
        }
        if pressed == item.id {
            node.scale = pressScale
            node.isPressed = pressScale < 1 || holding
        }
        if !targetScales.isEmpty, let t = targetScales[item.id] {
            node.scale = t.value(at: now)
            node.isDropTarget = openTarget == item.id
        }
        node.isHovered = hovered == item.id
        node.isMarked = (!marks.isEmpty && marks.contains(item.id)) || (band.map { $0.intersects(frame) } ?? false)
        node.showsCheck = Self.showsCheck(node)
        if let d = dwelling, d.id == item.id {
            node.dwellProgress = d.progress
            node.scale = d.scale
        }
        if !refusals.isEmpty, let since = refusals[item.id] {
            // A shake (none under reduced motion) and an outline that does not move.
            node.frame = node.frame.offsetBy(dx: Wobble.refusal(since: now - since, policy: policy), dy: 0)
            node.isRefused = true
        }
        return node
    }
}

extension CellNode {
    /// Drawn on its way to `size` (a layout switch, a tile leaving at the size it left at): its
    /// image is painted at that size, so it shows the check it shows there.
    mutating func changesSize(to size: Size) {
        restingSize = size
        showsCheck = CellLooks.showsCheck(self)
    }
}
