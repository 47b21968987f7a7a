import Foundation
import Testing
import TextMeasureTestSupport

/// `textmeasure render FILE.csv -o OUT.xlsx`, run as a user runs it.
@Suite struct SpreadsheetCommandTests {
    let folder: String

    init() throws { folder = try RenderingFixtures.temporaryFolder() }

    func render(_ csv: String, _ options: [String] = []) throws -> (Command.Result, String) {
        let output = folder + "/out.xlsx"
        return (try Command().run(["render", "-", "-o", output] + options, input: Array(csv.utf8)), output)
    }

    /// The worked example of the article "Spreadsheets": "$1,249.00" drawn 64 px, 1.03 × 64 + 12 =
    /// 77.92, so 78 px, stored as Truncate(78/7 × 256)/256 = 2852/256 = 11.140625.
    @Test func theArticlesWorkedExample() throws {
        let (result, output) = try render("Price\n\"$1,249.00\"\n$89.00\n")
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: output)
        #expect(sheet.contains("<col min=\"1\" max=\"1\" width=\"11.140625\""))
        #expect(sheet.contains("<v>1249</v>"))
    }

    /// --family and --size are the font the workbook declares; --align sets the column's alignment.
    @Test func theFontAndAlignmentAreWritten() throws {
        let (result, output) = try render("A,B\nx,y\n", ["--family", "Liberation Sans", "--size", "10", "--align", "B=center"])
        #expect(result.status == 0, "\(result.stderr)")
        let styles = try Workbook.member("xl/styles.xml", of: output)
        #expect(styles.contains("<name val=\"Liberation Sans\"/>"))
        #expect(styles.contains("<sz val=\"10\"/>"))
        #expect(styles.contains("horizontal=\"center\""))
    }

    @Test func badOptionsAreNamed() throws {
        let (unknown, _) = try render("A,B\nx,y\n", ["--align", "C=center"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--align C=center: no column is titled 'C'"))
        let (size, output) = try render("A\nx\n", ["--size", "500"])
        #expect(size.status != 0)
        #expect(size.stderr.contains("--size for an .xlsx output is in points, above 0 and at most 409, not 500.0"))
        #expect(!FileManager.default.fileExists(atPath: output))
        let (strategy, _) = try render("A\nx\n", ["--strategy", "maxNominal"])
        #expect(strategy.status != 0)
        #expect(strategy.stderr.contains("--strategy maxNominal does not apply to an .xlsx output"))
        let (mode, _) = try render("A\nx\n", ["--mode", "fixed:80"])
        #expect(mode.status != 0)
        #expect(mode.stderr.contains("--mode fixed:80 does not apply to an .xlsx output"))
        #expect(mode.stderr.contains("--strategy fixed:W"))
    }

    /// --strategy sampledMax:2 reads the first and last rows only: "xxxxxxxxxx" (10 × round(6.496)
    /// = 60 px drawn, × 1.03 + 12 = 73.8, so 74 px), not the 40 "x" between them. Stored as
    /// Truncate(74/7 × 256)/256 = 2706/256 = 10.5703125.
    @Test func aStrategyChoosesTheRowsMeasured() throws {
        let csv = "A\n\(String(repeating: "x", count: 10))\n\(String(repeating: "x", count: 40))\nx\n"
        let (result, output) = try render(csv, ["--strategy", "sampledMax:2"])
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: output)
        #expect(sheet.contains("<col min=\"1\" max=\"1\" width=\"10.5703125\""))
    }
}
