import Foundation
import Testing
import TextMeasure
import TextMeasureTestSupport

/// `--table-layout auto` in `columns`, `rows` and `render`, run as a user runs it, with the table
/// of AutomaticTableLayoutTests worked out by hand in Noto Sans Mono at 10 px (6 px a character),
/// padding 8 px a side, sort indicator 20 px, no minimum: Name min = max = 82, Notes min 94 and
/// max 136 (headers 60 and 66); Σmin 176, Σmax 218.
@Suite struct AutomaticLayoutCommandTests {
    static let table = "Name,Notes\nAnn,The quick brown fox\nBartholomew,an extraordinary day\nCy,well-known\n"

    var options: [String] {
        get throws {
            ["--font", try BundledFont.notoSansMono.path(), "--size", "10", "--min", "0", "--padding", "8", "--sort-indicator", "20",
             "--table-layout", "auto"]
        }
    }

    func file() throws -> String { try ColumnsCommandTests().file(Self.table) }

    @Test func columnsJSONHasBothWidthsAndSharesTheFrame() throws {
        let path = try file()
        let columns = try ColumnsCommandTests().json([path] + options + ["--frame-width", "197"])
        #expect(columns.map { $0["minContentWidth"] as? Double } == [82, 94])
        #expect(columns.map { $0["maxContentWidth"] as? Double } == [82, 136])
        #expect(columns.map { $0["width"] as? Double } == [82, 115])  // (197 − 176) ÷ 42 = 0.5 of 136 − 94
        let below = try ColumnsCommandTests().json([path] + options + ["--frame-width", "100"])
        #expect(below.map { $0["width"] as? Double } == [82, 94])
        // SwiftDataTables' rules (the default) print no intrinsic widths.
        let fitted = try ColumnsCommandTests().json([path] + options.dropLast(2) + ["--frame-width", "100"])
        #expect(fitted.allSatisfy { $0["minContentWidth"] == nil && $0["maxContentWidth"] == nil })
        #expect(fitted.map { $0["width"] as? Double } == [82, 136])
    }

    /// At 197 the Notes column is 99 px inside: "The quick brown fox" and "an extraordinary day"
    /// take two lines; at 300 (one line each) every row is one line tall.
    @Test func rowsWrapAtTheSharedWidths() throws {
        let path = try file()
        let rows = RowsCommandTests()
        let narrow = try rows.json([path] + options + ["--frame-width", "197", "--vertical-padding", "0", "--header-height", "0"])
        #expect(narrow.columnWidths == [82, 115])
        rows.expectClose(narrow.heights, [2, 2, 1].map { $0 * RowsCommandTests.line })
        let wide = try rows.json([path] + options + ["--frame-width", "300", "--vertical-padding", "0", "--header-height", "0"])
        rows.expectClose(wide.heights, [1, 1, 1].map { $0 * RowsCommandTests.line })
    }

    /// A PDF page 217 pt wide with 10 pt margins leaves a 197 pt frame: the Notes text wraps
    /// there without --frame-width ("fox" on a line of its own), with --table-layout auto and
    /// with no --table-layout at all (paper's default); and not under SwiftDataTables' rules
    /// (--table-layout fitted), which keep it at 136 and scale nothing down on a page that holds 218.
    @Test func renderToPDFTakesThePageWidthAsTheFrame() throws {
        let path = try file()
        let folder = try RenderingFixtures.temporaryFolder()
        let auto = folder + "/auto.pdf", byDefault = folder + "/default.pdf", fitted = folder + "/fitted.pdf"
        let page = ["--page", "217x400", "--margin", "10", "--style", "plain"]
        #expect(try Command().run(["render", path, "-o", auto] + options + page, input: []).status == 0)
        #expect(try Command().run(["render", path, "-o", byDefault] + options.dropLast(2) + page, input: []).status == 0)
        #expect(try Command().run(["render", path, "-o", fitted] + options.dropLast(2) + page + ["--table-layout", "fitted"],
                                  input: []).status == 0)
        for wrappedPDF in [auto, byDefault] {
            let wrapped = try #require(RenderingFixtures.output(of: "pdftotext", ["-raw", wrappedPDF, "-"]))
            #expect(wrapped.contains("The quick brown\n") && !wrapped.contains("brown fox"), "\(wrappedPDF): \(wrapped)")
        }
        let unwrapped = try #require(RenderingFixtures.output(of: "pdftotext", ["-raw", fitted, "-"]))
        #expect(unwrapped.contains("The quick brown fox"), "\(unwrapped)")
    }

    @Test func givenWidthsAndAutoLayoutDoNotCombine() throws {
        let result = try Command().run(["rows", try file()] + options + ["--widths", "80,80"], input: [])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--widths and --table-layout auto cannot be combined"), "\(result.stderr)")
    }
}
