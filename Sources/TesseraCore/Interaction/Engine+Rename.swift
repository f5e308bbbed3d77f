/// Typing a title (F2): the selected item's (or, with a folder open and nothing in it selected, the
/// folder's); a double-click on a section's header or a board list's title types that title. While
/// a field is open every key goes to it; Enter or a click elsewhere commits, Escape cancels. A
/// rename is one committed step (saved, undone by Ctrl+Z); an empty title is refused and the old
/// one stays.
extension Engine {
    public var renaming: Navigation.Renaming? { navigation.renaming }

    /// Opens the field on the selected item (or the open folder), its title all selected.
    /// Returns whether a field opened.
    @discardableResult
    public mutating func beginRename(at t: Double) -> Bool {
        guard canEditNow, navigation.renaming == nil else { return false }
        var target = navigation.selection
        if let folder = navigation.openFolder {
            // Inside an open folder: a selected item of it, else the folder itself.
            let inside = target.flatMap { locate($0) }.map { $0.child != nil } ?? false
            if !inside { target = folder }
        }
        guard let id = target, let path = locate(id), let item = model.item(at: path) else { return false }
        navigation.beginRenaming(id, at: path, title: item.title)
        outbox.redraw()
        return true
    }

    /// Opens the field on section `s`'s title (a flow section's header, a board list's title), all
    /// selected. Returns whether a field opened.
    @discardableResult
    public mutating func beginRenameSection(_ s: Int, at t: Double) -> Bool {
        guard canEditNow, navigation.renaming == nil, navigation.overlay == nil, model.sections.indices.contains(s),
              snapshot.sections[s].header != nil else { return false }
        navigation.beginRenamingSection(model.sections[s].id, title: model.sections[s].title)
        outbox.redraw()
        return true
    }

    /// The section whose header (or board list title) is at window point `p`, if any.
    func sectionHeader(at p: Point) -> Int? {
        snapshot.sections.indices.first { s in
            snapshot.sections[s].header.map { snapshot.toWindow($0, pane: nil, offsets: offsets).contains(p) } ?? false
        }
    }

    /// Keys while the field is open: every key goes to it (Ctrl+Z / Ctrl+Y leave it and act).
    mutating func renamingKey(_ k: Key, _ modifiers: Modifiers, at t: Double) {
        let shift = modifiers.contains(.shift)
        if modifiers.contains(.control) {
            switch k {
            case .character("a"): navigation.editField { $0.selectAll() }
            // The clipboard (the host's: X's CLIPBOARD selection). Nothing selected: nothing copied.
            case .character("c"):
                if let text = renaming?.field.selectedText, !text.isEmpty { outbox.post(.copy(text)) }
            case .character("x"):
                var taken = ""
                navigation.editField { taken = $0.cut() }
                if !taken.isEmpty { outbox.post(.copy(taken)) }
            case .character("v"): outbox.post(.paste)
            // Undo and redo leave the field (its typing dropped) and act on the collection: a
            // folder just made, its name open, is undone by the first Ctrl+Z.
            case .character("z"), .character("y"):
                cancelRename()
                shortcut(k, shift: modifiers.contains(.shift), at: t)
            default: break
            }
            outbox.redraw()
            return
        }
        switch k {
        case .enter: commitRename(at: t)
        case .escape: cancelRename()
        case .left: navigation.editField { $0.moveLeft(extending: shift) }
        case .right: navigation.editField { $0.moveRight(extending: shift) }
        case .home, .up, .pageUp: navigation.editField { $0.moveToStart(extending: shift) }
        case .end, .down, .pageDown: navigation.editField { $0.moveToEnd(extending: shift) }
        case .backspace: navigation.editField { $0.deleteBackward() }
        case .delete: navigation.editField { $0.deleteForward() }
        case .space: typeText(" ")
        case .character(let c): typeText(c)
        case .f2, .f12, .menu, .f10: break
        }
        outbox.redraw()
    }

    /// Text typed into the open field (cleaned and cut to the limit by `TextField`).
    public mutating func typeText(_ text: String) {
        navigation.editField { _ = $0.insert(text) }
        outbox.redraw()
    }

    /// The clipboard's text (Ctrl+V), into the open field: line breaks become spaces, control
    /// characters go, and what would pass the title limit is cut at a character with a notice.
    /// Nothing when no field is open (the field closed before the clipboard answered).
    mutating func paste(_ text: String) {
        guard navigation.renaming != nil else { return }
        var cut = false
        navigation.editField { cut = $0.insert(text) }
        if cut { notify("Pasted text cut to the \(StateFile.maximumTitleLength)-character limit") }
        outbox.redraw()
    }

    /// A notice at the bottom of the window (a toast without an action).
    mutating func notify(_ text: String) {
        presentation.show(Toast(text: text, action: nil, shownAt: now, avoid: nil))
        outbox.redraw()
    }

    /// Enter, or a click elsewhere: the typed title becomes the item's (trimmed of spaces at its
    /// ends). Empty, or unchanged: nothing is committed.
    public mutating func commitRename(at t: Double) {
        guard let r = navigation.renaming else { return }
        navigation.endRenaming()
        outbox.redraw()
        let title = r.field.text.trimmingSpaces
        guard !title.isEmpty else { return }
        switch r.subject {
        case .item(let id):
            guard let path = locate(id), let old = model.item(at: path)?.title, old != title else { return }
            _ = try? update(at: t, summary: "Renamed \(Toast.quoted(old)) to \(Toast.quoted(title))") { (u: inout ModelUpdates) throws(ModelEditError) in
                try u.rename(id, to: title, near: path)
            }
        case .section(let sid):
            guard let s = model.sections.firstIndex(where: { $0.id == sid }), model.sections[s].title != title else { return }
            let old = model.sections[s].title
            _ = try? update(at: t, summary: "Renamed \(Toast.quoted(old)) to \(Toast.quoted(title))") { (u: inout ModelUpdates) throws(ModelEditError) in
                try u.retitleSection(s, to: title)
            }
        }
    }

    /// Escape: the field closes and the title stays as it was.
    public mutating func cancelRename() {
        navigation.endRenaming()
        outbox.redraw()
    }
}

extension String {
    /// Without the spaces at its ends.
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
