/// A broken rule of the model, found by `checkInvariants()`.
public struct InvariantViolation: Hashable, Sendable, CustomStringConvertible {
    public var description: String
}

extension CollectionModel {
    /// Every rule the model promises, checked in full. Empty means the model is sound.
    /// Used by the tests after every edit, and by the state-file loader (with paths in its own words).
    public func checkInvariants() -> [InvariantViolation] {
        var problems: [InvariantViolation] = []
        func fail(_ s: String) { problems.append(InvariantViolation(description: s)) }
        var seenIDs: [ItemID: IndexPath] = [:]
        var seenSections: Set<String> = []
        for (s, section) in sections.enumerated() {
            if !seenSections.insert(section.id).inserted { fail("section id '\(section.id)' appears twice") }
            for (i, item) in section.items.enumerated() {
                let path = IndexPath(section: s, item: i)
                if let first = seenIDs.updateValue(path, forKey: item.id) {
                    fail("id '\(item.id)' at \(path) also at \(first)")
                }
                switch item.kind {
                case .item:
                    if !item.children.isEmpty { fail("plain item '\(item.id)' at \(path) has children") }
                case .folder:
                    if item.children.isEmpty { fail("folder '\(item.id)' at \(path) is empty") }
                }
                for (c, child) in item.children.enumerated() {
                    let cpath = IndexPath(section: s, item: i, child: c)
                    if child.isFolder { fail("folder '\(child.id)' nested in folder '\(item.id)' at \(cpath)") }
                    if !child.children.isEmpty { fail("item '\(child.id)' inside a folder has children") }
                    if let first = seenIDs.updateValue(cpath, forKey: child.id) {
                        fail("id '\(child.id)' at \(cpath) also at \(first)")
                    }
                }
            }
        }
        return problems
    }
}
