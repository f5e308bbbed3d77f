/// What the pointer is doing, as the drag state machine sees it.
///
/// idle --down on item--> pressed --hold liftDelay--> lifted --up/cancel--> settling --> idle
///                          |--move > slop--> idle      (done item: refusal shake, back to idle)
///                          |--up--> idle (click: select and open)
public enum DragPhase: Sendable {
    case idle
    case pressed(Press)
    case lifted(Lift)
    case settling(Settle)
    /// Dragging a scroll indicator's thumb.
    case scrubbing(Scrub)
}

public struct Press: Sendable {
    public var id: ItemID
    /// Where the pressed item is (nil for a folder's child: looked up in the folder).
    public var path: IndexPath? = nil
    public var start: Double
    public var origin: Point
    public var moved = false
    /// The open folder the press is in, if any.
    public var folder: ItemID? = nil
}

/// The lifted item and everything that happens while it is carried.
public struct Lift: Sendable {
    public var id: ItemID
    public var liftTime: Double
    /// Pointer minus the cell's top-left at lift: the snapshot keeps this offset (seed 001).
    public var grabOffset: Point
    /// The cell's size at lift: the snapshot image's size.
    public var size: Size
    public var pointer: Point
    /// Where the carried item is now: kept current by every edit of the drag, so a frame never
    /// looks for it.
    public var path: IndexPath
    /// Where it was at lift.
    public var originalPath: IndexPath
    /// The drag's edits, undone on cancel (seed 003 rolls back to the order at lift). A log rather
    /// than a copy of the model: a copy would make the first reorder copy every item.
    public var edits = EditLog()
    /// The target under the pointer and since when: the dwell clock.
    public var hover: Hover?
    /// The cell opened as a drop target (folder dwell fired), if any.
    public var open: ItemID?
    /// When the pointer entered the root's and a pane's autoscroll zones.
    public var rootZoneSince: Double?
    public var paneZoneSince: Double?
    /// Since when the pointer has been in an edge zone of an open folder's items.
    public var folderZoneSince: Double?
    /// The folder whose open view the item is carried in; nil on the main surface.
    public var folder: ItemID? = nil
}

public struct Hover: Hashable, Sendable {
    public var target: DropTarget
    public var since: Double
}

/// The snapshot flying into place after a release or a cancel; input is ignored meanwhile (seed 001).
public struct Settle: Sendable {
    public enum Destination: Sendable {
        /// Back into the item's own slot.
        case slot
        /// Into a folder cell (the dropped item now lives inside it).
        case folder(ItemID)
    }
    public var id: ItemID
    public var item: Item
    public var start: Double
    public var from: Rect
    public var fromRotation: Double
    public var fromScale: Double
    public var destination: Destination
}

/// What the engine tells its host.
public enum EngineEffect: Hashable, Sendable {
    /// The model changed for good (a drop, a folder change): save it.
    case commit
    case lifted(ItemID)
    case cancelled(ItemID)
    /// A click opened an item or folder.
    case opened(ItemID)
    /// A done item refused to lift.
    case refused(ItemID)
    case layoutChanged(LayoutChoice)
}

/// A view over the surface: the detail of a clicked item.
public enum Overlay: Hashable, Sendable {
    case detail(ItemID)
    /// An open folder: its items shown in a panel over the surface, where they can be reordered
    /// and dragged out.
    case folder(ItemID)
}
