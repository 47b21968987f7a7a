import DataTables
import TextMeasureTestSupport
import Testing
import TextMeasure

/// The million-row probe, grouped: two rows a group, each group's name three lines beside two
/// one-line rows.
@Suite struct GroupedMillionRowTests {
    struct Entry: Identifiable, Sendable { let id: Int }

    @Test func measuringARowNearTheMiddleMeasuresOnlyItsSpan() throws {
        let names = CallCounter(), messages = CallCounter()
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
