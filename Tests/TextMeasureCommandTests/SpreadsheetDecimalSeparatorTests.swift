import Foundation
import Testing
import TextMeasureTestSupport

/// `--decimal-separator ,` reads a workbook's numbers as it reads every other output's: "1.234"
/// is one thousand two hundred and thirty-four (it was stored as 1.234), "1.234,5" is 1234.5,
/// "0,25" a quarter; each shown as written where the comma is the decimal separator.
@Suite struct SpreadsheetDecimalSeparatorTests {
    @Test func aCommaDecimalSeparatorIsReadAsEveryOutputReadsIt() throws {
        let folder = try RenderingFixtures.temporaryFolder(), output = folder + "/out.xlsx"
        // "1 234,5" in a column of its own: a column with one text is text throughout.
        let csv = "Amount;Other\n1.234;x\n1.234,5;y\n0,25;1 234,5\n"
        let result = try Command().run(["render", "-", "-o", output, "--decimal-separator", ",", "--delimiter", ";"], input: Array(csv.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: output)
        let values = sheet.matches(of: /<c r="A(\d+)"[^>]*><v>([^<]*)<\/v>/).map { (Int($0.1)!, String($0.2)) }
        #expect(values.map(\.0) == [2, 3, 4])
        #expect(values.map(\.1) == ["1234", "1234.5", "0.25"])
        // Grouped by a space: not the comma's partner, so text as written.
        #expect(sheet.contains("<is><t>1 234,5</t></is>"))
        let styles = try Workbook.member("xl/styles.xml", of: output)
        #expect(styles.contains("formatCode=\"#,##0.0;&quot;-&quot;#,##0.0\""))
    }
}
