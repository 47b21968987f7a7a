import CellLayout
import DataTables
import Foundation
import TableRendering
import Testing
import TextMeasureTestSupport
import TextMeasure

/// "A spanning cell taller than the rows of a page wraps across pages like any tall cell"
/// (issue 28), where a row of its span is itself split between pages. Worked by hand in Noto
/// Sans Mono at 10 px (a line 13.62 pt, 6 pt a character), 4 pt of padding above and below, so a
/// row of one line is 21.62 pt; columns 76 pt wide hold 60 pt of text, ten characters a line.
///
/// A group name of 40 words, "w01 w02" a line (20 lines, 272.4 pt), spans rows 3–5 after three
/// rows of their own; row 4's item wraps `x001 x002` a line. Pages 300 × 400 pt, 36 pt margins,
/// a 44 pt header: 284 pt for rows. Page 1 holds rows 0–3 (86.48 pt) and of row 4 its top padding
/// and 14 lines (4 + 190.68 = 194.68; 15 lines would be 208.3 > 197.52), so it shows 21.62 + 194.68
/// = 216.3 pt of the span: the name's lines whose bottom, 4 + 13.62 k below the span's top, is
/// within that, k ≤ 15 (15.59 → 15). Line k stands at 44 + 64.86 + 4 + 13.62 (k − 1) in the
/// page's table. The next page goes on with line 16 at the top of the span's part there, 4 pt
/// below the header (44 + 4 = 48).
@Suite struct SpanAcrossSplitRowTests {
    typealias Sale = SpanFirstLineTests.Sale

    static let name = words(40)

    /// `count` words, "w01" on: two a line.
    static func words(_ count: Int) -> String {
        (1...count).map { "w" + ($0 < 10 ? "0" : "") + String($0) }.joined(separator: " ")
    }

    /// `words` words, "x001" on: two a line.
    static func item(_ words: Int) -> String {
        (1...words).map { "x" + String(repeating: "0", count: 3 - String($0).count) + String($0) }.joined(separator: " ")
    }

    /// Rows 0–2 of their own, rows 3–5 of the group `name` (row 4's item `item`), rows 6–8 after it.
    static func sales(item: String, name: String = Self.name) -> [Sale] {
        (0..<3).map { Sale(id: $0, dept: "Lead", aisle: "", item: "a\($0)") }
            + [Sale(id: 3, dept: name, aisle: "", item: "b0"), Sale(id: 4, dept: name, aisle: "", item: item),
               Sale(id: 5, dept: name, aisle: "", item: "b2")]
            + (6..<9).map { Sale(id: $0, dept: "Tail", aisle: "", item: "c\($0)") }
    }

    /// Each page's lines of the name (1 for "w01 w02"), with their tops and bottoms in the page's
    /// table (the header from 0 to 44).
    static func nameLines(_ layout: DataTableLayout<Sale>) throws -> [[(line: Int, top: Double, bottom: Double)]] {
        let pages = try layout.pages(style: .plain, page: PageSize(width: 300, height: 400), margins: EdgeInsets(36))
        return pages.map { page in
            page.textItems.filter { $0.frame.minX < 76 && $0.run.text.hasPrefix("w") }.map { item in
                ((Int(item.run.text.dropFirst().prefix(2)) ?? 0) / 2 + 1, item.frame.minY, item.frame.maxY)
            }
        }
    }

