import DataTables
import Foundation
import TableSpreadsheet
import TextMeasure
import Testing
import TextMeasureTestSupport

/// A wrapped row is as tall as LibreOffice stacks its lines: each line the rounded ascender plus
/// the rounded descender (`hhea`, at the drawn 15 px of 11 pt) of the font of each kind of text
/// in it, plus `SpreadsheetMetrics.rowPadding` (5 px); at most Excel's 409 pt. The expected
/// heights are worked out by hand from the fonts' tables below (and are what LibreOffice 7.4
/// gives, less its own 2 px: 31.79 px for two lines of Calibri 11, 43.73 of Japanese, 39.80 of
/// Arabic or Hebrew).
@Suite struct SpreadsheetRowHeightTests {
    /// Carlito (2048 units an em): ascender 1536, descender −512; at 15 px 11.25 and 3.75, so
    /// 11 + 4 = 15 px a line.
    static let latinLine = 15.0
    /// Noto Sans CJK SC (1000 an em): 1160 and −288, so 17.4 and 4.32: 17 + 4 = 21 px.
    static let asianLine = 21.0
    /// Noto Sans Devanagari, LibreOffice's font for Complex text (1000 an em): 896 and −408, so
    /// 13.44 and 6.12: 13 + 6 = 19 px.
    static let complexLine = 19.0

    func heights(_ cells: [String]) throws -> [Int: Double] {
        let columns = [DataTableColumn<[String]>("A") { $0[0] }]
        return try SpreadsheetTable(rows: cells.map { [$0] }, columns: columns, font: .calibri()).rowHeights
    }

    /// Points of `pixels` of lines plus the row's padding.
    func points(_ pixels: Double) -> Double { (pixels + SpreadsheetMetrics.rowPadding) * 0.75 }

    @Test func linesOfEachKindOfText() throws {
        #expect(try heights(["a\nb"]) == [0: points(2 * Self.latinLine)])
        #expect(try heights(["日本\n語"]) == [0: points(2 * Self.asianLine)])
        #expect(try heights(["שלום\nab"]) == [0: points(Self.complexLine + Self.latinLine)])
        // A line of Latin and Japanese: Noto Sans CJK's ascender, the larger descender (both 4).
        #expect(try heights(["ab 日本\ncd"]) == [0: points(Self.asianLine + Self.latinLine)])
        // Spaces and digits between right-to-left words take the words' kind.
        #expect(try heights(["١٢٣ ٤\n. 5"]) == [0: points(Self.complexLine + Self.latinLine)])
    }

    /// A workbook font with Hebrew (LibreOffice's xlsx import asks it for "ב") lays out Complex
    /// text too, so a line of Hebrew in Liberation Serif 12 (drawn at 16 px; hhea 1825 and −443 of
    /// 2048: 14.26 and 3.46, so 14 + 3 = 17 px) is as tall as a Latin one, not a line of Noto Sans
    /// Devanagari (896 and −408 of 1000: 14.34 and 6.53, so 14 + 7 = 21 px).
    @Test func aFontWithHebrewLaysOutComplexText() throws {
        let columns = [DataTableColumn<[String]>("A") { $0[0] }]
        let font = try SpreadsheetFont.family(of: FontStack(families: ["Liberation Serif"], size: 12, fallback: .system))
        let table = try SpreadsheetTable(rows: [["שלום\nab"]], columns: columns, font: font)
        #expect(table.rowHeights == [0: points(2 * 17)])
    }

    /// A row of one line is as tall as its font's line too: a line of Japanese (21 px + 5) is taller
    /// than the worksheet's default row (15 pt: a Latin line, 15 px + 5), so it gets its height, and
    /// a reader that keeps rows without one at the default does not cut it.
    @Test func aLineOfATallerFontGetsItsHeight() throws {
        #expect(try heights(["日本", "ab", "שלום"]) == [0: points(Self.asianLine), 2: points(Self.complexLine)])
    }

    /// The header row too: a title of Japanese makes it 21 + 5 px, 19.5 pt; a Latin header keeps
    /// the default.
    @Test func aHeaderOfATallerFontGetsItsHeight() throws {
        for (title, row) in [("日本", "<row r=\"1\" ht=\"19.5\" customHeight=\"1\">"), ("ab", "<row r=\"1\">")] {
            let sheet = try SpreadsheetTable(rows: [["a"]], columns: [DataTableColumn<[String]>(title) { $0[0] }], font: .calibri())
            let path = try RenderingFixtures.temporaryFolder() + "/header.xlsx"
            try sheet.write(to: path)
            #expect(try Workbook.member("xl/worksheets/sheet1.xml", of: path).contains(row), "\(title)")
        }
    }

    /// The worksheet's default row is a line of the cells' font: Calibri 20 pt is drawn at 27 px,
    /// Carlito's ascender 1536/2048 × 27 = 20.25 and descender 6.75, so 20 + 7 + 5 = 32 px, 24 pt.
    @Test func theDefaultRowIsALineOfTheFont() throws {
        let columns = [DataTableColumn<[String]>("A") { $0[0] }]
        #expect(try SpreadsheetTable(rows: [["a"]], columns: columns, font: .calibri()).defaultRowHeight == 15)
        let large = try SpreadsheetTable(rows: [["a"]], columns: columns, font: .calibri(size: 20))
        #expect(large.defaultRowHeight == 24)
        let path = try RenderingFixtures.temporaryFolder() + "/large.xlsx"
        try large.write(to: path)
        #expect(try Workbook.member("xl/worksheets/sheet1.xml", of: path).contains("defaultRowHeight=\"24\""))
    }

    @Test func aRowIsAtMost409Points() throws {
        let lines = (1...40).map { "line \($0)" }.joined(separator: "\n")
        #expect(try heights([lines, "a\nb"]) == [0: 409, 1: points(2 * Self.latinLine)])
        let columns = [DataTableColumn<[String]>("A") { $0[0] }]
        let sheet = try SpreadsheetTable(rows: [[lines]], columns: columns, font: .calibri())
        let path = try RenderingFixtures.temporaryFolder() + "/tall.xlsx"
        try sheet.write(to: path)
        #expect(try Workbook.member("xl/worksheets/sheet1.xml", of: path).contains("<row r=\"2\" ht=\"409\" customHeight=\"1\""))
    }
}
