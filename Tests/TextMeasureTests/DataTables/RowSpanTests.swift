import DataTables
import Synchronization
import Testing
import TextMeasure

/// Cells spanning rows, worked by hand in Noto Sans Mono at 10 px: 6 px a glyph, 13.62 px a
/// line; columns 60 px wide with no padding, so 10 glyphs a line.
@Suite struct RowSpanTests {
    struct Sale: Identifiable, Sendable, Equatable {
        let id: Int
        var dept: String
        var item: String
    }

    static let line = DataTableLayoutTests.line
    static func grid(_ height: Double) -> Double { DataTableLayoutTests.grid(height) }

    static let columns = [DataTableColumn<Sale>("Dept", \.dept), DataTableColumn<Sale>("Item", \.item)]

    static func configuration(spacing: Double = 0, estimate: Double = 44) -> DataTableConfiguration {
        var configuration = DataTableLayoutTests.configuration(estimate: estimate)
        configuration.textLayout = .wrap
        configuration.rowSpacing = spacing
        return configuration
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

/// The million-row probe, grouped: two rows a group, each group's name three lines beside two
/// one-line rows.
@Suite struct GroupedMillionRowTests {
    struct Entry: Identifiable, Sendable { let id: Int }

    final class Counter: Sendable {
        let count = Mutex(0)
        func tick() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    @Test func measuringARowNearTheMiddleMeasuresOnlyItsSpan() throws {
        let names = Counter(), messages = Counter()
        let columns = [DataTableColumn<Entry>("Group") { _ in names.tick(); return "Kitchen and bath and more" },
                       DataTableColumn<Entry>("Message") { _ in messages.tick(); return "ok" }]
        let entries = (0..<1_000_000).map(Entry.init)
        let spans = stride(from: 0, to: 1_000_000, by: 2).map { DataTableRowSpan(column: 0, row: $0, count: 2) }
        let table = try DataTableLayout(rows: entries, columns: columns, configuration: RowSpanTests.configuration(),
                                        viewportHeight: 0, rowSpans: spans)
        #expect(names.value == 0 && messages.value == 0)  // nothing in view, nothing measured
        table.scroll(to: table.offset(ofRow: 700_001) + 3)
        table.resizeViewport(height: 100)
        let anchor = table.offset(ofRow: 700_001) - table.contentOffset
        let (namesBefore, messagesBefore) = (names.value, messages.value)

        table.measureRows(500_001..<500_002)
        // Its span's two rows, nothing else: two message cells and the one spanning name laid out.
        #expect((499_990..<500_010).filter(table.isMeasured(row:)) == [500_000, 500_001])
        #expect(messages.value - messagesBefore == 2 && names.value - namesBefore == 1)
        let line = RowSpanTests.line
        #expect(table.height(ofRow: 500_000) == RowSpanTests.grid(line))
        #expect(table.height(ofRow: 500_001) == RowSpanTests.grid(2 * line))
        // The Fenwick index: 500,000 rows of 44 above, then the span's 40.86.
        #expect(table.offset(ofRow: 500_002) == 500_000 * 44 + RowSpanTests.grid(line) + RowSpanTests.grid(2 * line))
        #expect(table.row(atOffset: 500_000 * 44 + 14) == 500_001)
        // Row 700,001 stays where the user saw it.
        #expect(table.offset(ofRow: 700_001) - table.contentOffset == anchor)
    }
}

/// Updates to grouped rows: an edited value splits or joins groups, and only the groups it
/// touches are measured again.
@Suite struct RowSpanUpdateTests {
    struct Entry: Identifiable, Sendable, Equatable {
        let id: Int
        var group: String
    }

    @Test func anEditAtRow500000JoinsItToTheGroupAbove() throws {
        let messages = GroupedMillionRowTests.Counter()
        let columns = [DataTableColumn<Entry>("Group", \.group),
                       DataTableColumn<Entry>("Message") { _ in messages.tick(); return "ok" }]
        var entries = (0..<1_000_000).map { Entry(id: $0, group: "G\($0 / 10)") }  // groups of ten
        let table = try DataTableLayout(rows: entries, columns: columns, configuration: RowSpanTests.configuration(),
                                        viewportHeight: 0)
        try table.groupRows(byColumn: 0)
        #expect(table.rowSpans.span(column: 0, coveringRow: 500_000) == DataTableRowSpan(column: 0, row: 500_000, count: 10))
        table.measureRows(499_990..<500_020)  // three groups

        entries[500_000].group = "G49999"  // the group above's name: row 500,000 joins it
        let changes = try table.setData(entries)
        #expect(changes.addedRowSpans == [DataTableRowSpan(column: 0, row: 499_990, count: 11),
                                          DataTableRowSpan(column: 0, row: 500_001, count: 9)])
        #expect(changes.removedRowSpans == [DataTableRowSpan(column: 0, row: 499_990, count: 10),
                                            DataTableRowSpan(column: 0, row: 500_000, count: 10)])
        #expect(changes.reloadedCells == [DataTableChangeSet.Cell(row: 500_000, column: 0)])
        // The two groups it touched wait to be measured again; the third does not.
        #expect((499_980..<500_030).filter(table.isMeasured(row:)) == Array(500_010..<500_020))
        let before = messages.value
        table.measureRows(499_990..<500_020)
        #expect(messages.value - before == 20)  // the touched groups' 20 message cells, laid out once each

