/// A batch of edits to a model, as `Engine.update(at:animated:_:)` hands it out: the same edits as
/// `CollectionModel`'s, each recorded in an `EditLog` so the engine relays out once afterwards, in
/// proportion to what moved, and can slide items from their old places.
///
/// `near:` is where the caller last saw the item: with it, finding the item costs O(distance moved)
/// instead of a scan of the whole model.
public struct ModelUpdates: Sendable {
    public internal(set) var model: CollectionModel
    public internal(set) var log = EditLog()

    init(model: CollectionModel) { self.model = model }

    public mutating func move(_ id: ItemID, to destination: IndexPath, near hint: IndexPath? = nil) throws(ModelEditError) {
        try model.move(id, to: destination, near: hint, log: &log)
    }

    public mutating func moveIntoFolder(_ id: ItemID, folder: ItemID, at index: Int? = nil, near hint: IndexPath? = nil,
                                        folderNear folderHint: IndexPath? = nil) throws(ModelEditError) {
        try model.moveIntoFolder(id, folder: folder, at: index, near: hint, folderNear: folderHint, log: &log)
    }

    @discardableResult
    public mutating func drop(_ id: ItemID, onto target: ItemID, near hint: IndexPath? = nil,
                              targetNear targetHint: IndexPath? = nil) throws(ModelEditError) -> ItemID {
        try model.drop(id, onto: target, near: hint, targetNear: targetHint, log: &log)
    }

    public mutating func moveOutOfFolder(_ id: ItemID, to destination: IndexPath, near hint: IndexPath? = nil) throws(ModelEditError) {
        try model.moveOutOfFolder(id, to: destination, near: hint, log: &log)
    }

    @discardableResult
    public mutating func delete(_ id: ItemID, near hint: IndexPath? = nil) throws(ModelEditError) -> IndexPath {
        try model.delete(id, near: hint, log: &log)
    }

    /// Room for the locations of many new items, one each (before `setLocation` for each).
    public mutating func reserveLocations<C: RandomAccessCollection>(for locations: C) where C.Element == String? {
        model.locations.reserveCapacity(for: locations)
    }

    /// Notes where item `id` came from (a file or a link); not an edit of the arrangement.
    public mutating func setLocation(_ location: String?, of id: ItemID) {
        model.locations[id] = location
    }

    public mutating func setAspect(_ aspect: Double, of id: ItemID, near hint: IndexPath? = nil) throws(ModelEditError) {
        try model.setAspect(aspect, of: id, near: hint, log: &log)
    }

    public mutating func insert(_ item: Item, at path: IndexPath) throws(ModelEditError) {
        try model.insert(item, at: path, log: &log)
    }

    public mutating func insert(contentsOf items: [Item], at path: IndexPath) throws(ModelEditError) {
        try model.insert(contentsOf: items, at: path, log: &log)
    }

    public mutating func rename(_ id: ItemID, to title: String, near hint: IndexPath? = nil) throws(ModelEditError) {
        try model.rename(id, to: title, near: hint, log: &log)
    }

    public mutating func retitleSection(_ s: Int, to title: String) throws(ModelEditError) {
        try model.retitleSection(s, to: title, log: &log)
    }

    public mutating func setDone(_ id: ItemID, _ done: Bool, near hint: IndexPath? = nil) throws(ModelEditError) {
        try model.setDone(id, done, near: hint, log: &log)
    }

    /// Undoes a log of earlier edits (a cancelled drag), recording the undo as this batch's steps.
    mutating func undo(_ earlier: EditLog) {
        log.append(contentsOf: earlier.undo(&model))
    }
}
