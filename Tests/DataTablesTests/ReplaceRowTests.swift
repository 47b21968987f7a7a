import DataTables
import Testing
import TextMeasure
import TextMeasureTestSupport

/// `replaceRow(_:with:)` worked out by hand in Noto Sans Mono at 10 px (6 px an advance, 13.62 px
/// a line) in columns 60 px wide with no padding: 10 characters a line.
@Suite struct ReplaceRowTests {
    typealias Sale = MonoTable.Sale

    static func table(_ count: Int = 100) throws -> DataTableLayout<Sale> {
        let rows = (0..<count).map { Sale(id: $0, dept: "d\($0)", item: "one") }
        let table = try DataTableLayout(rows: rows, columns: MonoTable.columns, configuration: MonoTable.configuration(estimate: 44),
                                        viewportHeight: 100)
        table.measureRows(0..<count)
        return table
    }

    @Test func aRowThreeLinesTallMovesTheRowsBelowByTwoLinesAndKeepsTheViewStill() throws {
        let table = try Self.table()
        let line = MonoTable.grid(MonoTable.line)
        table.scroll(to: 50 * line + 5)  // 5 px into row 50
        // "aaaa bbbb" fits 60 px (9 × 6 = 54), "cccc dddd" and "eeee" go below: three lines.
        let changes = table.replaceRow(10, with: Sale(id: 10, dept: "d10", item: "aaaa bbbb cccc dddd eeee"))
        #expect(changes.reloadedCells == [DataTableChangeSet.Cell(row: 10, column: 1)])
        #expect(!changes.columnWidthsChanged)
        #expect(table.height(ofRow: 10) == MonoTable.grid(3 * MonoTable.line))
        #expect(table.isMeasured(row: 10))
        #expect(table.offset(ofRow: 11) == 10 * line + MonoTable.grid(3 * MonoTable.line))
        #expect(table.offset(ofRow: 99) == 98 * line + MonoTable.grid(3 * MonoTable.line))
        // Row 50 is where the user saw it: 5 px above the viewport's top.
        #expect(table.offset(ofRow: 50) - table.contentOffset == -5)
    }

    @Test func theSameRowAgainChangesNothing() throws {
        let table = try Self.table(10)
        let before = (0...10).map(table.offset(ofRow:))
        let changes = table.replaceRow(3, with: table.rows[3])
        #expect(changes.isEmpty)
        #expect((0...10).map(table.offset(ofRow:)) == before)
    }

    @Test func agreesWithSetData() throws {
        let (replaced, diffed) = (try Self.table(40), try Self.table(40))
        for (index, text) in [(0, "x"), (7, "a long text that wraps over lines"), (39, "the last row, wrapped too")] {
            let row = Sale(id: index, dept: "changed", item: text)
            replaced.replaceRow(index, with: row)
            var rows = diffed.rows
            rows[index] = row
            try diffed.setData(rows)
            diffed.measureRows(0..<40)
        }
        #expect((0...40).map(replaced.offset(ofRow:)) == (0...40).map(diffed.offset(ofRow:)))
        #expect(replaced.rows == diffed.rows)
        #expect(replaced.index(ofRowWithID: 7) == 7 && replaced.index(ofRowWithID: 40) == nil)
    }
}
