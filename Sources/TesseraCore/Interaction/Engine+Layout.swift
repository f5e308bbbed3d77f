/// Relayout after a model change, a resize or a layout switch, animated from old frames to new
/// ("first, last, invert, play"): the arrangement computes the new snapshot; here the scroll is
/// fitted to it and every cell on screen slides from where it was drawn.
extension Engine {
    /// What a relayout animates from: the old snapshot and offsets, and where each cell on screen
    /// was drawn.
    struct LayoutBefore {
        var snapshot: LayoutSnapshot
        var offsets: ScrollOffsets
        var drawn: [ItemID: Rect]
        var chrome: [ChromePart: Rect]
    }

    /// Takes what a relayout at `t` animates from (only the snapshot when it is not animated).
    func layoutBefore(at t: Double, animated: Bool) -> LayoutBefore {
        guard animated && !policy.reduceMotion else { return LayoutBefore(snapshot: snapshot, offsets: offsets, drawn: [:], chrome: [:]) }
        var chrome = Self.chromeFrames(of: snapshot, offsets: offsets)
        for (part, f) in chrome { chrome[part] = presentation.drawn(part, frame: f, at: t) }
        return LayoutBefore(snapshot: snapshot, offsets: offsets, drawn: drawnFrames(at: t), chrome: chrome)
    }

    /// Every section's background, header, footer, board list and "Add task" row, in window coordinates. O(sections).
    static func chromeFrames(of snapshot: LayoutSnapshot, offsets: ScrollOffsets) -> [ChromePart: Rect] {
        var out: [ChromePart: Rect] = [:]
        for (s, geo) in snapshot.sections.enumerated() {
            out[.background(s)] = snapshot.toWindow(geo.background, pane: nil, offsets: offsets)
            if let h = geo.header { out[.header(s)] = snapshot.toWindow(h, pane: nil, offsets: offsets) }
            if let f = geo.footer { out[.footer(s)] = snapshot.toWindow(f, pane: nil, offsets: offsets) }
            if let a = geo.addRow, let k = geo.pane { out[.addRow(s)] = snapshot.toWindow(a, pane: k, offsets: offsets) }
        }
        for (k, pane) in snapshot.panes.enumerated() { out[.pane(k)] = snapshot.toWindow(pane.frame, pane: nil, offsets: offsets) }
        return out
    }

    /// Where each item on screen is drawn now, by id (parted beside a dwelling gap included):
    /// what a relayout animates from. O(visible).
    func drawnFrames(at t: Double) -> [ItemID: Rect] {
        var out: [ItemID: Rect] = [:]
        for i in snapshot.visibleItems(offsets: offsets) {
            guard let id = id(ofFlat: i) else { continue }
            out[id] = presentation.drawn(id, frame: snapshot.windowFrame(ofFlat: i, offsets: offsets), at: t)
        }
        for c in partedCells() { out[c.id] = out[c.id]?.offsetBy(dx: c.offset.x, dy: c.offset.y) }
        return out
    }

    /// After the arrangement laid out again: fits the scroll to the new snapshot and, with
    /// `animated`, gives every item visible before or after a spring from where it was drawn to its
    /// new frame (neighbours of a reorder, a re-flow on resize).
    ///
    /// - `log`: the edits since `before` (nil: the model is unchanged — a resize or a layout
    ///   switch). An item coming into view slides in from its old slot: `log.pathBefore` maps its
    ///   path back through the edits, O(steps), instead of searching the old ids.
    ///
    /// Cost: O(visible), after the layout's own (O(sections) for grids and boards, O(n) for masonry).
    /// How much of each side a new item's first frame leaves out (0.3: it starts at 40% size).
    static let growInset = 0.3
    /// Tiles coming into view from farther beyond the window's edge than this share of the window
    /// start this far beyond it (``FarApproach``).
    static let farApproachReach = 0.125

    /// ``farApproachReach`` of the window along the scroll axis, in px.
    var farApproachDistance: Double {
        (snapshot.scrollAxis == .vertical ? viewport.height : viewport.width) * Self.farApproachReach
    }

