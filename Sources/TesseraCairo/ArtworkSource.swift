import TesseraCore

/// Where the renderer gets the pictures and type icons of tiles made from files (the app's files
/// service; nil in tests and benchmarks without one). Asked while a cell is painted, on the main
/// thread.
public protocol ArtworkSource: AnyObject {
    /// The picture (`.picture`) or type icon (`.typeIcon`) for `artwork`, as a Cairo image
    /// surface, for a tile `pixelSide` device pixels across; nil when there is none yet. Asking
    /// for one not there (or only smaller) has it made: a report follows, and the cell is drawn again.
    func image(for artwork: CellArtwork, pixelSide: Int) -> OpaquePointer?
}
