import DataTables
import Foundation
import TableSpreadsheet
import Testing
import TextMeasure
import TextMeasureTestSupport

/// Column widths worked by hand from Carlito's advances (hb-shape --font-size=2048: "0" 1038;
/// "x" 887, bold 941; "i" bold 503; "Price" bold 1090+728+503+857+1031) with the rules of
/// `SpreadsheetMetrics` and ECMA-376 §18.3.1.13; values typed as the issue says; errors naming
/// their culprit, no file left behind.
@Suite struct SpreadsheetTests {
    let folder: String

    init() throws { folder = try RenderingFixtures.temporaryFolder() }

    func table(_ rows: [[String]], titles: [String], maxColumnWidth: Double? = nil) throws -> SpreadsheetTable<[String]> {
        let columns = titles.indices.map { index in DataTableColumn<[String]>(titles[index]) { $0[index] } }
        return try SpreadsheetTable(rows: rows, columns: columns, font: try SpreadsheetFont.calibri(), maxColumnWidth: maxColumnWidth)
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".textmeasure-") }
    }

    // MARK: Width units

    /// Calibri 11's widest digit: 1038/2048 em × 11 pt × 96/72 = 7.434 px, 7 in whole pixels
    /// (Excel's MDW for Calibri 11); LibreOffice's, in whole twips: 1038/2048 × 220 = 111.5, so
    /// 111 twips, 7.4 px.
    @Test func theMaximumDigitWidthOfCalibri11() throws {
        #expect(SpreadsheetColumnWidth.maximumDigitWidth == 7)
        #expect(SpreadsheetColumnWidth.libreOfficeDigitWidth == 111.0 / 15)
        let carlito = try Font(family: "Carlito", size: 11)
        let digits: Double = 10 * 1038.0 / 2048 * 11
        #expect(carlito.width(of: "0123456789") == digits)
    }

    /// Excel's default column, 64 px (8.43 characters), is written 9.140625: chars = 59/7, and
    /// Truncate((59/7 × 7 + 5)/7 × 256)/256 = Truncate(2340.57)/256 = 2340/256.
    @Test func excelsDefaultColumnWidth() {
        let width = SpreadsheetColumnWidth(pixels: 64)
        #expect(width.characters == 59.0 / 7)
        #expect(width.fileWidth == 9.140625)
        #expect(width.excelPixels == 64)
    }

    /// 99.2 px rounds up to 100: Truncate(100/7 × 256) = 3657, 3657/256 = 14.28515625; Excel
    /// shows Truncate((3657 + 18)/256 × 7) = Truncate(100.49) = 100 px, LibreOffice 14.285 × 7.4.
    @Test func aWidthIsRoundedUpToAWholePixel() {
        let width = SpreadsheetColumnWidth(pixels: 99.2)
        #expect(width.pixels == 100)
        #expect(width.fileWidth == 3657.0 / 256)
        #expect(width.excelPixels == 100)
        #expect(abs(width.libreOfficePixels - 3657.0 / 256 * 7.4) < 1e-9)
    }

    // MARK: Column widths

    /// A header wider than its cells: "Price" in Carlito Bold at 15 px per em, each advance on a
    /// whole pixel: 7.98→8, 5.33→5, 3.68→4, 6.28→6, 7.55→8, 31 px; × 1.03 + 12 + 21 (the filter
    /// button) = 64.93, so 65 px. The cells: "0000", 4 × round(7.60) = 32 px; × 1.03 + 12 = 44.96.
    @Test func theHeaderWithItsFilterButtonWins() throws {
        let sheet = try table([["0000"], ["12"]], titles: ["Price"])
        #expect(sheet.columnWidths.map(\.pixels) == [65])
        #expect(sheet.columnWidths[0].fileWidth == 2377.0 / 256)  // Truncate(65/7 × 256) = 2377
        #expect(sheet.wrapsColumn == [false])
    }

    /// Cells wider than the header: 20 × "x", 20 × round(6.496) = 120 px; × 1.03 + 12 = 135.6,
    /// so 136 px (the header "i" bold: round(3.68) = 4 px, 37.12 px).
    @Test func theWidestCellWins() throws {
        let sheet = try table([[String(repeating: "x", count: 20)], ["x"]], titles: ["i"])
        #expect(sheet.columnWidths.map(\.pixels) == [136])
        #expect(sheet.rowHeights.isEmpty)
    }

    /// Held to 60 pt (80 px), the 20 "x" wrap. The file's width, 2925/256 characters, is 84.55 px
    /// in LibreOffice (7.4 px a character): (84.55 − 4.5)/1.03 = 77.7 px of room, 11 "x" of
    /// 6.496 px a line (15 px per em), so 2 lines of 15 px (Carlito's ascender and descender at
    /// 15 px, 11 + 4) + 5 px, 26.25 pt; the one-line row keeps the spreadsheet's height.
    @Test func aColumnHeldToMaxWrapsAndItsRowsGetTheirHeight() throws {
        let sheet = try table([[String(repeating: "x", count: 20)], ["x"]], titles: ["i"], maxColumnWidth: 60)
        #expect(sheet.columnWidths.map(\.pixels) == [80])
        #expect(sheet.wrapsColumn == [true])
        #expect(sheet.rowHeights == [0: 26.25])
    }

    /// Lines are broken where a spreadsheet breaks them, on whole-pixel glyphs: "0000000000
    /// 0000000000" is 2 × 76.0 + 3.39 = 155.4 px exact at 15 px per em but 2 × 80 + 3 = 163 px
    /// drawn. Held to 120 pt (160 px; the file's 5851/256 characters are 169.13 px in
    /// LibreOffice: (169.13 − 4.5)/1.03 = 159.8 px of room) it takes 2 lines, 26.25 pt, though
    /// its exact width would fit on one.
    @Test func wrappedLinesAreBrokenOnWholePixels() throws {
        let sheet = try table([["0000000000 0000000000"]], titles: ["i"], maxColumnWidth: 120)
        #expect(sheet.columnWidths.map(\.pixels) == [160])
        #expect(sheet.wrapsColumn == [true])
        #expect(sheet.rowHeights == [0: 26.25])
    }

    /// A DataTables layout as a worksheet: its rows, columns and `maxColumnWidth` (60 pt, as in
    /// `aColumnHeldToMaxWrapsAndItsRowsGetTheirHeight`).
    @Test func aLayoutAsAWorksheet() throws {
        struct Line: Identifiable { let id: Int; let text: String }
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 14))
        (configuration.minColumnWidth, configuration.maxColumnWidth) = (0, 60)
        let layout = try DataTableLayout(rows: [Line(id: 0, text: String(repeating: "x", count: 20)), Line(id: 1, text: "x")],
                                         columns: [DataTableColumn<Line>("i", \.text)], configuration: configuration)
        let sheet = try layout.spreadsheet(font: try SpreadsheetFont.calibri())
        #expect(sheet.columnWidths.map(\.pixels) == [80])
        #expect(sheet.rowHeights == [0: 26.25])
    }

    // MARK: Values

    @Test func isoDatesAreDates() {
        let day = SpreadsheetDate(year: 2024, month: 3, day: 15)
        #expect(SpreadsheetCell("2024-03-15") == .date(day, format: "yyyy-mm-dd"))
        let leapDay = SpreadsheetDate(year: 2024, month: 2, day: 29, hour: 9, minute: 30)
        #expect(SpreadsheetCell("2024-02-29T09:30") == .date(leapDay, format: "yyyy-mm-dd\"T\"hh:mm"))
        let first = SpreadsheetDate(year: 1900, month: 3, day: 1, hour: 23, minute: 59, second: 59)
        #expect(SpreadsheetCell("1900-03-01 23:59:59") == .date(first, format: "yyyy-mm-dd hh:mm:ss"))
    }

    /// Numbers as "Report tables" reads them, each with the Excel format code that shows it as
    /// written: literals in quotes, a section for negatives, "%" scaling the stored value by 100.
    @Test func numbersKeepHowTheyAreWritten() {
        #expect(SpreadsheetCell("$1,234.50") == .number(1234.5, format: ##""$"#,##0.00;"-$"#,##0.00"##))
        #expect(SpreadsheetCell("12.5%") == .number(0.125, format: #"0.0%;"-"0.0%"#))
        #expect(SpreadsheetCell("(12.00)") == .number(-12, format: #"0.00;"("0.00")""#))
        #expect(SpreadsheetCell("\u{2212}3") == .number(-3, format: #"0;"−"0"#))
        #expect(SpreadsheetCell("+7") == .number(7, format: #""+"0;"-"0;0"#))
        #expect(SpreadsheetCell("5 €") == .number(5, format: #"0" €";"-"0" €""#))
        #expect(SpreadsheetCell("$-5") == .number(-5, format: #""$"0;"$-"0"#))
        #expect(SpreadsheetCell("12 %") == .number(0.12, format: #"0" "%;"-"0" "%"#))
        #expect(SpreadsheetCell("20240315") == .number(20_240_315, format: #"0;"-"0"#))  // a basic-format date: not ISO's extended one
        #expect(SpreadsheetCell("999999999999999") == .number(999_999_999_999_999, format: "0;\"-\"0"))
        // A negative zero (a small loss rounded) is 0 shown by a third, zero, section: the negative one.
        #expect(SpreadsheetCell("-0") == .number(0, format: #"0;"-"0;"-"0"#))
        #expect(SpreadsheetCell("(0.00)") == .number(0, format: #"0.00;"("0.00")";"("0.00")""#))
        #expect(SpreadsheetCell("-$0.50") == .number(-0.5, format: ##""$"0.00;"-$"0.00"##))
        #expect(SpreadsheetCell("-$0.00") == .number(0, format: ##""$"0.00;"-$"0.00;"-$"0.00"##))
    }

    /// Numbers a format cannot show as written stay text: 16 significant digits (a Double keeps
    /// 15), "," as the decimal separator, white space around.
    @Test(arguments: ["1234567890123456", "0.1234567890123456", "1.234,5", " 12", "12 "])
    func numbersThatCannotBeShownAsWrittenStayText(_ text: String) {
        #expect(SpreadsheetCell(text) == .text(text))
    }

    @Test(arguments: ["2023-02-29", "2024-13-01", "2024-3-15", "1900-02-28", "2024-03-15T24:00", "2024-03-15T09:30Z",
                      "2024-03-15T09:30:00.5", "=1+1", "=SUM(A1:A2)", "=-1", "abc", ""])
    func everythingElseIsText(_ text: String) {
        #expect(SpreadsheetCell(text) == .text(text))
    }

    // MARK: The workbook

    /// The file read back: the column's width, the frozen header row, the autofilter over the
    /// table, the bold Calibri header, a formula-like cell as text, a column of dates as serial
    /// days (2024-03-15: 45,292 for 2024-01-01, + 31 + 29 + 14) and a column of money as numbers.
    @Test func theWorkbookHoldsWhatTheTableSays() throws {
        let path = folder + "/table.xlsx"
        try table([["=1+1", "2024-03-15", "$1,234.50"], ["0000", "2024-03-16", "$2.00"]], titles: ["Price", "When", "Cost"])
            .write(to: path)
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: path)
        #expect(sheet.contains("<col min=\"1\" max=\"1\" width=\"9.28515625\""))
        #expect(sheet.contains("ySplit=\"1\""))
        #expect(sheet.contains("state=\"frozen\""))
        #expect(sheet.contains("<autoFilter ref=\"A1:C3\"/>"))
        #expect(sheet.contains("<is><t>=1+1</t></is>"))
        #expect(!sheet.contains("<f>"))
        #expect(sheet.contains("<v>45366</v>"))
        #expect(sheet.contains("<v>1234.5</v>"))
        let styles = try Workbook.member("xl/styles.xml", of: path)
        #expect(styles.contains("<b/>"))
        #expect(styles.contains("<name val=\"Calibri\"/>"))
        #expect(styles.contains("formatCode=\"yyyy-mm-dd\""))
        #expect(styles.contains("formatCode=\"&quot;$&quot;#,##0.00;&quot;-$&quot;#,##0.00\""))
        #expect(try leftovers().isEmpty)
    }

    // MARK: Errors

    @Test func aFolderThatIsNotThereIsNamed() throws {
        let path = folder + "/missing/table.xlsx"
        #expect(throws: SpreadsheetError.cannotWrite(path: path, reason: "No such file or directory")) {
            try table([["a"]], titles: ["A"]).write(to: path)
        }
    }

    /// A path that is a folder: libxlsxwriter writes the temporary file, the rename fails, and
    /// the temporary file is removed.
    @Test func aFailedWriteLeavesNoFile() throws {
        let path = folder + "/a-folder.xlsx"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: SpreadsheetError.cannotWrite(path: path, reason: "Is a directory")) {
            try table([["a"]], titles: ["A"]).write(to: path)
        }
        #expect(try leftovers().isEmpty)
    }

    /// A workbook is written as every other output (`AtomicFile`): a symbolic link at the path
    /// is kept and the file it names written, with that file's permissions.
    @Test func aSymbolicLinkIsKeptAndItsTargetWritten() throws {
        let target = folder + "/target.xlsx", link = folder + "/link.xlsx"
        #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8), attributes: [.posixPermissions: 0o640]))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.xlsx")
        try table([["a"]], titles: ["A"]).write(to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.xlsx")
        #expect(try Workbook.member("xl/worksheets/sheet1.xml", of: target).contains("<is><t>a</t></is>"))
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o640)
        #expect(try leftovers().isEmpty)
    }

    @Test func aCellPastTheLimitIsNamed() throws {
        let long = String(repeating: "é", count: 32_768)
        #expect(throws: SpreadsheetError.cellTooLong(row: 2, column: "B", length: 32_768, limit: 32_767)) {
            try table([["a", "b"], ["a", long]], titles: ["A", "B"])
        }
        #expect(throws: Never.self) { try table([["a", String(long.dropFirst())]], titles: ["A", "B"]) }
        // A character outside the Basic Multilingual Plane is two UTF-16 code units.
        #expect(throws: SpreadsheetError.cellTooLong(row: 0, column: String(repeating: "😀", count: 16_384), length: 32_768, limit: 32_767)) {
            try table([], titles: [String(repeating: "😀", count: 16_384)])
        }
    }

    @Test func tooManyRowsOrColumns() throws {
        let font = try SpreadsheetFont.calibri()
        let one = [DataTableColumn<Int>("n") { String($0) }]
        #expect(throws: SpreadsheetError.tooManyRows(rows: 1_048_577, limit: 1_048_576)) {
            try SpreadsheetTable(rows: Array(0..<1_048_576), columns: one, font: font)
        }
        let many = (0..<16_385).map { index in DataTableColumn<Int>("c\(index)") { _ in "" } }
        #expect(throws: SpreadsheetError.tooManyColumns(columns: 16_385, limit: 16_384)) {
            try SpreadsheetTable(rows: [1], columns: many, font: font)
        }
    }
}
