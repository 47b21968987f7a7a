import DataTables
import Synchronization
import Testing
import TextMeasure
import TextMeasureTestSupport

/// Cells spanning rows, worked by hand in Noto Sans Mono at 10 px: 6 px a glyph, 13.62 px a
/// line; columns 60 px wide with no padding, so 10 glyphs a line.
@Suite struct RowSpanTests {
    typealias Sale = MonoTable.Sale

    static let line = MonoTable.line
    static func grid(_ height: Double) -> Double { MonoTable.grid(height) }

    static let columns = MonoTable.columns

    static func configuration(spacing: Double = 0, estimate: Double = 44) -> DataTableConfiguration {
        MonoTable.configuration(spacing: spacing, estimate: estimate)
    }

    func table(_ sales: [Sale], spans: [DataTableRowSpan], spacing: Double = 0, viewport: Double = 1_000) throws -> DataTableLayout<Sale> {
        try DataTableLayout(rows: sales, columns: Self.columns, configuration: Self.configuration(spacing: spacing),
                            viewportHeight: viewport, rowSpans: spans)
    }

    // MARK: The model

    @Test func spansThatDoNotFitAreNamed() {
        #expect(throws: DataTableRowSpanError.empty(DataTableRowSpan(column: 0, row: 2, count: 0))) {
            try DataTableRowSpans([DataTableRowSpan(column: 0, row: 2, count: 0)], rowCount: 5, columnCount: 2)
        }
        #expect(throws: DataTableRowSpanError.columnOutOfRange(DataTableRowSpan(column: 2, row: 0, count: 2), columnCount: 2)) {
            try DataTableRowSpans([DataTableRowSpan(column: 2, row: 0, count: 2)], rowCount: 5, columnCount: 2)
        }
        #expect(throws: DataTableRowSpanError.rowsOutOfRange(DataTableRowSpan(column: 1, row: 3, count: 3), rowCount: 5)) {
            try DataTableRowSpans([DataTableRowSpan(column: 1, row: 3, count: 3)], rowCount: 5, columnCount: 2)
        }
        let first = DataTableRowSpan(column: 1, row: 3, count: 2), second = DataTableRowSpan(column: 1, row: 0, count: 4)
        #expect(throws: DataTableRowSpanError.overlapping(second, first)) {
            try DataTableRowSpans([first, second], rowCount: 5, columnCount: 2)
        }
        #expect(DataTableRowSpanError.overlapping(second, first).description
            == "row span at column 1, rows 3–4 overlaps the row span at column 1, rows 0–3")
        // Spans in different columns may share rows (nested groups), and spans of one row are plain cells.
        let nested = try? DataTableRowSpans([second, DataTableRowSpan(column: 0, row: 0, count: 5),
                                             DataTableRowSpan(column: 1, row: 4, count: 1)], rowCount: 5, columnCount: 2)
        #expect(nested?.all == [DataTableRowSpan(column: 0, row: 0, count: 5), second])
        #expect(nested?.spans(coveringRow: 4) == [DataTableRowSpan(column: 0, row: 0, count: 5)])
    }

    @Test func groupingMakesSpansOfRunsOfEqualKeys() {
        let keys = ["a", "a", "b", "c", "c", "c", "a"]
        #expect(DataTableRowSpan.grouping(keys, column: 3)
            == [DataTableRowSpan(column: 3, row: 0, count: 2), DataTableRowSpan(column: 3, row: 3, count: 3)])
        #expect(DataTableRowSpan.grouping(["x", "x"], column: 0) == [DataTableRowSpan(column: 0, row: 0, count: 2)])
        #expect(DataTableRowSpan.grouping([String](), column: 0).isEmpty)
    }

    @Test func groupRowsReadsTheColumnsTexts() throws {
        let sales = [Sale(id: 0, dept: "Garden", item: "a"), Sale(id: 1, dept: "Garden", item: "b"),
                     Sale(id: 2, dept: "Tools", item: "c")]
        let table = try table(sales, spans: [])
        try table.groupRows(byColumn: 0)
        #expect(table.rowSpans.all == [DataTableRowSpan(column: 0, row: 0, count: 2)])
        #expect(throws: DataTableRowSpanError.unknownGroupColumn(2, columnCount: 2)) { try table.groupRows(byColumn: 2) }
    }

    // MARK: Measuring

    /// "Garden" (one line) beside three items, the second "a long item name" ("a long" / "item
    /// name": two lines): the span is shorter than its rows, which keep their own heights.
    @Test func aSpanShorterThanItsRowsChangesNothing() throws {
        let sales = [Sale(id: 0, dept: "Garden", item: "rake"), Sale(id: 1, dept: "", item: "a long item name"),
                     Sale(id: 2, dept: "", item: "hoe")]
        let table = try table(sales, spans: [DataTableRowSpan(column: 0, row: 0, count: 3)])
        #expect((0..<3).map(table.height(ofRow:)) == [Self.grid(Self.line), Self.grid(2 * Self.line), Self.grid(Self.line)])
    }

    /// "Kitchen and bath and more" wraps to three lines ("Kitchen" / "and bath" / "and more")
    /// beside two one-line rows: 40.86 against 27.24, so the last row grows by 13.62 to two lines.
    /// The second row's own text in the spanned column (four lines) is not drawn and not measured.
    @Test func aSpanTallerThanItsRowsGrowsTheLastRow() throws {
        let sales = [Sale(id: 0, dept: "Kitchen and bath and more", item: "pan"),
                     Sale(id: 1, dept: "aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd", item: "tap"),
                     Sale(id: 2, dept: "Tools", item: "saw")]
        let table = try table(sales, spans: [DataTableRowSpan(column: 0, row: 0, count: 2)])
        #expect((0..<3).map(table.height(ofRow:)) == [Self.grid(Self.line), Self.grid(2 * Self.line), Self.grid(Self.line)])
        #expect(table.contentHeight == Self.grid(Self.line) * 2 + Self.grid(2 * Self.line))
    }

    /// With 2 px between rows the span's rows hold 13.62 + 2 + 13.62 = 29.24 of its 40.86: the
    /// last row grows by 11.62 to 25.24, as CSS counts the spacing inside a `rowspan` cell.
    @Test func theSpacingBetweenASpansRowsCounts() throws {
        let sales = [Sale(id: 0, dept: "Kitchen and bath and more", item: "pan"), Sale(id: 1, dept: "", item: "tap")]
        let table = try table(sales, spans: [DataTableRowSpan(column: 0, row: 0, count: 2)], spacing: 2)
        #expect(table.height(ofRow: 0) == Self.grid(Self.line))
        #expect(table.height(ofRow: 1) == Self.grid(3 * Self.line - 2 - Self.line))
    }

    /// Nested spans share from the fewest rows to the most (CSS): the inner span (rows 0–1, three
    /// lines) grows row 1 to two lines first; the outer (rows 0–2, five lines: "aaaa bbbb" ×5
    /// wraps to one word pair a line) then finds 4 lines and grows row 2 by one.
    @Test func nestedSpansShareInnerFirst() throws {
        let outer = "aaaa bbbb aaaa bbbb aaaa bbbb aaaa bbbb aaaa bbbb"  // five lines of "aaaa bbbb"
        let sales = [Sale(id: 0, dept: outer, item: "Kitchen and bath and more"), Sale(id: 1, dept: "", item: ""),
                     Sale(id: 2, dept: "", item: "saw")]
        let table = try table(sales, spans: [DataTableRowSpan(column: 0, row: 0, count: 3), DataTableRowSpan(column: 1, row: 0, count: 2)])
        #expect((0..<3).map(table.height(ofRow:)) == [0, Self.grid(3 * Self.line), Self.grid(2 * Self.line)])
    }

    @Test func measuringARowMeasuresOnlyItsSpansRows() throws {
        let sales = (0..<12).map { Sale(id: $0, dept: "D\($0 / 4)", item: "x") }
        let spans = [0, 4, 8].map { DataTableRowSpan(column: 0, row: $0, count: 4) }
        let table = try table(sales, spans: spans, viewport: 0)
        #expect((0..<12).filter(table.isMeasured(row:)).isEmpty)
        table.measureRows(5..<6)
        #expect((0..<12).filter(table.isMeasured(row:)) == [4, 5, 6, 7])
    }

    /// A span growing above the viewport does not move what the user sees.
    @Test func aSpanGrowingAboveKeepsTheUsersPlace() throws {
        let sales = (0..<40).map { Sale(id: $0, dept: $0 < 2 ? "Kitchen and bath and more" : "", item: "x") }
        let table = try table(sales, spans: [DataTableRowSpan(column: 0, row: 0, count: 2)], viewport: 0)
        table.scroll(to: 30 * 44 + 5)  // row 30, estimated, 5 points in
        table.resizeViewport(height: 10)  // row 30 measured: one line
        let before = table.offset(ofRow: 30) - table.contentOffset
        #expect(!table.isMeasured(row: 0))
        table.measureRows(1..<2)  // 2 × 44 estimated become 13.62 + 27.24
        #expect(table.offset(ofRow: 2) == Self.grid(Self.line) + Self.grid(2 * Self.line))
        #expect(table.offset(ofRow: 30) - table.contentOffset == before)
    }
}
