import CCairo
import Foundation
import TesseraTestSupport
import Testing
import TesseraCore
import TesseraDesktop
@testable import TesseraFiles

/// The files service as the window uses it: what it hands the engine for a file drawn, gone while
/// the user was in another app, and back again; and the count of a drop's shapes being read.
@Suite(.serialized) struct ArtworkLibraryTests {
    let folder: String

    init() throws {
        folder = TestScratch.directory("library")
    }

    func library() -> ArtworkLibrary {
        ArtworkLibrary(settings: .init(thumbnailRoot: folder + "/thumbnails", iconBaseDirectories: ["/usr/share/icons"],
                                       iconTheme: "Adwaita"), report: { _ in })
    }

    func png(_ name: String, _ w: Int32, _ h: Int32) -> String {
        let path = folder + "/" + name
        let s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h)!
        cairo_surface_write_to_png(s, path)
        cairo_surface_destroy(s)
        return "file://" + URIList.percentEncoded(path)
    }

    /// Hands over until `done` holds for what came (up to `seconds`); everything handed over.
    func collect(_ lib: ArtworkLibrary, for seconds: Double = 5, until done: ([ArtworkLibrary.Handover]) -> Bool) -> [ArtworkLibrary.Handover] {
        var got: [ArtworkLibrary.Handover] = []
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            lib.dispatch()
            let h = lib.handOver(at: Date().timeIntervalSince1970)
            if !h.reports.isEmpty || h.progressChanged { got.append(h) }
            if done(got) { break }
            usleep(10_000)
        }
        return got
    }

    func states(_ got: [ArtworkLibrary.Handover]) -> [ArtworkState] { got.flatMap(\.reports).compactMap(\.state) }

    @Test func aFileGoneWhileAwayShowsSoAfterACheckAndComesBackWhenRestored() throws {
        let lib = library()
        let uri = png("beach.png", 90, 60)
        let path = String(uri.dropFirst("file://".count))
        #expect(lib.image(for: CellArtwork(location: uri), pixelSide: 200) == nil, "made off the main thread")
        #expect(states(collect(lib) { states($0).contains(.picture) }) == [.picture])
        #expect(lib.image(for: CellArtwork(location: uri), pixelSide: 200) != nil)

        try FileManager.default.removeItem(atPath: path)
        lib.recheck()
        #expect(states(collect(lib) { !states($0).isEmpty }) == [.missing])
        #expect(lib.image(for: CellArtwork(location: uri), pixelSide: 200) == nil, "its picture let go")
        // Checked again, still gone: nothing new to say.
        lib.recheck()
        #expect(collect(lib, for: 0.5) { _ in false }.isEmpty)

        _ = png("beach.png", 90, 60)
        lib.recheck()
        #expect(states(collect(lib) { !states($0).isEmpty }) == [.unknown], "made again when next drawn")
        _ = lib.image(for: CellArtwork(location: uri), pixelSide: 200)
        #expect(states(collect(lib) { states($0).contains(.picture) }) == [.picture])
    }

    @Test func aDropsShapesAreCountedUntilTheLastIsRead() {
        let lib = library()
        let uris = (0..<40).map { png("p\($0).png", 40 + Int32($0), 40) }
        lib.measure(uris)
        let first = lib.handOver(at: 0)
        #expect(first.progressChanged && first.progress?.total == 40 && first.progress?.text == "Reading pictures")
        let got = collect(lib) { $0.contains { $0.progressChanged && $0.progress == nil } && $0.flatMap(\.reports).count == 40 }
        let counts = got.filter(\.progressChanged).map { $0.progress?.done ?? 40 }
        #expect(counts.last == 40 && counts == counts.sorted(), "\(counts)")
        let aspects = Dictionary(uniqueKeysWithValues: got.flatMap(\.reports).map { ($0.location, $0.aspect ?? 0) })
        #expect(aspects[uris[20]] == 40.0 / 60)
        #expect(aspects.count == 40)
    }
}
