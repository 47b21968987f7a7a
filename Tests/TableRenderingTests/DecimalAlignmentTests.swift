import DataTables
import Foundation
import Testing
import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// Alignment by content and decimal alignment, worked by hand in Noto Sans Mono at 10 px (6 px a
/// glyph), padding 8 px a side, sort indicator 20, no minimum width.
///
/// Price: "$1,234.5", "$12.25", "($7)", "$0.125". Left of the line: "$1,234" (6 glyphs, 36 px) is
/// the widest; right of it: ".125" (4 glyphs, 24 px). Content 36 + 24 = 60, column 60 + 16 = 76
/// (the header "Price" needs 30 + 16 + 20 = 66). Item: "Apple" 30 + 16, header 24 + 36 = 60. The
/// line sits 24 px inside the content box's right edge: at 76 − 8 − 24 = 44 px into the column.
@Suite struct DecimalAlignmentTests {
    static let table = "Item,Price,Qty\nApple,\"$1,234.5\",3\nPear,$12.25,10\nFig,($7),\nKiwi,$0.125,1\n"
    /// Each price's glyphs left of the line, by hand.
    static let leading = ["$1,234".count, "$12".count, "($7".count, "$0".count]

    var options: [String] {
        get throws {
            ["--font", try BundledFont.notoSansMono.path(), "--size", "10", "--min", "0", "--padding", "8", "--sort-indicator", "20"]
        }
    }

    func render(_ arguments: [String], to name: String) throws -> String {
        let folder = try RenderingFixtures.temporaryFolder()
        let csv = folder + "/prices.csv"
        try Self.table.write(toFile: csv, atomically: true, encoding: .utf8)
        let output = folder + "/" + name
        let result = try Command().run(["render", csv, "-o", output] + options + arguments, input: [])
        #expect(result.status == 0, "\(result.stderr)")
        return output
    }

