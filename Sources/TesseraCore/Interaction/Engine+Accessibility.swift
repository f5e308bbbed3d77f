/// What a screen reader sees: the window as a tree of accessible nodes, each with a role, a name,
/// states, a frame and actions — computed from the engine's state when asked (nothing is kept;
/// a million items are a million answers, not a million objects). The platform bridge (ATK over
/// AT-SPI) maps roles and states to its own and frames to the screen.
///
/// The tree: the frame → one list per section or board list (named by its title), then the caption
/// of announcements (a polite live region), the open folder as a dialog of its items, the context
/// menu with its entries, the title being typed as an editable text. A list's children are its
/// items (name: the title; description: "folder, 4 items", "done", or what a tile made from a file
/// or link shows — "picture", "file, missing" …; selected, focused, checked).
public enum AccessibleNode: Hashable, Sendable {
    case frame
    case section(Int)
    case item(ItemID)
    case caption
    case folder(ItemID)
    case menu
    case menuEntry(Int)
    case field
}

public enum AccessibleRole: Hashable, Sendable {
    case frame, list, listItem, liveRegion, dialog, menu, menuItem, editableText
}

public struct AccessibleStates: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public static let enabled = AccessibleStates(rawValue: 1)
    public static let visible = AccessibleStates(rawValue: 2)
    /// On screen now (not scrolled out of view).
    public static let showing = AccessibleStates(rawValue: 4)
    public static let focusable = AccessibleStates(rawValue: 8)
    public static let focused = AccessibleStates(rawValue: 16)
    public static let selectable = AccessibleStates(rawValue: 32)
    public static let selected = AccessibleStates(rawValue: 64)
    /// A done item.
    public static let checked = AccessibleStates(rawValue: 128)
    public static let active = AccessibleStates(rawValue: 256)
    public static let editable = AccessibleStates(rawValue: 512)
}

public struct AccessibleInfo: Hashable, Sendable {
    public var role: AccessibleRole
    public var name: String
    public var description: String
    public var states: AccessibleStates
    /// In window coordinates (logical pixels); zero-sized when it has no place on screen.
    public var frame: Rect
    /// What `performAccessibleAction` can do, by index: "activate" (open), "menu".
    public var actions: [String]
}

extension Engine {
    /// The frame's children: the sections, the caption, then what is open on top.
    private var frameChildren: [AccessibleNode] {
        var out = (0..<model.sections.count).map(AccessibleNode.section)
        out.append(.caption)
        if let f = navigation.openFolder { out.append(.folder(f)) }
        if navigation.menu != nil { out.append(.menu) }
        if navigation.renaming != nil { out.append(.field) }
        return out
    }

    public func accessibleChildCount(_ node: AccessibleNode, near hint: IndexPath? = nil) -> Int {
        switch node {
        case .frame: frameChildren.count
        case .section(let s): model.sections.indices.contains(s) ? model.sections[s].items.count : 0
        case .folder(let f): model.indexPath(of: f, near: hint ?? navigation.overlayPath).flatMap { model.item(at: $0) }?.children.count ?? 0
        case .menu: navigation.menu?.entries.count ?? 0
        case .item, .caption, .menuEntry, .field: 0
        }
    }

    /// Child `i` of `node`, with where it is (an item's path, to find it again without a scan).
    public func accessibleChild(_ node: AccessibleNode, at i: Int, near hint: IndexPath? = nil) -> (AccessibleNode, IndexPath?)? {
        guard i >= 0 else { return nil }
        switch node {
        case .frame:
            let children = frameChildren
            return i < children.count ? (children[i], nil) : nil
        case .section(let s):
            guard model.sections.indices.contains(s), i < model.sections[s].items.count else { return nil }
            return (.item(model.sections[s].items[i].id), IndexPath(section: s, item: i))
        case .folder(let f):
            guard let p = model.indexPath(of: f, near: hint ?? navigation.overlayPath), let folder = model.item(at: p),
                  i < folder.children.count else { return nil }
            return (.item(folder.children[i].id), IndexPath(section: p.section, item: p.item, child: i))
        case .menu:
            guard let m = navigation.menu, i < m.entries.count else { return nil }
            return (.menuEntry(i), nil)
        case .item, .caption, .menuEntry, .field:
            return nil
        }
    }

    /// The parent of `node` and `node`'s index among its children.
    public func accessibleParent(_ node: AccessibleNode, near hint: IndexPath? = nil) -> (AccessibleNode, Int)? {
        switch node {
        case .frame: return nil
        case .section(let s): return (.frame, s)
        case .caption, .folder, .menu, .field:
            return frameChildren.firstIndex(of: node).map { (.frame, $0) }
        case .menuEntry(let k): return (.menu, k)
        case .item(let id):
            guard let p = model.indexPath(of: id, near: hint) else { return nil }
            if let c = p.child { return (.folder(model.sections[p.section].items[p.item].id), c) }
            return (.section(p.section), p.item)
        }
    }

