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
    /// Larger files are refused before a byte is read: what `tessera export` writes for the largest
    /// collection Tessera makes (2M items, about 140 bytes each), with room for longer titles.
    public static let maximumBytes = 1 << 30
    /// Titles longer than this are refused: no user typed them.
    public static let maximumTitleLength = 4096
    /// Longer ids are refused: ids are short keys, and each is kept in memory several times.
    public static let maximumIDBytes = 256
    /// The longest `location` (a file's URI, a link) an item may carry, in UTF-8 bytes.
    public static let maximumLocationBytes = 8192

    /// Decodes and validates a state file. Throws a `StateFileError` that says what and where.
    public static func decode(_ bytes: [UInt8], limit: Int = maximumBytes) throws(StateFileError) -> CollectionModel {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= limit else { throw .tooLarge(bytes: bytes.count, limit: limit) }
        if let problem = JSONSyntax.check(bytes) {
            let at = problem.position(in: bytes)
            throw .malformedJSON(problem: problem.what, line: at.line, column: at.column, offset: problem.offset)
        }
        return try bytes.withUnsafeBufferPointer { (b) throws(StateFileError) in
            var reader = StateFileReader(b)
            return try reader.document()
        }
    }

    static let defaultColor = Color(hex: "#8e8e93")!
}
