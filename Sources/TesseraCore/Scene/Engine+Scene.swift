/// Builds the scene: everything to draw for the current state, in window coordinates.
extension Engine {
    public func scene(style: SceneStyle = .standard) -> Scene {
        var nodes: [SceneNode] = []
        nodes.reserveCapacity(256)
        let offsets = self.offsets.snapped(toPixelsOf: style.pixelScale)
        let view = Rect(origin: .zero, size: viewport)
        // The carried items' slots stay empty, and so do settling ones' until they land.
        let hidden = inFlight
        // Section backgrounds (decoration), headers and footers.
        // (Each part drawn where its spring has it: the chrome moves with its items on a relayout.)
        func chrome(_ part: ChromePart, _ r: Rect) -> Rect { presentation.drawn(part, frame: snapshot.toWindow(r, pane: nil, offsets: offsets), at: now) }
        for (s, geo) in snapshot.sections.enumerated() {
            let bg = chrome(.background(s), geo.background)
            guard bg.intersects(view) else { continue }
            if geo.pane != nil {
                nodes.append(.box(BoxNode(frame: bg, color: style.boardColumn, cornerRadius: 12)))
            } else {
                nodes.append(.box(BoxNode(frame: bg.insetBy(dx: 6, dy: 3), color: style.sectionBackground, cornerRadius: 14)))
            }
            let title = model.sections[s].title
            if let h = geo.header {
                let frame = chrome(.header(s), h).insetBy(dx: 16, dy: 0)
                nodes.append(.label(LabelNode(frame: frame, text: geo.pane == nil ? title : "\(title)  ·  \(geo.itemCount)",
                                              style: geo.pane == nil ? .header : .listTitle)))
            }
            if let f = geo.footer {
                let n = geo.itemCount
                nodes.append(.label(LabelNode(frame: chrome(.footer(s), f).insetBy(dx: 16, dy: 0),
                                              text: n == 1 ? "1 item" : "\(n) items", style: .footer)))
            }
        }
        let looks = CellLooks(self, pixelScale: style.pixelScale)
        // Cells, pane by pane (board lists clip to their pane).
        let visible = snapshot.visibleItems(offsets: offsets, margin: CellNode.decorationMargin)
        var currentPane: Int?? = .none
        for i in visible {
            let path = snapshot.indexPath(ofFlat: i)
            let pane = snapshot.sections[path.section].pane
            if currentPane == nil || currentPane! != pane {
                if currentPane != nil, currentPane! != nil { nodes.append(.popClip) }
                if let k = pane { nodes.append(.pushClip(drawnPaneFrame(k, offsets: offsets))) }
                currentPane = .some(pane)
            }
            guard let item = model.item(at: path), hidden.isEmpty || !hidden.contains(item.id) else { continue }
            let id = item.id
            let target = snapshot.windowFrame(ofFlat: i, offsets: offsets)
            let frame = presentation.drawn(id, frame: target, at: now)
            var node = looks.node(item, frame: looks.parted(id, frame))
            if frame.size != target.size { node.changesSize(to: target.size) }
            if !presentation.arrivals.isEmpty {
                node.alpha = presentation.arrivalOpacity(id, at: now, policy: policy)
                if node.alpha <= 0 { continue }
            }
            nodes.append(.cell(node))
        }
        if let p = currentPane, p != nil { nodes.append(.popClip) }
        // Items leaving the surface (into their folder's cell, shrinking away, sliding out of view) are drawn over
        // its cells and under whatever is open on top: a folder opened while a deleted tile
        // shrank away, an undo with details open, had the tile drawn over the panel.
        for d in presentation.departures { nodes += departingNodes(d, looks: looks, offsets: offsets) }
        nodes += addRowNodes(offsets: offsets, style: style)
        var upcoming = upcomingCells(offsets: offsets, drawn: visible, hidden: hidden, looks: looks, style: style)
        if let l = session.lift, !l.group.isEmpty, style.prefetchDistance > 0 { upcoming += stackUpcoming(l, looks: looks) }
        if let press = session.press, !press.refused, style.prefetchDistance > 0 {
            upcoming += refusalUpcoming(press, looks: looks) + markClickUpcoming(press, drawn: visible, looks: looks)
        }
        if case .surface? = session.activeHover?.place, let bar = gapBar(style: style) { nodes.append(.box(bar)) }
        nodes += scrollIndicators(style: style)
        // What is open on top, growing out of its tile while it opens; what just closed, shrinking
        // back into its tile.
        let transition = presentation.overlayTransition
        let openness = transition?.openness(at: now, duration: policy.overlayDuration) ?? 1
        var overlay: (nodes: [SceneNode], panel: Rect)?
        switch navigation.overlay {
        case .detail(let id)?: if let item = item(withID: id) { overlay = (detailView(item, style: style), detailPanel) }
        case .folder?:
            if let panel = folderPanel { overlay = (folderPanelNodes(panel, hidden: hidden, looks: looks, style: style), panel.panel) }
        case nil: break
        }
        if let (o, panel) = overlay {
            nodes += transition?.opening == true ? morph(o, panel: panel, tile: transition!.tile, openness: openness) : o
        }
        if let t = transition, let closing = t.closing {
            let shown: (nodes: [SceneNode], panel: Rect) = switch closing {
            case .detail(let item): (detailView(item, style: style), detailPanel)
            case .folder(let panel, let offset): (folderPanelNodes(panel, offset: offset, hidden: hidden, looks: looks, style: style), panel.panel)
            }
            nodes += morph(shown.nodes, panel: shown.panel, tile: t.tile, openness: openness)
        }
        // The rubber band, over the cells it marks.
        nodes += bandNodes(style: style)
        // The carried snapshot on top of everything (a group's stack under it).
        if let l = session.lift, let item = item(withID: l.id) {
            nodes += stackNodes(l, looks: looks)
            var node = looks.node(item, frame: carriedFrame(l))
            node.isLifted = true
            node.isPressed = false
            node.scale = presentation.liftScale.value(at: now)
            node.rotation = Wobble.angle(sinceLift: now - l.liftTime, policy: policy)
            node.alpha = carriedAlpha
            if !l.group.isEmpty {
                // The count badge takes the corner; the focus's ring and check circle would crowd it.
                node.stackCount = l.group.count + 1
                node.isSelected = false
                node.showsCheck = false
            }
            nodes.append(.cell(node))
        } else if let s = settlingSnapshot {
            nodes += settlingMemberNodes(looks: looks)
            var node = looks.node(s.item, frame: s.frame)
            node.isLifted = true
            node.scale = s.scale
            node.rotation = s.rotation
            node.alpha = s.alpha
            nodes.append(.cell(node))
        }
        if let r = navigation.renaming, let frame = renamingFieldFrame(r) {
            nodes.append(.field(FieldNode(frame: frame, text: r.field.text, caret: r.field.caret, selection: r.field.selection)))
        }
        if let toast = presentation.toast, now < toast.end {
            nodes.append(.label(LabelNode(frame: toast.frame(in: viewport), text: toast.label, style: .toast,
                                          opacity: toast.opacity(at: now))))
        }
        nodes += progressNodes(style: style)
        if let m = navigation.menu { nodes += menuNodes(m, style: style) }
        if let caption = captionNode { nodes.append(.label(caption)) }
        if inspector.isOn { nodes += inspectorNodes(style: style) }
        var scene = Scene(size: viewport, background: style.background, nodes: nodes, cursor: cursor, upcoming: upcoming,
                          palette: style.palette, uiFont: style.uiFont)
        scene.upcomingLabelStyles = arrangement.pendingLayout?.labelStyles ?? []
        return scene
    }