    /// `switched`: a layout switch, whose tiles leaving the view fly out of it too (``slideOutOfView``).
    mutating func afterRelayout(_ before: LayoutBefore, edits: LoggedEdits?, at t: Double, animated: Bool, switched: Bool = false) {
        // A thumb being dragged belongs to the old layout's geometry.
        if session.scrub != nil { session.end() }
        scroll.fit(to: snapshot)
        outbox.redraw()
        guard animated && !policy.reduceMotion else {
            presentation.stopAllSliding()
            return
        }
        var seen = Set<ItemID>()
        let carried = inFlight
        // Asked of every tile in view: the log's runs mapped once, not its steps once a tile.
        let mapped = edits.map { EditLog.PathsBefore($0.log) }
        // Tiles coming from beyond the window's edge along the scroll axis (not on a board, whose
        // lists clip their own tiles): their starts are brought near at the end.
        let window = Rect(origin: .zero, size: viewport)
        let approach = snapshot.panes.isEmpty
        var fromBeyond: [(id: ItemID, from: Rect, to: Rect)] = []
        for i in snapshot.visibleItems(offsets: offsets) {
            let path = snapshot.indexPath(ofFlat: i)
            guard let id = model.item(at: path)?.id else { continue }
            // The carried items' snapshots do their own moving; their slots only have to be in place.
            if carried.contains(id) { presentation.stopSliding(id); continue }
            seen.insert(id)
            let frame = snapshot.windowFrame(ofFlat: i, offsets: offsets)
            // An item that comes into view from elsewhere slides in from where it was in the old layout.
            var from = before.drawn[id]
            let pathBefore = mapped.map { $0.pathBefore(path) } ?? path
            if from == nil, let old = pathBefore, let j = before.snapshot.flatIndex(of: old) {
                let was = before.snapshot.windowFrame(ofFlat: j, offsets: before.offsets)
                if approach, !was.intersects(window) {
                    fromBeyond.append((id, was, frame))
                    continue
                }
                from = was
            }
            // Out of a folder (an undone drop, a folder dissolved): from the folder's cell.
            if from == nil, let folder = mapped?.folder(thatHeld: id), let f = before.drawn[folder] {
                from = f
            }
            // New here (an added item, an undone delete): it grows out of its own slot's centre,
            // fading in, instead of appearing at once.
            if from == nil, edits != nil, pathBefore == nil {
                from = frame.insetBy(dx: frame.width * Self.growInset, dy: frame.height * Self.growInset)
                presentation.arrive(id, at: t)
            }
            if let from { presentation.slide(id, from: from, to: frame, at: t, policy: policy) }
        }
        let shifts = FarApproach.shifts(fromBeyond.map(\.from), view: window, axis: snapshot.scrollAxis, reach: farApproachDistance)
        for (tile, d) in zip(fromBeyond, shifts) {
            presentation.slide(tile.id, from: tile.from.offsetBy(dx: d.x, dy: d.y), to: tile.to, at: t, policy: policy)
        }
        // Items that left the view stop animating; those an edit pushed out slide out of it.
        for id in before.drawn.keys where !seen.contains(id) { presentation.stopSliding(id) }
        // Pushed out by an edit, or left out by a switch (the same paths, new places).
        if let mapped {
            slideOutOfView(before, seen: seen, carried: carried, pathAfter: { mapped.pathAfter($0) }, at: t)
        } else if switched {
            slideOutOfView(before, seen: seen, carried: carried, pathAfter: { $0 }, at: t)
        }
        if let edits { departVisibly(edits.footprint, before: before, seen: seen, carried: carried, at: t) }
        // The sections' chrome moves with its items: a band becomes a list, a header slides down.
        for (part, frame) in Self.chromeFrames(of: snapshot, offsets: offsets) {
            // A board list new to the layout grows out of its section's old band.
            var from = before.chrome[part]
            if from == nil, case .pane(let k) = part { from = before.chrome[.background(snapshot.panes[k].section)] }
            if let from { presentation.slide(part, from: from, to: frame, at: t, policy: policy) }
        }
    }

