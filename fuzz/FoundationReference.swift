// The state-file decoder Tessera used before StateFileReader: Foundation's JSONDecoder through
// Codable shapes, then the model's rules. Slow (16 s for a million items) but independent, so the
// fuzz target keeps it as a second opinion: both must accept the same files and make the same model.
// Built only into the fuzzer (scripts/fuzz.sh), never into the app.

import Foundation

enum FoundationReference {
    static func decode(_ bytes: [UInt8]) throws(StateFileError) -> CollectionModel {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= StateFile.maximumBytes else { throw .tooLarge(bytes: bytes.count, limit: StateFile.maximumBytes) }
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
        guard Int(header.version) == StateFile.currentVersion else { throw .unsupportedVersion(Int(header.version)) }
        let file: FileDTO
        do { file = try decoder.decode(FileDTO.self, from: data) } catch { throw map(error) }
        return try validate(file)
    }

    // MARK: - Validation: the model's invariants, reported with file paths

    static func validate(_ file: FileDTO) throws(StateFileError) -> CollectionModel {
        var ids: [String: String] = [:]
        var locations: [ItemID: String] = [:]
        var sectionIDs: Set<String> = []
        var sections: [Section] = []
        for (s, sdto) in file.sections.enumerated() {
            let spath = "sections[\(s)]"
            try StateFileReader.checkID(sdto.id, at: spath + ".id")
            guard sectionIDs.insert(sdto.id).inserted else { throw .duplicateSectionID(id: sdto.id, path: spath + ".id") }
            try StateFileReader.checkTitle(sdto.title, at: spath + ".title")
            var items = ItemList()
            for (i, idto) in sdto.items.enumerated() {
                let ipath = "\(spath).items[\(i)]"
                var item = try makeItem(idto, at: ipath, ids: &ids, locations: &locations)
                if item.isFolder {
                    guard let children = idto.children else { throw .missingField(path: ipath + ".children") }
                    guard !children.isEmpty else { throw .emptyFolder(path: ipath) }
                    for (c, cdto) in children.enumerated() {
                        let cpath = "\(ipath).children[\(c)]"
                        if cdto.kind == .folder { throw .nestedFolder(path: cpath) }
                        if cdto.children.map({ !$0.isEmpty }) ?? false { throw .childrenOnPlainItem(path: cpath) }
                        item.children.append(try makeItem(cdto, at: cpath, ids: &ids, locations: &locations))
                    }
                } else if let children = idto.children, !children.isEmpty {
                    throw .childrenOnPlainItem(path: ipath)
                }
                items.append(item)
            }
            sections.append(Section(id: sdto.id, title: sdto.title, items: items))
        }
        return CollectionModel(sections: sections, locations: locations)
    }

    static func makeItem(_ dto: ItemDTO, at path: String, ids: inout [String: String],
                         locations: inout [ItemID: String]) throws(StateFileError) -> Item {
        try StateFileReader.checkID(dto.id, at: path + ".id")
        if let first = ids.updateValue(path, forKey: dto.id) { throw .duplicateID(id: dto.id, first: first, second: path) }
        try StateFileReader.checkTitle(dto.title, at: path + ".title")
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
        if let location = dto.location {
            guard !location.isEmpty, location.utf8.count <= StateFile.maximumLocationBytes,
                  !location.utf8.contains(where: { $0 < 0x20 }) else {
                throw .invalidValue(path: path + ".location",
                                    reason: "a location is 1 to \(StateFile.maximumLocationBytes) bytes without control characters")
            }
            locations[ItemID(dto.id)] = location
        }
        let icon = dto.icon ?? ""
        if let problem = Item.iconNameProblem(icon) { throw .invalidValue(path: path + ".icon", reason: problem) }
        return Item(id: ItemID(dto.id), title: dto.title, icon: icon, color: color,
                    sizeHint: SizeHint(aspect: aspect), done: dto.done ?? false, kind: dto.kind)
    }

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

/// `version` is read as a number, not an Int: Foundation reports 1.5 or 1e20 for an Int as
/// invalid JSON with no path; as a number it can be refused here by name.
struct VersionDTO: Decodable {
    var version: Double
}

struct FileDTO: Decodable {
    var version: Double
    var sections: [SectionDTO]
}

struct SectionDTO: Decodable {
    var id: String
    var title: String
    var items: [ItemDTO]
}

struct ItemDTO: Decodable {
    var id: String
    var title: String
    var kind: Item.Kind
    var icon: String?
    var color: String?
    var aspect: Double?
    var done: Bool?
    var children: [ItemDTO]?
    var location: String?
}

extension Item.Kind: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let k = Item.Kind(rawValue: s) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "kind '\(s.prefix(40))' is neither \"item\" nor \"folder\""))
        }
        self = k
    }
}
