/// Input: each event brings time up to its timestamp, then goes to the parts it concerns.
extension Engine {
    public mutating func handle(_ event: InputEvent, at t: Double) {
        passTime(to: t)
        // A finger drives the gesture: the mouse waits until it lifts.
        let touching = session.finger != nil
        switch event {
        case .pointerDown(let p, let modifiers): if !touching { pointerDown(p, modifiers, at: t) }
        case .pointerMove(let p): if !touching { pointerMove(p, at: t) }
        case .pointerUp(let p): if !touching { pointerUp(p, at: t) }
        case .contextClick(let p):
            if !touching && session.press == nil && !session.isCarrying && !session.isSettling { contextClick(p, at: t) }
        case .wheel(let dx, let dy, let p): wheel(dx: dx, dy: dy, at: p, precise: false)
        case .scroll(let dx, let dy, let p): wheel(dx: dx, dy: dy, at: p, precise: true)
        case let .touch(phase, id, p): touch(phase, id: id, at: p, t: t)
        case .key(let k, let modifiers): key(k, modifiers, at: t)
        case .resize(let size): resize(to: size, at: t)
        case .pointerLeft:
            guard !isDragging, !touching else { break }
            session.pointerLeft()
            outbox.redraw()
        case .grabLost:
            if touching { touchCancelled(at: t) }
            cancelDrag(at: t)
        case .paste(let text): paste(text)
        // A paste goes into a title being typed; one refused when none is open is old news.
        case .pasteRefused(let reason): if navigation.renaming != nil { notify(reason) }
        case .caret(let index, let extending):
            navigation.editField { $0.placeCaret(at: index, extending: extending) }
            outbox.redraw()
        case .frameInterval(let interval):
            // A display between 1000 and 10 Hz; anything else is a bad reading, kept out.
            if (0.001...0.1).contains(interval) { policy.frameInterval = interval }
        case let .dropIn(items, p): dropIn(items, at: p, t: t)
        case .dragOver(let p): dragOver(at: p, t: t)
        case .dragLeft: dragLeft()
        case .artwork(let reports): artworkReported(reports, at: t)
        case .notice(let text): notify(text)
        case .progress(let work):
            if presentation.progress(work, at: t) { outbox.redraw() }
        case let .gestureSettings(slop, doubleClick, reduceMotion):
            // Values a host could not have meant are kept out, as the frame interval's are.
            if (0...200).contains(slop) { policy.slop = slop }
            if (0.05...5).contains(doubleClick) { policy.doubleClickInterval = doubleClick }
            if policy.reduceMotion != reduceMotion {
                policy.reduceMotion = reduceMotion
                outbox.redraw()
            }
        }
    }

    mutating func pointerDown(_ p: Point, _ modifiers: Modifiers = [], at t: Double) {
        // A second press while carrying means nothing.
        guard !session.isCarrying else { return }
        // The context menu is on top of everything: a press chooses in it or closes it.
        if navigation.menu != nil {
            session.place(p)
            menuPress(p, at: t)
            return
        }
        // A click anywhere keeps the title being typed, then acts as it would.
        if navigation.renaming != nil { commitRename(at: t) }
        // The toast is on top of everything: a click on it undoes (or redoes).
        if let toast = presentation.toast, now < toast.end, toast.frame(in: viewport).contains(p), !session.isSettling {
            session.place(p)
            actOnToast(at: t)
            return
        }
        session.place(p)
        // Seed 001: input waits for the end animation.
        guard !session.isSettling else { return }
        // An open folder is modal: a press inside its panel is about its items, outside closes it.
        if let panel = folderPanel, panel.panel.contains(p) {
            // A double-click on the folder's title renames it.
            if panel.titleFrame.contains(p) {
                if navigation.clickTitle(.item(panel.folder), at: t, interval: policy.doubleClickInterval) {
                    navigation.select(panel.folder, at: panel.path)
                    beginRename(at: t)
                }
                return
            }
            if pressOnCheck(p, at: t) { return }
            if let c = panel.child(at: p, offset: scroll.folderOffset) {
                let path = IndexPath(section: panel.path.section, item: panel.path.item, child: c)
                press(panel.children[c].id, at: path, origin: p, inFolder: panel.folder, modifiers: modifiers, t: t)
            }
            return
        }
        if navigation.overlay != nil { closeOverlay(); return }
        if beginScrub(at: p) { return }
        // A tile's check circle (scroll thumbs come first: they sit over the tiles' right edge).
        if pressOnCheck(p, at: t) { return }
        guard let path = snapshot.item(at: p, offsets: offsets), let item = model.item(at: path) else {
            session.end()
            // Empty space: a rubber band from here (released where it was pressed: a click, which
            // clears the marks).
            session.begin(Band(press: p, origin: p + offsets.root, adding: modifiers.contains(.control)))
            if let s = addRow(at: p) {
                session.end()
                if addItem(at: IndexPath(section: s, item: model.sections[s].items.count), t: t) { revealAddRow(of: s) }
                return
            }
            // A double-click on a section's header or a board list's title renames it.
            if let s = sectionHeader(at: p),
               navigation.clickTitle(.section(id: model.sections[s].id), at: t, interval: policy.doubleClickInterval) {
                beginRenameSection(s, at: t)
            }
            return
        }
        press(item.id, at: path, origin: p, inFolder: nil, modifiers: modifiers, t: t)
    }

