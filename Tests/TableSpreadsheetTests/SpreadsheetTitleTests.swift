import Foundation
import Testing
import TextMeasureTestSupport

/// `--title` and `--header-group` in a workbook: the title a bold first row merged across every
/// column, each header group a bold, centred row above the header merged across its columns
/// (the highest level first), and the frozen panes and the autofilter below and on the header.
@Suite struct SpreadsheetTitleTests {
    @Test func theTitleAndTheGroupsAreMergedRowsAboveTheHeader() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "Name,On hand,Reorder,Note\nbolt,12,5,x\nnut,7,3,y\n".write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/t.csv", "-o", folder + "/t.xlsx", "--title", "Stock report",
                                        "--header-group", "Stock:On hand,Reorder", "--header-group", "All:Name,On hand,Reorder,Note"],
                                       input: [])
        try #require(result.status == 0, "\(result.stderr)")
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: folder + "/t.xlsx")
        // Row 1 the title, row 2 "All" (level 2), row 3 "Stock" (level 1), row 4 the header, rows 5 and 6 the table.
        #expect(sheet.contains("<c r=\"A1\" s=\"1\" t=\"inlineStr\"><is><t>Stock report</t></is></c>"))
        #expect(sheet.contains("<t>All</t>") && sheet.components(separatedBy: "<c r=\"A2\"").count == 2)
        #expect(sheet.contains("<c r=\"B3\"") && sheet.contains("<t>Stock</t>"))
        #expect(sheet.contains("<c r=\"A4\"") && sheet.contains("<t>Name</t>"))
        #expect(sheet.contains("<mergeCell ref=\"A1:D1\"/>") && sheet.contains("<mergeCell ref=\"A2:D2\"/>")
                    && sheet.contains("<mergeCell ref=\"B3:C3\"/>"))
        #expect(sheet.contains("ySplit=\"4\"") && sheet.contains("<autoFilter ref=\"A4:D6\"/>"))
        #expect(sheet.contains("<c r=\"B5\" s=") && sheet.contains("<v>12</v>"))
        // The groups are centred; the title and the header bold.
        let styles = try Workbook.member("xl/styles.xml", of: folder + "/t.xlsx")
        #expect(styles.contains("horizontal=\"center\"") && styles.contains("<b/>"))
    }

    /// Groups that neither nest nor stand apart are refused, counted from 1.
    /// A table of one column has its title in its one cell (libxlsxwriter refuses to merge a range
    /// of one cell, which failed the whole workbook; found by FuzzXlsx).
    @Test func aTableOfOneColumnHasItsTitle() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let result = try Command().run(["render", "-", "-o", folder + "/one.xlsx", "--title", "Hello"], input: Array("A\nx\n".utf8))
        try #require(result.status == 0, "\(result.stderr)")
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: folder + "/one.xlsx")
        #expect(sheet.contains("<c r=\"A1\" s=\"1\" t=\"inlineStr\"><is><t>Hello</t></is></c>") && !sheet.contains("<mergeCell"))
    }

    @Test func conflictingGroupsAreRefused() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "A,B,C\n1,2,3\n".write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/t.csv", "-o", folder + "/t.xlsx",
                                        "--header-group", "G:A,B", "--header-group", "H:B,C"], input: [])
        #expect(result.status != 0 && result.stderr.contains("--header-group"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/t.xlsx"))
    }
}
