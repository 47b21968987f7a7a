import DataTables
import Foundation
import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// The footer row is measured and drawn bold, as a total line is, and labelled "Total" when its
/// first column has no total. Widths are hand-worked from hb-shape's advances
/// (`hb-shape --font-funcs=ot --font-size=1000 --language=und --features=tnum`, the bundled Noto
/// Sans at 10 px, so 1000 units = 10 px): "Total" is 486 + 605 + 361 + 561 + 258 = 2271 units
/// regular and 509 + 619 + 434 + 604 + 305 = 2471 bold; every tabular digit is 572 in both
/// faces; "." is 268 regular and 285 bold.
@Suite struct FooterTests {
    struct Row: Identifiable, Sendable { let id: Int; let item: String; let qty: String }

    static let total = (regular: 22.71, bold: 24.71)
    static let padding = 16.0
    static let columns = [DataTableColumn("#", \Row.item), DataTableColumn("Q", \Row.qty).total(.sum)]

    func configuration(layout: DataTableTableLayout = .contentFitted, font: FontStack? = nil) throws -> DataTableConfiguration {
        var configuration = DataTableConfiguration(font: try font ?? FontStack.bundled(size: 10))
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        (configuration.minColumnWidth, configuration.sortIndicatorWidth) = (0, 0)
        configuration.tableLayout = layout
        configuration.shouldContentWidthScaleToFillFrame = false
        configuration.headerWeight = .regular
        configuration.lastRowIsFooter = true
        return configuration
    }

    /// Two rows and their footer: ["Total", "3"].
    func rows(qty: [String] = ["1", "2"]) throws -> [Row] {
        var rows = qty.enumerated().map { Row(id: $0, item: "a", qty: $1) }
        let footer = try Self.columns.footerTexts(for: rows, reader: NumberReader())
        rows.append(Row(id: rows.count, item: footer[0], qty: footer[1]))
        return rows
    }

    /// Sorting keeps the footer last, and bold: [b, a, c, Total] sorted by "#" is [a, b, c,
    /// Total], not [Total, a, b, c] with "c" in the footer's place.
    @Test func sortingKeepsTheFooterLast() throws {
        let rows = [Row(id: 0, item: "b", qty: "1"), Row(id: 1, item: "a", qty: "2"), Row(id: 2, item: "c", qty: "3"),
                    Row(id: 3, item: "Total", qty: "6")]
        let layout = try DataTableLayout(rows: rows, columns: Self.columns, configuration: try configuration())
        layout.sort(byColumn: 0)
        #expect(layout.rows.map(\.item) == ["a", "b", "c", "Total"])
        #expect(layout.textStyle(ofColumn: 0, row: 3, text: "Total").weight == .bold)
        #expect(layout.textStyle(ofColumn: 0, row: 2, text: "c").weight != .bold)
        layout.sort(byColumn: 1, ascending: false)
        #expect(layout.rows.map(\.item) == ["c", "a", "b", "Total"])
        layout.sort { $0.item > $1.item }
        #expect(layout.rows.map(\.item) == ["c", "b", "a", "Total"])
    }

    /// The footer is in no group, even where its text equals the last group's: rows with Q 5, 5
    /// and a footer of 5 (a max) group rows 0 and 1 only, also after an edit through setData.
    @Test func theFooterIsInNoGroup() throws {
        let rows = [Row(id: 0, item: "a", qty: "5"), Row(id: 1, item: "b", qty: "5"), Row(id: 2, item: "Max", qty: "5")]
        let layout = try DataTableLayout(rows: rows, columns: Self.columns, configuration: try configuration())
        try layout.groupRows(byColumn: 1)
        #expect(layout.rowSpans.span(column: 1, coveringRow: 0) == DataTableRowSpan(column: 1, row: 0, count: 2))
        #expect(layout.rowSpans.span(column: 1, coveringRow: 2) == nil)
        try layout.setData([Row(id: 0, item: "a", qty: "5"), Row(id: 1, item: "c", qty: "5"), Row(id: 2, item: "Max", qty: "5")])
        #expect(layout.rowSpans.span(column: 1, coveringRow: 2) == nil)
        #expect(layout.rowSpans.span(column: 1, coveringRow: 1) == DataTableRowSpan(column: 1, row: 0, count: 2))
        layout.remeasureRow(1)
        #expect(layout.rowSpans.span(column: 1, coveringRow: 2) == nil)
    }

