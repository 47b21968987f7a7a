import CellLayout
import DataTables
import Foundation
import TableRendering
import Testing
import TextMeasureTestSupport
import TextMeasure

/// A compound spanning cell (`DataTableColumn.cell`) flows over pages as a text one does (issue
/// 28): its placed text items, grouped into lines (items overlapping in height make one; the gap
/// above a line goes with it), follow the span rules. Worked by hand as `SpanPageGrowthTests` is:
/// Noto Sans Mono at 10 px (a line 13.62 pt), 4 pt of padding above and below, columns 76 pt wide
/// (60 pt of text, two words "w01" a line), pages 300 × 400 with 36 pt margins and a 44 pt header:
/// 284 pt for rows.
///
/// The group's cell is a vstack, 6 pt apart, of words 1–10 (5 lines, 68.1 pt) and words 11–40 (15
/// lines, 204.3 pt): 4 + 68.1 + 6 + 204.3 + 4 = 286.4 pt beside rows 9–11 (21.62, 21.62, so row
/// 11 is 243.16), after nine rows of their own (194.58). Its lines are 13.62 pt each but the
/// sixth, 6 + 13.62 = 19.62 (the spacing goes with the line below it).
///
/// Page 1 holds rows 0–10 (237.82; row 11 would end at 480.98) and 43.24 pt of the span: the
/// lines within 43.24 − 4 = 39.24, two (27.24; three would be 40.86), w01–w04 at 44 + 194.58 + 4
/// = 242.58. Page 2 starts at row 11 with lines 3–20 left: 4 + 3 × 13.62 + 19.62 + 14 × 13.62 + 4
/// = 259.16 pt, 16 more than row 11's 243.16, so row 11 is 259.16 on pages; row 12 fits below it
/// (280.78), row 13 does not (302.4) and goes to page 3. Page 2 draws w05–w10 from 48, then w11 at
/// 48 + 40.86 + 6 = 94.86, down to w39–w40 ending at 94.86 + 204.3 = 299.16 = 44 + 259.16 − 4.
@Suite struct CompoundSpanPageTests {
    typealias Sale = SpanFirstLineTests.Sale

    /// The group's name: its two parts, one text node each, split at "|".
    static let name = words(1...10).joined(separator: " ") + "|" + words(11...40).joined(separator: " ")

    /// Words `numbers`: "w01", "w02", …
    static func words(_ numbers: ClosedRange<Int>) -> [String] {
        numbers.map { (number: Int) -> String in (number < 10 ? "w0" : "w") + String(number) }
    }

    /// The Dept column: a vstack of its value's parts, 6 pt apart.
    static let dept = DataTableColumn<Sale>("Dept", text: { $0.dept }) { sale in
        .vstack(spacing: 6, sale.dept.split(separator: "|").map { .text(String($0), stack: SpanFirstLineTests.stack) })
    }

    static func layout() throws -> DataTableLayout<Sale> {
        let sales = (0..<9).map { Sale(id: $0, dept: "d\($0)", aisle: "", item: "a\($0)") }
            + (9..<12).map { Sale(id: $0, dept: name, aisle: "", item: "k\($0)") }
            + (12..<14).map { Sale(id: $0, dept: "e\($0)", aisle: "", item: "t\($0)") }
        return try SpanFirstLineTests.layout(sales, spans: [DataTableRowSpan(column: 0, row: 9, count: 3)], dept: dept)
    }

    /// The pages, and the rows' heights on them: before, compound spans did not grow, so page 2
    /// held rows 11–12 at 243.16 and 21.62.
    @Test func theSpansLastRowGrowsOnThePageWhereItEnds() throws {
        let layout = try Self.layout()
        let pages = try layout.pages(style: .plain, page: PageSize(width: 300, height: 400), margins: EdgeInsets(36))
        // The layout itself keeps its rows (measured by paginating): row 11 of 243.16.
        #expect(abs(layout.height(ofRow: 11) - 243.16) < 1e-4)
        #expect(pages.rows == [0..<11, 11..<13, 13..<14])
        try #require(pages.rowHeights.count == 3)
        #expect(abs(pages.rowHeights[1][0] - 259.16) < 1e-4 && abs(pages.rowHeights[1][1] - 21.62) < 1e-4)
    }

