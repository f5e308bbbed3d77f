import CGio
import CPortalBridge
import Testing

/// The portal client's decoding of what the portal sends (C, against GLib's GVariant): the
/// values it reports, the wrapping it undoes, the types it refuses, the namespaces it skips.
// Serialized: the decoder reports through the client's one set of callbacks (a global in C).
@Suite(.serialized) struct PortalDecodingTests {
    /// What the decoder reported, in order.
    final class Heard {
        var lines: [String] = []
    }

    static func callbacks(_ heard: Heard) -> TesseraPortalCallbacks {
        var c = TesseraPortalCallbacks()
        c.context = Unmanaged.passUnretained(heard).toOpaque()
        c.color_scheme = { ctx, v in Unmanaged<Heard>.fromOpaque(ctx!).takeUnretainedValue().lines.append("color-scheme \(v)") }
        c.accent_color = { ctx, r, g, b in Unmanaged<Heard>.fromOpaque(ctx!).takeUnretainedValue().lines.append("accent \(r) \(g) \(b)") }
        c.contrast = { ctx, v in Unmanaged<Heard>.fromOpaque(ctx!).takeUnretainedValue().lines.append("contrast \(v)") }
        c.refused = { ctx, key, type in
            Unmanaged<Heard>.fromOpaque(ctx!).takeUnretainedValue().lines.append("refused \(String(cString: key!)) \(String(cString: type!))")
        }
        c.answered = { ctx, found in Unmanaged<Heard>.fromOpaque(ctx!).takeUnretainedValue().lines.append("answered \(found)") }
        return c
    }

    func decode(_ key: String, _ text: String) -> [String] {
        let heard = Heard()
        var c = Self.callbacks(heard)
        let value = g_variant_parse(nil, text, nil, nil, nil)!
        tessera_portal_decode_value(&c, key, UnsafeMutableRawPointer(value))
        g_variant_unref(value)
        return heard.lines
    }

    @Test func eachSettingIsReportedAndWrappingIsUndone() {
        #expect(decode("color-scheme", "uint32 1") == ["color-scheme 1"])
        #expect(decode("color-scheme", "<<uint32 2>>") == ["color-scheme 2"], "the old Read's variant in a variant")
        #expect(decode("contrast", "uint32 1") == ["contrast 1"])
        #expect(decode("accent-color", "(0.25, 0.5, 1.0)") == ["accent 0.25 0.5 1.0"])
        #expect(decode("reduced-motion", "uint32 1").isEmpty, "a key it does not follow")
    }

    @Test func valuesOfTheWrongTypeAreRefusedByName() {
        #expect(decode("color-scheme", "'dark'") == ["refused color-scheme s"])
        #expect(decode("accent-color", "(0.25, 0.5)") == ["refused accent-color (dd)"])
        #expect(decode("contrast", "int32 1") == ["refused contrast i"])
    }

    @Test func readAllReportsTheAppearanceNamespaceOnly() {
        let heard = Heard()
        var c = Self.callbacks(heard)
        let reply = g_variant_parse(nil, """
            ({'org.gnome.desktop.interface': {'color-scheme': <uint32 2>},
              'org.freedesktop.appearance': {'color-scheme': <uint32 1>, 'contrast': <uint32 0>}},)
            """, nil, nil, nil)!
        tessera_portal_decode_read_all(&c, UnsafeMutableRawPointer(reply))
        g_variant_unref(reply)
        #expect(Set(heard.lines) == ["color-scheme 1", "contrast 0"])
    }
}
