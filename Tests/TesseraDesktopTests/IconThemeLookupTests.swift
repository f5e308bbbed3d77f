import Testing
@testable import TesseraDesktop

/// The Icon Theme Specification's lookup over a made-up file system: the size wanted, then the
/// nearest; the theme, what it inherits, hicolor, pixmaps; each name in turn.
@Suite struct IconThemeLookupTests {
    static let index: [String: String] = [
        "/i/Mine/index.theme": """
            [Icon Theme]
            Name=Mine
            Inherits=Parent
            Directories=16x16/mimetypes,48x48/mimetypes,scalable/mimetypes

            [16x16/mimetypes]
            Size=16
            Type=Fixed

            [48x48/mimetypes]
            Size=48
            Type=Fixed

            [scalable/mimetypes]
            Size=64
            MinSize=8
            MaxSize=512
            Type=Scalable
            """,
        "/i/Parent/index.theme": "[Icon Theme]\nDirectories=32x32/mimetypes\n[32x32/mimetypes]\nSize=32\n",
        "/i/hicolor/index.theme": "[Icon Theme]\nDirectories=48x48/apps\n[48x48/apps]\nSize=48\nType=Threshold\n",
    ]

    func lookup(_ files: Set<String>) -> IconThemeLookup {
        IconThemeLookup(baseDirectories: ["/i"], pixmaps: ["/p"],
                        files: .init(contents: { Self.index[$0] }, exists: { files.contains($0) }))
    }

    @Test func theSizeWantedFirstThenTheNearest() {
        var l = lookup(["/i/Mine/16x16/mimetypes/text-x-generic.png", "/i/Mine/48x48/mimetypes/text-x-generic.png"])
        #expect(l.lookup(["text-x-generic"], size: 48, theme: "Mine") == "/i/Mine/48x48/mimetypes/text-x-generic.png")
        #expect(l.lookup(["text-x-generic"], size: 20, theme: "Mine") == "/i/Mine/16x16/mimetypes/text-x-generic.png")
        var scalable = lookup(["/i/Mine/16x16/mimetypes/x.png", "/i/Mine/scalable/mimetypes/x.svg"])
        #expect(scalable.lookup(["x"], size: 128, theme: "Mine") == "/i/Mine/scalable/mimetypes/x.svg")
    }

    @Test func namesInTurnThenInheritedThemesThenHicolorThenPixmaps() {
        var l = lookup(["/i/Mine/48x48/mimetypes/text-x-generic.png", "/i/Parent/32x32/mimetypes/text-plain.png",
                        "/i/hicolor/48x48/apps/only-here.png", "/p/last.svg"])
        // The more specific name wins, even from an inherited theme: names are tried in each theme.
        #expect(l.lookup(["text-plain", "text-x-generic"], size: 48, theme: "Mine") == "/i/Mine/48x48/mimetypes/text-x-generic.png")
        #expect(l.lookup(["text-plain"], size: 48, theme: "Mine") == "/i/Parent/32x32/mimetypes/text-plain.png")
        #expect(l.lookup(["only-here"], size: 48, theme: "Mine") == "/i/hicolor/48x48/apps/only-here.png")
        #expect(l.lookup(["last"], size: 48, theme: "Mine") == "/p/last.svg")
        #expect(l.lookup(["nowhere"], size: 48, theme: "Mine") == nil)
        // A theme that is not there: hicolor still answers; a name that is a path is no theme.
        #expect(l.lookup(["only-here"], size: 48, theme: "Gone") == "/i/hicolor/48x48/apps/only-here.png")
        #expect(l.lookup(["only-here"], size: 48, theme: "../Mine") == "/i/hicolor/48x48/apps/only-here.png")
    }

    @Test func anIndexIsReadAsTheSpecSays() {
        let t = IconThemeLookup.parseIndex(Self.index["/i/Mine/index.theme"]!, name: "Mine")
        #expect(t.inherits == ["Parent"])
        #expect(t.directories.map(\.path) == ["16x16/mimetypes", "48x48/mimetypes", "scalable/mimetypes"])
        #expect(t.directories[2].kind == .scalable && t.directories[2].maxSize == 512)
        #expect(IconThemeLookup.standardBaseDirectories(home: "/h", dataHome: nil, dataDirs: "/a:/b")
                == ["/h/.icons", "/h/.local/share/icons", "/a/icons", "/b/icons"])
    }
}