        entries[500_000].group = "G50000"  // back: it splits from the group above and rejoins its own
        let back = try table.setData(entries)
        #expect(back.addedRowSpans == [DataTableRowSpan(column: 0, row: 499_990, count: 10),
                                       DataTableRowSpan(column: 0, row: 500_000, count: 10)])
        #expect(table.rowSpans.all.count == 100_000)
    }

    @Test func handSpansPastTheLastRowGo() throws {
        let sales = (0..<6).map { RowSpanTests.Sale(id: $0, dept: "d", item: "i") }
        let table = try DataTableLayout(rows: sales, columns: RowSpanTests.columns, configuration: RowSpanTests.configuration(),
                                        rowSpans: [DataTableRowSpan(column: 0, row: 0, count: 2), DataTableRowSpan(column: 0, row: 3, count: 3)])
        let changes = try table.setData(Array(sales.prefix(5)))
        #expect(changes.removedRowSpans == [DataTableRowSpan(column: 0, row: 3, count: 3)])
        #expect(changes.addedRowSpans.isEmpty)
        #expect(table.rowSpans.all == [DataTableRowSpan(column: 0, row: 0, count: 2)])
    }
}

extension RowSpanUpdateTests {
    /// A row whose value changes in place (a class the caller edits) and is measured again with
    /// `remeasureRow` leaves its group and joins the next: "Kitchen and bath and more" (three
    /// lines) spanned rows 0–1, so row 1 was two lines; once row 1 says "Tools" the name stands
    /// beside row 0 alone (three lines) and "Tools" spans rows 1–3, each one line.
    @Test func remeasuringAnEditedRowRegroupsIt() throws {
        final class Sale: Identifiable, @unchecked Sendable {
            let id: Int
            var dept: String
            init(id: Int, dept: String) { (self.id, self.dept) = (id, dept) }
        }
        let kitchen = "Kitchen and bath and more"
        let sales = [Sale(id: 0, dept: kitchen), Sale(id: 1, dept: kitchen), Sale(id: 2, dept: "Tools"), Sale(id: 3, dept: "Tools")]
        let columns = [DataTableColumn<Sale>("Dept") { $0.dept }, DataTableColumn<Sale>("Item") { _ in "x" }]
        let table = try DataTableLayout(rows: sales, columns: columns, configuration: RowSpanTests.configuration(), viewportHeight: 1_000)
        try table.groupRows(byColumn: 0)
        let line = RowSpanTests.line
        #expect((0..<4).map(table.height(ofRow:)) == [line, 2 * line, line, line].map(RowSpanTests.grid))

        sales[1].dept = "Tools"
        #expect(table.remeasureRow(1))
        #expect(table.rowSpans.all == [DataTableRowSpan(column: 0, row: 1, count: 3)])
        #expect((0..<4).map(table.height(ofRow:)) == [3 * line, line, line, line].map(RowSpanTests.grid))
    }
}
