#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TesseraCore

/// The `tessera layout` output: what the window would show at its size before any scrolling, as
/// JSON with frames in window coordinates, so a script can aim real pointer events at items.
///
/// `{"layout":"grid","viewport":{"width":..,"height":..},"content":{"width":..,"height":..},
///   "items":[{"id":..,"title":..,"kind":"item"|"folder","section":0,"index":0,"movable":true,
///   "visible":true,"frame":{"x":..,"y":..,"width":..,"height":..}}]}`
/// Every top-level item is listed; `visible` says whether its frame meets the window (board lists
/// clip their rows to the list).
public enum LayoutExport {
    public static func json(engine: Engine) -> String {
        let l = engine.snapshot
        let o = engine.offsets
        let view = Rect(origin: .zero, size: l.viewport)
        var out = "{\"layout\":\"\(engine.layoutChoice.rawValue)\","
        out += "\"viewport\":{\"width\":\(num(l.viewport.width)),\"height\":\(num(l.viewport.height))},"
        out += "\"content\":{\"width\":\(num(l.contentSize.width)),\"height\":\(num(l.contentSize.height))},\"items\":["
        var first = true
        for (s, section) in engine.model.sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                guard let flat = l.flatIndex(of: IndexPath(section: s, item: i)) else { continue }
                let f = l.windowFrame(ofFlat: flat, offsets: o)
                var clip = view
                if let k = l.sections[s].pane { clip = clip.intersection(l.toWindow(l.panes[k].frame, pane: nil, offsets: o)) }
                out += first ? "\n" : ",\n"
                first = false
                out += "{\"id\":\(JSONText.string(item.id.rawValue)),\"title\":\(JSONText.string(item.title)),\"kind\":\"\(item.kind.rawValue)\","
                out += "\"section\":\(s),\"index\":\(i),\"movable\":\(item.isMovable),\"visible\":\(f.intersects(clip)),"
                out += "\"frame\":{\"x\":\(num(f.minX)),\"y\":\(num(f.minY)),\"width\":\(num(f.width)),\"height\":\(num(f.height))}}"
            }
        }
        out += "\n]}\n"
        return out
    }

    static func num(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }
}
