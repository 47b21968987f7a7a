import Foundation
import Testing
import TextMeasure

/// Layouts in other scripts, with break positions checked by hand and widths where the font
/// makes them exact: CJK ideographs and hiragana are 1 em in Noto Sans CJK, a Noto Color Emoji
/// glyph 2550/2048 em.
@Suite struct ScriptLayoutTests {
    static let stack = try! FontStack.bundled(size: 16)

    func lines(_ text: String, width: Double) -> [String] {
        Self.stack.prepare(text).layout(width: width).lines.map(\.text)
    }

    @Test func cjkBreaksBetweenIdeographsButNotBeforeClosingPunctuation() {
        let layout = Self.stack.prepare("日本語の本日本語").layout(width: 50)
        #expect(layout.lines.map(\.text) == ["日本語", "の本日", "本語"])
        #expect(layout.lines.map(\.width) == [48, 48, 32])
        // "。" may not start a line (UAX #14 CL): "語。" moves together.
        #expect(lines("日本語。", width: 50) == ["日本", "語。"])
    }

    @Test func arabicBreaksAtSpacesAndKeepsWordsJoined() {
        let words = ["مرحبا", "بالعالم", "هذا", "نص"]
        let twoWords = Self.stack.width(of: words[0] + " " + words[1])
        let all = Self.stack.prepare(words.joined(separator: " ")).layout(width: twoWords + 0.5)
        #expect(all.lines.map(\.text) == [words[0] + " " + words[1], words[2] + " " + words[3]])
        #expect(all.lines[0].width == twoWords)
    }

    @Test func thaiBreaksBetweenDictionaryWords() {
        // ภาษา|ไทย|ง่าย ("Thai language is easy"): no spaces, words from ICU's dictionary.
        let text = "ภาษาไทยง่าย"
        let firstTwo = Self.stack.width(of: "ภาษาไทย")
        #expect(lines(text, width: firstTwo + 0.5) == ["ภาษาไทย", "ง่าย"])
        let narrower = firstTwo - 0.5
        let expected = Self.stack.width(of: "ไทยง่าย") <= narrower ? ["ภาษา", "ไทยง่าย"] : ["ภาษา", "ไทย", "ง่าย"]
        #expect(lines(text, width: narrower) == expected)
    }

    @Test func emojiSequencesAreSingleGraphemes() {
        // Noto Color Emoji's glyphs: 40 px in its bitmap strike of 32 pixels per em (1.25 em,
        // Chromium's advance, under the default `.chromium`), 2550 of 2048 units in its hmtx
        // (HarfBuzz's and Pango's, under `.pango`).
        for (stack, emoji) in [(Self.stack, 1.25 * 16), (Self.stack.withLineBreaks(.pango), 2550.0 / 2048 * 16)] {
            let layout = stack.prepare("👍🏽👩‍💻🇫🇷").layout(width: 2 * emoji + 0.01)
            #expect(layout.lines.map(\.text) == ["👍🏽👩‍💻", "🇫🇷"])
            #expect(abs(layout.lines[0].width - 2 * emoji) < 1e-9)
            #expect(abs(stack.width(of: "👍🏽") - emoji) < 1e-9)
        }
        let mixed = Self.stack.prepare("ok 👍🏽 done").layout(width: Self.stack.width(of: "ok 👍🏽") + 0.5)
        #expect(mixed.lines.map(\.text) == ["ok 👍🏽", "done"])
    }

    /// A line height is a length: a negative, NaN or infinite factor or height gives lines of
    /// height 0, and one past 10⁹ pt lines of 10⁹ pt (a fuzzer found `.multiple(-.infinity)`
    /// giving -∞). Two lines of Noto Sans Mono.
    @Test func lineHeightsAreLengths() throws {
        let prepared = try FontStack([Font.bundled(.notoSansMono, size: 10)]).prepare("ab\ncd")
        for absurd in [LineHeight.multiple(-.infinity), .multiple(.nan), .multiple(-2), .points(-5), .points(.nan), .points(-.infinity)] {
            #expect(prepared.height(atWidth: 100, lineHeight: absurd) == 0, "\(absurd)")
            #expect(prepared.layout(width: 100, lineHeight: absurd).lines.allSatisfy { $0.height == 0 }, "\(absurd)")
        }
        for huge in [LineHeight.multiple(1e308), .multiple(.infinity), .points(1e12), .points(.infinity)] {
            #expect(prepared.height(atWidth: 100, lineHeight: huge) == 2 * maximumLength, "\(huge)")
        }
    }

    /// A width below zero counts as 0: Noto Sans with every advance cut to one unit keeps its
    /// kerning, so "AVAVAVAV" shapes to a negative sum of advances (HarfBuzz's answer), which
    /// the package reports as 0, never as a negative width or line.
    @Test func negativeShapedWidthsCountAsZero() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BundledFont.notoSans.path())))
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        let record = try #require((0..<tables).map { 12 + 16 * $0 }.first { Array(bytes[$0..<$0 + 4]) == Array("hmtx".utf8) })
        let hhea = try #require((0..<tables).map { 12 + 16 * $0 }.first { Array(bytes[$0..<$0 + 4]) == Array("hhea".utf8) })
        let metrics = Int(bytes[u32(hhea + 8) + 34]) << 8 | Int(bytes[u32(hhea + 8) + 35])
        for glyph in 0..<metrics { bytes[u32(record + 8) + 4 * glyph] = 0; bytes[u32(record + 8) + 4 * glyph + 1] = 1 }
        let font = try Font(data: bytes, size: 100)
        #expect(font.width(of: "AVAVAVAV") == 0)
        let layout = font.stack.prepare("AVAVAVAV AVAVAVAV").layout(width: 0)
        #expect(layout.lines.allSatisfy { $0.width == 0 })
        #expect(layout.width == 0)
    }

    /// A tab interval is a length: a tiny one (a fuzzer's 6.9e-310) advances to the next stop
    /// without the pen overflowing to +∞, and a NaN, negative or infinite one is clamped
    /// (0: the tab takes no room; +∞: 10⁹ pt).
    @Test func tabIntervalsAreLengths() throws {
        let mono = try FontStack([Font.bundled(.notoSansMono, size: 10)])
        for interval in [Double.leastNormalMagnitude / 3, Double.leastNonzeroMagnitude, 1e-300] {  // subnormal, least, tiny
            // "ab" (12 px), the tab advances by at most one tiny interval, then "cd" (12 px).
            let width = mono.prepare("ab\tcd", tabInterval: interval).maxContentWidth
            #expect(width.isFinite && abs(width - 24) < 1e-6, "\(interval): \(width)")
        }
        for interval in [Double.nan, -5, 0] {
            #expect(mono.prepare("ab\tcd", tabInterval: interval).maxContentWidth == 24, "\(interval)")
        }
        #expect(mono.prepare("ab\tcd", tabInterval: .infinity).maxContentWidth == maximumLength + 12)
    }
}
