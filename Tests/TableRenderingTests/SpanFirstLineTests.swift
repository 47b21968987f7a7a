import CellLayout
import DataTables
import Foundation
import TableRendering
import Testing
import TextMeasureTestSupport
import TextMeasure

/// "A row is never split from its span's first line" (issue 28), worked by hand in Noto Sans Mono
/// at 10 px (a line 13.62 pt: ascender 1069 + descender 293 per 1000 em) with Noto Sans Arabic as
/// its fallback (a line of Arabic 21.12 pt: 1374 + 738). Cells have 4 pt of padding above and
/// below, so a row of Latin items is 21.62 pt tall, and a group named in Arabic needs
/// 4 + 21.12 = 25.12 pt beside its rows for its first line: more than its first row has.
///
/// Pages 300 × 400 pt with 36 pt margins and a 44 pt header, no chrome, no page numbers:
/// 400 − 72 − 44 = 284 pt for rows, 13 rows of 21.62 (281.06; 14 would be 302.68).
@Suite struct SpanFirstLineTests {
    struct Sale: Identifiable, Sendable {
        let id: Int
        var dept: String
        var aisle: String
        var item: String
    }

    static let kitchen = "مطبخ", shelf = "رف"

    static let stack = try! FontStack([Font.bundled(.notoSansMono, size: 10), Font.bundled(.notoSansArabic, size: 10)], size: 10)

    /// Columns Dept (or `dept`), Aisle and Item, 76 pt wide.
    static func layout(_ sales: [Sale], spans: [DataTableRowSpan], dept: DataTableColumn<Sale> = DataTableColumn("Dept", \.dept))
        throws -> DataTableLayout<Sale> {
        var configuration = DataTableConfiguration(font: Self.stack)
        configuration.cellPadding = EdgeInsets(horizontal: 8, vertical: 4)
        configuration.headerHeight = 44
        configuration.textLayout = .wrap
        configuration.columnWidthMode = .fixed(width: 76)
        let columns = [dept, DataTableColumn<Sale>("Aisle", \.aisle), DataTableColumn<Sale>("Item", \.item)]
        return try DataTableLayout(rows: sales, columns: columns, configuration: configuration, rowSpans: spans)
    }

    /// 18 rows: twelve of their own, three of a group from row 12 (`dept`, named `name`), three more.
    static func sales(_ name: String) -> [Sale] {
        (0..<12).map { Sale(id: $0, dept: "d\($0)", aisle: "", item: "a\($0)") }
            + (12..<15).map { Sale(id: $0, dept: name, aisle: "", item: "k\($0)") }
            + (15..<18).map { Sale(id: $0, dept: "Tail", aisle: "", item: "t\($0)") }
    }

    static func pageRows(_ layout: DataTableLayout<Sale>) throws -> [Range<Int>] {
        try layout.pages(style: .plain, page: PageSize(width: 300, height: 400), margins: EdgeInsets(36)).rows
    }

    /// The group starts at row 12, the last row that fits on page 1: 21.62 pt beside it there,
    /// less than the 25.12 its first line needs, so row 12 starts page 2 with the group's name.
    /// A group named in Latin (4 + 13.62 = 17.62 pt) stays where it is.
    @Test func aRowWithoutRoomForItsSpansFirstLineStartsTheNextPage() throws {
        let arabic = try Self.layout(Self.sales(Self.kitchen), spans: [DataTableRowSpan(column: 0, row: 12, count: 3)])
        #expect(try Self.pageRows(arabic) == [0..<12, 12..<18])
        let latin = try Self.layout(Self.sales("Kitchen"), spans: [DataTableRowSpan(column: 0, row: 12, count: 3)])
        #expect(try Self.pageRows(latin) == [0..<13, 13..<18])
    }

    /// Nested groups: Dept spans rows 11–14 and Aisle rows 12–14, both named in Arabic. Ending the
    /// page above row 12 (Aisle's first row, 21.62 pt) leaves Dept 21.62 pt (row 11) on it, also
    /// short of 25.12: the page ends above row 11. With Dept from row 10 (43.24 pt on the page),
    /// only Aisle moves.
    @Test func endingThePageEarlierIsCheckedAgain() throws {
        var sales = Self.sales(Self.kitchen)
        for row in 11..<15 { sales[row].dept = Self.kitchen }
        for row in 12..<15 { sales[row].aisle = Self.shelf }
        let nested = try Self.layout(sales, spans: [DataTableRowSpan(column: 0, row: 11, count: 4),
                                                    DataTableRowSpan(column: 1, row: 12, count: 3)])
        #expect(try Self.pageRows(nested) == [0..<11, 11..<18])
        sales[10].dept = Self.kitchen
        let wider = try Self.layout(sales, spans: [DataTableRowSpan(column: 0, row: 10, count: 5),
                                                   DataTableRowSpan(column: 1, row: 12, count: 3)])
        #expect(try Self.pageRows(wider) == [0..<12, 12..<18])
    }

