/// The context menu (`ContextMenu`): opened by a right-click on an item, or by the Menu key or
/// Shift+F10 on the selected one; Up / Down (and first letters) move through it, Right opens a
/// submenu and Left closes it, Enter chooses, Escape or a click outside closes it. Choosing runs
/// the entry's action through the ordinary edits: one undoable step each.
extension Engine {
    public var contextMenu: ContextMenu? { navigation.menu }

    /// Opens the menu of item `id` at window point `anchor` (nil: at the item's tile). Returns
    /// whether it opened (not during a gesture, nor while a title is typed or the collection loads).
    @discardableResult
    public mutating func openContextMenu(for id: ItemID, at anchor: Point? = nil, t: Double) -> Bool {
        guard canEditNow, navigation.renaming == nil, let path = locate(id), let item = model.item(at: path) else { return false }
        if case .detail? = navigation.overlay { return false }
        // With a folder open only its items have a menu; without one, top-level items.
        if let open = navigation.openFolder {
            guard path.child != nil, model.sections[path.section].items[path.item].id == open else { return false }
        } else if path.child != nil {
            return false
        }
        let tile = drawnFrame(of: id, at: path)
        let at = anchor ?? tile.map { Point(x: $0.minX + 12, y: $0.maxY - 12) } ?? Point(x: viewport.width / 2, y: viewport.height / 2)
        navigation.select(id, at: path)
        navigation.openMenu(ContextMenu(item: id, entries: menuEntries(for: item, at: path), anchor: at, viewport: viewport))
        outbox.redraw()
        return true
    }

    /// What the menu of `item` (at `path`) offers. Entries that cannot apply (a done item's moves,
    /// the top for the first item) are shown disabled. O(items): every folder is offered.
    func menuEntries(for item: Item, at path: IndexPath) -> [MenuEntry] {
        let s = path.section, items = model.sections[s].items
        let movable = item.isMovable
        var out = [MenuEntry("Open", .open)]
        if let c = path.child {
            let siblings = items[path.item].children.count
            out.append(MenuEntry("Move to top", movable && c > 0 ? .moveToTop : nil))
            out.append(MenuEntry("Move to bottom", movable && c < siblings - 1 ? .moveToBottom : nil))
            out.append(MenuEntry("Remove from folder", movable ? .removeFromFolder : nil))
        } else {
            out.append(MenuEntry("Move to top", movable && path.item > 0 ? .moveToTop : nil))
            out.append(MenuEntry("Move to bottom", movable && path.item < items.count - 1 ? .moveToBottom : nil))
            for (t, section) in model.sections.enumerated() where t != s {
                out.append(MenuEntry("Move to \(section.title)", movable ? .moveToSection(t) : nil))
            }
            if !item.isFolder {
                out.append(MenuEntry("Add to folder", nil, children: folderEntries(from: s, enabled: movable)))
                if path.item + 1 < items.count, !items[path.item + 1].isFolder {
                    let next = items[path.item + 1]
                    out.append(MenuEntry("Create folder with \(next.title)", movable ? .createFolder(with: next.id) : nil))
                }
            }
        }
        out.append(MenuEntry("Rename", .rename))
        if !item.isFolder { out.append(MenuEntry(item.done ? "Mark not done" : "Mark done", .toggleDone)) }
        out.append(MenuEntry("Delete", .delete))
        return out
    }

    /// "Add to folder"'s submenu: every folder, those of the item's own section first; one in
    /// another section says which ("Media — Next"). O(items), once per menu.
    func folderEntries(from s: Int, enabled: Bool) -> [MenuEntry] {
        var out: [MenuEntry] = []
        for t in [s] + model.sections.indices.filter({ $0 != s }) {
            for entry in model.sections[t].items where entry.isFolder {
                let title = t == s ? entry.title : "\(entry.title) — \(model.sections[t].title)"
                out.append(MenuEntry(title, enabled ? .addToFolder(entry.id) : nil))
            }
        }
        return out
    }

    mutating func closeContextMenu() {
        navigation.closeMenu()
        outbox.redraw()
    }

