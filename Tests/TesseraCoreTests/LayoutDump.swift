@testable import TesseraCore

/// A layout as readable text: what the snapshot tests store and diff.
func dump(_ l: LayoutSnapshot, model: CollectionModel) -> String {
    var out = "viewport \(l.viewport) content \(l.contentSize) scroll \(l.scrollAxis) reorder \(l.reorderAxis)\n"
    for (k, p) in l.panes.enumerated() {
        out += "pane \(k) section \(p.section) frame \(p.frame) content \(p.contentSize)\n"
    }
    for (s, g) in l.sections.enumerated() {
        out += "section \(s) '\(model.sections[s].title)' background \(g.background)"
        if let h = g.header { out += " header \(h)" }
        if let f = g.footer { out += " footer \(f)" }
        if let a = g.addRow { out += " addRow \(a)" }
        out += " items \(g.itemArea)\n"
        for i in 0..<g.itemCount {
            let item = model.sections[s].items[i]
            out += "  \(i) \(item.id) \(l.frames[g.firstItem + i])\n"
        }
    }
    return out
}