    /// Cells within `style.prefetchDistance` beyond the window that are not drawn (see `Scene.upcoming`):
    /// on the side the surface last scrolled towards (both sides before the first scroll). Only
    /// ahead: a renderer's cache holds the window's cells and a row or so more, and the row just
    /// scrolled out is in it anyway.
    func upcomingCells(offsets: ScrollOffsets, drawn: [Int], hidden: FlightSet, looks: CellLooks, style: SceneStyle) -> [CellNode] {
        guard style.prefetchDistance > 0, navigation.overlay == nil else { return [] }
        let m = CellNode.decorationMargin, d = style.prefetchDistance
        func reach(_ travel: Double) -> (before: Double, after: Double) {
            travel > 0 ? (m, m + d) : travel < 0 ? (m + d, m) : (m + d, m + d)
        }
        let (left, right) = reach(scroll.travel.x), (top, bottom) = reach(scroll.travel.y)
        let wider = snapshot.visibleItems(offsets: offsets, extendedBy: Insets(top: top, left: left, bottom: bottom, right: right))
        guard wider.count > drawn.count else { return [] }
        var out: [CellNode] = []
        out.reserveCapacity(wider.count - drawn.count)
        var j = 0
        for i in wider {
            // Both lists ascend: skip the ones drawn.
            while j < drawn.count && drawn[j] < i { j += 1 }
            if j < drawn.count && drawn[j] == i { continue }
            guard let item = model.item(at: snapshot.indexPath(ofFlat: i)), hidden.isEmpty || !hidden.contains(item.id) else { continue }
            out.append(looks.node(item, frame: snapshot.windowFrame(ofFlat: i, offsets: offsets)))
        }
        return out
    }

