/// Builds the scene: everything to draw for the current state, in window coordinates.
extension Engine {
    public func scene(style: SceneStyle = .standard) -> Scene {
        var nodes: [SceneNode] = []
        nodes.reserveCapacity(256)
        let offsets = self.offsets.snapped(toPixelsOf: style.pixelScale)
        let view = Rect(origin: .zero, size: viewport)
        let hidden: ItemID? = switch phase {
        case .lifted(let l): l.id
        case .settling(let s): if case .slot = s.destination { s.id } else { nil }
        default: nil
        }
        // Section backgrounds (decoration), headers and footers.
        for (s, geo) in snapshot.sections.enumerated() {
            let bg = snapshot.toWindow(geo.background, pane: nil, offsets: offsets)
            guard bg.intersects(view) else { continue }
            if geo.pane != nil {
                nodes.append(.box(BoxNode(frame: bg, color: style.boardColumn, cornerRadius: 12)))
            } else {
                nodes.append(.box(BoxNode(frame: bg.insetBy(dx: 6, dy: 3), color: style.sectionBackground, cornerRadius: 14)))
            }
            let title = model.sections[s].title
            if let h = geo.header {
                let frame = snapshot.toWindow(h, pane: nil, offsets: offsets).insetBy(dx: 16, dy: 0)
                nodes.append(.label(LabelNode(frame: frame, text: geo.pane == nil ? title : "\(title)  ·  \(geo.itemCount)",
                                              style: geo.pane == nil ? .header : .listTitle)))
            }
            if let f = geo.footer {
                let n = geo.itemCount
                nodes.append(.label(LabelNode(frame: snapshot.toWindow(f, pane: nil, offsets: offsets).insetBy(dx: 16, dy: 0),
                                              text: n == 1 ? "1 item" : "\(n) items", style: .footer)))
            }
        }
        // Cells, pane by pane (board lists clip to their pane).
        let visible = snapshot.visibleItems(offsets: offsets, margin: CellNode.decorationMargin)
        var currentPane: Int?? = .none
        for i in visible {
            let path = snapshot.indexPath(ofFlat: i)
            let pane = snapshot.sections[path.section].pane
            if currentPane == nil || currentPane! != pane {
                if currentPane != nil, currentPane! != nil { nodes.append(.popClip) }
                if let k = pane { nodes.append(.pushClip(snapshot.toWindow(snapshot.panes[k].frame, pane: nil, offsets: offsets))) }
                currentPane = .some(pane)
            }
            guard let item = model.item(at: path), item.id != hidden else { continue }
            let id = item.id
            let frame = motions.drawn(id, frame: snapshot.windowFrame(ofFlat: i, offsets: offsets), at: now)
            nodes.append(.cell(cellNode(item, frame: frame)))
        }
        if let p = currentPane, p != nil { nodes.append(.popClip) }
        let upcoming = upcomingCells(offsets: offsets, drawn: visible, hidden: hidden, style: style)
        if let bar = gapIndicator(style: style) { nodes.append(.box(bar)) }
        nodes += scrollIndicators(style: style)
        switch overlay {
        case .detail(let id)?: if let item = item(withID: id) { nodes += detailView(item, style: style) }
        case .folder(let id)?: if let view = folderView(id) { nodes += folderPanel(view, hidden: hidden, style: style) }
        case nil: break
        }
        // The carried snapshot on top of everything.
        if case .lifted(let l) = phase, let item = item(withID: l.id), let f = liftedFrame {
            var node = cellNode(item, frame: f)
            node.isLifted = true
            node.isPressed = false
            node.scale = liftScale.value(at: now)
            node.rotation = Wobble.angle(sinceLift: now - l.liftTime, policy: policy)
            nodes.append(.cell(node))
        } else if let s = settlingSnapshot {
            var node = cellNode(s.item, frame: s.frame)
            node.isLifted = true
            node.scale = s.scale
            node.rotation = s.rotation
            node.alpha = s.alpha
            nodes.append(.cell(node))
        }
        return Scene(size: viewport, background: style.background, nodes: nodes, cursor: cursor, upcoming: upcoming)
    }

