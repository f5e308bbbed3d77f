import CX11
import Foundation
import TesseraCore
import Testing

/// Several items at once with real X input: Ctrl+clicks and a rubber band mark them, one press-and-
/// hold carries them all, and the store saves where they landed.
@Suite("End to end: group drag")
struct GroupDragEndToEndTests {
    @Test("Ctrl+click three tiles, hold one and drag onto the Travel folder: all three are saved in it, in reading order")
    func threeMarkedTilesGoIntoAFolder() async throws {
        let h = try await Harness.start("group-folder")
        defer { h.close() }
        let layout = try await h.layout()
        let top = layout.ids(inSection: 0)
        let travel = try layout.item("travel")
        // Three movable tiles after the folder (taking them out leaves the folder where it is).
        let after = top.dropFirst((top.firstIndex(of: "travel") ?? 0) + 1)
        let chosen = try after.filter { try layout.item($0).movable }.prefix(3).map { try layout.item($0) }
        #expect(chosen.count == 3)
        try await h.launch()

        for item in chosen { try h.x.click(at: item.frame.center, holding: XK_Control_L) }
        // Hold the middle one, carry it onto the folder, dwell until it opens, release.
        await h.x.drag(from: chosen[1].frame.center, to: travel.frame.center, dwell: 1.5)
        let ids = chosen.map(\.id)
        func allIn(_ d: StateDocument) -> Bool {
            let children = d.entry("travel")?.children?.map(\.id) ?? []
            return Array(children.suffix(3)) == ids && !d.ids(inSection: 0).contains { ids.contains($0) }
        }
        let saved = await StateFileReader.waitFor(h.statePath, until: allIn)
        #expect(saved.map(allIn) == true, "\(ids) saved as Travel's last items: \(String(describing: saved?.entry("travel")?.children?.map(\.id)))")
        h.checkReplays()
    }

    @Test("a rubber band over the last two tiles of Today marks them; dragging one to Next moves both, saved in order")
    func aBandMarksTwoAndTheyMoveToAnotherSection() async throws {
        let h = try await Harness.start("group-band")
        defer { h.close() }
        let layout = try await h.layout()
        let today = layout.ids(inSection: 0), next = layout.ids(inSection: 1)
        let last = try layout.item(today[today.count - 1]), before = try layout.item(today[today.count - 2])
        #expect(last.movable && before.movable && last.frame.y == before.frame.y, "two movable tiles on Today's last row")
        let first = try layout.item(next[1]), second = try layout.item(next[2])
        try await h.launch()

        // From empty space right of the last tile, up and left into the one before it.
        let start = Pixel(last.frame.maxX + 60, last.frame.maxY - 4)
        await h.x.gesture { x in
            x.move(to: start)
            x.press()
            x.glideNow(from: start, to: Pixel(before.frame.midX, before.frame.midY))
            x.pause(0.1)
            x.release()
            x.pause(0.3)
            // Carry the last one into Next, between its second and third tiles.
            x.liftNow(at: last.frame.center, thenGlideTo: first.gapAfter(second))
            x.pause(1.0)
            x.release()
        }
        let moved = [before.id, last.id]
        func landed(_ d: StateDocument) -> Bool {
            let ids = d.ids(inSection: 1)
            return ids.count == next.count + 2 && Array(ids[2...3]) == moved && !d.ids(inSection: 0).contains { moved.contains($0) }
        }
        let saved = await StateFileReader.waitFor(h.statePath, until: landed)
        #expect(saved.map(landed) == true, "Next saved as \(String(describing: saved?.ids(inSection: 1)))")
        h.checkReplays()
    }
}