    /// A compound spanning cell needs its highest text's line: "Kitchen" inset 6 pt below the
    /// padding ends 4 + 6 + 13.62 = 23.62 pt down, past its first row's 21.62, so row 12 starts
    /// page 2; inset 3 pt (20.62) it fits beside row 12 on page 1. Noto Sans Mono alone; the
    /// other rows' cells are not inset, so every row is still 21.62 pt.
    @Test func aCompoundSpanningCellNeedsItsHighestTextsLine() throws {
        func pages(inset: Double) throws -> [Range<Int>] {
            let dept = DataTableColumn<Sale>("Dept", text: { $0.dept }) {
                .text($0.dept, stack: Self.stack).padding(EdgeInsets(top: $0.dept == "Kitchen" ? inset : 0, leading: 0, bottom: 0, trailing: 0))
            }
            let spans = [DataTableRowSpan(column: 0, row: 12, count: 3)]
            return try Self.pageRows(Self.layout(Self.sales("Kitchen"), spans: spans, dept: dept))
        }
        #expect(try pages(inset: 6) == [0..<12, 12..<18])
        #expect(try pages(inset: 3) == [0..<13, 13..<18])
    }

    /// The same table through `textmeasure render --group-by Dept` (plain style, no page numbers)
    /// as `pdftotext -bbox` reads it: page 1 holds rows 0–11 (d0…d11, a0…a11) and nothing of the
    /// group; page 2 starts with k0 at 36 + 44 + 4 = 84 pt, the group's name level with it, then
    /// k1, k2 and Tail 21.62 pt apart. Before the rule, k0 was page 1's last row with an empty
    /// group cell, and the name stood beside k1 on page 2.
    @Test func thePDFShowsTheFirstRowBesideItsGroupsName() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let csv = folder + "/groups.csv", pdf = folder + "/groups.pdf"
        let records = Self.sales(Self.kitchen).map { "\($0.dept),\($0.item)" }
        try (["Dept,Item"] + records).joined(separator: "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let fonts = Fixtures.fontsDirectory
        let result = try Command().run(["render", csv, "-o", pdf, "--page", "300x400", "--size", "10", "--widths", "76,76",
                                             "--group-by", "Dept", "--style", "plain", "--page-numbers", "off",
                                             "--font", fonts + "/NotoSansMono-Regular.ttf",
                                             "--font", fonts + "/NotoSansArabic-Regular.ttf"], input: [])
        #expect(result.status == 0, "\(result.stderr)")
        let xml = try #require(RenderingFixtures.output(of: "pdftotext", ["-bbox", pdf, "-"]))
        let pages = xml.components(separatedBy: "<page ").dropFirst().map(RowSpanDrawingTests.words)
        try #require(pages.count == 2)
        func isArabic(_ word: String) -> Bool { word.unicodeScalars.contains { (0x600...0x6FF).contains($0.value) } }
        #expect(pages[0].map(\.text) == ["Dept", "Item"] + (0..<12).flatMap { ["d\($0)", "a\($0)"] })
        let name = pages[1].filter { isArabic($0.text) }
        #expect(!name.isEmpty && name.allSatisfy { abs($0.y - 84) < 0.01 })
        let items = pages[1].filter { !isArabic($0.text) && $0.text != "Dept" && $0.text != "Item" }
        #expect(items.map(\.text) == ["k12", "k13", "k14", "Tail", "t15", "t16", "t17"])
        let tops = Dictionary(items.map { ($0.text, $0.y) }, uniquingKeysWith: { first, _ in first })
        for (word, y) in [("k12", 84.0), ("k13", 105.62), ("k14", 127.24), ("Tail", 148.86)] {
            #expect(abs((tops[word] ?? .nan) - y) < 0.01, "\(word) at \(tops[word] ?? .nan), not \(y)")
        }
    }
}