    /// The words of each page `textmeasure render --group-by Dept` draws of `sales` (columns Dept
    /// and Item, 76 pt, in Noto Sans Mono at 10 px, plain style, no page numbers, 300 × 400 pt
    /// pages), as `pdftotext -bbox` reads them.
    static func groupedPDFWords(_ sales: [Sale]) throws -> [[(text: String, y: Double)]] {
        let folder = try RenderingFixtures.temporaryFolder()
        let csv = folder + "/groups.csv", pdf = folder + "/groups.pdf"
        let records = sales.map { "\"\($0.dept)\",\"\($0.item)\"" }
        try (["Dept,Item"] + records).joined(separator: "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let result = try Command().run(["render", csv, "-o", pdf, "--page", "300x400", "--size", "10", "--widths", "76,76",
                                        "--group-by", "Dept", "--style", "plain", "--page-numbers", "off",
                                        "--font", Fixtures.fontsDirectory + "/NotoSansMono-Regular.ttf"], input: [])
        #expect(result.status == 0, "\(result.stderr)")
        let xml = try #require(RenderingFixtures.output(of: "pdftotext", ["-bbox", pdf, "-"]))
        return xml.components(separatedBy: "<page ").dropFirst().map(RowSpanDrawingTests.words)
    }

    /// Checks that `lines` are lines `numbers`, the first `first` points down the page's table,
    /// each 13.62 below the one before, and none past `end`.
    static func expect(_ lines: [(line: Int, top: Double, bottom: Double)], are numbers: ClosedRange<Int>, from first: Double,
                       within end: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(lines.map(\.line) == Array(numbers), sourceLocation: sourceLocation)
        for (index, line) in lines.enumerated() {
            let top = first + 13.62 * Double(index)
            #expect(abs(line.top - top) < 1e-4, "line \(line.line) at \(line.top), not \(top)", sourceLocation: sourceLocation)
            #expect(line.bottom <= end + 1e-4, "line \(line.line) ends at \(line.bottom), past \(end)", sourceLocation: sourceLocation)
        }
    }

    /// Row 4 of 30 lines (8 + 408.6 = 416.6 pt): page 2 holds its other 221.92 pt, row 5 and row 6
    /// (265.16; row 7 would make 286.78). Page 1 shows lines 1–15 (the last ends at 317.16, above
    /// the page's cut at 44 + 86.48 + 194.68 = 325.16), page 2 lines 16–20 beside the span's part
    /// there (221.92 + 21.62 = 243.54, to 287.54), page 3 none: each line once, in order. Before,
    /// page 1 drew all 20 (down to 385.26) and page 2 the covered row's own copy of the name.
    @Test func aNameBesideASplitRowGoesOnOnTheNextPage() throws {
        let layout = try SpanFirstLineTests.layout(Self.sales(item: Self.item(60)), spans: [DataTableRowSpan(column: 0, row: 3, count: 3)])
        let pages = try Self.nameLines(layout)
        try #require(pages.count == 3)
        Self.expect(pages[0], are: 1...15, from: 112.86, within: 325.16)
        Self.expect(pages[1], are: 16...20, from: 48, within: 287.54)
        #expect(pages[2].isEmpty)
    }

    /// The span ends with the split row (rows 3–4): the page that cuts row 4 is not where the span
    /// ends, so it still shows lines 1–15 only, and page 2 the rest. Before, page 1 drew every line.
    @Test func aSpanEndingInASplitRowEndsOnItsLastPage() throws {
        var sales = Self.sales(item: Self.item(60))
        sales[5].dept = "Tail"
        let layout = try SpanFirstLineTests.layout(sales, spans: [DataTableRowSpan(column: 0, row: 3, count: 2)])
        let pages = try Self.nameLines(layout)
        try #require(pages.count == 3)
        Self.expect(pages[0], are: 1...15, from: 112.86, within: 325.16)
        // Row 4's other 221.92 pt end at 265.92.
        Self.expect(pages[1], are: 16...20, from: 48, within: 265.92)
    }

    /// Row 4 of 60 lines (825.2 pt) takes four pages: 14 lines, then 20 (272.4 pt) on each of
    /// pages 2 and 3, then 6 and the bottom padding (85.72) with rows 5–8 on page 4. Page 1 shows
    /// lines 1–15 as they lie; page 2 goes on with line 16 (which lay across page 1's cut) below
    /// the padding, as many lines as fit in 272.4 − 4 pt: 19 (258.78; 20 would be 272.4).
    ///
    /// A name of 40 words (20 lines) has five left for page 2; pages 3 and 4 continue a span whose
    /// lines were all shown, so they repeat the name from line 1, as many lines as its part of the
    /// page holds less the padding: 272.4 − 8 holds 19 lines, 85.72 + 21.62 − 8 = 99.34 holds 7
    /// (95.34). Before, pages 3 and 4 had none (drawn above the page and cut off).
    ///
    /// A name of 80 words (40 lines): page 2 shows 16–34, page 3 the other six, 35–40, page 4
    /// repeats lines 1–7. Before, page 2 took the lines ending within 216.3 + 272.4 = 488.7 pt of
    /// the span's top, 16–35, and line 35 fell below the page's cut, drawn nowhere.
    @Test(arguments: [(40, [1...15, 16...20, 1...19, 1...7]), (80, [1...15, 16...34, 35...40, 1...7])])
    func aNameBesideAFourPageRowGoesOnThenRepeats(words: Int, lines: [ClosedRange<Int>]) throws {
        let sales = Self.sales(item: Self.item(119), name: Self.words(words))
        let layout = try SpanFirstLineTests.layout(sales, spans: [DataTableRowSpan(column: 0, row: 3, count: 3)])
        let pages = try Self.nameLines(layout)
        try #require(pages.count == 4)
        Self.expect(pages[0], are: lines[0], from: 112.86, within: 325.16)
        Self.expect(pages[1], are: lines[1], from: 48, within: 44 + 272.4)
        Self.expect(pages[2], are: lines[2], from: 48, within: 44 + 272.4)
        Self.expect(pages[3], are: lines[3], from: 48, within: 44 + 107.34)
    }

    /// The first table through `textmeasure render --group-by Dept` (columns Dept and Item 76 pt,
    /// plain style, no page numbers) as `pdftotext -bbox` reads it: the page's table starts 36 pt
    /// down, its rows at 80. Page 1 has w01–w30, two a line, line k at 80 + 64.86 + 4 + 13.62 (k − 1)
    /// = 148.86 + 13.62 (k − 1), the last ending at 353.16, above the page's cut at 80 + 86.48 +
    /// 194.68 = 361.16; page 2 w31–w40 from 84, above the span's end at 80 + 243.54 = 323.54; page
    /// 3 none. Each word of the name once.
    @Test func thePDFShowsEachWordOfTheNameOnceInsideTheTable() throws {
        let pages = try Self.groupedPDFWords(Self.sales(item: Self.item(60)))
        try #require(pages.count == 3)
        let names = pages.map { $0.filter { $0.text.hasPrefix("w") } }
        #expect(names.flatMap { $0.map(\.text) } == Self.name.split(separator: " ").map(String.init))
        for (page, (first, end)) in [(148.86, 361.16), (84.0, 323.54)].enumerated() {
            for (index, word) in names[page].enumerated() {
                let y = first + 13.62 * Double(index / 2)
                #expect(abs(word.y - y) < 0.01, "page \(page + 1): \(word.text) at \(word.y), not \(y)")
                #expect(word.y + 13.62 <= end + 0.01, "page \(page + 1): \(word.text) past \(end)")
            }
        }
        #expect(names[2].isEmpty)
    }
}