    /// A new window size. A lone resize (maximise, a tiling move) re-flows animated; during a
    /// live resize (sizes less than `Presentation.liveResizeGap` apart) each re-flow is at once,
    /// so no pile of flying tiles trails the window's edge.
    mutating func resize(to size: Size, at t: Double) {
        guard size != viewport, size.width >= 1, size.height >= 1 else { return }
        let live = presentation.noteResize(at: t)
        let before = layoutBefore(at: t, animated: !live)
        guard arrangement.resize(to: size) else { return }
        afterRelayout(before, edits: nil, at: t, animated: !live)
        refreshFolderPanel()
    }

    /// Switches between grid, masonry and board, animating items to their new places.
    ///
    /// Scroll positions mean nothing across layouts; what the user is looking at does. The new
    /// layout is scrolled so the selected item (or, with none on screen, the first item on
    /// screen) stays where it was in the window, as near as the new layout allows — in view,
    /// and the item travels the least — unless the new layout shows it whole unscrolled: then it
    /// starts at its top. Then every cell flies to its new place.
    ///
    /// The flight starts in the frame after the one that asked: the switch is laid out after that
    /// frame is shown (`finishFrame()`, a slice at a time for a masonry of more than the slice
    /// budget, the old layout shown and usable meanwhile), and lands in the frame after its
    /// last slice. Asking for the layout in use drops a pending switch.
    public mutating func setLayout(_ choice: LayoutChoice, at t: Double) {
        guard choice != layoutChoice || arrangement.pendingLayout != nil else { return }
        // Nothing laid out here, in the frame that asked: a masonry of 100,000 items (~3.5 ms)
        // is the first slice after it instead. A grid or a board is laid out at once (O(sections))
        // and waits that slice all the same: the idle time between loads the faces of the new
        // layout's labels (`Scene.upcomingLabelStyles`), which its first frame loaded before
        // (the bold face of a masonry's headers: 2.4 ms).
        arrangement.beginSwitch(to: choice.layout, budget: 0)
        if arrangement.isSwitchReady { arrangement.landSwitchNextFrame() }
    }

    /// How many items a slice of layout work places: `policy.layoutSliceItems` at 60 Hz, fewer
    /// on a faster display (the same work a second), so a slice and a frame fit one interval.
    var layoutSliceBudget: Int { perFrameShare(of: policy.layoutSliceItems) }

    /// `count` items of work given to each frame at 60 Hz, fewer on a faster display (the same
    /// work a second), so the work and a frame fit one interval; at least one.
    func perFrameShare(of count: Int) -> Int {
        Swift.max(1, Int((Double(count) * Swift.min(1, policy.frameInterval * 60)).rounded()))
    }

    /// A frame's layout work finished after an earlier frame, put in use: a ready switch flies
    /// when no gesture is under way (a tile pressed, carried or settling, a band, a scroll thumb
    /// or a pan): what the pointer holds is not moved from under it. A pass lands in the frame
    /// after its last slice, never with it (see `finishFrame()`).
    mutating func landLayoutWork(at t: Double) {
        if arrangement.isSwitchLandable, case .idle = session.phase { applyLayoutSwitch(at: t) }
        // Shapes re-flowed (pictures measured): every index is as before, so even under a
        // gesture the tiles slide to their new places, as a re-flow inside one frame did.
        if arrangement.isReshapeLandable {
            let before = layoutBefore(at: t, animated: true)
            arrangement.applyReshape()
            afterRelayout(before, edits: nil, at: t, animated: true)
        }
    }

    /// A slice of layout work, after a frame is on screen (`finishFrame()`): the pending switch's
    /// pass, a re-flow, or warming a masonry's spare memory.
    ///
    /// The whole slice, even while tiles move: inside the frame, those that repaint most of the
    /// window (~2.5 ms) took an eighth of it, and a re-flow's or the warming's last slice landed
    /// twice as late (a pass over a million items: 80 frames instead of 40).
    mutating func continueLayoutWork() {
        guard arrangement.hasLayoutWork else { return }
        arrangement.continueLayoutWork(budget: layoutSliceBudget)
    }

