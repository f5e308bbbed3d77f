import Testing
@testable import TesseraDesktop

@Suite struct XSettingsTests {
    static let expected: [String: XSettings.Value] = [
        "Net/ThemeName": .string("Adwaita-dark"),
        "Net/DndDragThreshold": .integer(20),
        "Net/DoubleClickTime": .integer(250),
        "Gtk/EnableAnimations": .integer(0),
        "Gtk/FontName": .string("Noto Sans 12"),
        "Xft/DPI": .integer(98304),
        "Gtk/CursorThemeName": .string("Adwaita"),
        "Gtk/CursorThemeSize": .integer(32),
        "Net/IconThemeName": .string("Adwaita"),
        "Gtk/ColorSample": .color(red: 65535, green: 32768, blue: 0, alpha: 65535),
    ]

    @Test func readsEveryTypeFromARealManagersBlob() {
        let parsed = XSettings.parse(XSettingsFixtures.xsettingsd)
        #expect(parsed.problems.isEmpty)
        #expect(parsed.settings.values == Self.expected)
        #expect(parsed.settings.serial == 1)
    }

    @Test func theEncoderWritesWhatTheManagerWrote() {
        // The test's encoder, checked byte for byte against the capture: then its big-endian blobs
        // are what a big-endian manager would send.
        let settings = XSettings.parse(XSettingsFixtures.xsettingsd).settings
        #expect(XSettingsEncoder.encode(settings, bigEndian: false) == XSettingsFixtures.xsettingsd)
    }

    @Test func readsTheSameInBigEndian() {
        let settings = XSettings.parse(XSettingsFixtures.xsettingsd).settings
        let big = XSettingsEncoder.encode(settings, bigEndian: true)
        #expect(big[0] == 1 && big != XSettingsFixtures.xsettingsd)
        let parsed = XSettings.parse(big)
        #expect(parsed.problems.isEmpty)
        #expect(parsed.settings == settings)
    }

    @Test func aTruncatedBlobKeepsWhatCameBeforeTheBreakAndNamesIt() {
        let blob = XSettingsFixtures.xsettingsd
        // Cut inside Gtk/FontName's value ("Noto Sans 12" starts at 0xac).
        let parsed = XSettings.parse(Array(blob.prefix(0xb0)))
        #expect(parsed.problems == ["the blob breaks off in setting Gtk/FontName"])
        #expect(parsed.settings.values.keys.sorted() == ["Gtk/ColorSample", "Gtk/CursorThemeName", "Gtk/CursorThemeSize", "Gtk/EnableAnimations"])
        // Every cut of the blob parses without trapping and never invents a value.
        for n in 0..<blob.count {
            let p = XSettings.parse(Array(blob.prefix(n)))
            #expect(!p.problems.isEmpty, "a cut at \(n) is reported")
            for (k, v) in p.settings.values { #expect(Self.expected[k] == v) }
        }
    }

    @Test func malformedBlobsAreRefusedWithAReason() {
        #expect(XSettings.parse([]).problems == ["the blob is 0 bytes, shorter than its 12-byte header"])
        var blob = XSettingsFixtures.xsettingsd
        blob[0] = 7
        #expect(XSettings.parse(blob).problems == ["unknown byte order 7 (0 or 1 expected)"])
        blob = XSettingsFixtures.xsettingsd
        blob[0x0c] = 9     // the first setting's type
        #expect(XSettings.parse(blob).problems == ["setting Gtk/ColorSample has unknown type 9"])
        // A count far beyond what is there: bounded, and the break is reported.
        blob = XSettingsFixtures.xsettingsd
        blob[8] = 0xff; blob[9] = 0xff; blob[10] = 0xff; blob[11] = 0x7f
        let p = XSettings.parse(blob)
        #expect(p.problems.count == 2 && p.settings.values == Self.expected)
        // A string length that points past the end.
        var s = XSettings()
        s.values["Net/ThemeName"] = .string("Adwaita")
        var bad = XSettingsEncoder.encode(s, bigEndian: false)
        bad[36] = 0xff; bad[37] = 0xff; bad[38] = 0xff; bad[39] = 0xff
        #expect(XSettings.parse(bad).problems == ["the blob breaks off in setting Net/ThemeName"])
        // Bytes that are not UTF-8 in a value.
        bad = XSettingsEncoder.encode(s, bigEndian: false)
        bad[40] = 0xff
        #expect(XSettings.parse(bad).problems == ["setting Net/ThemeName has a value that is not UTF-8"])
    }

    @Test func randomBytesNeverTrap() {
        var rng = SplitMix(seed: 7)
        let blob = XSettingsFixtures.xsettingsd
        for _ in 0..<3000 {
            var b = blob
            for _ in 0..<Int(rng.next() % 6 + 1) { b[Int(rng.next() % UInt64(b.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            _ = XSettings.parse(Array(b.prefix(Int(rng.next() % UInt64(b.count + 1)))))
        }
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e3779b97f4a7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58476d1ce4e5b9
        z = (z ^ (z >> 27)) &* 0x94d049bb133111eb
        return z ^ (z >> 31)
    }
}
