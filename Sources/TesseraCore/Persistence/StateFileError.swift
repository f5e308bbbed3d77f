/// Why a state file could not be loaded: what was wrong and where (a path such as
/// `sections[1].items[4].title`). Loading never repairs a file silently.
public enum StateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case tooLarge(bytes: Int, limit: Int)
    /// Foundation refused text our own syntax check accepted; it gives no position.
    case notJSON(detail: String)
    /// Not well-formed JSON (or not UTF-8): what, and where in the file.
    case malformedJSON(problem: String, line: Int, column: Int, offset: Int)
    case unsupportedVersion(Int)
    case missingField(path: String)
    case wrongType(path: String, expected: String)
    case invalidValue(path: String, reason: String)
    case duplicateID(id: String, first: String, second: String)
    case duplicateSectionID(id: String, path: String)
    case nestedFolder(path: String)
    case emptyFolder(path: String)
    case childrenOnPlainItem(path: String)

    public var description: String {
        switch self {
        case .empty: "the file is empty"
        case .tooLarge(let b, let l): "the file is \(b) bytes, more than the \(l)-byte limit for a state file"
        case .notJSON(let d): "the file is not valid JSON (\(d))"
        case .malformedJSON(let p, let l, let c, let o): "the file is not valid JSON: \(p) at line \(l), column \(c) (byte \(o))"
        case .unsupportedVersion(let v): "version \(v) is not supported (this Tessera reads version \(StateFile.currentVersion))"
        case .missingField(let p): "\(p) is missing"
        case .wrongType(let p, let e): "\(p) should be \(e)"
        case .invalidValue(let p, let r): "\(p) is invalid: \(r)"
        case .duplicateID(let id, let a, let b): "item id '\(id)' is used twice, at \(a) and at \(b)"
        case .duplicateSectionID(let id, let p): "section id '\(id)' at \(p) is used twice"
        case .nestedFolder(let p): "\(p) is a folder inside a folder"
        case .emptyFolder(let p): "\(p) is a folder with no items"
        case .childrenOnPlainItem(let p): "\(p) is a plain item but has children"
        }
    }
}