    /// Cells within `style.prefetchDistance` beyond the window that are not drawn (see `Scene.upcoming`):
    /// on the side the surface last scrolled towards (both sides before the first scroll). Only
    /// ahead: a renderer's cache holds the window's cells and a row or so more, and the row just
    /// scrolled out is in it anyway.
    func upcomingCells(offsets: ScrollOffsets, drawn: [Int], hidden: ItemID?, style: SceneStyle) -> [CellNode] {
        guard style.prefetchDistance > 0, overlay == nil else { return [] }
        let m = CellNode.decorationMargin, d = style.prefetchDistance
        func reach(_ travel: Double) -> (before: Double, after: Double) {
            travel > 0 ? (m, m + d) : travel < 0 ? (m + d, m) : (m + d, m + d)
        }
        let (left, right) = reach(rootTravel.x), (top, bottom) = reach(rootTravel.y)
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
            out.append(cellNode(item, frame: snapshot.windowFrame(ofFlat: i, offsets: offsets)))
        }
        return out
    }

    func cellNode(_ item: Item, frame: Rect) -> CellNode {
        var node = CellNode(id: item.id, frame: frame, title: item.title, icon: item.icon, color: item.color,
                            isFolder: item.isFolder,
                            folderPreview: item.children.prefix(9).map { FolderPreviewEntry(icon: $0.icon, color: $0.color) },
                            folderCount: item.children.count, isDone: item.done, isSelected: selection == item.id)
        if pressedID == item.id {
            let s = pressScale.value(at: now)
            node.scale = s
            node.isPressed = s < 1 || { if case .pressed(let p) = phase { !p.moved } else { false } }()
        }
        if !targetScales.isEmpty, let t = targetScales[item.id] {
            node.scale = t.value(at: now)
            node.isDropTarget = openTarget == item.id
        }
        if case .lifted(let l) = phase, l.folder == nil, let h = l.hover, case .into(let path) = h.target, l.open == nil,
           model.item(at: path)?.id == item.id {
            node.dwellProgress = Swift.min(1, (now - h.since) / policy.folderDwell)
        }
        if !refusals.isEmpty, let since = refusals[item.id] {
            node.frame = node.frame.offsetBy(dx: Wobble.refusal(since: now - since, policy: policy), dy: 0)
        }
        return node
    }

    /// While a reorder dwell runs, a bar marks the gap, growing more opaque as the dwell completes.
    func gapIndicator(style: SceneStyle) -> BoxNode? {
        guard case .lifted(let l) = phase, l.folder == nil, let h = l.hover, case .gap(let s, let i) = h.target else { return nil }
        let geo = snapshot.sections[s]
        guard geo.itemCount > 0 else { return nil }
        let progress = Swift.min(1, (now - h.since) / policy.reorderDwell)
        let atEnd = i >= geo.itemCount
        let f = snapshot.toWindow(snapshot.frames[geo.firstItem + Swift.min(i, geo.itemCount - 1)], pane: geo.pane,
                                  offsets: offsets.snapped(toPixelsOf: style.pixelScale))
        let thickness = 4.0
        let bar: Rect = snapshot.reorderAxis == .horizontal
            ? Rect(x: (atEnd ? f.maxX + 3 : f.minX - 3) - thickness / 2, y: f.minY, width: thickness, height: f.height)
            : Rect(x: f.minX, y: (atEnd ? f.maxY + 3 : f.minY - 3) - thickness / 2, width: f.width, height: thickness)
        return BoxNode(frame: bar, color: style.accent.withAlpha(0.25 + 0.75 * progress), cornerRadius: 2)
    }

    func scrollIndicators(style: SceneStyle) -> [SceneNode] {
        let active: ScrollIndicator? = if case .scrubbing(let s) = phase { s.indicator } else { nil }
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

    /// An open folder: scrim, panel, title, and its items (the carried one's slot left empty).
    func folderPanel(_ view: FolderView, hidden: ItemID?, style: SceneStyle) -> [SceneNode] {
        var nodes: [SceneNode] = [
            .box(BoxNode(frame: Rect(origin: .zero, size: viewport), color: style.scrim)),
            .box(BoxNode(frame: view.panel, color: style.panel.withAlpha(0.97), cornerRadius: 22)),
            .label(LabelNode(frame: view.titleFrame, text: item(withID: view.folder)?.title ?? "", style: .folderTitle)),
            // Items scrolled up pass under the title, not over it (the clip starts where the title
            // ends, above the first row's badges).
            .pushClip(Rect(x: view.contentFrame.minX, y: view.titleFrame.maxY, width: view.contentFrame.width,
                           height: view.contentFrame.maxY - view.titleFrame.maxY)),
        ]
        for id in view.children where id != hidden {
            guard let item = item(withID: id), let f = view.frames[id] else { continue }
            nodes.append(.cell(cellNode(item, frame: motions.drawn(id, frame: f, at: now))))
        }
        if case .lifted(let l) = phase, l.folder == view.folder, let h = l.hover, case .gap(_, let i) = h.target,
           !view.children.isEmpty {
            let progress = Swift.min(1, (now - h.since) / policy.reorderDwell)
            let atEnd = i >= view.children.count
            let f = view.frames[view.children[Swift.min(i, view.children.count - 1)]]!
            let x = (atEnd ? f.maxX + 6 : f.minX - 6) - 2
            nodes.append(.box(BoxNode(frame: Rect(x: x, y: f.minY, width: 4, height: f.height),
                                      color: style.accent.withAlpha(0.25 + 0.75 * progress), cornerRadius: 2)))
        }
        nodes.append(.popClip)
        if view.maxOffset > 0 {
            // Where the items shown sit among all of them, as the surface's own indicator does.
            let c = view.contentFrame
            let length = Swift.max(24, c.height * c.height / (c.height + view.maxOffset))
            let y = c.minY + 4 + (c.height - 8 - length) * view.offset / view.maxOffset
            nodes.append(.box(BoxNode(frame: Rect(x: c.maxX - 9, y: y, width: 4, height: length),
                                      color: style.scrollIndicator, cornerRadius: 2)))
        }
        return nodes
    }

    func detailView(_ item: Item, style: SceneStyle) -> [SceneNode] {
        let side = Swift.min(viewport.width, viewport.height) * 0.7
        let panel = Rect(x: (viewport.width - side) / 2, y: (viewport.height - side) / 2, width: side, height: side)
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

    /// The pointer shape: a closed hand while carrying, an open hand over what can be lifted.
    var cursor: CursorShape {
        switch phase {
        case .lifted: return .closedHand
        case .pressed(let p) where !p.moved: return item(withID: p.id)?.isMovable == true ? .openHand : .notAllowed
        default:
            guard let p = pointer else { return .arrow }
            if let view = openFolder {
                guard let id = view.child(at: p), let item = item(withID: id) else { return .arrow }
                return item.isMovable ? .openHand : .arrow
            }
            guard overlay == nil, let item = item(at: p) else { return .arrow }
            return item.isMovable ? .openHand : .arrow
        }
    }
}
