import DataTables
import Foundation
import TableSpreadsheet
import Testing
import TextMeasureTestSupport

/// A wrapped row is as tall as its lines, at most Excel's 409 pt: 40 lines of Calibri 11 at 15 pt
/// each (`SpreadsheetMetrics.lineHeight`) would be 600 pt, which Excel refuses to open.
@Suite struct SpreadsheetRowHeightTests {
    @Test func aRowIsAtMost409Points() throws {
        let lines = (1...40).map { "line \($0)" }.joined(separator: "\n")
        let columns = [DataTableColumn<[String]>("A") { $0[0] }]
        let font = try SpreadsheetFont.calibri()
        let sheet = try SpreadsheetTable(rows: [[lines], ["a\nb"]], columns: columns, font: font)
        #expect(SpreadsheetMetrics.lineHeight(of: font) == 15)
        #expect(sheet.rowHeights == [0: 409, 1: 30])
        let path = try RenderingFixtures.temporaryFolder() + "/tall.xlsx"
        try sheet.write(to: path)
        #expect(try Workbook.member("xl/worksheets/sheet1.xml", of: path).contains("<row r=\"2\" ht=\"409\" customHeight=\"1\""))
    }
}
