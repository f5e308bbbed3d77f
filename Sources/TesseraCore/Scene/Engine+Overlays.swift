/// What opens on top of the surface, as scene nodes: an open folder's panel, an item's details,
/// either growing out of (or shrinking into) its tile, and the context menu.
extension Engine {
    /// An open folder: scrim, panel, title, and its items on screen (the carried one's slot left
    /// empty). O(visible children): the panel holds its items and lays them out by arithmetic.
    func folderPanelNodes(_ panel: FolderPanel, offset: Double? = nil, hidden: FlightSet, looks: CellLooks,
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
            guard hidden.isEmpty || !hidden.contains(item.id) else { continue }
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