    /// The command: `--group-by v --total v=max` over two rows of 5 shows the total, not a group
    /// of three rows whose one 5 hides it.
    @Test func theCommandsTotalIsNotSwallowedByTheLastGroup() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "k,v\na,5\nb,5\n".write(toFile: folder + "/g.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/g.csv", "-o", folder + "/g.json", "--group-by", "v", "--total", "v=max"],
                                       input: [])
        try #require(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/g.json")))
                                    as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        let values = rows.map { (($0["cells"] as? [[Any]])?[1] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? [] }
        #expect(values == [["5"], [], ["5"]])
        #expect(rows.last?["footer"] as? Bool == true)
    }

    @Test func theFirstColumnWithoutATotalIsLabelled() throws {
        let rows = try rows()
        #expect(rows.last?.item == "Total" && rows.last?.qty == "3")
        let named = try Self.columns.footerTexts(for: rows.dropLast(), reader: NumberReader(), label: "Sum")
        #expect(named == ["Sum", "3"])
        // A first column with a total keeps its total.
        let both = try [Self.columns[1], Self.columns[1]].footerTexts(for: rows.dropLast(), reader: NumberReader())
        #expect(both == ["3", "3"])
    }

    /// The "#" column holds "a", "a" and the footer "Total": bold, it is 24.71 + 16 wide in both
    /// table layouts, min- and max-content alike (regular would be 22.71 + 16).
    @Test(arguments: [DataTableTableLayout.contentFitted, .automatic])
    func aBoldFooterWidensItsColumn(layout: DataTableTableLayout) throws {
        let configuration = try configuration(layout: layout)
        let widths = try configuration.columnWidths(for: try rows(), columns: Self.columns, cache: nil)
        #expect(abs(widths.columns[0].width - (Self.total.bold + Self.padding)) < 1e-9)
        if layout == .automatic {
            #expect(abs((widths.columns[0].minContentWidth ?? 0) - (Self.total.bold + Self.padding)) < 1e-9)
            #expect(abs((widths.columns[0].maxContentWidth ?? 0) - (Self.total.bold + Self.padding)) < 1e-9)
        }
        // The layout measures the same; after an update puts a row below it, "Total" is no
        // longer the footer and is measured regular.
        let table = try DataTableLayout(rows: try rows(), columns: Self.columns, configuration: configuration)
        #expect(abs(table.columnWidths.columns[0].width - (Self.total.bold + Self.padding)) < 1e-9)
        _ = try table.setData(try rows() + [Row(id: 3, item: "a", qty: "5")])
        #expect(abs(table.columnWidths.columns[0].width - (Self.total.regular + Self.padding)) < 1e-9)
        #expect(table.textStyle(ofColumn: 0, row: 2, text: "Total").weight != .bold)
        #expect(table.textStyle(ofColumn: 0, row: 3, text: "a").weight == .bold)
    }

    /// Without `lastRowIsFooter`, and in a stack without bold faces, "Total" is regular.
    @Test func noFooterOrNoBoldFacesMeasureRegular() throws {
        var configuration = try configuration()
        configuration.lastRowIsFooter = false
        #expect(abs(try configuration.columnWidths(for: try rows(), columns: Self.columns, cache: nil).columns[0].width
                    - (Self.total.regular + Self.padding)) < 1e-9)
        let regularOnly = try self.configuration(font: try FontStack([Font.bundled(.notoSans, size: 10)]))
        #expect(abs(try regularOnly.columnWidths(for: try rows(), columns: Self.columns, cache: nil).columns[0].width
                    - (Self.total.regular + Self.padding)) < 1e-9)
    }

    /// A decimal column's sides are measured in each cell's weight: "1.5", "2.25" and the bold
    /// footer "3.75". Left of the line: one digit, 5.72. Right: ".75" bold, 2.85 + 11.44 = 14.29
    /// (".25" regular is 2.68 + 11.44 = 14.12).
    @Test func decimalSidesOfTheFooterAreBold() throws {
        let columns = [DataTableColumn("P", \Row.qty).aligned(.decimal).total(.sum)]
        var rows = [Row(id: 0, item: "", qty: "1.5"), Row(id: 1, item: "", qty: "2.25")]
        let footer = try columns.footerTexts(for: rows, reader: NumberReader())
        #expect(footer == ["3.75"])
        rows.append(Row(id: 2, item: "", qty: footer[0]))
        let layout = try DataTableLayout(rows: rows, columns: columns, configuration: try configuration())
        let extent = try #require(layout.decimalExtent(ofColumn: 0))
        #expect(abs(extent.leading - 5.72) < 1e-9)
        #expect(abs(extent.trailing - 14.29) < 1e-9)
        #expect(abs(layout.columnWidths.columns[0].width - (5.72 + 14.29 + Self.padding)) < 1e-9)
    }

    /// What is drawn: the footer's runs in NotoSans-Bold (the style configuration, the layout
    /// document's font entry of weight 700), the other rows' in the regular face.
    @Test func theFooterIsDrawnBold() throws {
        let layout = try DataTableLayout(rows: try rows(), columns: Self.columns, configuration: try configuration())
        let styled = layout.styleConfiguration()
        let footer = try #require(styled.rows.last)
        #expect(footer.isFooter && footer.cells.allSatisfy { $0.textStyle.weight == .bold })
        #expect(styled.rows.dropLast().allSatisfy { $0.cells.allSatisfy { $0.textStyle.weight != .bold } })
        let document = layout.layoutDocument()
        func files(ofRow row: Int) -> [String?] {
            var files: [String?] = []
            for cell in document.rows[row].cells {
                var previous: TableLayoutDocument.Line?
                for line in cell.lines {
                    let resolved = line.resolved(after: previous, in: document)
                    previous = resolved
                    files += (resolved.runs ?? []).map { document.fonts[$0.font].file }
                }
            }
            return files
        }
        #expect(files(ofRow: 2) == ["NotoSans-Bold.ttf", "NotoSans-Bold.ttf"])
        #expect(files(ofRow: 0) == ["NotoSans-Regular.ttf", "NotoSans-Regular.ttf"])
        let label = try #require(document.rows[2].cells[0].lines.first)
        #expect(label.text == "Total" && abs(label.width - Self.total.bold) < 1e-9)
    }

    /// The command labels and bolds its --total footer: in the layout JSON, "Total" is 24.71 wide
    /// in the font entry of weight 700.
    @Test func commandFooterIsLabelledAndBold() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let csv = folder + "/q.csv"
        try "#,Q\na,1\na,2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let result = try Command().run(["render", csv, "-o", folder + "/q.json", "--size", "10", "--min", "0", "--padding", "8",
                                             "--sort-indicator", "0", "--header-weight", "regular", "--total", "Q=sum"], input: [])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/q.json")))
                                    as? [String: Any])
        let fonts = try #require(document["fonts"] as? [[String: Any]])
        let columns = try #require(document["columns"] as? [[String: Any]])
        #expect(abs(try #require(columns[0]["width"] as? Double) - (Self.total.bold + Self.padding)) < 1e-9)
        let footer = try #require((document["rows"] as? [[String: Any]])?.last)
        #expect(footer["footer"] as? Bool == true)
        let line = try #require((footer["cells"] as? [[[String: Any]]])?.first?.first)
        #expect(line["text"] as? String == "Total")
        #expect(abs(try #require(line["width"] as? Double) - Self.total.bold) < 1e-9)
        // A usual line's font is `line.font`; the footer's is named on its run.
        let usual = try #require((document["line"] as? [String: Any])?["font"] as? Int)
        let font = (line["runs"] as? [[String: Any]])?.first?["font"] as? Int ?? usual
        #expect(fonts[font]["weight"] as? Int == 700)
    }
}