    private mutating func press(_ id: ItemID, at path: IndexPath, origin: Point, inFolder folder: ItemID?, modifiers: Modifiers,
                                t: Double) {
        session.begin(Press(id: id, path: path, start: t, origin: origin, folder: folder, modifiers: modifiers))
        presentation.press(id, at: t, policy: policy)
        outbox.redraw()
    }

    mutating func pointerMove(_ p: Point, at t: Double) {
        let old = session.pointer
        if session.track(p, slop: policy.slop), let press = session.press {
            if policy.liftOnMove {
                // Press and drag, as on any desktop: it lifts now, held where it was grabbed (while
                // the collection loads, when it is whole: `complete(with:at:)`).
                if !arrangement.isPartial { liftOrRefuse(press, at: t, grabbedAt: press.origin) }
            } else {
                // Moved beyond the slop before the hold: no lift, no click; the cell eases back.
                presentation.releasePress(at: t, policy: policy)
                outbox.redraw()
            }
        }
        switch session.phase {
        case .lifted(let l):
            if !l.byKeyboard { updateHover(at: t) }
            outbox.redraw()
        case .scrubbing(let s):
            scrub(s, to: p)
        case .incoming, .panning:
            break
        case .banding(let b):
            // Without Ctrl, a band starts the marks anew: what it touches, and nothing else.
            if b.moved {
                if !b.adding { clearMarks() }
                outbox.redraw()
            }
        case .pressed:
            break
        case .idle, .settling:
            if navigation.menu != nil { menuHover(p) }
            // Over another cell: its hover and the cursor's shape change.
            if old.flatMap({ item(at: $0)?.id }) != item(at: p)?.id || folderPanel != nil
                || old.flatMap({ addRow(at: $0) }) != addRow(at: p) { outbox.redraw() }
        }
    }

    mutating func pointerUp(_ p: Point, at t: Double) {
        session.place(p)
        switch session.phase {
        case .pressed(let press):
            presentation.releasePress(at: t, policy: policy)
            session.end()
            outbox.redraw()
            if !press.moved { click(press.id, at: press.path, modifiers: press.modifiers) }
        case .lifted(let l):
            // A keyboard lift ends by keys (a stray release is no drop).
            guard !l.byKeyboard else { break }
            if Rect(origin: .zero, size: viewport).contains(p) { drop(at: t) } else { cancelDrag(at: t) }
        case .scrubbing(let s):
            scrub(s, to: p)
            session.end()
            settleBoardOnPage(velocity: 0)
        case .banding(let b):
            endBand(b)
        case .idle, .settling, .incoming, .panning:
            break
        }
    }