    // MARK: Keys and pointer

    /// Keys while the menu is open: all of them are the menu's.
    mutating func menuKey(_ k: Key, at t: Double) {
        guard var menu = navigation.menu else { return }
        defer { outbox.redraw() }
        if var sub = menu.submenu {
            let list = menu.submenuEntries
            switch k {
            case .up: sub.highlighted = ContextMenu.next(in: list, from: sub.highlighted, step: -1)
            case .down: sub.highlighted = ContextMenu.next(in: list, from: sub.highlighted, step: 1)
            case .left, .escape: menu.submenu = nil; navigation.openMenu(menu); return
            case .enter, .space, .right:
                if let h = sub.highlighted, let action = list[h].action { choose(action, on: menu.item, at: t) }
                return
            case .character(let c): sub.highlighted = ContextMenu.next(in: list, from: sub.highlighted, startingWith: c)
            default: return
            }
            menu.submenu = sub
            navigation.openMenu(menu)
            return
        }
        switch k {
        case .up: menu.highlighted = ContextMenu.next(in: menu.entries, from: menu.highlighted, step: -1)
        case .down: menu.highlighted = ContextMenu.next(in: menu.entries, from: menu.highlighted, step: 1)
        case .home: menu.highlighted = ContextMenu.next(in: menu.entries, from: nil, step: 1)
        case .end: menu.highlighted = ContextMenu.next(in: menu.entries, from: nil, step: -1)
        case .escape, .left: closeContextMenu(); return
        case .right, .enter, .space:
            guard let h = menu.highlighted else { return }
            if let action = menu.entries[h].action {
                choose(action, on: menu.item, at: t)
                return
            }
            menu.openSubmenu(of: h, in: viewport, highlightFirst: true)
        case .character(let c): menu.highlighted = ContextMenu.next(in: menu.entries, from: menu.highlighted, startingWith: c)
        default: return
        }
        navigation.openMenu(menu)
    }

    /// The pointer over the menu: the row under it is highlighted, and a submenu's row opens it.
    mutating func menuHover(_ p: Point) {
        guard var menu = navigation.menu else { return }
        if let sub = menu.submenu, let k = ContextMenu.row(at: p, in: sub.frame, count: menu.submenuEntries.count) {
            guard sub.highlighted != k else { return }
            let enabled = menu.submenuEntries[k].isEnabled
            menu.submenu?.highlighted = enabled ? k : nil
        } else if let k = ContextMenu.row(at: p, in: menu.frame, count: menu.entries.count) {
            guard menu.highlighted != k else { return }
            menu.highlighted = menu.entries[k].isEnabled ? k : nil
            if menu.submenu?.parent != k {
                menu.submenu = nil
                if !menu.entries[k].children.isEmpty { menu.openSubmenu(of: k, in: viewport, highlightFirst: false) }
            }
        } else {
            return
        }
        navigation.openMenu(menu)
        outbox.redraw()
    }

    /// A press while the menu is open: on an enabled row it chooses it (a submenu's row opens the
    /// submenu); anywhere else it closes the menu and goes no further.
    mutating func menuPress(_ p: Point, at t: Double) {
        guard var menu = navigation.menu else { return }
        if let sub = menu.submenu, let k = ContextMenu.row(at: p, in: sub.frame, count: menu.submenuEntries.count) {
            if let action = menu.submenuEntries[k].action { choose(action, on: menu.item, at: t) }
            return
        }
        if let k = ContextMenu.row(at: p, in: menu.frame, count: menu.entries.count) {
            if let action = menu.entries[k].action {
                choose(action, on: menu.item, at: t)
            } else if !menu.entries[k].children.isEmpty {
                menu.highlighted = k
                menu.openSubmenu(of: k, in: viewport, highlightFirst: false)
                navigation.openMenu(menu)
                outbox.redraw()
            }
            return
        }
        closeContextMenu()
    }

