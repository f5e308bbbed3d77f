#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The versioned JSON state file: the model as it is saved between runs.
///
/// ```json
/// {"version":1,"sections":[{"id":"today","title":"Today","items":[
///   {"id":"a1","title":"Photos","kind":"item","icon":"camera","color":"#4a90e2","aspect":1,"done":false},
///   {"id":"f1","title":"Travel","kind":"folder","children":[{"id":"a2","title":"Map","kind":"item"}]}]}]}
/// ```
/// `id`, `title` and `kind` are required; `icon` (""), `color` ("#8e8e93"), `aspect` (1, height/width)
/// and `done` (false) are optional; `children` is required for a folder and not allowed on a plain item.
public enum StateFile {
    public static let currentVersion = 1
    /// Larger files are refused before parsing: a state file of 1M items is about 100 bytes each.
    public static let maximumBytes = 64 << 20
    /// Titles longer than this are refused: no user typed them.
    public static let maximumTitleLength = 4096
    /// Longer ids are refused: ids are short keys, and each is kept in memory several times.
    public static let maximumIDBytes = 256

    /// Decodes and validates a state file. Throws a `StateFileError` that says what and where.
    public static func decode(_ bytes: [UInt8]) throws(StateFileError) -> CollectionModel {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count, limit: maximumBytes) }
        if let problem = JSONSyntax.check(bytes) {
            let at = problem.position(in: bytes)
            throw .malformedJSON(problem: problem.what, line: at.line, column: at.column, offset: problem.offset)
        }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        let header: VersionDTO
        do { header = try decoder.decode(VersionDTO.self, from: data) } catch { throw map(error) }
        guard header.version == header.version.rounded(), abs(header.version) < 1e9 else {
            throw .wrongType(path: "version", expected: "an integer")
        }
        guard Int(header.version) == currentVersion else { throw .unsupportedVersion(Int(header.version)) }
        let file: FileDTO
        do { file = try decoder.decode(FileDTO.self, from: data) } catch { throw map(error) }
        return try validate(file)
    }

    // MARK: - Validation: the model's invariants, reported with file paths

    static func validate(_ file: FileDTO) throws(StateFileError) -> CollectionModel {
        var ids: [String: String] = [:]
        var sectionIDs: Set<String> = []
        var sections: [Section] = []
        for (s, sdto) in file.sections.enumerated() {
            let spath = "sections[\(s)]"
            try checkID(sdto.id, at: spath + ".id")
            guard sectionIDs.insert(sdto.id).inserted else { throw .duplicateSectionID(id: sdto.id, path: spath + ".id") }
            try checkTitle(sdto.title, at: spath + ".title")
            var items = ItemList()
            for (i, idto) in sdto.items.enumerated() {
                let ipath = "\(spath).items[\(i)]"
                var item = try makeItem(idto, at: ipath, ids: &ids)
                if item.isFolder {
                    guard let children = idto.children else { throw .missingField(path: ipath + ".children") }
                    guard !children.isEmpty else { throw .emptyFolder(path: ipath) }
                    for (c, cdto) in children.enumerated() {
                        let cpath = "\(ipath).children[\(c)]"
                        if cdto.kind == .folder { throw .nestedFolder(path: cpath) }
                        if cdto.children.map({ !$0.isEmpty }) ?? false { throw .childrenOnPlainItem(path: cpath) }
                        item.children.append(try makeItem(cdto, at: cpath, ids: &ids))
                    }
                } else if let children = idto.children, !children.isEmpty {
                    throw .childrenOnPlainItem(path: ipath)
                }
                items.append(item)
            }
            sections.append(Section(id: sdto.id, title: sdto.title, items: items))
        }
        return CollectionModel(sections: sections)
    }

    static func makeItem(_ dto: ItemDTO, at path: String, ids: inout [String: String]) throws(StateFileError) -> Item {
        try checkID(dto.id, at: path + ".id")
        if let first = ids.updateValue(path, forKey: dto.id) { throw .duplicateID(id: dto.id, first: first, second: path) }
        try checkTitle(dto.title, at: path + ".title")
        var color = StateFile.defaultColor
        if let hex = dto.color {
            guard let c = Color(hex: hex) else {
                throw .invalidValue(path: path + ".color", reason: "'\(hex.prefix(40))' is not #rrggbb")
            }
            color = c
        }
        let aspect = dto.aspect ?? 1
        guard aspect.isFinite, aspect >= 0.1, aspect <= 10 else {
            throw .invalidValue(path: path + ".aspect", reason: "\(aspect) is outside 0.1...10")
        }
        let icon = dto.icon ?? ""
        if let problem = Item.iconNameProblem(icon) { throw .invalidValue(path: path + ".icon", reason: problem) }
        return Item(id: ItemID(dto.id), title: dto.title, icon: icon, color: color,
                    sizeHint: SizeHint(aspect: aspect), done: dto.done ?? false, kind: dto.kind)
    }

    static func checkID(_ id: String, at path: String) throws(StateFileError) {
        guard !id.isEmpty else { throw .invalidValue(path: path, reason: "empty id") }
        guard id.utf8.count <= maximumIDBytes else {
            throw .invalidValue(path: path, reason: "longer than \(maximumIDBytes) bytes")
        }
    }

    static func checkTitle(_ title: String, at path: String) throws(StateFileError) {
        guard title.count <= maximumTitleLength else {
            throw .invalidValue(path: path, reason: "longer than \(maximumTitleLength) characters")
        }
    }

    static let defaultColor = Color(hex: "#8e8e93")!

    /// Turns a Codable error into our words: the path in `a.b[3].c` form and what was expected.
    static func map(_ error: any Error) -> StateFileError {
        guard let e = error as? DecodingError else { return .notJSON(detail: "\(error)") }
        switch e {
        case .keyNotFound(let key, let ctx):
            return .missingField(path: path(ctx.codingPath + [key]))
        case .typeMismatch(let type, let ctx):
            // `version` is decoded as a Double (see VersionDTO) but the file format wants an integer.
            let where_ = path(ctx.codingPath)
            return .wrongType(path: where_, expected: where_ == "version" ? "an integer" : describe(type))
        case .valueNotFound(let type, let ctx):
            return .wrongType(path: path(ctx.codingPath), expected: describe(type) + ", not null")
        case .dataCorrupted(let ctx):
            if ctx.codingPath.isEmpty {
                let detail = (ctx.underlyingError.map { "\($0)" } ?? ctx.debugDescription)
                return .notJSON(detail: String(detail.prefix(200)))
            }
            return .invalidValue(path: path(ctx.codingPath), reason: ctx.debugDescription)
        @unknown default:
            return .notJSON(detail: "\(e)")
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        var s = ""
        for k in keys {
            if let i = k.intValue { s += "[\(i)]" } else { s += s.isEmpty ? k.stringValue : "." + k.stringValue }
        }
        return s.isEmpty ? "the top level" : s
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
