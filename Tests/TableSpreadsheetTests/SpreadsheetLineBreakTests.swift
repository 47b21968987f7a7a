@testable import TableSpreadsheet
import Testing
import TextMeasure
import TextMeasureTestSupport

/// A wrapped cell's lines as LibreOffice breaks them: greedily on drawn widths, and never inside
/// a word of Hangul. Drawn at 15 px (Calibri 11): a Hangul syllable is 14 px (Noto Sans CJK's
/// 0.92 em, rounded), Carlito's space 3 px (463/2048 em).
@Suite struct SpreadsheetLineBreakTests {
    /// "가나 다라" in 50 px: "가나 다" (45 px) would fit, but LibreOffice keeps the word "다라" whole,
    /// so it starts the second line.
    @Test func aKoreanWordIsKeptWhole() throws {
        let screen = try ScreenText(try SpreadsheetFont.calibri().regular)
        let text = "가나 다라"
        #expect(RowHeights.lines(of: text, room: 50, in: screen).map { String(text[$0]) } == ["가나 ", "다라"])
        // Japanese still breaks between characters: "日本語" is 45 px (15 each), so two a line at 31 px.
        let japanese = "日本語"
        #expect(RowHeights.lines(of: japanese, room: 31, in: screen).map { String(japanese[$0]) } == ["日本", "語"])
    }

    /// A glyph no font has (a vertical tab, drawn as the missing glyph) is as wide in a run of
    /// 32,000 of them, the most a cell holds, as alone. Each missing glyph looked through its whole
    /// run for a drawn glyph of its cluster: 32,000² steps a measuring, minutes in a debug build,
    /// where the run is now read once (found by `FuzzXlsx`: a cell of 16,000 such characters took 7 s).
    @Test(.timeLimit(.minutes(1))) func aRunOfMissingGlyphsIsMeasuredInLinearTime() throws {
        let screen = try ScreenText(try SpreadsheetFont.calibri().regular)
        let one = screen.width(of: "\u{B}")
        #expect(one > 0)
        let text = String(repeating: "\u{B}", count: 32_000)
        #expect(screen.width(of: text) == 32_000 * one)
        let (advances, startsCluster) = screen.advances(of: Array(text.unicodeScalars), classes: nil)
        #expect(advances.allSatisfy { $0 == one } && startsCluster.allSatisfy { $0 })
    }

    /// A word many lines long, of Hangul or of letters, in room for one character a line: each
    /// character is a line of its own. Each line searched back through the lines before it for
    /// where the word starts, or for the last break opportunity: 100,000 characters took 5 × 10⁹
    /// steps, minutes in a debug build.
    @Test(.timeLimit(.minutes(1))) func aWordManyLinesLongIsBrokenInLinearTime() throws {
        let screen = try ScreenText(try SpreadsheetFont.calibri().regular)
        for letter in ["가", "a"] {
            let room = screen.width(of: letter) * 1.5
            let text = String(repeating: letter, count: 100_000)
            let lines = RowHeights.lines(of: text, room: room, in: screen)
            #expect(lines.count == 100_000 && lines.allSatisfy { text[$0] == letter[...] }, "\(letter): \(lines.count) lines")
        }
    }

    /// A space that does not fit ends its line, the text's last one too: "가나 다라" is 59 px (four
    /// syllables and a space) and fits 59 px; its trailing space does not, and the text stays one
    /// line, with nothing after it.
    @Test func aSpaceThatEndsTheTextAndDoesNotFitEndsItsLastLine() throws {
        let screen = try ScreenText(try SpreadsheetFont.calibri().regular)
        let text = "가나 다라 "
        #expect(RowHeights.lines(of: text, room: 59, in: screen).map { String(text[$0]) } == [text])
        let two = "가나 다라 가나 "
        #expect(RowHeights.lines(of: two, room: 59, in: screen).map { String(two[$0]) } == ["가나 다라 ", "가나 "])
    }

    /// LibreOffice applies no kinsoku in a cell: a full-width bracket may end a line and a stop
    /// start one. Six ideographs of 15 px fit in 93 px, so twelve characters are two lines of six
    /// (the rules of Chromium and ICU would keep "（" with "六": three lines).
    @Test func cjkBreaksBetweenAnyTwoCharacters() throws {
        let screen = try ScreenText(try SpreadsheetFont.calibri().regular)
        for text in ["一二三四五（六七八九十一", "一二三四五六、七八九十一"] {
            let lines = RowHeights.lines(of: text, room: 93, in: screen).map { String(text[$0]) }
            #expect(lines == [String(text.prefix(6)), String(text.dropFirst(6))])
        }
    }

