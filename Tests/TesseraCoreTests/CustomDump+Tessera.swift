import CustomDump
@testable import TesseraCore

// How engine states read in a failed `expectNoDifference`: items as their fields, lists as lists,
// and derived caches (layout snapshots) left out, as `Engine.==` leaves them out.

extension ItemList: CustomDumpReflectable {
    public var customDumpMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}

extension Item: CustomDumpReflectable {
    public var customDumpMirror: Mirror {
        var fields: KeyValuePairs<String, Any> = ["id": id, "title": title, "kind": kind, "icon": icon, "done": done]
        if isFolder { fields = ["id": id, "title": title, "kind": kind, "icon": icon, "done": done, "children": children] }
        return Mirror(self, children: fields, displayStyle: .struct)
    }
}

extension ItemID: CustomDumpStringConvertible {
    public var customDumpDescription: String { "\"\(rawValue)\"" }
}

extension LayoutSnapshot: CustomDumpStringConvertible {
    public var customDumpDescription: String { "LayoutSnapshot(\(itemCount) items, derived)" }
}

extension FolderPanel: CustomDumpReflectable {
    public var customDumpMirror: Mirror {
        Mirror(self, children: ["folder": folder, "path": path, "children": children.map(\.id), "panel": panel,
                                "maxOffset": maxOffset], displayStyle: .struct)
    }
}
