import DataTables
import Foundation
import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// A line's text in the layout JSON keeps the tabs between its runs: the runs between tabs are
/// placed at their tab stops, and the text lost the tabs between them ("a\tb\tc" was "abc").
/// Tabs before the first run or after the last have no run to carry them and stay out (the
/// first run's `x` gives the leading ones' room).
@Suite struct LayoutDocumentTabTests {
    @Test func aLineKeepsItsTabs() throws {
        let sales = [MonoTable.Sale(id: 0, dept: "a\tb\tc", item: "x\t\ty"), MonoTable.Sale(id: 1, dept: "d", item: "\tz")]
        var configuration = MonoTable.configuration()
        configuration.columnWidthMode = .fixed(width: 200)
        let layout = try DataTableLayout(rows: sales, columns: MonoTable.columns, configuration: configuration)
        let path = try RenderingFixtures.temporaryFolder() + "/layout.json"
        try layout.writeLayoutDocument(to: path)
        let document = try JSONDecoder().decode(TableLayoutDocument.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let texts = document.rows.map { $0.cells.map { $0.lines.map(\.text) } }
        #expect(texts == [[["a\tb\tc"], ["x\t\ty"]], [["d"], ["z"]]])
        #expect(document == layout.layoutDocument())
    }
}