    /// A click without lift selects the item and opens it (seed 000: selecting opens a detail view;
    /// an item made from a file or link opens in its application), and makes it the only marked item. With Ctrl it toggles the item's mark, with Shift it marks
    /// the range from the last clicked item; neither opens anything.
    mutating func click(_ id: ItemID, at hint: IndexPath?, modifiers: Modifiers = []) {
        guard let path = model.indexPath(of: id, near: hint ?? followedPath(of: id)), let item = model.item(at: path) else { return }
        if !modifiers.intersection([.control, .shift]).isEmpty {
            markClick(id, at: path, modifiers: modifiers)
            return
        }
        navigation.editMarks { $0.only(id, at: path) }
        // A file or a link opens in the desktop's application for it, not in the detail view.
        if launch(id, item: item) {
            navigation.select(id, at: path)
            outbox.post(.opened(id))
            return
        }
        let tile = drawnFrame(of: id, at: path)
        defer { presentation.openOverlay(from: tile, at: now, policy: policy) }
        navigation.select(id, at: path)
        if item.isFolder {
            openFolder(id, at: path, scrolledTo: 0)
        } else {
            // Opened from an open folder: closing the details goes back to it, scrolled as it was.
            let beneath = folderPanel.map { Navigation.FolderReturn(folder: $0.folder, path: $0.path, offset: scroll.folderTarget) }
            navigation.open(.detail(id), at: path, over: beneath)
            refreshFolderPanel()
        }
        outbox.post(.opened(id))
        outbox.redraw()
    }

    mutating func key(_ k: Key, _ modifiers: Modifiers, at t: Double) {
        // A title being typed takes every key.
        if navigation.renaming != nil {
            renamingKey(k, modifiers, at: t)
            return
        }
        if navigation.menu != nil {
            menuKey(k, at: t)
            return
        }
        if modifiers.contains(.control) {
            shortcut(k, shift: modifiers.contains(.shift), at: t)
            return
        }
        if session.lift?.byKeyboard == true {
            keyboardLiftKey(k, at: t)
            return
        }
        switch k {
        case .escape:
            if isDragging { cancelDrag(at: t) } else if navigation.overlay != nil { closeOverlay() } else { clearMarks() }
        case .enter:
            if let id = navigation.selection, !isDragging { click(id, at: navigation.selectionPath) }
        case .space:
            if !isDragging { keyboardLift(at: t) }
        case .character(let c):
            if let choice = ["1": LayoutChoice.grid, "2": .masonry, "3": .board][c], !isDragging {
                setLayout(choice, at: t)
            }
        case .delete:
            deleteSelection(at: t)
        case .f2:
            closeDetailsBeforeEditing()
            beginRename(at: t)
        case .backspace:
            break
        case .f12:
            inspector.toggle()
            outbox.redraw()
        case .menu:
            openSelectionsMenu(at: t)
        case .f10:
            if modifiers.contains(.shift) { openSelectionsMenu(at: t) }
        case .left, .right, .up, .down:
            // Details on top are modal: nothing moves behind them.
            if case .detail? = navigation.overlay { return }
            let extending = modifiers.contains(.shift)
            let anchor = extending ? markAnchor() : nil
            if let panel = folderPanel { moveFolderSelection(k, in: panel) } else { moveSelection(k) }
            if extending { extendMarks(from: anchor) } else { focusMoved() }
        case .pageUp, .pageDown, .home, .end:
            if case .detail? = navigation.overlay { return }
            page(k)
        }
    }

    /// The Menu key or Shift+F10: the selected item's context menu (none while carrying).
    private mutating func openSelectionsMenu(at t: Double) {
        guard let id = navigation.selection, !isDragging else { return }
        closeDetailsBeforeEditing()
        openContextMenu(for: id, t: t)
    }

    /// Details on top show one item, over a dimmed page: a command that edits (Ctrl+N, F2, the
    /// menu) closes them first, back into the tile or the folder they were opened from, so the
    /// field or the menu it opens is in sight rather than under the details.
    private mutating func closeDetailsBeforeEditing() {
        if case .detail? = navigation.overlay, canEditNow { closeOverlay() }
    }

    /// Ctrl with a key: the commands (the shell keeps Ctrl+Q, quit, for itself).
    mutating func shortcut(_ k: Key, shift: Bool, at t: Double) {
        switch k {
        case .character("z"): if shift { redo(at: t) } else { undo(at: t) }
        case .character("y"): redo(at: t)
        case .character("d"): toggleDoneOfSelection(at: t)
        case .character("n"):
            closeDetailsBeforeEditing()
            addItem(at: t)
        case .character("a"): markAll()
        case .space: toggleFocusMark()
        default: break
        }
    }
}
