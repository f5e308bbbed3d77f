import TesseraCore

/// Reads the rest of a collection while the first screen is shown (see `StoreLoader`).
public protocol CollectionLoader: AnyObject {
    /// Starts the read (once; later calls do nothing). The app calls it once the first frame is
    /// on screen: read earlier, its threads took the CPU from the first frame and the X server.
    func start()
    /// The outcome once the read has finished (once), nil while it runs or before `start()`. Never blocks.
    func take() -> LoadOutcome?
    /// Starts the read if it was not, and blocks until it has finished.
    func wait()
}

public enum LoadOutcome {
    /// The whole collection, checked.
    case loaded(CollectionModel)
    /// The store turned out bad past its first screen, and this model (the sample data) takes its
    /// place; `notice` says so in the window. `saving`: the bad store was set aside and a new one
    /// may be written; false: it could not be, and nothing may be written over it.
    case replaced(CollectionModel, notice: String, saving: Bool)
}