    /// While a reorder dwell runs, a bar marks the gap, growing more opaque as the dwell completes:
    /// on the surface (in its layout's reorder direction) or among an open folder's items.
    func gapBar(style: SceneStyle) -> BoxNode? {
        guard let h = session.activeHover, case .gap(let s, let i) = h.target else { return nil }
        let neighbour: Rect, axis: Axis, spacing: Double
        switch h.place {
        case .surface:
            let geo = snapshot.sections[s]
            guard geo.itemCount > 0 else { return nil }
            neighbour = snapshot.toWindow(snapshot.frames[geo.firstItem + Swift.min(i, geo.itemCount - 1)], pane: geo.pane,
                                          offsets: offsets.snapped(toPixelsOf: style.pixelScale))
            axis = snapshot.reorderAxis
            spacing = 3
        case .folder(let fid):
            guard let panel = folderPanel, panel.folder == fid, !panel.children.isEmpty else { return nil }
            neighbour = panel.frame(ofChild: Swift.min(i, panel.children.count - 1), offset: scroll.folderOffset)
            axis = .horizontal
            spacing = 6
        }
        let atEnd = i >= (h.place == .surface ? snapshot.sections[s].itemCount : folderPanel?.children.count ?? 0)
        let progress = Swift.min(1, (now - h.since) / policy.reorderDwell)
        let thickness = 4.0
        let f = neighbour
        let bar: Rect = axis == .horizontal
            ? Rect(x: (atEnd ? f.maxX + spacing : f.minX - spacing) - thickness / 2, y: f.minY, width: thickness, height: f.height)
            : Rect(x: f.minX, y: (atEnd ? f.maxY + spacing : f.minY - spacing) - thickness / 2, width: f.width, height: thickness)
        return BoxNode(frame: bar, color: style.accent.withAlpha(0.25 + 0.75 * progress), cornerRadius: 2)
    }

    func scrollIndicators(style: SceneStyle) -> [SceneNode] {
        let active = session.scrub?.indicator
        let s = style.pixelScale > 0 ? style.pixelScale : 1
        func snapped(_ v: Double) -> Double { (v * s).rounded() / s }
        return scrollIndicators.map { ind in
            let grabbed = active?.pane == ind.pane && active != nil
            // On whole device pixels: crisp, and a renderer can composite it through a cached mask.
            let t = ind.thumb
            let x = snapped(t.minX), y = snapped(t.minY)
            let thumb = Rect(x: x, y: y, width: Swift.max(1 / s, snapped(t.maxX) - x), height: Swift.max(1 / s, snapped(t.maxY) - y))
            return .box(BoxNode(frame: thumb, color: grabbed ? style.accent : style.scrollIndicator,
                                cornerRadius: Swift.min(thumb.width, thumb.height) / 2))
        }
    }

    /// Where the field of a title being typed goes: the open folder's title line, over an item in
    /// the open panel, or over the item's cell on the surface (nil when it is off screen).
    func renamingFieldFrame(_ r: Navigation.Renaming) -> Rect? {
        guard let id = r.id else {
            // A section's title: over its header (a board list's title), as wide as the header allows.
            guard let s = model.sections.firstIndex(where: { $0.id == r.sectionID }), let h = snapshot.sections[s].header else { return nil }
            let header = snapshot.toWindow(h, pane: nil, offsets: offsets).insetBy(dx: 10, dy: 0)
            return Rect(x: header.minX, y: header.midY - 14, width: Swift.min(header.width, 420), height: 28)
        }
        if let panel = folderPanel {
            if panel.folder == id { return panel.titleFrame }
            guard let c = panel.children.firstIndex(where: { $0.id == id }) else { return nil }
            return FieldNode.frame(over: panel.frame(ofChild: c, offset: scroll.folderOffset), in: viewport)
        }
        guard let path = r.path, let cell = drawnFrame(of: id, at: path),
              cell.intersects(Rect(origin: .zero, size: viewport)) else { return nil }
        return FieldNode.frame(over: cell, in: viewport)
    }

    /// The cell under the pointer while nothing is pressed or carried: on the surface, or among
    /// an open folder's items (details on top hide the rest).
    var hoveredID: ItemID? {
        guard case .idle = session.phase, let p = session.pointer else { return nil }
        if let panel = folderPanel {
            return panel.child(at: p, offset: scroll.folderOffset).map { panel.children[$0].id }
        }
        guard navigation.overlay == nil else { return nil }
        return item(at: p)?.id
    }

    /// The pointer shape: a closed hand while carrying, an open hand over what can be lifted.
    var cursor: CursorShape {
        switch session.phase {
        case .lifted: return .closedHand
        case .pressed(let p) where p.refused: return .notAllowed
        case .pressed(let p) where !p.moved: return item(withID: p.id)?.isMovable == true ? .openHand : .notAllowed
        default:
            guard let p = pointer else { return .arrow }
            if let panel = folderPanel {
                guard let c = panel.child(at: p, offset: scroll.folderOffset) else { return .arrow }
                return panel.children[c].isMovable ? .openHand : .arrow
            }
            guard navigation.overlay == nil else { return .arrow }
            guard let item = item(at: p) else { return addRow(at: p) != nil ? .pointingHand : .arrow }
            return item.isMovable ? .openHand : .arrow
        }
    }
}
