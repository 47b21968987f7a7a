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
    /// on one line, found in LibreOffice 7.4 by `Scripts/libreoffice-wrap-widths.py` (200 texts:
    /// Latin with kerning pairs, digits, Greek, Cyrillic, Hebrew and Arabic with both kinds of
    /// digits, Japanese, Chinese, Korean, emoji with skin tones, dashes, mixed; Carlito 9 to 20
    /// pt, Noto Sans 11, Liberation Serif 12, DejaVu Sans 10), is `wrapScale` × the width +
    /// 4.152 px: 199 within 0.1 px, the other ("עמודה 789 גובה" in DejaVu Sans 10, drawn at 13 px) a pixel narrower there.
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
        #expect(rows.count == 200)
        #expect(close >= 199)
    }
}