    /// The PDF as `pdftotext -bbox` reads it (rows start 36 + 44 = 80 pt down the page): page 1
    /// has w01–w04 from 80 + 194.58 + 4 = 278.58, ending within the span's part at 80 + 237.82;
    /// page 2 w05–w10 from 84, 13.62 apart, and w11–w40 from 84 + 40.86 + 6 = 130.86, the last
    /// line ending at 130.86 + 204.3 = 335.16 = 80 + 259.16 − 4, then t12 at 80 + 259.16 + 4 =
    /// 343.16; page 3 t13 at 84 and no name. Each word once, in order. Before, every page
    /// continuing the span drew the whole cell from its top (w01 on pages 1 and 2), past its rows.
    @Test func thePDFShowsEachWordOfTheCellOnceInsideItsRows() throws {
        let pages = try Self.layout().pages(style: .plain, page: PageSize(width: 300, height: 400), margins: EdgeInsets(36))
        let path = try RenderingFixtures.temporaryFolder() + "/compound.pdf"
        try writeAtomically(try Drawing.pdfData(pages: pages), to: path)
        let xml = try #require(RenderingFixtures.output(of: "pdftotext", ["-bbox", path, "-"]))
        let words = xml.components(separatedBy: "<page ").dropFirst().map(RowSpanDrawingTests.words)
        try #require(words.count == 3)
        let names = words.map { $0.filter { $0.text.hasPrefix("w") } }
        let drawn: [String] = names.flatMap { $0.map(\.text) }
        #expect(drawn == Self.words(1...40))
        // Each word's expected top: pairs a line, 13.62 apart, the sixth line of the cell 6 pt lower.
        func top(ofWord word: Int, firstLine: Int, from first: Double) -> Double {
            let line = (word - 1) / 2
            return first + 13.62 * Double(line - firstLine) + (line >= 5 && firstLine < 5 ? 6 : 0)
        }
        for (page, (firstLine, first, end)) in [(0, 278.58, 80 + 237.82), (2, 84.0, 80 + 259.16 - 4)].enumerated() {
            for word in names[page] {
                let number = Int(word.text.dropFirst()) ?? 0
                let y = top(ofWord: number, firstLine: firstLine, from: first)
                #expect(abs(word.y - y) < 0.01, "page \(page + 1): \(word.text) at \(word.y), not \(y)")
                #expect(word.y + 13.62 <= end + 0.01, "page \(page + 1): \(word.text) past \(end)")
            }
        }
        #expect(names[0].map(\.text) == ["w01", "w02", "w03", "w04"])
        #expect(names[2].isEmpty)
        #expect(words[1].first { $0.text == "t12" }.map { abs($0.y - 343.16) < 0.01 } == true)
        #expect(words[2].first { $0.text == "t13" }.map { abs($0.y - 84) < 0.01 } == true)
    }

    /// Texts side by side make one line: the group's cell is an hstack (6 pt apart, tops aligned)
    /// of words w01–w20 in a 27 pt frame and x01–x10 in the 27 pt left (one word a line, 18 pt:
    /// two would be 42). Its lines are the left text's 20, each of 13.62 pt (the first ten with a
    /// right word level with them): 4 + 272.4 + 4 = 280.4 pt, as in `SpanPageGrowthTests`. So page
    /// 1 shows lines 1–2 (w01 x01, w02 x02) from 44 + 194.58 + 4 = 242.58, and page 2 lines 3–20
    /// from 48, x03–x10 each level with its line's w word, row 11 grown to 253.16. Before, page 2
    /// drew the whole cell again from w01 x01 at 48.
    @Test func textsSideBySideGoOnTogether() throws {
        let dept = DataTableColumn<Sale>("Dept", text: { $0.dept }) { sale in
            let parts = sale.dept.split(separator: "|").map { CellNode.text(String($0), stack: SpanFirstLineTests.stack) }
            return parts.count == 2 ? .hstack(spacing: 6, alignment: .top, [parts[0].frame(width: 27), parts[1]]) : parts[0]
        }
        let name = Self.words(1...20).joined(separator: " ") + "|"
            + (1...10).map { (number: Int) -> String in (number < 10 ? "x0" : "x") + String(number) }.joined(separator: " ")
        let sales = (0..<9).map { Sale(id: $0, dept: "d\($0)", aisle: "", item: "a\($0)") }
            + (9..<12).map { Sale(id: $0, dept: name, aisle: "", item: "k\($0)") }
            + (12..<14).map { Sale(id: $0, dept: "e\($0)", aisle: "", item: "t\($0)") }
        let layout = try SpanFirstLineTests.layout(sales, spans: [DataTableRowSpan(column: 0, row: 9, count: 3)], dept: dept)
        let pages = try layout.pages(style: .plain, page: PageSize(width: 300, height: 400), margins: EdgeInsets(36))
        #expect(pages.rows == [0..<11, 11..<13, 13..<14])
        try #require(pages.rowHeights.count == 3)
        #expect(abs(pages.rowHeights[1][0] - 253.16) < 1e-4)
        // Each page's words of the cell (left of x = 76), with their lines' tops.
        let words = pages.map { page in
            page.textItems.filter { $0.frame.minX < 76 && ($0.run.text.hasPrefix("w") || $0.run.text.hasPrefix("x")) }
                .map { (text: String($0.run.text), top: $0.frame.minY) }
        }
        try #require(words.count == 3)
        for (page, (lines, first)) in [(1...2, 242.58), (3...20, 48.0)].enumerated() {
            let expected = lines.flatMap { line in [(line < 10 ? "w0" : "w") + String(line)] + (line <= 10 ? [(line < 10 ? "x0" : "x") + String(line)] : []) }
            #expect(Set(words[page].map(\.text)) == Set(expected) && words[page].count == expected.count, "page \(page + 1)")
            for word in words[page] {
                let line = Int(word.text.dropFirst()) ?? 0
                let top = first + 13.62 * Double(line - lines.lowerBound)
                #expect(abs(word.top - top) < 1e-4, "page \(page + 1): \(word.text) at \(word.top), not \(top)")
            }
        }
        #expect(words[2].isEmpty)
    }
}
