import CPixman
import Testing
@testable import TesseraX11

/// Which visuals the back buffer draws on, and how: the layouts X servers report (Xvfb's depth
/// 15, 16, 24 and 30 visuals; BGR variants of other servers) map to pixman formats of the same
/// bits, and only x8r8g8b8 skips the conversion.
@Suite struct PixelLayoutTests {
    @Test func theVisualsXvfbOffersAreRecognised() {
        // (bits per pixel, masks) as `xdpyinfo` prints them for `Xvfb -screen 0 WxHxD`.
        #expect(PixelLayout(bitsPerPixel: 32, red: 0xff0000, green: 0xff00, blue: 0xff) == .x8r8g8b8)
        #expect(PixelLayout(bitsPerPixel: 16, red: 0xf800, green: 0x7e0, blue: 0x1f) == .r5g6b5)
        #expect(PixelLayout(bitsPerPixel: 16, red: 0x7c00, green: 0x3e0, blue: 0x1f) == .x1r5g5b5)
        #expect(PixelLayout(bitsPerPixel: 32, red: 0x3ff0_0000, green: 0xffc00, blue: 0x3ff) == .x2r10g10b10)
    }

    @Test func blueFirstAndPackedLayoutsToo() {
        #expect(PixelLayout(bitsPerPixel: 32, red: 0xff, green: 0xff00, blue: 0xff0000) == .x8b8g8r8)
        #expect(PixelLayout(bitsPerPixel: 24, red: 0xff0000, green: 0xff00, blue: 0xff) == .r8g8b8)
        #expect(PixelLayout(bitsPerPixel: 16, red: 0x1f, green: 0x7e0, blue: 0xf800) == .b5g6r5)
        #expect(PixelLayout(bitsPerPixel: 32, red: 0x3ff, green: 0xffc00, blue: 0x3ff0_0000) == .x2b10g10r10)
    }

    @Test func layoutsNothingCanConvertAreRefused() {
        // The masks of depth 24 at 16 bits a pixel, PseudoColor's zero masks, 12-bit channels.
        #expect(PixelLayout(bitsPerPixel: 16, red: 0xff0000, green: 0xff00, blue: 0xff) == nil)
        #expect(PixelLayout(bitsPerPixel: 8, red: 0, green: 0, blue: 0) == nil)
        #expect(PixelLayout(bitsPerPixel: 32, red: 0xfff00000, green: 0xfff00, blue: 0xff) == nil)
    }

    @Test(arguments: PixelLayout.allCases)
    func eachLayoutsPixmanFormatHasItsBitsAndMasks(layout: PixelLayout) {
        let format = layout.pixmanFormat.rawValue
        // pixman packs (bpp << 24) | (type << 16) | (a << 12) | (r << 8) | (g << 4) | b.
        #expect(Int(format >> 24) == layout.bitsPerPixel)
        let (r, g, b) = layout.masks
        #expect(Int(format >> 8 & 0xf) == r.nonzeroBitCount && Int(format >> 4 & 0xf) == g.nonzeroBitCount
                && Int(format & 0xf) == b.nonzeroBitCount)
        let blueFirst = b > r
        #expect(Int(format >> 16 & 0xff) == (blueFirst ? 3 : 2), "\(layout): pixman's ABGR type when blue is high")
        #expect(layout.isNative == (layout == .x8r8g8b8))
        #expect(layout.channelBits == min(r.nonzeroBitCount, g.nonzeroBitCount, b.nonzeroBitCount))
    }

    @Test func convertingToDepth16KeepsFiveAndSixBitsOfEachChannel() throws {
        // The conversion the back buffer runs at present time, on one pixel.
        var source: UInt32 = 0x00f2_f2f7   // the surface background
        var target: UInt32 = 0             // one 16-bit pixel in the low half (little-endian)
        let src = try #require(pixman_image_create_bits(PIXMAN_x8r8g8b8, 1, 1, &source, 4))
        let dst = try #require(pixman_image_create_bits(PixelLayout.r5g6b5.pixmanFormat, 1, 1, &target, 4))
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, 0, 0, 1, 1)
        pixman_image_unref(src)
        pixman_image_unref(dst)
        #expect(target == (0xf2 >> 3) << 11 | (0xf2 >> 2) << 5 | 0xf7 >> 3)
    }
}

/// The depth-30 conversion the back buffer runs itself gives exactly what pixman gives.
@Suite struct DeepColourWideningTests {
    @Test func everyLevelOfEveryChannelWidensAsPixmanDoes() throws {
        var source: [UInt32] = (0..<256).map { (level: Int) -> UInt32 in
            let r = UInt32(level), g = UInt32(255 - level), b = UInt32(level / 2)
            return r << 16 | g << 8 | b
        }
        var ours = [UInt32](repeating: 0, count: 256), theirs = ours
        DeepColourWidening.widen(source: source, sourceStride: 256 * 4, target: &ours, targetStride: 256 * 4,
                                 x: 0, y: 0, width: 256, height: 1)
        let src = try #require(pixman_image_create_bits(PIXMAN_x8r8g8b8, 256, 1, &source, 256 * 4))
        let dst = try #require(pixman_image_create_bits(PIXMAN_x2r10g10b10, 256, 1, &theirs, 256 * 4))
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, 0, 0, 256, 1)
        pixman_image_unref(src)
        pixman_image_unref(dst)
        #expect(ours.map { $0 & 0x3fff_ffff } == theirs.map { $0 & 0x3fff_ffff })
        #expect(ours[255] >> 20 & 0x3ff == 0x3ff && ours[0] >> 10 & 0x3ff == 0x3ff)
    }

    @Test func onlyTheRectIsConverted() {
        let source = [UInt32](repeating: 0x00ff_ffff, count: 16)
        var target = [UInt32](repeating: 7, count: 16)
        DeepColourWidening.widen(source: source, sourceStride: 16, target: &target, targetStride: 16, x: 1, y: 1, width: 2, height: 2)
        let white: UInt32 = 0x3fff_ffff
        #expect(target == [7, 7, 7, 7, 7, white, white, 7, 7, white, white, 7, 7, 7, 7, 7])
    }
}
