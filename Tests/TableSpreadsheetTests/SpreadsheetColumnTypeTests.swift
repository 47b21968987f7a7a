import DataTables
import Foundation
import Testing
import TableSpreadsheet
import TextMeasureTestSupport

/// Columns typed as a whole: numbers when every non-empty cell but a null marker is a number,
/// dates when every one is a date, text otherwise, every cell of it.
@Suite struct SpreadsheetColumnTypeTests {
    @Test func aColumnIsTypedByAllItsCells() {
        let reader = NumberReader()
        #expect(SpreadsheetColumnType.of(["1", "2.5", "", "$3.00"], reader: reader) == .numbers)
        #expect(SpreadsheetColumnType.of(["1", "-", "N/A", "—", "3"], reader: reader) == .numbers)
        #expect(SpreadsheetColumnType.of(["2024-03-01", "", "n/a", "2025-12-31"], reader: reader) == .dates)
        #expect(SpreadsheetColumnType.of(["bash", "2048", "zsh"], reader: reader) == .text)
        #expect(SpreadsheetColumnType.of(["1", "2024-03-01"], reader: reader) == .text)  // numbers and dates
        #expect(SpreadsheetColumnType.of(["-", "", "N/A"], reader: reader) == .text)  // no value at all
        #expect(SpreadsheetColumnType.of(["1.234,5", "7"], reader: NumberReader(decimalSeparator: .comma)) == .numbers)
    }

    /// In the workbook: the package named "2048" among names is a string; a column of counts
    /// with a "-" is numbers and the "-" a string at the column's trailing edge.
    @Test func theWorkbookWritesEachColumnAsItsType() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "Name,Count\nbash,12\n2048,-\nzsh,7\n".write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/t.csv", "-o", folder + "/t.xlsx"], input: [])
        try #require(result.status == 0, "\(result.stderr)")
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: folder + "/t.xlsx")
        func cell(_ reference: String) -> String {
            sheet.components(separatedBy: "<c r=\"\(reference)\"").dropFirst().first?.components(separatedBy: "</c>").first ?? ""
        }
        #expect(cell("A3").contains("t=\"inlineStr\"") && cell("A3").contains("<t>2048</t>"), "\(cell("A3"))")
        #expect(!cell("B2").contains("t=\"") && cell("B2").contains("<v>12</v>"), "\(cell("B2"))")
        #expect(cell("B3").contains("t=\"inlineStr\"") && cell("B3").contains("<t>-</t>"), "\(cell("B3"))")
        // The "-" has a format of its own, aligned right; the numbers keep the spreadsheet's.
        let style = { (reference: String) in cell(reference).components(separatedBy: "s=\"").dropFirst().first?.prefix { $0 != "\"" } }
        #expect(style("B3") != style("B2"))
        let styles = try Workbook.member("xl/styles.xml", of: folder + "/t.xlsx")
        #expect(styles.contains("horizontal=\"right\""))
    }
}
