import Foundation
import Testing
import TextMeasureTestSupport

/// Every option given with an xlsx output is honoured or refused, never ignored: --sort sorts the
/// rows (--title and --header-group: SpreadsheetTitleTests; --group-by: SpreadsheetRowSpanTests);
/// what a workbook cannot show yet (a regular header) is an error naming the option, and no file
/// is written.
@Suite struct SpreadsheetOptionTests {
    func table() throws -> (folder: String, csv: String) {
        let folder = try RenderingFixtures.temporaryFolder()
        try "Name,Team\ncarol,b\nalice,a\nbob,b\n".write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        return (folder, folder + "/t.csv")
    }

    @Test(arguments: [["--header-weight", "regular"]])
    func anOptionAWorkbookCannotShowIsRefused(option: [String]) throws {
        let (folder, csv) = try table()
        let result = try Command().run(["render", csv, "-o", folder + "/t.xlsx"] + option, input: [])
        #expect(result.status != 0)
        #expect(result.stderr.contains(option[0]) && result.stderr.contains(".xlsx"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/t.xlsx"))
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
