@testable import TableSpreadsheet
import Testing
import TextMeasure

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

    /// Right-to-left text is measured at its exact advances, as LibreOffice lays it out: "שלום" in
    /// DejaVu Sans (Carlito has no Hebrew; fontconfig falls back to it, as LibreOffice does) is
    /// 1359 + 558 + 1164 + 1451 = 4532 units of 2048 at 15 px, 33.19 px, where its glyphs on
    /// whole pixels would be 10 + 4 + 9 + 11 = 34.
    @Test func rightToLeftTextKeepsItsExactAdvances() throws {
        let screen = try ScreenText(try SpreadsheetFont.calibri().regular)
        #expect(abs(screen.width(of: "שלום") - 4532 * 15 / 2048) < 1e-9)
        #expect(screen.width(of: "0") == 8)  // a Latin digit on its whole pixel (7.60 exact)
    }
}