    /// Text is as wide as LibreOffice lays it out: each class of it in its class's fonts, each
    /// glyph's nominal advance on a whole pixel, no kerning. The narrowest column keeping a text
    /// on one line, found in LibreOffice 7.4 by `Scripts/libreoffice-wrap-widths.py` (202 texts:
    /// Latin with kerning pairs, digits, Greek, Cyrillic, Hebrew and Arabic with both kinds of
    /// digits, Japanese, Chinese, Korean, emoji with skin tones after Latin and Arabic, dashes,
    /// mixed; Carlito 9 to 20
    /// pt, Noto Sans 11, Liberation Serif 12, DejaVu Sans 10), is `wrapScale` × the width +
    /// 4.152 px: 201 within 0.1 px, the other ("עמודה 789 גובה" in DejaVu Sans 10, drawn at 13 px) a pixel narrower there.
    @Test func aLineFitsWhereLibreOfficeKeepsItOnOneLine() throws {
        let rows = try Fixtures.lines("libreoffice-wrap-widths.tsv")
        var close = 0
        for row in rows {
            let (family, size, text, column) = (row[0], Double(row[1])!, row[2], Double(row[3])!)
            let font = family == "Carlito" ? try SpreadsheetFont.calibri(size: size)
                : try SpreadsheetFont.family(of: FontStack(families: [family], size: size, fallback: .system))
            let width = try ScreenText(font.regular).width(of: text)
            let difference = abs(SpreadsheetMetrics.wrapScale * width + 4.152 - column)
            #expect(difference < 1.05, "\(family) \(size) \(text): \(width) px")
            close += difference < 0.1 ? 1 : 0
        }
        #expect(rows.count == 202)
        #expect(close >= 201)
    }
}

/// Wrapped cells as tall as LibreOffice Calc makes them: `RowHeights.height(of:room:in:)` plus
/// `SpreadsheetMetrics.rowPadding` against Calc 7.4's optimal row height for the cell in a column
/// of the same width, found by `Scripts/libreoffice-row-heights.py`. The check is the one of
/// `Scripts/xlsx-check.py`: never below Calc's height less 1 px (no line clipped), at most a line
/// (1.02 × the size) above it.
@Suite struct SpreadsheetRowHeightGoldenTests {
    struct Case: CustomStringConvertible {
        let kind: String, size: Double, column: Double, text: String, libreOffice: Double
        var description: String { "\(kind) \(size) pt in \(column) px: \(text.debugDescription), LibreOffice \(libreOffice) px" }
    }

    static let cases: [Case] = (try? Fixtures.lines("libreoffice-row-heights.tsv"))?.map {
        Case(kind: $0[0], size: Double($0[1])!, column: Double($0[2])!, text: $0[3], libreOffice: Double($0[4])!)
    } ?? []

    /// Our height of `item`'s text in its column, in px, and whether it is within the check.
    static func judge(_ item: Case) throws -> (height: Double, holds: Bool) {
        let screen = try ScreenText(try SpreadsheetFont.calibri(size: item.size).regular)
        let room = max(1, (item.column - SpreadsheetMetrics.wrapMargin) / SpreadsheetMetrics.wrapScale)
        let height = RowHeights.height(of: item.text, room: room, in: screen) + SpreadsheetMetrics.rowPadding
        let line = item.size * SpreadsheetMetrics.pixelsPerPoint * 1.02
        return (height, height >= item.libreOffice - 1 && height <= item.libreOffice + line)
    }

    /// Each text that one rule of LibreOffice's line breaking decides (`CalcLineBreaks`): a
    /// character past the Basic Multilingual Plane that does not fit leaves the opportunity before
    /// it untaken; no break before "/" after a space, and a break after "/" goes back to the space
    /// before the path; the opportunity right after a "/" is passed over for the one before it
    /// (a URL after "https://" is a line of its own); a line's characters as wide as their whole
    /// run shapes them (an Arabic word the line ends in, joined); an emoji between two
    /// right-to-left letters takes no room; "。" does not hang; no break between "。" and a Greek letter; the script of
    /// the character before the one that does not fit chooses the rules; no kinsoku;
    /// a Korean word kept whole; ")" as closing punctuation; a skin tone after Arabic adds nothing.
    @Test func eachRuleGivesLibreOfficesHeight() throws {
        let rules = Self.cases.filter { $0.kind == "rule" }
        #expect(rules.count == 22)
        for item in rules {
            let (height, holds) = try Self.judge(item)
            #expect(holds, "\(item): ours \(height) px")
        }
    }

    /// 200 generated cells of every script the generator draws (Latin with diacritics, Cyrillic,
    /// Greek, CJK, Korean, Arabic and Hebrew with digits, URLs, paths, emoji with skin tones) at
    /// 9 to 20 pt: at least 197 within the check. The rest are a fraction of a pixel from
    /// fitting, where the linear width model (`SpreadsheetMetrics.wrapScale`) and Calc's twips
    /// disagree.
    @Test func generatedCellsGiveLibreOfficesHeight() throws {
        let generated = Self.cases.filter { $0.kind == "generated" }
        #expect(generated.count == 200)
        let missed = try generated.filter { try !Self.judge($0).holds }
        #expect(missed.count <= 3, "\(missed)")
    }
}
