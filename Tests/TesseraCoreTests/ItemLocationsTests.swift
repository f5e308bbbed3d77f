import Testing
@testable import TesseraCore

/// The ids at each location stay the reverse of the locations by id, whatever is set, moved,
/// shared or forgotten; equality sees the locations by id only.
@Suite struct ItemLocationsTests {
    @Test func theReverseFollowsRandomEdits() {
        var rng = SeededRandom(seed: 21)
        var reference: [ItemID: String] = [:]
        var locations = ItemLocations()
        let places = (0..<12).map { "file:///home/ana/Pictures/IMG_\($0).jpg" }
        for step in 0..<4000 {
            let id = ItemID("dropped-\(Int.random(in: 1...60, using: &rng))")
            // Two places in three a location (some shared by several ids), one in three forgotten.
            let location: String? = Int.random(in: 0..<3, using: &rng) == 0 ? nil : places[Int.random(in: 0..<places.count, using: &rng)]
            reference[id] = location
            locations[id] = location
            if step % 200 == 0 || step == 3999 {
                #expect(locations.byID == reference)
                for place in places {
                    let expected = reference.filter { $0.value == place }.keys.sorted()
                    #expect(locations.ids(at: place).sorted() == expected, "\(place) at step \(step)")
                }
                #expect(ItemLocations(reference) == locations)
                #expect(ItemLocations(reference).hashValue == locations.hashValue)
            }
        }
        #expect(locations.ids(at: "file:///nowhere") == [])
    }

    @Test func aModelBuiltWithLocationsAnswersByLocation() {
        let model = CollectionModel(sections: [], locations: ["a": "file:///x.png", "b": "file:///x.png", "c": "https://example.org"])
        #expect(model.locations.ids(at: "file:///x.png").sorted() == ["a", "b"])
        #expect(model.locations.ids(at: "https://example.org") == ["c"])
        #expect(model.locations["b"] == "file:///x.png" && model.locations.count == 3)
    }

    /// Room made for a batch grows the table of locations by the new ones only: the same files
    /// dropped again need none (growing for them rehashed every location), new files all of it,
    /// a batch half known about half. Every entry is then found either way.
    @Test func roomForABatchIsMadeForItsNewLocationsOnly() {
        func place(_ k: Int) -> String { "file:///home/ana/Pictures/IMG_\(k).jpg" }
        var locations = ItemLocations()
        let first = (0..<1000).map { Optional(place($0)) }
        locations.reserveCapacity(for: first)
        #expect(locations.locationCapacity >= 1000)
        for (k, l) in first.enumerated() { locations[ItemID("dropped-\(k + 1)")] = l }
        let known = locations.locationCapacity

        locations.reserveCapacity(for: first)
        #expect(locations.locationCapacity == known, "the same files again: no room made")
        for (k, l) in first.enumerated() { locations[ItemID("dropped-\(k + 1001)")] = l }
        #expect(locations.locationCapacity == known && locations.count == 2000)
        #expect(locations.ids(at: place(7)) == ["dropped-8", "dropped-1008"])

        let halfNew = (500..<1500).map { Optional(place($0)) }
        locations.reserveCapacity(for: halfNew)
        #expect(locations.locationCapacity >= 1500 && locations.locationCapacity < 2000, "\(locations.locationCapacity)")
        locations.reserveCapacity(for: (2000..<3000).map { Optional(place($0)) })
        #expect(locations.locationCapacity >= 2000)
        locations.reserveCapacity(for: [String?](repeating: nil, count: 50))   // links without a place: nothing
    }
}
