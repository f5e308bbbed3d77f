/// An item another app hands over (a file, a link, a note dropped on the window), before it is
/// one of the collection's: what its tile shows.
public struct IncomingItem: Hashable, Sendable {
    public var title: String
    /// An icon of the asset folder ("camera" for an image, "globe" for a link).
    public var icon: String

    public init(title: String, icon: String) {
        self.title = title; self.icon = icon
    }
}
