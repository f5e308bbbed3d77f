import Testing
import TesseraCore
@testable import TesseraX11

/// What a paste's bytes become: UTF-8 checked (never lossy), Latin-1 widened, a cut transfer
/// losing only its unfinished last character.
@Suite struct ClipboardDecodeTests {
    @Test func utf8IsPastedAsItIs() {
        #expect(Clipboard.decode(Array("旅行 👍🏽\nx".utf8), latin1: false, cut: false) == .paste("旅行 👍🏽\nx"))
    }

    @Test func bytesThatAreNotUTF8AreRefusedWholeNeverRepaired() {
        #expect(Clipboard.decode([0x61, 0xff, 0x62], latin1: false, cut: false)
                == .pasteRefused("Nothing pasted: the clipboard's text is not valid UTF-8"))
        // An unfinished sequence at the end of a transfer that was not cut is invalid too.
        #expect(Clipboard.decode(Array("a旅".utf8).dropLast(), latin1: false, cut: false)
                == .pasteRefused("Nothing pasted: the clipboard's text is not valid UTF-8"))
    }

    @Test func aTransferCutShortLosesOnlyItsUnfinishedLastCharacter() {
        let bytes = Array("ab旅".utf8)
        #expect(Clipboard.decode(Array(bytes.dropLast()), latin1: false, cut: true) == .paste("ab"))
        #expect(Clipboard.decode(Array(bytes.dropLast(2)), latin1: false, cut: true) == .paste("ab"))
        #expect(Clipboard.decode(bytes, latin1: false, cut: true) == .paste("ab旅"))
    }

    @Test func latin1IsWidened() {
        #expect(Clipboard.decode([0x63, 0x61, 0x66, 0xe9], latin1: true, cut: false) == .paste("café"))
        #expect(Clipboard.latin1(Array("café".utf8)) == [0x63, 0x61, 0x66, 0xe9])
        #expect(Clipboard.latin1(Array("旅".utf8)) == nil)
    }
}
