import DataTables
import Testing
import TextMeasure
import TextMeasureTestSupport

/// Updates to grouped rows: an edited value splits or joins groups, and only the groups it
/// touches are measured again.
@Suite struct RowSpanUpdateTests {
    struct Entry: Identifiable, Sendable, Equatable {
        let id: Int
        var group: String
    }

    @Test func anEditAtRow500000JoinsItToTheGroupAbove() throws {
        let messages = CallCounter()
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
