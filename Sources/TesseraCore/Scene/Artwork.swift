/// What a tile made from a file shows, as the platform last said (the core reads no files): the
/// shell decodes pictures and looks up icons off the main thread and reports each location's
/// state with `InputEvent.artwork`.
public enum ArtworkState: String, Hashable, Sendable, CaseIterable {
    /// Nothing heard yet: the tile shows its kind's icon (a camera for an image).
    case unknown
    /// The image's picture is ready to draw.
    case picture
    /// The icon the desktop's icon theme gives the file's type is ready to draw.
    case typeIcon = "type-icon"
    /// The file is no longer where it was.
    case missing
    /// An image that cannot be shown (unreadable, corrupt, too large to decode): a placeholder.
    case unreadable
}

/// One location's news from the platform.
public struct ArtworkReport: Hashable, Sendable {
    public var location: String
    /// nil: only the aspect is news (an image measured before it is drawn).
    public var state: ArtworkState?
    /// An image's height / width (turned upright), for masonry; nil when not known or not an image.
    public var aspect: Double?

    public init(location: String, state: ArtworkState?, aspect: Double? = nil) {
        self.location = location; self.state = state; self.aspect = aspect
    }
}

/// A cell's artwork in a scene: where its file is, and what the platform said of it last.
public struct CellArtwork: Hashable, Sendable {
    public var location: String
    public var state: ArtworkState
    /// Counts the reports on this location: a picture decoded again after the renderer let it
    /// go is news too (the cell is drawn again), though its state is the same.
    public var revision: UInt32

    public init(location: String, state: ArtworkState = .unknown, revision: UInt32 = 0) {
        self.location = location; self.state = state; self.revision = revision
    }
}

/// The artwork states reported so far, by location. Only locations of items in the collection
/// are ever reported (the shell asks for the ones it draws), so it stays as large as that.
public struct ArtworkStates: Hashable, Sendable {
    private var states: [String: CellArtwork] = [:]

    public init() {}

    public subscript(location: String) -> CellArtwork {
        states[location] ?? CellArtwork(location: location)
    }

    public var isEmpty: Bool { states.isEmpty }

    mutating func note(_ report: ArtworkReport) {
        guard let state = report.state else { return }
        var a = self[report.location]
        a.state = state
        a.revision &+= 1
        states[report.location] = a
    }
}

/// Masonry's range of picture aspects: a panorama or a long screenshot still gets a tile one can
/// see and aim at (its picture cropped to fill it), and never one so flat that it reads as a list
/// row (`CheckMark.isRow`: wider than 1.6 times its height).
extension SizeHint {
    public static let pictureAspects = 0.64...2.5
}
