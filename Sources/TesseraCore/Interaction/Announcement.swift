/// What each step of a move is announced as (dnd-kit's and react-beautiful-dnd's live announcements):
/// shown in the caption strip while a keyboard move is under way (and during pointer drags with
/// `DragPolicy.announce`), and posted as `EngineEffect.announce` for assistive technology.
///
/// Every sentence is in `text`, in English, and nowhere else: translating them is one table.
public enum Announcement: Hashable, Sendable {
    case lifted(String, Place)
    case moved(to: Place, crossed: Bool)
    /// Over a tile that opened as a drop target: a folder (adds to it) or a plain tile (makes one).
    case over(String, makesFolder: Bool)
    case dropped(String, Place)
    case droppedInto(String, folder: String)
    case cancelled(String, Place)
    case refused(String)
    /// A group lift: how many items came along (the held one included).
    case liftedGroup(Int, Place)
    case droppedGroup(Int, Place)
    case cancelledGroup(Int)
    /// A group holding a folder, over a tile: folders cannot go into folders.
    case refusedFolderInFolder
    /// The marks changed: how many items are marked now.
    case marked(Int)

    /// Where an item is: its position (from 1) among the `count` of its section, board list or folder.
    public struct Place: Hashable, Sendable {
        public var position: Int
        public var count: Int
        public var container: String
        public init(position: Int, count: Int, container: String) {
            self.position = position; self.count = count; self.container = container
        }
    }

    public var text: String {
        switch self {
        case .lifted(let title, let p): "Lifted \(title), position \(p.position) of \(p.count) in \(p.container)"
        case .moved(let p, let crossed):
            crossed ? "Moved to \(p.container), position \(p.position) of \(p.count)" : "Moved to position \(p.position) of \(p.count)"
        case .over(let target, let makesFolder):
            makesFolder ? "Over \(target): release to make a folder" : "Over \(target): release to add"
        case .dropped(let title, let p): "Dropped \(title) at position \(p.position) of \(p.count) in \(p.container)"
        case .droppedInto(let title, let folder): "Dropped \(title) into \(folder)"
        case .cancelled(let title, let p): "Cancelled, \(title) returned to position \(p.position) in \(p.container)"
        case .refused(let title): "\(title) is done and cannot be moved"
        case .liftedGroup(let n, let p): "Lifted \(n) items, from position \(p.position) of \(p.count) in \(p.container)"
        case .droppedGroup(let n, let p): "Dropped \(n) items at position \(p.position) of \(p.count) in \(p.container)"
        case .cancelledGroup(let n): "Cancelled, \(n) items returned to their places"
        case .refusedFolderInFolder: "A folder can't go into a folder"
        case .marked(let n): n == 1 ? "1 item selected" : "\(n) items selected"
        }
    }
}

/// The caption strip: the latest announcement, on screen until `until`.
public struct Caption: Hashable, Sendable {
    public var text: String
    public var until: Double
    /// How long a caption stays after the move ends.
    static let linger = 3.0
    static let height = 34.0
    static let maxWidth = 560.0

    /// Centred near the bottom of the window (where a toast would be: a toast hides it).
    func frame(in viewport: Size) -> Rect {
        let w = Swift.min(Self.maxWidth, viewport.width - 40)
        return Rect(x: (viewport.width - w) / 2, y: viewport.height - 20 - Self.height, width: w, height: Self.height)
    }
}

extension Engine {
    /// Where item `id` is, as an announcement says it; nil when it is not in the model.
    func announcedPlace(of id: ItemID) -> Announcement.Place? {
        guard let p = locate(id) else { return nil }
        let section = model.sections[p.section]
        if let c = p.child {
            let folder = section.items[p.item]
            return Announcement.Place(position: c + 1, count: folder.children.count, container: folder.title)
        }
        return Announcement.Place(position: p.item + 1, count: section.items.count, container: section.title)
    }

    /// Whether the current drag speaks: a keyboard move always, a pointer drag with `announce`.
    var announcesDrag: Bool { session.lift.map { $0.byKeyboard || policy.announce } ?? false }

    /// Says `a`: to assistive technology, and in the caption strip until the move ends (and a
    /// little after).
    mutating func announce(_ a: Announcement) {
        outbox.post(.announce(a.text))
        presentation.caption(a.text, until: session.isCarrying ? .infinity : now + Caption.linger)
        outbox.redraw()
    }
}
