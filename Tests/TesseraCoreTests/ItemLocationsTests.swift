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
        var model = CollectionModel(sections: [], locations: ["a": "file:///x.png", "b": "file:///x.png", "c": "https://example.org"])
        #expect(model.locations.ids(at: "file:///x.png").sorted() == ["a", "b"])
        #expect(model.locations.ids(at: "https://example.org") == ["c"])
        #expect(model.locations["b"] == "file:///x.png" && model.locations.count == 3)
    }

    /// Room made for a batch grows the table of locations by the new ones only: the same files
    /// dropped again need none (growing for them rehashed every location), new files all of it,
    /// a batch half known about half. Every entry is then found either way.
    @Test func roomForABatchIsMadeForItsNewLocationsOnly() {
        func place(_ k: Int) -> String { "file:///home/ana/Pictures/IMG_\(k).jpg" }
        func set(_ range: Range<Int>, firstID: Int, in locations: inout ItemLocations) {
            locations.reserveCapacity(for: range.map { Optional(place($0)) })
            for (k, n) in range.enumerated() { locations[ItemID("dropped-\(firstID + k)")] = place(n) }
        }
        var locations = ItemLocations()
        set(0..<1000, firstID: 1, in: &locations)
        #expect(locations.locationCapacity == 0, "set, not yet indexed")
        locations.index()
        #expect(locations.locationCapacity >= 1000)
        let known = locations.locationCapacity

        set(0..<1000, firstID: 1001, in: &locations)
        locations.index()
        #expect(locations.locationCapacity == known, "the same files again: no room made")
        #expect(locations.count == 2000)
        #expect(locations.ids(at: place(7)) == ["dropped-8", "dropped-1008"])

        set(500..<1500, firstID: 2001, in: &locations)
        locations.index()
        #expect(locations.locationCapacity >= 1500 && locations.locationCapacity < 2000, "\(locations.locationCapacity)")
        set(2000..<3000, firstID: 3001, in: &locations)
        locations.index()
        #expect(locations.locationCapacity >= 2000)
    }

    /// Indexed in slices, the ids at each location are at every point those of the changes
    /// indexed so far, and a lookup between slices indexes the rest first: the same answers as
    /// indexing each change as it is made.
    @Test func indexingInSlicesAnswersAsIndexingAtOnce() {
        var rng = SeededRandom(seed: 5)
        let places = (0..<7).map { "file:///srv/photos/\($0).png" }
        var sliced = ItemLocations(), reference: [ItemID: String] = [:]
        for round in 0..<40 {
            for _ in 0..<Int.random(in: 1...120, using: &rng) {
                let id = ItemID("dropped-\(Int.random(in: 1...50, using: &rng))")
                let location: String? = Int.random(in: 0..<4, using: &rng) == 0 ? nil : places[Int.random(in: 0..<places.count, using: &rng)]
                sliced[id] = location
                reference[id] = location
            }
            #expect(sliced.byID == reference, "the locations by id are set at once")
            // Some rounds index a slice or two (as the work after frames does), some none.
            for _ in 0..<Int.random(in: 0...2, using: &rng) { sliced.index(limit: Int.random(in: 1...40, using: &rng)) }
            if round % 3 == 0 {
                for place in places {
                    #expect(sliced.ids(at: place).sorted() == reference.filter { $0.value == place }.keys.sorted(), "\(place), round \(round)")
                }
                #expect(!sliced.hasUnindexedChanges, "a lookup indexes every change first")
            }
        }
        #expect(sliced == ItemLocations(reference))
    }
}
