import DataTables
import Foundation
import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// Footer totals: generated money columns against Python's `decimal` module
/// (Scripts/golden-totals.py writes Fixtures/golden-totals.json, cells and totals written by
/// its own formatter), and cases worked by hand.
@Suite struct TotalsTests {
    struct Golden: Decodable {
        let decimalSeparator: String
        let cells: [String]
        let sum, mean, min, max, count: String
    }

    @Test func generatedMoneyColumnsMatchPythonsDecimal() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.directory + "/golden-totals.json"))
        let columns = try JSONDecoder().decode([Golden].self, from: data)
        #expect(columns.count == 12)
        for (index, golden) in columns.enumerated() {
            let reader = NumberReader(decimalSeparator: try #require(DecimalSeparator(rawValue: golden.decimalSeparator)))
            let expected: [ColumnTotal: String] = [.sum: golden.sum, .mean: golden.mean, .min: golden.min, .max: golden.max,
                                                   .count: golden.count]
            for (total, text) in expected {
                #expect(try total.text(of: golden.cells, column: "C\(index)", reader: reader) == text, "column \(index) \(total)")
            }
        }
    }

    @Test func sumIsExactWhereDoubleIsNot() throws {
        let cells = ["$0.10", "$0.20", "$8,619,510.17"]
        #expect(try ColumnTotal.sum.text(of: cells, column: "Price", reader: NumberReader()) == "$8,619,510.47")
        // Ten dimes: 0.9999999999999999 in binary floating point.
        let dimes = Array(repeating: "$0.10", count: 10)
        #expect(try ColumnTotal.sum.text(of: dimes, column: "Price", reader: NumberReader()) == "$1.00")
        #expect(dimes.reduce(0.0) { sum, _ in sum + 0.1 } != 1)
    }

    @Test func resultTakesTheColumnsFormat() throws {
        let reader = NumberReader()
        // The largest fraction count (3), the grouping of "1,234.5", parentheses of "(7)".
        #expect(try ColumnTotal.sum.text(of: ["1,234.5", "(7)", "0.125", ""], column: "A", reader: reader) == "1,227.625")
        #expect(try ColumnTotal.sum.text(of: ["(1,234.5)", "7", "0.125"], column: "A", reader: reader) == "(1,227.375)")
        #expect(try ColumnTotal.min.text(of: ["5 €", "12,5 €"], column: "A", reader: NumberReader(decimalSeparator: .comma)) == "5,0 €")
        #expect(try ColumnTotal.max.text(of: ["12 %", "7.5 %"], column: "A", reader: reader) == "12.0 %")
        #expect(try ColumnTotal.count.text(of: ["$1", "", "$2"], column: "A", reader: reader) == "2")
        #expect(try ColumnTotal.sum.text(of: ["", " "], column: "A", reader: reader) == "0")
        #expect(try ColumnTotal.mean.text(of: [""], column: "A", reader: reader) == "")
    }

    @Test func meanRoundsHalfEven() throws {
        let reader = NumberReader()
        // 0.01 + 0.02 = 0.03; ÷ 2 = 0.015: a tie, to the even 0.02. 0.01 + 0.04 = 0.05 ÷ 2 = 0.025 → 0.02.
        #expect(try ColumnTotal.mean.text(of: ["0.01", "0.02"], column: "A", reader: reader) == "0.02")
        #expect(try ColumnTotal.mean.text(of: ["0.01", "0.04"], column: "A", reader: reader) == "0.02")
        // 1 + 1 + 0 = 2 ÷ 3 = 0.666… → 1; −2 ÷ 3 → −1; 5 ÷ 2 = 2.5 → 2; 7 ÷ 2 = 3.5 → 4.
        #expect(try ColumnTotal.mean.text(of: ["1", "1", "0"], column: "A", reader: reader) == "1")
        #expect(try ColumnTotal.mean.text(of: ["-1", "-1", "0"], column: "A", reader: reader) == "-1")
        #expect(try ColumnTotal.mean.text(of: ["2", "3"], column: "A", reader: reader) == "2")
        #expect(try ColumnTotal.mean.text(of: ["3", "4"], column: "A", reader: reader) == "4")
    }

    @Test func aCellThatIsNotANumberNamesItsRowAndColumn() {
        #expect(throws: ColumnTotalError(row: 1, column: "Price", problem: .notANumber("12 apples"))) {
            try ColumnTotal.sum.text(of: ["$1", "12 apples", "$3"], column: "Price", reader: NumberReader())
        }
        let error = ColumnTotalError(row: 1, column: "Price", problem: .notANumber("12 apples"))
        #expect(error.description == "row 2, column \"Price\": \"12 apples\" is not a number, so the column cannot be totalled")
    }

    /// The null markers stand for no value, as an empty cell does: every total skips them, and
    /// `count` counts the numbers. $1.50 + $2.25 = $3.75 over two numbers; the mean $1.875 is
    /// a tie at two places, to the even $1.88.
    @Test func nullMarkersAreSkippedAsEmptyCellsAre() throws {
        let texts = ["$1.50", "-", "N/A", "\u{2014}", "", "$2.25", "n/a", "NA", "\u{2013}"]
        let reader = NumberReader()
        #expect(try ColumnTotal.sum.text(of: texts, column: "Price", reader: reader) == "$3.75")
        #expect(try ColumnTotal.mean.text(of: texts, column: "Price", reader: reader) == "$1.88")
        #expect(try ColumnTotal.min.text(of: texts, column: "Price", reader: reader) == "$1.50")
        #expect(try ColumnTotal.max.text(of: texts, column: "Price", reader: reader) == "$2.25")
        #expect(try ColumnTotal.count.text(of: texts, column: "Price", reader: reader) == "2")
        // Only these texts: "n.a." is a cell that is not a number.
        #expect(throws: ColumnTotalError(row: 1, column: "Price", problem: .notANumber("n.a."))) {
            try ColumnTotal.sum.text(of: ["$1.50", "n.a."], column: "Price", reader: reader)
        }
    }

    @Test func amountsInTwoCurrenciesAreAnError() throws {
        #expect(throws: ColumnTotalError(row: 2, column: "Price", problem: .mixedCurrencies("$", "¥"))) {
            try ColumnTotal.sum.text(of: ["$1.00", "2", "¥8980"], column: "Price", reader: NumberReader())
        }
        #expect(ColumnTotalError(row: 2, column: "Price", problem: .mixedCurrencies("$", "¥")).description
                == "row 3, column \"Price\": ¥ amounts in a column of $ amounts cannot be totalled")
        #expect(try ColumnTotal.count.text(of: ["$1.00", "2", "¥8980"], column: "Price", reader: NumberReader()) == "3")
    }

    @Test func aSumPastThirtyEightDigitsIsAnError() {
        let big = String(repeating: "9", count: 38)
        #expect(throws: ColumnTotalError(row: 1, column: "A", problem: .tooManyDigits)) {
            try ColumnTotal.sum.text(of: [big, "0.5"], column: "A", reader: NumberReader())
        }
    }

    @Test func commandDrawsTheFooterLastWithItsErrorNamed() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let csv = folder + "/prices.csv"
        try "Item,Price\nA,\"$1,234.5\"\nB,$0.125\nC,\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let result = try Command().run(["render", csv, "-o", folder + "/t.pdf", "--total", "Price=sum"], input: [])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-layout", folder + "/t.pdf", "-"]))
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{0C}"))) }.filter { !$0.isEmpty }
        // The footer's first column has no total, so it is labelled "Total".
        #expect(lines.last?.hasPrefix("Total") == true && lines.last?.hasSuffix(" $1,234.625") == true)
        // The layout as data marks the footer, and only it.
        #expect(try Command().run(["render", csv, "-o", folder + "/t.json", "--total", "Price=sum"], input: []).status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/t.json")))
                                    as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.map { $0["footer"] as? Bool } == [nil, nil, nil, true])
        try "Item,Price\nA,$1\nB,pending\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let bad = try Command().run(["render", csv, "-o", folder + "/u.pdf", "--total", "Price=sum"], input: [])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("row 2, column \"Price\": \"pending\" is not a number"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/u.pdf"))
    }

    /// `--sort` orders the rows, never the footer: sorted by their text, "$1" < "$12" < "$2" < "$9",
    /// so a footer "$12" sorted with them would come second.
    @Test func theFooterStaysLastWhenTheRowsAreSorted() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let csv = folder + "/sorted.csv"
        try "Item,Price\nC,$9\nA,$1\nB,$2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let result = try Command().run(["render", csv, "-o", folder + "/s.pdf", "--total", "Price=sum", "--sort", "Price"], input: [])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-layout", folder + "/s.pdf", "-"]))
        let lines = text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { !$0.isEmpty && $0 != "\u{0C}" }
        #expect(lines == ["Item Price", "A $1", "B $2", "C $9", "Total $12"])
    }

    @Test func theFooterRowHasItsRoleAndASeparatorAboveIt() throws {
        struct Row: Identifiable { let id: Int; let item: String; let price: String }
        var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSansMono, size: 10)]))
        configuration.rowHeightMode = .fixed(20)
        (configuration.headerHeight, configuration.lastRowIsFooter) = (30, true)
        let columns = [DataTableColumn("Item", \Row.item), DataTableColumn("Price", \Row.price).total(.sum)]
        var rows = [Row(id: 0, item: "A", price: "$1.50"), Row(id: 1, item: "B", price: "$2")]
        let footer = try columns.map { try $0.footerText(for: rows, reader: NumberReader()) }
        #expect(footer == ["", "$3.50"])
        rows.append(Row(id: 2, item: footer[0], price: footer[1]))
        let layout = try DataTableLayout(rows: rows, columns: columns, configuration: configuration)
        let styled = layout.styleConfiguration()
        #expect(styled.rows.map(\.isFooter) == [false, false, true])
        // Plain: one line under the header (y 30) and one above the footer (30 + 2 × 20 = 70).
        let lines = PlainTableStyle().makeBody(configuration: styled).drawing.items.compactMap { item -> Double? in
            guard case .stroke(let path, _, _) = item, case .line(let from, let to) = path.kind, from.y == to.y else { return nil }
            return from.y
        }
        #expect(lines == [30, 70])
        // Bordered draws no line under its header, only the one above the footer.
        let bordered = BorderedTableStyle().makeBody(configuration: styled).drawing.items.flatMap { item -> [DrawingItem] in
            if case .clip(_, let items) = item { return items } else { return [item] }
        }.compactMap { item -> Double? in
            guard case .stroke(let path, _, _) = item, case .line(let from, let to) = path.kind, from.y == to.y else { return nil }
            return from.y
        }
        #expect(bordered == [70])
    }
}
