import Testing
import TextMeasure

/// Itemization of the bundled stack: which font measured which range, in which script.
@Suite struct FallbackTests {
    /// The bundled stack with Pango's spaces (`.pango`), which `commonCharacters…` works out.
    let stack: FontStack
    init() throws { stack = try FontStack.bundled(size: 14).withLineBreaks(.pango) }

    func index(of font: BundledFont) -> Int { BundledFont.defaultStackOrder.firstIndex(of: font)! }

    /// (text of the run, bundled font, script) for each run.
    func runs(_ text: String) -> [(String, BundledFont, String)] {
        stack.runs(of: text).map { (String(text[$0.range]), BundledFont.defaultStackOrder[$0.fontIndex], $0.script) }
    }

    func expectRuns(_ text: String, _ expected: [(String, BundledFont, String)]) {
        let actual = runs(text)
        #expect(actual.count == expected.count, "\(actual)")
        for (a, e) in zip(actual, expected) {
            #expect(a.0 == e.0 && a.1 == e.1 && a.2 == e.2, "got \(a), expected \(e)")
        }
    }

    @Test func latinThenArabic() {
        expectRuns("Hello مرحبا", [("Hello ", .notoSans, "Latn"), ("مرحبا", .notoSansArabic, "Arab")])
    }

    @Test func scriptsOfOneFontSplitIntoRuns() {
        // Han and kana share the CJK font but are shaped as separate script runs.
        expectRuns("漢字かな", [("漢字", .notoSansCJK, "Hani"), ("かな", .notoSansCJK, "Hira")])
    }

    /// Digits and punctuation go to the first font that has them, as Pango's itemizer gives
    /// them (`pango/itemize.c`); spaces never choose a font; every common character takes the
    /// script of its item run (`pango/pango-script.c`). Worked by hand from the fonts' cmaps.
    @Test func commonCharactersTakeTheFirstFontWithThemAndTheScriptOfTheirRun() {
        // Noto Sans has «, . and »: they leave the Arabic font, but stay in the Arabic script run
        // («…» is a bracket pair, and leading common characters join the first script after them).
        expectRuns("«مرحبا.»", [("«", .notoSans, "Arab"), ("مرحبا", .notoSansArabic, "Arab"), (".»", .notoSans, "Arab")])
        // The space before "(" moves to Noto Sans: it comes before Noto Sans Hebrew in the stack.
        expectRuns("שלום (עולם)", [("שלום", .notoSansHebrew, "Hebr"), (" (", .notoSans, "Hebr"),
                                   ("עולם", .notoSansHebrew, "Hebr"), (")", .notoSans, "Hebr")])
        // A space between Arabic words stays in the Arabic run; one before a change of script
        // stays with the text before it.
        expectRuns("Hi مرحبا بالعالم", [("Hi ", .notoSans, "Latn"), ("مرحبا بالعالم", .notoSansArabic, "Arab")])
        expectRuns("12 ไทย", [("12 ", .notoSans, "Thai"), ("ไทย", .notoSansThai, "Thai")])
        // Digits after Han take Noto Sans's, as Pango's and Chromium's fallback give them; a space
        // between Han and digits goes with the digits' font, which comes first.
        expectRuns("路978", [("路", .notoSansCJK, "Hani"), ("978", .notoSans, "Hani")])
        expectRuns("路 978路", [("路", .notoSansCJK, "Hani"), (" 978", .notoSans, "Hani"), ("路", .notoSansCJK, "Hani")])
    }

    /// Under `.chromium` (the default) a space goes to the first font that has one, Noto Sans
    /// (first in the bundled stack), as Chromium takes each character from the first font of
    /// the list that has it: a space between Arabic words, or between Japanese ones, splits their
    /// run. Worked by hand from the fonts' cmaps.
    @Test func underChromiumASpaceTakesTheFirstFontWithOne() throws {
        let chromium = try FontStack.bundled(size: 14)
        func runs(_ text: String) -> [(String, BundledFont)] {
            chromium.runs(of: text).map { (String(text[$0.range]), BundledFont.defaultStackOrder[$0.fontIndex]) }
        }
        let arabic = runs("Hi مرحبا بالعالم")
        #expect(arabic.map(\.0) == ["Hi ", "مرحبا", " ", "بالعالم"])
        #expect(arabic.map(\.1) == [.notoSans, .notoSansArabic, .notoSans, .notoSansArabic])
        let cjk = runs("大切 で")
        #expect(cjk.map(\.0) == ["大切", " ", "で"])
        #expect(cjk.map(\.1) == [.notoSansCJK, .notoSans, .notoSansCJK])
        // Pango's rule keeps the space in the CJK run, in Noto Sans CJK (whose space is 3.58 px
        // at 16 px where Noto Sans's is 4.16).
        #expect(stack.runs(of: "大切 で").map { String("大切 で"[$0.range]) } == ["大切 ", "で"])
        #expect(stack.runs(of: "大切 で").map { BundledFont.defaultStackOrder[$0.fontIndex] } == [.notoSansCJK, .notoSansCJK])
    }

    @Test func devanagariConjunctStaysInOneRun() {
        expectRuns("नमस्ते", [("नमस्ते", .notoSansDevanagari, "Deva")])
    }

