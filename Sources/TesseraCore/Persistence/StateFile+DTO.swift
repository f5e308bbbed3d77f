#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The on-disk shapes. Kept apart from the model so the file format can evolve by version.

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