    public func accessibleInfo(_ node: AccessibleNode, near hint: IndexPath? = nil) -> AccessibleInfo? {
        let window = Rect(origin: .zero, size: viewport)
        let base: AccessibleStates = [.enabled, .visible, .showing]
        switch node {
        case .frame:
            return AccessibleInfo(role: .frame, name: "Tessera", description: "", states: base.union(.active), frame: window, actions: [])
        case .section(let s):
            guard model.sections.indices.contains(s) else { return nil }
            let geo = snapshot.sections[s]
            let frame = snapshot.toWindow(geo.background, pane: nil, offsets: offsets).intersection(window)
            return AccessibleInfo(role: .list, name: model.sections[s].title, description: "", states: base, frame: frame, actions: [])
        case .item(let id):
            guard let p = model.indexPath(of: id, near: hint), let item = model.item(at: p) else { return nil }
            var states: AccessibleStates = [.enabled, .visible, .focusable, .selectable]
            let frame = drawnFrame(of: id, at: p) ?? .zero
            let inFolder = p.child != nil
            if frame.intersects(window) && (!inFolder || navigation.openFolder != nil) { states.insert(.showing) }
            if navigation.selection == id { states.formUnion([.selected, .focused]) }
            if item.done { states.insert(.checked) }
            let description = item.isFolder ? (item.children.count == 1 ? "folder, 1 item" : "folder, \(item.children.count) items")
                : ([fileDescription(of: id)] + [item.done ? "done" : nil]).compactMap { $0 }.joined(separator: ", ")
            return AccessibleInfo(role: .listItem, name: item.title, description: description, states: states, frame: frame,
                                  actions: ["activate", "menu"])
        case .caption:
            let text = presentation.caption.map { now < $0.until ? $0.text : "" } ?? ""
            let frame = presentation.caption.map { $0.frame(in: viewport) } ?? .zero
            return AccessibleInfo(role: .liveRegion, name: text, description: "", states: base, frame: frame, actions: [])
        case .folder(let f):
            guard let p = model.indexPath(of: f, near: hint ?? navigation.overlayPath), let folder = model.item(at: p) else { return nil }
            return AccessibleInfo(role: .dialog, name: folder.title, description: "", states: base.union(.active),
                                  frame: folderPanel?.panel ?? .zero, actions: [])
        case .menu:
            guard let m = navigation.menu else { return nil }
            let title = model.item(withID: m.item)?.title ?? ""
            return AccessibleInfo(role: .menu, name: title, description: "", states: base, frame: m.frame, actions: [])
        case .menuEntry(let k):
            guard let m = navigation.menu, k < m.entries.count else { return nil }
            let entry = m.entries[k]
            var states: AccessibleStates = [.visible, .showing, .focusable, .selectable]
            if entry.isEnabled { states.insert(.enabled) }
            if m.highlighted == k { states.formUnion([.selected, .focused]) }
            return AccessibleInfo(role: .menuItem, name: entry.title, description: "", states: states,
                                  frame: ContextMenu.row(k, in: m.frame), actions: entry.isEnabled ? ["activate"] : [])
        case .field:
            guard let r = navigation.renaming else { return nil }
            return AccessibleInfo(role: .editableText, name: r.field.text, description: "",
                                  states: base.union([.focusable, .focused, .editable]), frame: renamingFieldFrame(r) ?? .zero, actions: [])
        }
    }

    /// A screen reader's action on `node`: "activate" opens an item (or chooses a menu entry),
    /// "menu" opens an item's context menu. Returns whether it did something.
    @discardableResult
    public mutating func performAccessibleAction(_ index: Int, on node: AccessibleNode, near hint: IndexPath? = nil, at t: Double) -> Bool {
        passTime(to: t)
        switch node {
        case .item(let id):
            guard let p = model.indexPath(of: id, near: hint), canEditNow || index == 0 else { return false }
            if index == 0 {
                click(id, at: p)
                return true
            }
            return index == 1 && openContextMenu(for: id, t: t)
        case .menuEntry(let k):
            guard index == 0, let m = navigation.menu, k < m.entries.count else { return false }
            if let action = m.entries[k].action {
                choose(action, on: m.item, at: t)
                return true
            }
            return false
        default:
            return false
        }
    }

    /// The node that has the keyboard focus: the field being typed, the highlighted menu entry,
    /// else the selected item.
    public var accessibleFocus: AccessibleNode? {
        if navigation.renaming != nil { return .field }
        if let m = navigation.menu { return m.highlighted.map(AccessibleNode.menuEntry) ?? .menu }
        return navigation.selection.map(AccessibleNode.item)
    }
}

extension Engine {
    /// What a screen reader says of an item made from a file or link, as the tile shows it:
    /// "picture", "file", "file, missing", "picture, cannot be shown", "link"; nil for other items.
    func fileDescription(of id: ItemID) -> String? {
        guard let location = model.locations[id] else { return nil }
        guard location.hasPrefix("file:") else { return "link" }
        switch presentation.artwork[location].state {
        case .picture: return "picture"
        case .missing: return "file, missing"
        case .unreadable: return "picture, cannot be shown"
        case .unknown, .typeIcon: return "file"
        }
    }
}
