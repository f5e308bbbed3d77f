/// An item another app hands over (a file, a link, a note dropped on the window), before it is
/// one of the collection's: what its tile shows.
public struct IncomingItem: Hashable, Sendable {
    public var title: String
    /// An icon of the asset folder ("camera" for an image, "globe" for a link).
    public var icon: String
    /// Where it came from: a `file://` URI or a link; nil for dropped text.
    public var location: String?

    public init(title: String, icon: String, location: String? = nil) {
        self.title = title; self.icon = icon; self.location = location
    }
}
