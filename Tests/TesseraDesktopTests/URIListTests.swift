import Testing
@testable import TesseraDesktop

@Suite struct URIListTests {
    @Test func filesArePercentDecodedAndCommentsAndCRLFAreRead() {
        let text = "# dragged from Files\r\nfile:///home/ana/Pictures/Beach%20day%20%E6%B5%B7.png\r\nfile:///tmp/notes.txt\r\n\r\n"
        let parsed = URIList.parse(text)
        #expect(parsed.problems.isEmpty)
        #expect(parsed.entries == [.file(path: "/home/ana/Pictures/Beach day 海.png"), .file(path: "/tmp/notes.txt")])
        #expect(parsed.entries.map(\.title) == ["Beach day 海.png", "notes.txt"])
        #expect(parsed.entries.map(\.icon) == ["camera", "book"])
        // Plain LF, as some sources send it.
        #expect(URIList.parse("file:///a\nfile:///b\n").entries == [.file(path: "/a"), .file(path: "/b")])
    }

    @Test func aFileURIsHostDecidesWhetherItIsLocal() {
        #expect(URIList.parse("file://localhost/etc/hosts").entries == [.file(path: "/etc/hosts")])
        #expect(URIList.parse("file:/etc/hosts").entries == [.file(path: "/etc/hosts")])
        #expect(URIList.parse("file://thinkpad/etc/hosts", localHost: "thinkpad").entries == [.file(path: "/etc/hosts")])
        // Another machine's file: kept as a link, never read.
        #expect(URIList.parse("file://nas/share/a.pdf", localHost: "thinkpad").entries
                == [.link(url: "file://nas/share/a.pdf", host: "nas")])
    }

    @Test func linksKeepTheirURLAndShowTheirHost() {
        let parsed = URIList.parse("https://user@example.org:8443/a/b?q=1\r\nmailto:ana@example.org\r\n")
        #expect(parsed.entries == [.link(url: "https://user@example.org:8443/a/b?q=1", host: "example.org"),
                                   .link(url: "mailto:ana@example.org", host: "")])
        #expect(parsed.entries.map(\.title) == ["example.org", "mailto:ana@example.org"])
        #expect(parsed.entries.map(\.icon) == ["globe", "globe"])
    }

    @Test func malformedLinesAreLeftOutWithAReason() {
        let parsed = URIList.parse("file:///ok\r\nnot a uri\r\nfile:///bad%zz\r\nfile:///bad%ff%fe\r\nfile://\r\n")
        #expect(parsed.entries == [.file(path: "/ok")])
        #expect(parsed.problems == [
            "line 2 (not a uri): not a URI (no scheme)",
            "line 3 (file:///bad%zz): its path is not valid percent-encoded UTF-8",
            "line 4 (file:///bad%ff%fe): its path is not valid percent-encoded UTF-8",
            "line 5 (file://): a file URI without a path",
        ])
    }

    @Test func plainTextIsAListOfURIsOrANote() {
        #expect(URIList.parsePlain("https://swift.org\n") == [.link(url: "https://swift.org", host: "swift.org")])
        #expect(URIList.parsePlain("Buy milk\nand bread") == [.text("Buy milk\nand bread")])
        #expect(URIList.parsePlain("Buy milk\nand bread").map(\.title) == ["Buy milk"])
        #expect(URIList.parsePlain("  \n ").isEmpty)
    }

    /// A file's location is its URI as GLib writes it (`g_filename_to_uri`): the MD5 of that names
    /// its thumbnail in the shared cache, so both must spell it alike.
    @Test func locationsArePercentEncodedAsGLibDoes() {
        #expect(DroppedEntry.file(path: "/tmp/a b(1)+&x#?;é.png").location == "file:///tmp/a%20b(1)+&x%23%3F%3B%C3%A9.png")
        #expect(URIList.localPath(of: "file:///tmp/a%20b(1)+&x%23%3F%3B%C3%A9.png") == "/tmp/a b(1)+&x#?;é.png")
        #expect(URIList.localPath(of: "https://example.org/a.png") == nil)
    }
}
