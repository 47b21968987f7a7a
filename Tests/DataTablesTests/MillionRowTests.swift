import CellLayout
import DataTables
import Testing
import TextMeasure

/// The walk-through of the "Rows and scrolling" article: a million rows, measured only where
/// the viewport goes.
@Suite struct MillionRowTests {
    struct Entry: Identifiable, Sendable {
        let id: Int
        var message: String
    }

    @Test func aMillionRows() throws {
        let mono = try FontStack([Font.bundled(.notoSansMono, size: 10)])
        var configuration = DataTableConfiguration(font: mono)
        configuration.columnWidthMode = .fixed(width: 76)  // 60 for text + 2 × 8 padding: 10 characters a line
        configuration.textLayout = .wrap
        configuration.rowHeightMode = .automatic(estimated: 22, prefetchWindow: 5)
        configuration.headerHeight = 30
        // Every seventh message takes two lines ("disk is" / "full"), the others one.
        let entries = (0..<1_000_000).map { Entry(id: $0, message: $0 % 7 == 0 ? "disk is full" : "ok") }
        let table = try DataTableLayout(rows: entries, columns: [DataTableColumn("Message", \.message)],
                                        configuration: configuration, viewportHeight: 300)
        // Lines + 4 points of padding above and below, on the layout's 2⁻²⁰ pt grid.
        let one = DataTableLayoutTests.grid(13.62 + 8), two = DataTableLayoutTests.grid(2 * 13.62 + 8)
        // At first 13 estimated rows fill the 270 points below the header: rows 0–17 (with the
        // window of 5) are measured, and then rows 0–11 are in view.
        #expect((0..<100).filter(table.isMeasured(row:)) == Array(0..<18))
        #expect(table.visibleRows == 0..<12)
        #expect(table.height(ofRow: 0) == two && table.height(ofRow: 1) == one)

        // Row 500,000 to the top: 14 estimated rows in view, ± 5 measured (499,995–500,018); then
        // rows 500,000–500,012 show, all measured. Nothing else was touched.
        table.scroll(to: table.offset(ofRow: 500_000))
        let measured = (0..<1_000_000).filter(table.isMeasured(row:))
        #expect(measured == Array(0..<18) + Array(499_995..<500_019))
        #expect(table.visibleRows == 500_000..<500_013)
        #expect(table.row(atOffset: table.contentOffset) == 500_000)
        let heights = measured.reduce(0.0) { $0 + ($1 % 7 == 0 ? two : one) }
        #expect(table.contentHeight == 30 + Double(1_000_000 - measured.count) * 22 + heights)  // exact on the grid
    }
}