    @Test func emojiPresentationSequencesGoToTheEmojiFont() {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦", flag = "🇯🇵", keycap = "1\u{FE0F}\u{20E3}", thumb = "👍🏽"
        for emoji in [family, flag, keycap, thumb, "❤\u{FE0F}", "😀", "🏳\u{FE0F}\u{200D}🌈"] {
            expectRuns(emoji, [(emoji, .notoColorEmoji, "Zyyy")])
        }
        // A bare digit is text: the primary font has it, though the emoji font covers it too.
        expectRuns("1", [("1", .notoSans, "Zyyy")])
        // © is in both the primary and the emoji font: text by default and with VS15, emoji with VS16.
        expectRuns("©", [("©", .notoSans, "Zyyy")])
        expectRuns("©\u{FE0E}", [("©\u{FE0E}", .notoSans, "Zyyy")])
        expectRuns("©\u{FE0F}", [("©\u{FE0F}", .notoColorEmoji, "Zyyy")])
    }

    /// A line laid out from its segments is as wide as the line shaped whole when a space at a
    /// segment's end goes to the font of the text after it: "路 " then "978" (a break is allowed
    /// after the space), where the whole line gives the space to Noto Sans, the digits' font.
    /// Worked by hand: 路 is 1 em in Noto Sans CJK, Noto Sans's space 260 and digits 572 units a
    /// thousand, against the CJK face's space of 224.
    @Test func aSpaceBeforeDigitsTakesTheirFontInALaidOutLine() throws {
        for text in ["路 978", "路 978 路 12 路", "中文 日本 978"] {
            let whole = stack.width(of: text, cache: nil)
            let line = stack.prepare(text, cache: nil).layout(width: 10_000).lines[0]
            #expect(abs(line.width - whole) <= 1e-9, "\(text): laid out \(line.width), whole \(whole)")
            #expect(abs(stack.prepare(text, cache: nil).maxContentWidth - whole) <= 1e-9)
        }
        #expect(abs(stack.width(of: "路 978", cache: nil) - 14 * (1000 + 260 + 3 * 572) / 1000) <= 1e-9)
    }

    /// Through the width cache, a segment's spaces get the faces they get without it: the face
    /// before them (the primary's included) and the cluster after them are part of the key
    /// (FuzzLayout found "با " before "world" in Noto Sans Mono over the bundled stack measured
    /// with the Arabic font's space through the cache and Noto Sans Mono's without it; its input
    /// is in Fuzzing/Corpus/FuzzLayout/space-before-primary-face).
    @Test func aLayoutThroughTheCacheEqualsOneWithout() throws {
        let monoFirst = try FontStack([try Font.bundled(.notoSansMono, size: 14)] + stack.fonts)
        for stack in [stack, monoFirst] {
            for text in ["با worldا \0\0\0\0\0\0\u{FFFD}\0" + "024)", "路 978 路\u{200B} x", "ab\u{200B} با", "中文 abc 日本 12"] {
                for width in [1.0, 40, 1_000] {
                    let uncached = stack.prepare(text, cache: nil).layout(width: width)
                    let cached = stack.prepare(text, cache: WidthCache(capacity: 64)).layout(width: width)
                    #expect(cached == uncached, "\(text) at \(width)")
                }
            }
        }
    }

    /// A control that is not white space (NUL) chooses a font as a letter does, so its width is
    /// the same wherever it stands (FuzzLayout found a line of two NULs measured in the CJK face
    /// alone and in another face beside other text; Fuzzing/Corpus/FuzzLayout/nul-after-other-scripts).
    @Test func aControlCharacterChoosesItsOwnFont() {
        let face = { (text: String) in self.stack.runs(of: text).first { text[$0.range].contains("\0") }?.fontIndex }
        #expect(face("路\0") == face("a\0") && face("\0") == face("a\0") && face("مرحبا\0") == face("a\0"))
    }

    @Test func stackWidthIsTheSumOfItsRunsMeasuredAlone() throws {
        let text = "Price 12 € — מחיר ١٢ — 価格 👍🏽"
        let total = stack.runs(of: text).reduce(0) { $0 + $1.width }
        #expect(abs(stack.width(of: text, cache: nil) - total) <= 1e-9)
        let latin = try Font.bundled(.notoSans, size: 14), arabic = try Font.bundled(.notoSansArabic, size: 14)
        let mixed = "Hello مرحبا"
        #expect(abs(stack.width(of: mixed) - (latin.width(of: "Hello ") + arabic.width(of: "مرحبا"))) <= 0.001)
    }

    @Test func uncoveredScalarsAreReportedAndMeasureAsNotdef() throws {
        let text = "a\u{10FFFD}b\u{0378}\u{10FFFD}"
        #expect(stack.uncoveredScalars(in: text) == ["\u{10FFFD}", "\u{0378}"])
        #expect(stack.uncoveredScalars(in: "Hello مرحبا 漢字 👨\u{200D}👩\u{200D}👧") == [])
        // Joiners and variation selectors need no glyph and are never reported.
        #expect(stack.uncoveredScalars(in: "a\u{200D}\u{FE0F}b") == [])
        // Uncovered text goes to the primary font's .notdef, as the primary alone measures it.
        let primary = try Font.bundled(.notoSans, size: 14)
        #expect(abs(stack.width(of: "x\u{10FFFD}y") - primary.width(of: "x\u{10FFFD}y")) <= 1e-9)
        #expect(primary.uncoveredScalars(in: "Aα\u{05D0}") == ["\u{05D0}"])
    }

    @Test func stackSizeScalesEveryRun() throws {
        let text = "Wa שלום 漢 😀"
        let big = try stack.withSize(28)
        #expect(abs(big.width(of: text) - 2 * stack.width(of: text)) <= 1e-9)
    }

    @Test func emptyStackIsAnError() {
        #expect(throws: FontError.emptyStack) { try FontStack([]) }
    }
}
