import Foundation
import Testing
import TextMeasureTestSupport

/// Every option given with an xlsx output is honoured or refused, never ignored: --sort sorts the
/// rows, --header-weight sets the header's face (--title and --header-group:
/// SpreadsheetTitleTests; --group-by: SpreadsheetRowSpanTests).
@Suite struct SpreadsheetOptionTests {
    func table() throws -> (folder: String, csv: String) {
        let folder = try RenderingFixtures.temporaryFolder()
        try "Name,Team\ncarol,b\nalice,a\nbob,b\n".write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        return (folder, folder + "/t.csv")
    }

    /// --header-weight regular writes the header row in the regular face (no `<b/>` in any font of
    /// a workbook with neither a title nor header groups), in the family the workbook declares.
    @Test func aRegularHeaderIsNotBold() throws {
        let (folder, csv) = try table()
        for (weight, bold) in [("bold", true), ("regular", false)] {
            let result = try Command().run(["render", csv, "-o", folder + "/t.xlsx", "--header-weight", weight], input: [])
            try #require(result.status == 0, "\(result.stderr)")
            let styles = try Workbook.member("xl/styles.xml", of: folder + "/t.xlsx")
            #expect(styles.contains("<b/>") == bold, "\(weight)")
            #expect(!styles.contains("Carlito"))
        }
    }

    @Test func sortSortsTheRows() throws {
        let (folder, csv) = try table()
        let result = try Command().run(["render", csv, "-o", folder + "/t.xlsx", "--sort", "Name"], input: [])
        try #require(result.status == 0, "\(result.stderr)")
        // Inline strings, row by row: column A's texts in the sheet's order.
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: folder + "/t.xlsx")
        let texts = sheet.components(separatedBy: "<c r=\"A").dropFirst().map { $0.components(separatedBy: "<t>")[1].components(separatedBy: "</t>")[0] }
        #expect(texts == ["Name", "alice", "bob", "carol"])
    }
}