    /// Puts the switched-to layout in use and flies every cell to its place (see `setLayout`).
    private mutating func applyLayoutSwitch(at t: Double) {
        guard let choice = arrangement.pendingLayout?.choice else { return }
        let before = layoutBefore(at: t, animated: true)
        let anchor = layoutAnchor()
        arrangement.applySwitch()
        scroll.reset()
        scroll.fit(to: snapshot)
        if let (path, was) = anchor, let j = snapshot.flatIndex(of: path) {
            keep(flat: j, at: was)
        }
        afterRelayout(before, edits: nil, at: t, animated: true, switched: true)
        outbox.post(.layoutChanged(choice))
    }

    /// The item to keep in place across a layout switch, and where it is in the window: the
    /// selection if it is on screen (or will be revealed), else the first item on screen.
    private func layoutAnchor() -> (IndexPath, Point)? {
        let window = Rect(origin: .zero, size: viewport)
        if let id = navigation.selection, let p = locate(id), p.child == nil, let f = drawnFrame(of: id, at: p) {
            let clamped = Point(x: Swift.min(Swift.max(f.minX, 8), Swift.max(8, window.maxX - f.width - 8)),
                                y: Swift.min(Swift.max(f.minY, 8), Swift.max(8, window.maxY - f.height - 8)))
            return (p, clamped)
        }
        guard let first = snapshot.visibleItems(offsets: offsets).first(where: {
            window.contains(snapshot.windowFrame(ofFlat: $0, offsets: offsets).origin)
        }) ?? snapshot.visibleItems(offsets: offsets).first else { return nil }
        return (snapshot.indexPath(ofFlat: first), snapshot.windowFrame(ofFlat: first, offsets: offsets).origin)
    }

    /// Scrolls (at once) so the item at flat index `j` has its top-left at `window`, as near as
    /// the layout's limits allow; not at all when the new layout shows the item whole from its
    /// start. Why: switching at the top of the grid, the first tile on screen sits 44 px down and
    /// a board's first card 70: holding the card at 44 scrolled the first list by 26 px, its top
    /// card cut in half, where a user expects a new layout to start at its top.
    private mutating func keep(flat j: Int, at window: Point) {
        let f = snapshot.windowFrame(ofFlat: j, offsets: ScrollOffsets())
        let axis = snapshot.scrollAxis
        let k = snapshot.sections[snapshot.section(ofFlat: j)].pane
        var view = Rect(origin: .zero, size: viewport)
        if let k { view = view.intersection(snapshot.panes[k].frame) }
        if f.minX >= view.minX, f.minY >= view.minY, f.maxX <= view.maxX, f.maxY <= view.maxY { return }
        if let k { scroll.jumpPane(k, to: f.minY - window.y) }
        scroll.jumpRoot(along: axis, to: f.min(axis) - window[axis])
        if k != nil, axis == .vertical { scroll.jumpRoot(along: .horizontal, to: f.minX - window.x) }
    }
}

