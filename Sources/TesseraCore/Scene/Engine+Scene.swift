/// Builds the scene: everything to draw for the current state, in window coordinates.
extension Engine {
    public func scene(style: SceneStyle = .standard) -> Scene {
        var nodes: [SceneNode] = []
        nodes.reserveCapacity(256)
        let offsets = self.offsets.snapped(toPixelsOf: style.pixelScale)
        let view = Rect(origin: .zero, size: viewport)
        // The carried item's slot stays empty, and so does a settling one's until it lands.
        let hidden: ItemID? = switch session.phase {
        case .lifted(let l): l.id
        case .settling(let s): if case .slot = s.destination { s.id } else { nil }
        default: nil
        }
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
                if let k = pane { nodes.append(.pushClip(chrome(.pane(k), snapshot.panes[k].frame))) }
                currentPane = .some(pane)
            }
            guard let item = model.item(at: path), item.id != hidden else { continue }
            let id = item.id
            let frame = presentation.drawn(id, frame: snapshot.windowFrame(ofFlat: i, offsets: offsets), at: now)
            nodes.append(.cell(looks.node(item, frame: looks.parted(id, frame))))
        }
        if let p = currentPane, p != nil { nodes.append(.popClip) }
        // Each board list ends in its "Add task" row (clipped to its list, lit under the pointer).
        let hoveredRow = hoveredAddRow
        for (s, geo) in snapshot.sections.enumerated() {
            guard let k = geo.pane, let row = geo.addRow else { continue }
            let clip = chrome(.pane(k), snapshot.panes[k].frame)
            let frame = presentation.drawn(.addRow(s), frame: snapshot.toWindow(row, pane: k, offsets: offsets), at: now)
            guard frame.intersects(clip), clip.intersects(view) else { continue }
            nodes.append(.pushClip(clip))
            if hoveredRow == s { nodes.append(.box(BoxNode(frame: frame, color: style.addRowHover, cornerRadius: 10))) }
            nodes.append(.label(LabelNode(frame: frame.insetBy(dx: 14, dy: 0), text: Self.addRowLabel, style: .addRow)))
            nodes.append(.popClip)
        }
        let upcoming = upcomingCells(offsets: offsets, drawn: visible, hidden: hidden, looks: looks, style: style)
        if case .surface? = session.lift?.hover?.place, let bar = gapBar(style: style) { nodes.append(.box(bar)) }
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
        // Items leaving: into their folder's cell, or shrinking away.
        for d in presentation.departures { if let node = departingCell(d, looks: looks) { nodes.append(.cell(node)) } }
        // The carried snapshot on top of everything.
        if let l = session.lift, let item = item(withID: l.id) {
            var node = looks.node(item, frame: carriedFrame(l))
            node.isLifted = true
            node.isPressed = false
            node.scale = presentation.liftScale.value(at: now)
            node.rotation = Wobble.angle(sinceLift: now - l.liftTime, policy: policy)
            node.alpha = carriedAlpha
            nodes.append(.cell(node))
        } else if let s = settlingSnapshot {
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
        if let m = navigation.menu { nodes += menuNodes(m, style: style) }
        // The caption strip of a move being announced, unless a toast (which says as much) is up.
        if let c = presentation.caption, now < c.until, presentation.toast.map({ now >= $0.end }) ?? true {
            nodes.append(.label(LabelNode(frame: c.frame(in: viewport), text: c.text, style: .caption)))
        }
        if inspector.isOn { nodes += inspectorNodes(style: style) }
        return Scene(size: viewport, background: style.background, nodes: nodes, cursor: cursor, upcoming: upcoming)
    }

    /// Cells within `style.prefetchDistance` beyond the window that are not drawn (see `Scene.upcoming`):
    /// on the side the surface last scrolled towards (both sides before the first scroll). Only
    /// ahead: a renderer's cache holds the window's cells and a row or so more, and the row just
    /// scrolled out is in it anyway.
    func upcomingCells(offsets: ScrollOffsets, drawn: [Int], hidden: ItemID?, looks: CellLooks, style: SceneStyle) -> [CellNode] {
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
            guard let item = model.item(at: snapshot.indexPath(ofFlat: i)), item.id != hidden else { continue }
            out.append(looks.node(item, frame: snapshot.windowFrame(ofFlat: i, offsets: offsets)))
        }
        return out
    }

    /// While a reorder dwell runs, a bar marks the gap, growing more opaque as the dwell completes:
    /// on the surface (in its layout's reorder direction) or among an open folder's items.
    func gapBar(style: SceneStyle) -> BoxNode? {
        guard let l = session.lift, let h = l.hover, case .gap(let s, let i) = h.target else { return nil }
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

    /// An open folder: scrim, panel, title, and its items on screen (the carried one's slot left
    /// empty). O(visible children): the panel holds its items and lays them out by arithmetic.
    func folderPanelNodes(_ panel: FolderPanel, offset: Double? = nil, hidden: ItemID?, looks: CellLooks,
                          style: SceneStyle) -> [SceneNode] {
        let offset = offset ?? scroll.folderOffset
        var nodes: [SceneNode] = [
            .box(BoxNode(frame: Rect(origin: .zero, size: viewport), color: style.scrim)),
            .box(BoxNode(frame: panel.panel, color: style.panel.withAlpha(0.97), cornerRadius: 22)),
            .label(LabelNode(frame: panel.titleFrame, text: panel.title, style: .folderTitle)),
            // Items scrolled up pass under the title, not over it (the clip starts where the title
            // ends, above the first row's badges).
            .pushClip(Rect(x: panel.contentFrame.minX, y: panel.titleFrame.maxY, width: panel.contentFrame.width,
                           height: panel.contentFrame.maxY - panel.titleFrame.maxY)),
        ]
        let reach = panel.contentFrame.minY - panel.titleFrame.maxY + CellNode.decorationMargin
        for c in panel.visibleChildren(offset: offset, margin: reach) {
            let item = panel.children[c]
            guard item.id != hidden else { continue }
            let frame = presentation.drawn(item.id, frame: panel.frame(ofChild: c, offset: offset), at: now)
            nodes.append(.cell(looks.node(item, frame: looks.parted(item.id, frame))))
        }
        if case .folder(panel.folder)? = session.lift?.hover?.place, let bar = gapBar(style: style) { nodes.append(.box(bar)) }
        nodes.append(.popClip)
        if panel.maxOffset > 0 {
            // Where the items shown sit among all of them, as the surface's own indicator does.
            let c = panel.contentFrame
            let length = Swift.max(24, c.height * c.height / (c.height + panel.maxOffset))
            let y = c.minY + 4 + (c.height - 8 - length) * offset / panel.maxOffset
            nodes.append(.box(BoxNode(frame: Rect(x: c.maxX - 9, y: y, width: 4, height: length),
                                      color: style.scrollIndicator, cornerRadius: 2)))
        }
        return nodes
    }

    /// Where an item's details show: a square panel in the middle of the window.
    var detailPanel: Rect {
        let side = Swift.min(viewport.width, viewport.height) * 0.7
        return Rect(x: (viewport.width - side) / 2, y: (viewport.height - side) / 2, width: side, height: side)
    }

    /// An overlay's nodes as they are while it grows out of (or shrinks into) `tile`: the panel
    /// between the tile's frame and its own (`openness` 0...1), everything on it carried along
    /// and scaled, the scrim fading in with it and the panel near the tile; text shows once it is
    /// nearly open (it does not scale). The first node is the scrim.
    func morph(_ nodes: [SceneNode], panel p: Rect, tile: Rect, openness k: Double) -> [SceneNode] {
        guard k < 1, p.width > 0, p.height > 0 else { return nodes }
        let r = Rect.lerp(tile, p, k)
        let kx = r.width / p.width, ky = r.height / p.height
        func map(_ f: Rect) -> Rect {
            Rect(x: r.minX + (f.minX - p.minX) * kx, y: r.minY + (f.minY - p.minY) * ky, width: f.width * kx, height: f.height * ky)
        }
        // Near the tile the panel fades, so it dissolves into the tile rather than covering it.
        let fade = Swift.min(1, 2 * k)
        var out: [SceneNode] = []
        out.reserveCapacity(nodes.count)
        for (i, node) in nodes.enumerated() {
            switch node {
            case .box(var b) where i == 0:
                b.color = b.color.withAlpha(b.color.alpha * k)
                out.append(.box(b))
            case .box(var b):
                b.frame = map(b.frame)
                b.cornerRadius *= Swift.min(kx, ky)
                b.color = b.color.withAlpha(b.color.alpha * fade)
                out.append(.box(b))
            case .label(var l):
                guard k > 0.75 else { continue }
                l.frame = map(l.frame)
                out.append(.label(l))
            case .image(var im):
                im.frame = map(im.frame)
                out.append(.image(im))
            case .cell(var c):
                let centre = map(c.frame).center
                c.frame = Rect(x: centre.x - c.frame.width / 2, y: centre.y - c.frame.height / 2, width: c.frame.width, height: c.frame.height)
                c.scale *= kx
                c.alpha *= fade
                out.append(.cell(c))
            case .field(var f):
                guard k > 0.75 else { continue }
                f.frame = map(f.frame)
                out.append(.field(f))
            case .pushClip(let clip): out.append(.pushClip(map(clip)))
            case .popClip: out.append(.popClip)
            }
        }
        return out
    }

    func detailView(_ item: Item, style: SceneStyle) -> [SceneNode] {
        let panel = detailPanel, side = panel.width
        let image = Rect(x: panel.midX - side * 0.3, y: panel.minY + side * 0.12, width: side * 0.6, height: side * 0.6)
        return [
            .box(BoxNode(frame: Rect(origin: .zero, size: viewport), color: style.scrim)),
            .box(BoxNode(frame: panel, color: style.panel, cornerRadius: 20)),
            .box(BoxNode(frame: image, color: item.color, cornerRadius: side * 0.08)),
            .image(ImageNode(frame: image.insetBy(dx: side * 0.1, dy: side * 0.1), icon: item.icon, tint: .white)),
            .label(LabelNode(frame: Rect(x: panel.minX + 16, y: image.maxY + side * 0.05, width: side - 32, height: side * 0.12),
                             text: item.title, style: .detailTitle)),
        ]
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
    }

    /// `frame` moved aside if `id` is parted beside a dwelling gap.
    func parted(_ id: ItemID, _ frame: Rect) -> Rect {
        guard !partedCells.isEmpty, let c = partedCells.first(where: { $0.id == id }) else { return frame }
        return frame.offsetBy(dx: (c.offset.x * pixelScale).rounded() / pixelScale, dy: (c.offset.y * pixelScale).rounded() / pixelScale)
    }

    func node(_ item: Item, frame: Rect) -> CellNode {
        var node = CellNode(id: item.id, frame: frame, title: item.title, icon: item.icon, color: item.color,
                            isFolder: item.isFolder,
                            folderPreview: item.children.prefix(9).map { FolderPreviewEntry(icon: $0.icon, color: $0.color) },
                            folderCount: item.children.count, isDone: item.done, isSelected: selection == item.id)
        if pressed == item.id {
            node.scale = pressScale
            node.isPressed = pressScale < 1 || holding
        }
        if !targetScales.isEmpty, let t = targetScales[item.id] {
            node.scale = t.value(at: now)
            node.isDropTarget = openTarget == item.id
        }
        node.isHovered = hovered == item.id
        node.showsCheck = !item.isFolder && !item.done
            && (CheckMark.isRow(node.frame) || node.isHovered || node.isSelected)
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

extension Engine {
    /// The context menu, and its open submenu beside it: a panel with a shadow, a band under the
    /// highlighted row (and under the row whose submenu is open), disabled rows greyed, "›" on a
    /// row that opens a submenu.
    func menuNodes(_ m: ContextMenu, style: SceneStyle) -> [SceneNode] {
        var out: [SceneNode] = []
        func panel(_ frame: Rect, _ entries: [MenuEntry], highlighted: Int?, open: Int?) {
            out.append(.box(BoxNode(frame: frame.offsetBy(dx: 0, dy: 3).insetBy(dx: -2, dy: -2), color: style.menuShadow, cornerRadius: 12)))
            out.append(.box(BoxNode(frame: frame, color: style.panel, cornerRadius: 10)))
            for (k, entry) in entries.enumerated() {
                let row = ContextMenu.row(k, in: frame)
                if k == highlighted || k == open { out.append(.box(BoxNode(frame: row, color: style.menuHighlight, cornerRadius: 6))) }
                let text = Rect(x: row.minX + 10, y: row.minY, width: row.width - 10 - 24, height: row.height)
                out.append(.label(LabelNode(frame: text, text: entry.title,
                                            style: entry.isEnabled ? .menuItem : .menuItemDisabled)))
                if !entry.children.isEmpty {
                    out.append(.label(LabelNode(frame: Rect(x: row.maxX - 20, y: row.minY, width: 14, height: row.height), text: "›",
                                                style: entry.isEnabled ? .menuItem : .menuItemDisabled)))
                }
            }
        }
        panel(m.frame, m.entries, highlighted: m.highlighted, open: m.submenu?.parent)
        if let sub = m.submenu { panel(sub.frame, m.submenuEntries, highlighted: sub.highlighted, open: nil) }
        return out
    }
}

extension Engine {
    /// A departing item as drawn now: on its way into its folder's cell (to a third of its size,
    /// fading, as a drop into a folder settles), or shrinking away where it was.
    func departingCell(_ d: Departure, looks: CellLooks) -> CellNode? {
        let p = Tween(from: 0, to: 1, start: d.start, duration: policy.settleDuration).progress(at: now)
        guard p < 1 else { return nil }
        var node: CellNode
        if let f = d.into {
            guard let to = model.indexPath(of: f, near: d.intoPath).flatMap({ drawnFrame(of: f, at: $0) }) else { return nil }
            node = looks.node(d.item, frame: Rect.lerp(d.from, to.scaled(by: 0.35), p))
            node.alpha = 1 - p * 0.8
        } else {
            node = looks.node(d.item, frame: d.from.scaled(by: 1 - 0.6 * p))
            node.alpha = 1 - p
        }
        node.isPressed = false
        return node
    }
}
