import TesseraCore

/// Reads the rest of a collection while the first screen is shown (see `StoreLoader`).
public protocol CollectionLoader: AnyObject {
    /// The outcome once the read has finished (once), nil while it runs. Never blocks.
    func take() -> LoadOutcome?
    /// Blocks until the read has finished.
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