extension Engine {
    /// The tiles an edit pushed out of view that are still in the collection (an insert above
    /// them, a move): each slides to its new place, out of the window, on the spring of the
    /// tiles that stay, instead of vanishing where it was drawn. O(tiles drawn × runs of the edit).
    ///
    /// Why, besides the look: the frame of an edit drew the view's old tiles gone at once, so a
    /// redo of a drop of 10,000 files repainted the whole window in the frame that also splices
    /// them back (4.3–4.5 ms); now that frame draws what was there.
    ///
    /// Also after a layout switch (`pathAfter` keeps every path): the tiles the old layout showed
    /// fly out of view to their places in the new one instead of vanishing in its first frame (a
    /// board's lists emptied at once into a grid; a grid's rows below what a list shows vanished
    /// into a board). They change size on the way, drawn as morphs (`TileMorph` in the renderer),
    /// not resampled.
    ///
    /// A tile whose place is in a board's list leaves through that list: drawn inside the list's
    /// clip (``Engine/scene(style:)``) and pulled near along the list's own axis, the visible part
    /// of the list being its view. Under an open folder or details too: leaving tiles are drawn
    /// with the surface, under what is open.
    private mutating func slideOutOfView(_ before: LayoutBefore, seen: Set<ItemID>, carried: FlightSet,
                                         pathAfter: (IndexPath) -> IndexPath?, at t: Double) {
        let m = CellNode.decorationMargin
        let window = Rect(origin: .zero, size: viewport)
        /// What a tile in `pane` is seen through (nil: the surface, the window and its margin).
        func view(_ pane: Int?) -> Rect {
            guard let k = pane else { return window.insetBy(dx: -m, dy: -m) }
            return snapshot.toWindow(snapshot.panes[k].frame, pane: nil, offsets: offsets).intersection(window)
        }
        // The places drawn before, mapped across the edit: what is there now is what was there;
        // grouped by the list they go to (nil: the surface), in the order first met (the order
        // they are drawn in), each group pulled near through its own view.
        var groups: [(pane: Int?, tiles: [(item: Item, from: Rect, path: IndexPath, place: Rect)])] = []
        for i in before.snapshot.visibleItems(offsets: before.offsets) {
            guard let path = pathAfter(before.snapshot.indexPath(ofFlat: i)), let item = model.item(at: path),
                  !seen.contains(item.id), !carried.contains(item.id), let from = before.drawn[item.id],
                  let j = snapshot.flatIndex(of: path) else { continue }
            let place = snapshot.windowFrame(ofFlat: j, offsets: offsets)
            let pane = snapshot.sections[path.section].pane
            // Within the scene's margin (its list's visible part) it is drawn at its place anyway.
            guard !place.intersects(view(pane)) else { continue }
            if let g = groups.firstIndex(where: { $0.pane == pane }) {
                groups[g].tiles.append((item, from, path, place))
            } else {
                groups.append((pane, [(item, from, path, place)]))
            }
        }
        // Pushed far (a drop of 10,000 files above them), they slide only a little way past the edge.
        for (pane, tiles) in groups {
            let axis = pane == nil ? snapshot.scrollAxis : .vertical
            let pulls = FarApproach.shifts(tiles.map(\.place), view: view(pane), axis: axis, reach: farApproachDistance)
            for (l, pull) in zip(tiles, pulls) {
                let end = l.place.offsetBy(dx: pull.x, dy: pull.y)
                let gap = Rect(x: l.from.minX - end.minX, y: l.from.minY - end.minY,
                               width: l.from.width - end.width, height: l.from.height - end.height)
                presentation.depart(Departure(item: l.item, from: l.from, into: nil, intoPath: nil, start: t,
                                              outOfView: .init(path: l.path, gap: gap, pull: pull)))
            }
        }
    }

    /// Items drawn before `log` that it put into a folder or took away for good leave visibly
    /// (`Departure`): a menu's Add to folder, a redone drop, a delete, an undone add. The carried
    /// items (a group's members leaving for the stack) have their own flights. O(steps + the touched folders' children).
    mutating func departVisibly(_ footprint: EditFootprint, before: LayoutBefore, seen: Set<ItemID>, carried: FlightSet, at t: Double) {
        // Only what was drawn can be seen to go.
        guard !before.drawn.isEmpty else { return }
        // The departed items that were drawn: a few, however many departed. Why first: the undo
        // of a drop of 10,000 files departs 10,000 items, and putting every id at the touched
        // places in a set, to tell which departed items are still in the model, cost its frame
        // ~1 ms; only the drawn ones need telling.
        var leaving: [(item: Item, from: Rect)] = []
        for old in footprint.departed {
            if let from = before.drawn[old.id] { leaving.append((old, from)) }
            guard old.isFolder else { continue }
            for child in old.children { if let from = before.drawn[child.id] { leaving.append((child, from)) } }
        }
        // What of them is still in the model (moved, not taken away).
        let watched = Set(leaving.map(\.item.id))
        var present = Set<ItemID>()
        for slot in footprint.slots {
            guard let entry = model.item(at: slot) else { continue }
            if watched.contains(entry.id) { present.insert(entry.id) }
            for child in entry.children {
                if watched.contains(child.id) { present.insert(child.id) }
                guard !carried.contains(child.id), !seen.contains(child.id), let from = before.drawn[child.id] else { continue }
                presentation.depart(Departure(item: child, from: from, into: entry.id, intoPath: slot, start: t))
            }
        }
        for (item, from) in leaving where !carried.contains(item.id) && !present.contains(item.id) && !seen.contains(item.id) {
            present.insert(item.id)   // once
            presentation.depart(Departure(item: item, from: from, into: nil, intoPath: nil, start: t))
        }
    }
}