    /// A right-click: the menu of the item under the pointer (in the open folder, among its
    /// items), opened where the click was.
    mutating func contextClick(_ p: Point, at t: Double) {
        if navigation.menu != nil { closeContextMenu() }
        if navigation.renaming != nil { commitRename(at: t) }
        let id: ItemID?
        if let panel = folderPanel {
            id = panel.child(at: p, offset: scroll.folderOffset).map { panel.children[$0].id }
        } else {
            id = navigation.overlay == nil ? item(at: p)?.id : nil
        }
        if let id { openContextMenu(for: id, at: p, t: t) }
    }

    // MARK: Actions

    /// Closes the menu and does what the entry says to item `id`: one undoable step.
    mutating func choose(_ action: MenuAction, on id: ItemID, at t: Double) {
        closeContextMenu()
        guard let path = locate(id), let item = model.item(at: path) else { return }
        let title = Toast.quoted(item.title)
        let s = path.section
        let folderPath = IndexPath(section: s, item: path.item)
        let folderID = path.child == nil ? nil : model.sections[s].items[path.item].id
        func edit(_ summary: String, toast: Bool = false, _ body: (inout ModelUpdates) throws(ModelEditError) -> Void) {
            _ = try? update(at: t, summary: summary, toast: toast, body)
            if let p = locate(id) {
                navigation.select(id, at: p)
                if p.child == nil, folderPanel == nil, let j = snapshot.flatIndex(of: p) { reveal(j) }
            }
        }
        switch action {
        case .open:
            click(id, at: path)
        case .moveToTop, .moveToBottom:
            let top = action == .moveToTop
            if let folderID, let count = model.item(at: folderPath)?.children.count {
                edit("Moved \(title) to the \(top ? "top" : "bottom")") { (u: inout ModelUpdates) throws(ModelEditError) in
                    try u.moveIntoFolder(id, folder: folderID, at: top ? 0 : count - 1, near: path, folderNear: folderPath)
                }
            } else {
                let to = IndexPath(section: s, item: top ? 0 : model.sections[s].items.count - 1)
                edit("Moved \(title) to the \(top ? "top" : "bottom")") { (u: inout ModelUpdates) throws(ModelEditError) in
                    try u.move(id, to: to, near: path)
                }
            }
        case .moveToSection(let other):
            guard model.sections.indices.contains(other) else { return }
            let to = IndexPath(section: other, item: model.sections[other].items.count)
            edit("Moved \(title) to \(Toast.quoted(model.sections[other].title))") { (u: inout ModelUpdates) throws(ModelEditError) in
                try u.move(id, to: to, near: path)
            }
        case .addToFolder(let folder):
            let name = model.item(withID: folder).map { Toast.quoted($0.title) } ?? "the folder"
            edit("Moved \(title) into \(name)", toast: true) { (u: inout ModelUpdates) throws(ModelEditError) in
                try u.moveIntoFolder(id, folder: folder, at: nil, near: path, folderNear: nil)
            }
        case .createFolder(let other):
            let otherTitle = model.item(withID: other).map { Toast.quoted($0.title) } ?? ""
            var made: ItemID?
            edit("Made a folder of \(title) and \(otherTitle)", toast: true) { (u: inout ModelUpdates) throws(ModelEditError) in
                made = try u.drop(id, onto: other, near: path, targetNear: IndexPath(section: s, item: path.item + 1))
            }
            // Its suggested name is open for typing, as after a drop that makes one.
            if let f = made, let p = locate(f), let name = model.item(at: p)?.title {
                navigation.select(f, at: p)
                navigation.beginRenaming(f, at: p, title: name)
            }
        case .removeFromFolder:
            edit("Moved \(title) out of its folder") { (u: inout ModelUpdates) throws(ModelEditError) in
                try u.move(id, to: IndexPath(section: s, item: path.item + 1), near: path)
            }
        case .rename:
            navigation.select(id, at: path)
            beginRename(at: t)
        case .toggleDone:
            navigation.select(id, at: path)
            _ = toggleDone(id, at: path, t: t)
        case .delete:
            navigation.select(id, at: path)
            deleteSelection(at: t)
        }
        outbox.redraw()
    }
}
