import DataTables
import Testing
import TextMeasureTestSupport
import TextMeasure

/// Updates of a table whose last row is its footer (`lastRowIsFooter`, bold): the footer is a
/// role the update re-evaluates for the old and the new last rows only, so an edit costs the
/// rows it touches, not the table. Widths as in `FooterTests` (the bundled Noto Sans at 10 px,
/// hb-shape's advances): "Total" is 22.71 regular and 24.71 bold; every tabular digit is 5.72
/// in both faces; the cell padding is 8 + 8 across and 4 + 4 down; a line is 13.62 tall.
@Suite struct FooterUpdateTests {
    struct Row: Identifiable, Sendable, Equatable { let id: Int; var item: String; var qty: String }

    /// 10,000 rows of ("a", "1") and the footer ("Total", "10000"); the "#" column counts the
    /// texts it formats.
    func table(counting counter: CallCounter) throws -> (DataTableLayout<Row>, [Row]) {
        var rows = (0..<10_000).map { Row(id: $0, item: "a", qty: "1") }
        rows.append(Row(id: 10_000, item: "Total", qty: "10000"))
        let columns = [DataTableColumn<Row>("#") { counter.tick(); return $0.item }, DataTableColumn("Q", \Row.qty)]
        let table = try DataTableLayout(rows: rows, columns: columns, configuration: try FooterTests().configuration(), cache: nil)
        return (table, rows)
    }

    /// Editing one row and the footer's total formats those two rows' texts, each before and
    /// after (4 in the counted column), where the columns used to be measured again whole (every
    /// one of the 10,001 rows formatted). "Q": "123456" in row 7 and the bold total "10123455",
    /// 8 digits: 45.76 + 16. "#": the bold "Total", 24.71 + 16.
    @Test func editingARowFormatsOnlyTheRowsEdited() throws {
        let counter = CallCounter()
        let (table, rows) = try table(counting: counter)
        #expect(abs(table.columnWidths.columns[1].width - (5 * 5.72 + 16)) < 1e-9)
        var edited = rows
        edited[7].qty = "123456"
        edited[10_000].qty = "10123455"
        let before = counter.value
        let changes = try table.setData(edited)
        #expect(counter.value - before == 4)
        #expect(changes.reloadedCells == [DataTableChangeSet.Cell(row: 7, column: 1), DataTableChangeSet.Cell(row: 10_000, column: 1)])
        #expect(abs(table.columnWidths.columns[1].width - (8 * 5.72 + 16)) < 1e-9)
        #expect(abs(table.columnWidths.columns[0].width - (FooterTests.total.bold + 16)) < 1e-9)
    }

    /// A row appended below the footer takes its role: the old footer's cells go out bold and
    /// come in regular (its texts formatted before and after: 2), the new row's go in bold (1).
    /// "#" is then as wide as "Total" regular, 22.71 + 16; both rows' cells are reloaded.
    @Test func aNewLastRowTakesTheFootersRoleFromTheOldOne() throws {
        let counter = CallCounter()
        let (table, rows) = try table(counting: counter)
        let before = counter.value
        let changes = try table.setData(rows + [Row(id: 10_001, item: "a", qty: "1")])
        #expect(counter.value - before == 3)
        #expect(abs(table.columnWidths.columns[0].width - (FooterTests.total.regular + 16)) < 1e-9)
        #expect(changes.insertedRows == [10_001])
        #expect(changes.reloadedCells == [DataTableChangeSet.Cell(row: 10_000, column: 0), DataTableChangeSet.Cell(row: 10_000, column: 1)])
        #expect(table.textStyle(ofColumn: 0, row: 10_000, text: "Total").weight != .bold)
    }

    /// Wrapped at 23.5 px, "Total" takes two lines bold and one regular: the footer row is
    /// 2 × 13.62 + 8 tall; once a row below takes the footer's role it is measured again,
    /// 13.62 + 8, and the new footer ("a", one line bold) is 13.62 + 8.
    @Test func theOldFooterIsMeasuredAgainInItsNewRole() throws {
        var configuration = try FooterTests().configuration()
        configuration.textLayout = .wrap
        configuration.columnWidthMode = .fixed(width: 23.5 + 16)
        configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 10)
        let rows = [Row(id: 0, item: "a", qty: "1"), Row(id: 1, item: "Total", qty: "1")]
        let table = try DataTableLayout(rows: rows, columns: [DataTableColumn("#", \Row.item)], configuration: configuration,
                                        viewportHeight: 500)
        #expect(abs(table.height(ofRow: 1) - (2 * 13.62 + 8)) < 1e-5)
        try table.setData(rows + [Row(id: 2, item: "a", qty: "1")])
        #expect(abs(table.height(ofRow: 1) - (13.62 + 8)) < 1e-5)
        #expect(abs(table.height(ofRow: 2) - (13.62 + 8)) < 1e-5)
        // And back: deleting the new footer gives "Total" its role and its two lines again.
        try table.setData(rows)
        #expect(abs(table.height(ofRow: 1) - (2 * 13.62 + 8)) < 1e-5)
    }
}
