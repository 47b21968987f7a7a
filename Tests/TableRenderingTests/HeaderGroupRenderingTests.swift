import CellLayout
import DataTables
import Foundation
import Testing
import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// Header groups drawn: placed by hand (columns fixed at 50, 60 and 70 px, rows and header 30 px
/// tall, no sort indicator), and read back from a PDF by poppler's `pdftotext -bbox`.
@Suite struct HeaderGroupRenderingTests {
    struct Line: Identifiable, Sendable {
        let id: Int
        let cells: [String]
    }

    static let titles = ["SKU", "On hand", "Reorder"]

    /// "Stock" over columns 1 and 2 (level 1), "All" over all three (level 2).
    func layout(rows: Int = 3, widths: [Double] = [50, 60, 70]) throws -> DataTableLayout<Line> {
        var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSansMono, size: 10)]))
        configuration.columnWidthModeProvider = { .fixed(width: widths[$0]) }
        configuration.rowHeightMode = .fixed(30)
        configuration.headerHeight = 30
        configuration.sortIndicatorWidth = 0
        configuration.headerGroups = [DataTableHeaderGroup(title: "Stock", columns: 1..<3), DataTableHeaderGroup(title: "All", columns: 0..<3)]
        let columns = Self.titles.indices.map { index in DataTableColumn<Line>(Self.titles[index]) { $0.cells[index] } }
        return try DataTableLayout(rows: (0..<rows).map { Line(id: $0, cells: ["A-\($0)", "\($0 * 3)", "\($0)"]) },
                                   columns: columns, configuration: configuration)
    }

    /// Two group rows above the header: "All" at the top (0–30) over 0–180, "Stock" below it
    /// (30–60) over 50–180, the header row at 60, the first row at 90.
    @Test func groupRowsStandAboveTheHeaderRow() throws {
        let layout = try layout()
        #expect(layout.headerBlockHeight == 90)
        #expect(layout.offset(ofRow: 0) == 90)
        let configuration = layout.styleConfiguration()
        let groups = Dictionary(uniqueKeysWithValues: configuration.headerGroups.map { ($0.title, $0) })
        #expect(groups["All"]?.cell.frame == Rect(x: 0, y: 0, width: 180, height: 30))
        #expect(groups["All"]?.level == 2)
        #expect(groups["Stock"]?.cell.frame == Rect(x: 50, y: 30, width: 130, height: 30))
        #expect(configuration.columns.map(\.header.frame.minY) == [60, 60, 60])
        #expect(configuration.rows.first?.frame.minY == 90)
        // The title is centred: "Stock" is 5 × 6 = 30 px wide in a 130 px cell, so it starts at 50 + 50.
        let stock = try #require(groups["Stock"]?.cell.text.first)
        #expect(abs(stock.frame.minX - 100) < 1e-9)
    }

    /// The grid style's lines: between "On hand" and "Reorder" (x = 110, inside "Stock") the
    /// line starts under "Stock" (60); between "SKU" and "On hand" (x = 50, inside "All" only)
    /// under "All" (30). A line under each group across its columns.
    @Test func gridLinesStopAtTheGroupsTheyCross() throws {
        let drawing = try layout().drawing(style: .grid)
        var vertical: [Double: Double] = [:], horizontal: [Rect] = []
        for case .stroke(let path, _, _) in drawing.items {
            let bounds = path.bounds
            if bounds.width == 0 { vertical[bounds.minX] = bounds.minY } else if bounds.height == 0 { horizontal.append(bounds) }
        }
        #expect(vertical[110] == 60)
        #expect(vertical[50] == 30)
        #expect(horizontal.contains(Rect(x: 50, y: 60, width: 130, height: 0)))
        #expect(horizontal.contains(Rect(x: 0, y: 30, width: 180, height: 0)))
    }

    /// Every shipped style draws the groups' titles (text over the header) and a line under them.
    @Test func everyStyleDrawsTheGroupRows() throws {
        let layout = try layout()
        let styles: [any TableStyle] = [PlainTableStyle(), BorderedTableStyle(), StripedTableStyle(), GridTableStyle()]
        for style in styles {
            let drawing = style.makeBody(configuration: layout.styleConfiguration()).drawing
            var texts: [String] = [], lines: [Rect] = []
            func walk(_ items: [DrawingItem]) {
                for item in items {
                    switch item {
                    case .text(let text): texts.append(String(text.run.text))
                    case .stroke(let path, _, _): lines.append(path.bounds)
                    case .clip(_, let inner): walk(inner)
                    default: break
                    }
                }
            }
            walk(drawing.items)
            #expect(texts.contains("Stock") && texts.contains("All"), "\(type(of: style))")
            if !(style is BorderedTableStyle) {
                #expect(lines.contains(Rect(x: 50, y: 60, width: 130, height: 0)), "\(type(of: style))")
            }
        }
    }

    /// PDF pages repeat the group rows: on every page pdftotext finds "Stock" and "All" above
    /// the header's "Reorder" (Y grows downwards in its boxes).
    @Test func pdfPagesRepeatTheGroupRows() throws {
        let layout = try layout(rows: 120)
        let pages = try layout.pages(style: .grid, page: .a4, margins: EdgeInsets(36))
        // A4 is 841.89 pt tall, 769.89 inside the margins, less the grid's border (0.5 above and
        // below) and the 90 pt header: 678.89 pt, 22 rows of 30 a page; 120 rows take 6 pages.
        #expect(pages.count == 6)
        let path = try RenderingFixtures.temporaryFolder() + "/groups.pdf"
        try writeAtomically(try Drawing.pdfData(pages: pages), to: path)
        let xhtml = try #require(RenderingFixtures.output(of: "pdftotext", ["-bbox", path, "-"]))
        let pageTexts = xhtml.components(separatedBy: "<page ").dropFirst()
        #expect(pageTexts.count == pages.count)
        for (number, page) in pageTexts.enumerated() {
            let words = RenderingFixtures.words(in: page)
            let stock = try #require(words.first { $0.text == "Stock" }, "page \(number + 1)")
            let all = try #require(words.first { $0.text == "All" }, "page \(number + 1)")
            let reorder = try #require(words.first { $0.text == "Reorder" }, "page \(number + 1)")
            #expect(all.yMax <= stock.yMin && stock.yMax <= reorder.yMin, "page \(number + 1)")
            #expect(words.filter { $0.text == "Stock" }.count == 1, "page \(number + 1)")
        }
    }

    /// A group split between column bands stands in each over the columns it has there: pages
    /// 100 pt wide (80 inside the margins) hold one column each, so "Stock" and "All" are on
    /// the "On hand" pages and the "Reorder" pages alike, and "All" on the "SKU" pages.
    @Test func aGroupSplitBetweenBandsRepeatsItsTitle() throws {
        let layout = try layout(rows: 2)
        let pages = try layout.pages(style: .plain, page: PageSize(width: 100, height: 400), margins: EdgeInsets(10))
        #expect(pages.columns == [[0], [1], [2]])
        for (index, page) in pages.enumerated() {
            var texts: [String] = []
            for case .transformed(_, _, let items) in page.items {
                for case .text(let text) in items { texts.append(String(text.run.text)) }
            }
            #expect(texts.contains("All"), "page \(index + 1)")
            #expect(texts.contains("Stock") == (index > 0), "page \(index + 1)")
        }
    }

    /// HTML: each group a `<th colspan>` in the thead, in its own row above the header row, in
    /// the whole page and the virtualised one.
    @Test func htmlUsesColspan() throws {
        let layout = try layout()
        for options in [HTMLOptions(), HTMLOptions(virtualizedRowCount: 1)] {
            let html = try layout.html(style: .grid, options: options).html
            let thead = try #require(html.range(of: "<thead>").flatMap { start in
                html.range(of: "</thead>").map { String(html[start.upperBound..<$0.lowerBound]) } })
            let rows = thead.components(separatedBy: "<tr").dropFirst()
            #expect(rows.count == 3)
            #expect(rows.first?.contains("colspan=\"3\"") == true)
            #expect(rows.dropFirst().first?.contains("<th class=\"e\"></th><th scope=\"colgroup\" colspan=\"2\">") == true)
        }
    }

    /// The layout as data records the groups where the drawing puts them.
    @Test func layoutDocumentRecordsTheGroups() throws {
        let document = try layout().layoutDocument()
        let groups = try #require(document.header.groups)
        #expect(groups.map(\.title) == ["Stock", "All"])
        #expect(groups.map(\.firstColumn) == [1, 0])
        #expect(groups.map(\.columnCount) == [2, 3])
        #expect(groups.map(\.level) == [1, 2])
        #expect(groups.map(\.top) == [30, 0])
        #expect(groups.map(\.height) == [30, 30])
        #expect(groups.map { $0.lines.map(\.text) } == [["Stock"], ["All"]])
        #expect(document.header.top == 60)
        #expect(document.rows.first?.offset == 90)
    }

    /// Sticky columns stick the header row's cells, not the n-th cell of a group row (which,
    /// after a group spanning two columns, is another column's).
    @Test func stickyColumnsSkipTheGroupRows() throws {
        let html = try layout().html(style: .plain, options: HTMLOptions(stickyColumns: 2)).html
        #expect(html.contains("thead tr:last-child th:nth-child(2),"))
        #expect(!html.contains(" thead th:nth-child(2),"))
    }
}
