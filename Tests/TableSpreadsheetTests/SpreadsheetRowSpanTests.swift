import DataTables
import Foundation
import TableSpreadsheet
import Testing
import TextMeasureTestSupport

/// Cells spanning rows (`--group-by`) are merged ranges written once, top-aligned; the rows below
/// a span's first fold under it (outline level 1); every row of a span gets a height, together
/// enough for the spanning cell's lines. Heights by hand: a line of Calibri 11 is 15 px (Carlito's
/// ascender and descender at 15 px, 11 + 4), a row adds 5 px.
@Suite struct SpreadsheetRowSpanTests {
    func write(_ rows: [[String]], spans: [DataTableRowSpan], footer: Bool = false) throws -> String {
        let columns = [DataTableColumn<[String]>("A") { $0[0] }, DataTableColumn<[String]>("B") { $0[1] }]
        var sheet = try SpreadsheetTable(rows: rows, columns: columns, font: .calibri())
        sheet.rowSpans = spans
        sheet.hasFooter = footer
        let path = try RenderingFixtures.temporaryFolder() + "/spans.xlsx"
        try sheet.write(to: path)
        return try Workbook.member("xl/worksheets/sheet1.xml", of: path)
    }

    /// The row element of sheet row `row` (1-based), without its cells.
    func row(_ row: Int, in sheet: String) -> String? {
        sheet.range(of: "<row r=\"\(row)\"[^>]*>", options: .regularExpression).map { String(sheet[$0]) }
    }

    @Test func aSpanIsMergedWrittenOnceAndFolds() throws {
        // "1\n2\n3" needs 3 lines, 50 px; its two rows have one line each (20 px), so each gets
        // half of the 10 px more: 25 px, 18.75 pt. The third row is no span's and keeps its own.
        let sheet = try write([["1\n2\n3", "x"], ["1\n2\n3", "y"], ["z", "w"]], spans: DataTableRowSpan.grouping(["1\n2\n3", "1\n2\n3", "z"], column: 0))
        #expect(sheet.contains("<mergeCells count=\"1\"><mergeCell ref=\"A2:A3\"/></mergeCells>"))
        #expect(sheet.components(separatedBy: "<t>1\n2\n3</t>").count == 2)  // written once
        let first = try #require(row(2, in: sheet)), second = try #require(row(3, in: sheet)), third = try #require(row(4, in: sheet))
        #expect(first.contains("ht=\"18.75\"") && !first.contains("outlineLevel"))
        #expect(second.contains("ht=\"18.75\"") && second.contains("outlineLevel=\"1\""))
        #expect(!third.contains("ht=") && !third.contains("outlineLevel"))
        #expect(sheet.contains("<outlinePr summaryBelow=\"0\"/>"))
    }

    /// Every body cell sits at the top of its row, wrapped or not, so a row made tall by one cell
    /// (a wrapped one, a line of Japanese) keeps its cells on one line across: every format a cell
    /// of this sheet uses is top-aligned, the header's default aside.
    @Test func everyBodyCellIsAtTheTop() throws {
        let path = try RenderingFixtures.temporaryFolder() + "/top.xlsx"
        let columns = [DataTableColumn<[String]>("A") { $0[0] }, DataTableColumn<[String]>("B") { $0[1] }]
        try SpreadsheetTable(rows: [["a", "日本"], ["b", "1"]], columns: columns, font: .calibri()).write(to: path)
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: path)
        let styles = try Workbook.member("xl/styles.xml", of: path)
        // The style index of each body cell (rows 2 and 3), then those formats in <cellXfs>.
        let used = Set(["A2", "B2", "A3", "B3"].map { cell in
            Int(sheet.components(separatedBy: "<c r=\"\(cell)\" s=\"")[1].prefix { $0.isNumber })!
        })
        let formats = Array(styles.components(separatedBy: "<cellXfs")[1].components(separatedBy: "<xf ").dropFirst())
        for index in used { #expect(formats[index].contains("vertical=\"top\""), "format \(index)") }
    }

    /// The footer is never part of a span: the command groups the rows above it only, so a total
    /// equal to the last group's value stands alone (issue: `--group-by v --total v=max`).
    @Test func theFooterStaysOutOfTheLastGroup() throws {
        let output = try RenderingFixtures.temporaryFolder() + "/group.xlsx"
        let result = try Command().run(["render", "-", "-o", output, "--group-by", "v", "--total", "v=max"], input: Array("k,v\na,2\nb,2\n".utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: output)
        #expect(sheet.contains("<mergeCells count=\"1\"><mergeCell ref=\"B2:B3\"/></mergeCells>"))
        #expect(sheet.contains("<f>SUBTOTAL(104,B2:B3)</f>"))
    }
}