    func document(_ arguments: [String]) throws -> [String: Any] {
        let path = try render(arguments, to: "prices.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// Each row's lines of column `column`: (text, x in the cell). Schema version 2: a cell is
    /// the array of its lines (or an object with `lines` when styled), and a line without `x`
    /// starts at `padding.leading`.
    func lines(_ document: [String: Any], column: Int) throws -> [[(String, Double)]] {
        let rows = try #require(document["rows"] as? [[String: Any]])
        let leading = try #require((document["padding"] as? [String: Any])?["leading"] as? Double)
        return try rows.map { row in
            let cell = try #require(row["cells"] as? [Any])[column]
            let lines = try #require(cell as? [[String: Any]] ?? (cell as? [String: Any])?["lines"] as? [[String: Any]])
            return try lines.map { (try #require($0["text"] as? String), $0["x"] as? Double ?? leading) }
        }
    }

    @Test func aColumnOfNumbersIsTrailingByItselfAndLeadingWins() throws {
        let auto = try document([])
        let columns = try #require(auto["columns"] as? [[String: Any]])
        #expect(columns.map { $0["alignment"] as? String } == ["leading", "trailing", "trailing"])
        // Qty's column is max(header 18 + 36, 12 + 16) = 54 wide: "3" ends at 54 − 8 = 46.
        #expect(try lines(auto, column: 2).map { $0.first?.1 } == [40, 34, nil, 40])
        let told = try document(["--align", "Qty=leading", "--align", "Price=center"])
        let alignments = try #require(told["columns"] as? [[String: Any]]).map { $0["alignment"] as? String }
        #expect(alignments == ["leading", "center", "leading"])
        #expect(try lines(told, column: 2).map { $0.first?.1 } == [8, 8, nil, 8])
    }

    @Test func decimalSeparatorsShareOneXInTheLayoutDocument() throws {
        let document = try document(["--align", "Price=decimal"])
        let columns = try #require(document["columns"] as? [[String: Any]])
        #expect(columns.map { $0["width"] as? Double } == [60, 76, 54])
        let prices = try lines(document, column: 1)
        #expect(prices.map { $0.map(\.0) } == [["$1,234.5"], ["$12.25"], ["($7)"], ["$0.125"]])
        // Each line starts its leading glyphs left of x = 44.
        #expect(prices.map { $0.first?.1 } == Self.leading.map { 44 - 6 * Double($0) })
    }

    @Test func automaticLayoutMeasuresTheDecimalWidth() throws {
        let document = try document(["--align", "Price=decimal", "--table-layout", "auto"])
        let columns = try #require(document["columns"] as? [[String: Any]])
        // "$1,234.5" alone is 48 wide; the decimal rule makes Price 36 + 24 = 60 both ways.
        #expect(columns[1]["minContentWidth"] as? Double == 76)
        #expect(columns[1]["maxContentWidth"] as? Double == 76)
    }

    @Test func commaSeparatorAlignsCommas() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let csv = folder + "/euro.csv"
        try "Item;Price\nA;1.234,5 €\nB;12,25 €\nC;7 €\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let result = try Command().run(["render", csv, "-o", folder + "/euro.json", "--delimiter", ";", "--decimal-separator", ","]
                                            + options + ["--align", "Price=decimal"], input: [])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/euro.json")))
                                    as? [String: Any])
        // Left: "1.234" (30 px); right: ",25 €" (30 px): 60 + 16 = 76; the line at 76 − 8 − 30 = 38.
        #expect(try #require(document["columns"] as? [[String: Any]])[1]["width"] as? Double == 76)
        #expect(try lines(document, column: 1).map { $0.first?.1 } == [38 - 30, 38 - 12, 38 - 6])
    }

    @Test func pdfPutsEverySeparatorAtOneX() throws {
        // SwiftDataTables' widths, as on a screen: the hand-worked columns.
        let path = try render(["--align", "Price=decimal", "--table-layout", "fitted", "--sort-indicator", "20"], to: "prices.pdf")
        let html = try #require(RenderingFixtures.output(of: "pdftotext", ["-bbox", path, "-"]))
        var xMin: [String: Double] = [:]
        let pattern = try NSRegularExpression(pattern: #"<word xMin="([0-9.]+)"[^>]*>([^<]*)</word>"#)
        for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            let x = Double(html[Range(match.range(at: 1), in: html)!])!
            let word = String(html[Range(match.range(at: 2), in: html)!]).replacingOccurrences(of: "&amp;", with: "&")
            xMin[word] = x
        }
        let apple = try #require(xMin["Apple"])
        for (price, glyphs) in zip(["$1,234.5", "$12.25", "($7)", "$0.125"], Self.leading) {
            let start = try #require(xMin[price], "\(price) in \(xMin)")
            // The line is 44 − 8 px past where Apple's text starts in the column to the left, 60 px wide.
            #expect(abs(start + 6 * Double(glyphs) - (apple + 60 + 36)) < 0.01, "\(price)")
        }
    }

    @Test func libraryDrawsEachSideAsItsOwnRunOnTheLine() throws {
        struct Row: Identifiable { let id: Int; let price: String }
        var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSansMono, size: 10)]))
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        (configuration.minColumnWidth, configuration.sortIndicatorWidth) = (0, 20)
        let prices = ["$1,234.5", "$12.25", "($7)", "$0.125"]
        let layout = try DataTableLayout(rows: prices.enumerated().map { Row(id: $0, price: $1) },
                                         columns: [DataTableColumn("Price", \.price).aligned(.decimal)], configuration: configuration)
        #expect(layout.columnWidths.widths == [76])
        #expect(layout.decimalExtent(ofColumn: 0) == DecimalExtent(leading: 36, trailing: 24))
        for (row, glyphs) in zip(layout.styleConfiguration().rows, Self.leading) {
            let runs = row.cells[0].text
            #expect(runs.count == 2)
            #expect(runs.first.map { $0.origin.x + $0.run.width } == 44)
            #expect(runs.last?.origin.x == 44)
            #expect(runs.first?.origin.x == 44 - 6 * Double(glyphs))
            #expect(runs.map { String($0.run.text) }.joined() == prices[row.index])
        }
    }
}

/// A number column's header ends where its numbers end, in every output: the sort arrow's room
/// (20 px on a screen) is on the title's leading side. Read from the layout JSON, which places
/// each line where the drawing (PNG, SVG, PDF) and the HTML put it.
@Suite struct NumberHeaderTests {
    @Test(arguments: [[String](), ["--align", "Price=decimal"], ["--align", "Price=trailing"], ["--page", "a4"]])
    func aNumberColumnsHeaderEndsWhereItsNumbersEnd(options: [String]) throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "Item,Price\nApple,1.5\nPear,22.25\nFig,(7)\n".write(toFile: folder + "/p.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/p.csv", "-o", folder + "/p.json"] + options, input: [])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/p.json")))
                                    as? [String: Any])
        let padding = try #require(document["padding"] as? [String: Double])
        func right(_ line: [String: Any]) -> Double { (line["x"] as? Double ?? padding["leading"]!) + (line["width"] as? Double ?? 0) }
        let header = try #require(((document["header"] as? [String: Any])?["cells"] as? [[[String: Any]]])?[1].first)
        let numbers = try #require(document["rows"] as? [[String: Any]]).compactMap { ($0["cells"] as? [[[String: Any]]])?[1].first }
        let end = numbers.map(right).max()!
        #expect(abs(right(header) - end) < 0.002, "\(options): header \(right(header)), numbers \(end)")
        // The numbers end at the content box's trailing edge.
        let width = try #require((document["columns"] as? [[String: Any]])?[1]["width"] as? Double)
        #expect(abs(end - (width - padding["trailing"]!)) < 0.002)
    }
}
