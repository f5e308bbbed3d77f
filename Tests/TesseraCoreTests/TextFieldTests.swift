import Testing
@testable import TesseraCore

/// The editing field's logic: grapheme-cluster caret moves and deletion, selection, and what
/// typed or pasted text is cleaned into.
@Suite struct TextFieldTests {
    @Test func aNewFieldHoldsTheTitleAllSelected() {
        let f = TextField("Travel")
        #expect(f.text == "Travel" && f.selection == 0..<6 && f.caret == 6)
    }

    @Test func typingReplacesTheSelectionThenInsertsAtTheCaret() {
        var f = TextField("Travel")
        f.insert("旅")
        f.insert("行")
        #expect(f.text == "旅行" && f.caret == 2 && !f.hasSelection)
        f.moveLeft()
        f.insert("x")
        #expect(f.text == "旅x行" && f.caret == 2)
    }

    /// Each of these is one character to the caret and to Backspace: an accented letter written
    /// as two scalars, a skin-toned emoji, a flag, a family joined by ZWJ.
    @Test(arguments: ["e\u{301}", "👍🏽", "🇨🇳", "👨‍👩‍👧"])
    func backspaceAndDeleteTakeWholeGraphemes(_ cluster: String) {
        var f = TextField("a" + cluster + "b")
        #expect(f.count == 3)
        f.moveToEnd()
        f.moveLeft()
        #expect(f.caret == 2)
        f.deleteBackward()
        #expect(f.text == "ab" && f.caret == 1)
        f = TextField("a" + cluster + "b")
        f.moveToStart()
        f.moveRight()
        f.deleteForward()
        #expect(f.text == "ab" && f.caret == 1)
    }

    @Test func shiftExtendsAndAPlainMoveCollapses() {
        var f = TextField("hello")
        f.moveToStart()
        f.moveRight(extending: true)
        f.moveRight(extending: true)
        #expect(f.selectedText == "he")
        f.moveRight()
        #expect(!f.hasSelection && f.caret == 2, "right with a selection goes to its end")
        f.moveToEnd(extending: true)
        #expect(f.selectedText == "llo")
        f.moveLeft()
        #expect(f.caret == 2 && !f.hasSelection, "left with a selection goes to its start")
        f.moveLeft()
        f.moveLeft()
        f.moveLeft()
        #expect(f.caret == 0, "stops at the start")
        f.selectAll()
        #expect(f.selectedText == "hello")
    }

    @Test func cutTakesTheSelection() {
        var f = TextField("hello world")
        f.moveToStart()
        for _ in 0..<6 { f.moveRight(extending: true) }
        #expect(f.cut() == "hello ")
        #expect(f.text == "world" && f.caret == 0)
        #expect(f.cut() == "" && f.text == "world")
    }

    @Test func pastedLinesBecomeOneLineAndControlCharactersGo() {
        var f = TextField("")
        f.insert("one\ntwo\r\nthree\tfour\u{7}\u{1b}[0m\u{85}five")
        #expect(f.text == "one two three four[0mfive")
    }

    @Test func aPasteLongerThanTheLimitIsCutAtAGraphemeBoundary() {
        var f = TextField("ab", limit: 5)
        f.moveToEnd()
        let cut = f.insert("🇨🇳🇺🇸🇫🇷🇩🇪")
        #expect(cut && f.text == "ab🇨🇳🇺🇸🇫🇷" && f.count == 5)
        let full = f.insert("x")
        #expect(full, "full: the typed character is cut")
        #expect(f.text == "ab🇨🇳🇺🇸🇫🇷")
    }

    /// Typed one key at a time (as xdotool and input methods send them), a skin tone joins the
    /// 👍 before it, a second regional indicator the first, an accent its letter: the caret stays
    /// on a character boundary and Backspace still takes each whole. (This crashed the app.)
    @Test func charactersThatJoinTheOneBeforeThemKeepTheCaretRight() {
        var f = TextField("")
        for piece in ["a", "👍", "🏽", "🇨", "🇳", "e", "\u{301}", "b"] { f.insert(piece) }
        #expect(f.text == "a👍🏽🇨🇳e\u{301}b" && f.count == 5 && f.caret == 5)
        f.deleteBackward()
        f.deleteBackward()
        #expect(f.text == "a👍🏽🇨🇳" && f.caret == 3)
        f.moveLeft()
        f.insert("🏽")
        #expect(f.text == "a👍🏽🏽🇨🇳" && f.count == 3 && f.caret == 2, "a second skin tone joins the emoji too")
        f.moveToStart()
        f.deleteForward()
        #expect(f.text == "👍🏽🏽🇨🇳" && f.caret == 0)
    }

    /// Any sequence of edits and moves, with pieces that join their neighbours: never a caret or
    /// selection outside the text, never more than the limit, and no crash.
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func randomEditingKeepsTheCaretInsideTheText(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let pieces = ["a", "字", "👍", "🏽", "🇨", "🇳", "e", "\u{301}", "\u{200d}", "👩", " ", "\n", "\u{7}", "ab🇫🇷"]
        var f = TextField("start", limit: 12)
        for _ in 0..<2000 {
            switch rng.next() % 9 {
            case 0, 1, 2: f.insert(pieces[Int(rng.next() % UInt64(pieces.count))])
            case 3: f.deleteBackward()
            case 4: f.deleteForward()
            case 5: f.moveLeft(extending: rng.next() % 2 == 0)
            case 6: f.moveRight(extending: rng.next() % 2 == 0)
            case 7: _ = f.cut()
            default: if rng.next() % 2 == 0 { f.selectAll() } else { f.moveToStart() }
            }
            #expect(f.caret >= 0 && f.caret <= f.count && f.anchor >= 0 && f.anchor <= f.count && f.count <= 12)
        }
    }
}

/// Cleaning takes a short cut for titles with nothing to clean (a drop's 10,000 file names): it
/// must give exactly what the scalar-by-scalar rule gives, on any text.
@Suite struct TextCleaningTests {
    /// The rule itself: breaks and tabs to one space each ("\r\n" one), other C0, DEL and C1 dropped.
    static func reference(_ input: String) -> String {
        var out = String.UnicodeScalarView()
        var lastWasBreak = false
        for scalar in input.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x09, 0x2028, 0x2029:
                if !(lastWasBreak && scalar.value == 0x0A) { out.append(" ") }
                lastWasBreak = scalar.value == 0x0D
                continue
            case 0x00 ..< 0x20, 0x7F ..< 0xA0: break
            default: out.append(scalar)
            }
            lastWasBreak = false
        }
        return String(out)
    }

    @Test func cleaningAnyTextGivesWhatTheRuleGives() {
        let pieces = ["a", "IMG_0042.jpg", " ", "照片", "é", "e\u{301}", "👩‍👩‍👧", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}",
                      "\u{A0}", "\u{2028}", "\u{2029}", "\u{2026}", "\u{2013}", "\r\n", "\r", "\n", "\t", "Ç", "¢"]
        var rng = SeededRandom(seed: 5)
        for _ in 0..<3000 {
            let text = (0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            #expect(TextField.clean(text) == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            let limit = Int(rng.next() % 10)
            #expect(TextField.cleaned(text, limit: limit) == String(Self.reference(text).prefix(limit)))
        }
    }
}
