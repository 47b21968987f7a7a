import DataTables
import Foundation
@testable import TableSpreadsheet
import Testing
import TextMeasure
import TextMeasureTestSupport

/// A decimal-aligned column pads each number's format with spaces as wide as the digits it lacks
/// of the column's most places (and the separator, for a whole number, and a parenthesis when the
/// column closes one), so the separators line up. Widths are Carlito's own (2048 units an em, at
/// 11 pt): a digit 1038, "." 517, ")" 621. A run of the font's spaces comes within 0.15 pt of such a
/// width (")" is 24 units from 341 + 256, its nearest).
@Suite struct DecimalPaddingTests {
    static let unit = 11.0 / 2048
    let font: SpreadsheetFont
    let spaces: PaddingSpaces

    init() throws {
        font = try SpreadsheetFont.calibri()
        spaces = PaddingSpaces(stack: font.regular)
    }

    /// The quoted run at the end of each section of `code`, and its width in Carlito 11.
    func runs(_ code: String) -> [Double] {
        code.split(separator: ";").map { section in
            guard section.hasSuffix("\""), let open = section.dropLast().lastIndex(of: "\"") else { return 0 }
            let run = String(section[section.index(after: open)..<section.index(before: section.endIndex)])
            return run.allSatisfy(\.isWhitespace) ? font.regular.width(of: run) : 0
        }
    }

    @Test func theColumnsMostPlacesAndParentheses() {
        let padding = DecimalPadding(codes: ["0.0", "0", "#,##0.000", "0.00;\"(\"0.00\")\""], spaces: spaces)
        #expect(padding.places == 3)
        #expect(padding.closesParenthesis)
        let plain = DecimalPadding(codes: ["0.0", "\"$\"#,##0.00;\"-$\"#,##0.00"], spaces: spaces)
        #expect(plain.places == 2)
        #expect(!plain.closesParenthesis)
    }

    @Test func eachSectionIsPaddedToTheSameRightPart() throws {
        let padding = DecimalPadding(codes: ["0.0", "0", "#,##0.000", "0.00;\"(\"0.00\")\""], spaces: spaces)
        // "0.0": two digits and a parenthesis, 2 × 1038 + 621 = 2697 units.
        let tenths = padding.padded("0.0")
        #expect(tenths.hasPrefix("0.0\""))
        #expect(runs(tenths).allSatisfy { abs($0 - 2697 * Self.unit) < 0.15 })
        // "0": the separator, three digits and a parenthesis: 517 + 3 × 1038 + 621 = 4252.
        #expect(runs(padding.padded("0")).allSatisfy { abs($0 - 4252 * Self.unit) < 0.15 })
        // "0.00;("0.00")": one digit and a parenthesis for positives (1659), one digit for the
        // negatives' section, which closes its own (1038).
        let hundredths = runs(padding.padded("0.00;\"(\"0.00\")\""))
        #expect(hundredths.count == 2)
        #expect(abs(hundredths[0] - 1659 * Self.unit) < 0.15)
        #expect(abs(hundredths[1] - 1038 * Self.unit) < 0.15)
        // The most places and a parenthesis: only the parenthesis (621).
        #expect(runs(padding.padded("#,##0.000")).allSatisfy { abs($0 - 621 * Self.unit) < 0.15 })
    }

    /// The column is wide enough for its padded numbers: "1.5", "12" and "3.25" are drawn as wide
    /// as "1.50", "12.00" and "3.25" (the runs of spaces are a digit's and a separator's width
    /// within a fraction of a point), so the column is as wide as a trailing one of those, within
    /// the pixel a column's rounding may add; the same cells unpadded need less.
    @Test func theColumnHoldsThePadding() throws {
        let rows = [["1.5"], ["12"], ["3.25"]]
        let columns = [DataTableColumn<[String]>("i") { $0[0] }]
        let decimal = try SpreadsheetTable(rows: rows, columns: columns, font: font, alignments: [.decimal])
        let padded = try SpreadsheetTable(rows: [["1.50"], ["12.00"], ["3.25"]], columns: columns, font: font, alignments: [.trailing])
        #expect(abs(decimal.columnWidths[0].pixels - padded.columnWidths[0].pixels) <= 1)
        let unpadded = try SpreadsheetTable(rows: rows, columns: columns, font: font, alignments: [.trailing])
        #expect(unpadded.columnWidths[0].pixels < decimal.columnWidths[0].pixels)
    }

    /// The command writes the padded formats, right-aligned, no longer refusing --align decimal.
    @Test func theCommandWritesThem() throws {
        let output = try RenderingFixtures.temporaryFolder() + "/decimal.xlsx"
        let result = try Command().run(["render", "-", "-o", output, "--align", "Amount=decimal"], input: Array("Amount\n1.5\n12.25\n".utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let styles = try Workbook.member("xl/styles.xml", of: output)
        #expect(styles.contains("formatCode=\"0.0&quot;"))
        #expect(styles.contains("horizontal=\"right\""))
    }
}
