import CellLayout
@testable import DataTables
import Testing
@testable import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// A table's column bands are measured together before they are paginated (a batch of rows of
/// every band at once, read while the batch before is measured, the key column's text prepared
/// once a row for all bands): its pages must be the ones each band gives measured a row at a time, and the heights worked by hand. Noto Sans Mono 14 (8.4 pt a
/// character), padding 8 pt each side and 4 above and below, every column 120 pt wide: 104 pt
/// inside, 12 characters, so two words of four letters ("abcd abcd", 9) fit a line and three
/// (14) do not.
@Suite struct BandMeasuringTests {
    typealias Product = RenderingFixtures.Product

    /// More rows than one batch. Row r: column "id" its number, then columns a, b and c with
    /// 1 + (r + c) % 5 words (c = 1, 2, 3), so each band's rows are as tall as its own words.
    static let rowCount = DataTableLayout<Product>.measuringBatch + 904

    static func layout() throws -> DataTableLayout<Product> {
        var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSansMono, size: 14)]))
        configuration.columnWidthMode = .fixed(width: 120)
        configuration.textLayout = .wrap
        configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
        let data = (0..<rowCount).map { row in
            Product(id: row, fields: ["\(row)"] + (1...3).map { Array(repeating: "abcd", count: 1 + (row + $0) % 5).joined(separator: " ") })
        }
        let columns = ["id", "a", "b", "c"].indices.map { index in
            DataTableColumn<Product>(["id", "a", "b", "c"][index]) { $0.fields[index] }
        }
        return try DataTableLayout(rows: data, columns: columns, configuration: configuration)
    }

    /// A page 300 pt wide with 10 pt margins: 280 pt of room, so bands [id a], [id b], [id c].
    static let page = PageSize(width: 300, height: 400)

    /// Paginated in a task already cancelled: no row of any band is measured past the first
    /// batch, and no page is laid out on the estimates (a stream's reader gone, the pagination
    /// of every band's rows went on: 400 ms after the cancel for 100,000 rows of four bands).
    @Test func bandsPaginatedInACancelledTaskGiveNoPages() async throws {
        let pages = try await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try Self.layout().pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10)).count
        }.value
        #expect(pages == 0)
        // Not cancelled, the same table has pages.
        #expect(try Self.layout().pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10)).count > 0)
    }

    @Test func bandsMeasuredAsOneStreamPaginateAsBandsMeasuredRowByRow() throws {
        let line = try SplitRowPageTests.monoMetrics().line
        let pages = try Self.layout().pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10))
        let bands = [[0, 1], [0, 2], [0, 3]]
        var reference: [(band: [Int], pages: TablePages)] = []
        let table = try Self.layout()
        for band in bands {
            let layout = table.band(band, room: 280)
            for row in 0..<Self.rowCount { layout.measureRows(row..<(row + 1)) }
            // The band fits the page: its own pages, from the rows measured one at a time.
            reference.append((band, try layout.pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10))))
        }
        #expect(pages.columns == reference.flatMap { band, pages in pages.map { _ in band } })
        #expect(pages.rows == reference.flatMap(\.pages.rows))
        #expect(pages.rowHeights == reference.flatMap(\.pages.rowHeights))
        #expect(pages.columnWidths == reference.flatMap(\.pages.columnWidths))
        // By hand: a row is as tall as its band's words, two a line, plus the padding. (Each of
        // these properties is worked out whole when read: read once, not once a page.)
        let (columns, rows, heights) = (pages.columns, pages.rows, pages.rowHeights)
        for (index, page) in pages.indices.enumerated() {
            let column = columns[page][1]
            for (row, height) in zip(rows[page], heights[page]) {
                let lines = (1 + (row + column) % 5 + 1) / 2
                #expect(abs(height - (Double(lines) * line + 8)) < 1e-6, "page \(index), row \(row)")
            }
        }
        // The lines drawn: every 25th page and each band's last, text and place.
        let references = reference.flatMap { Array($0.pages) }
        let drawn = Array(stride(from: 0, to: pages.count, by: 25)) + [references.count - 1]
        for page in drawn {
            let items = pages[page].textItems, expected = references[page].textItems
            #expect(items.map(\.run.text) == expected.map(\.run.text), "page \(page)")
            #expect(items.map(\.origin) == expected.map(\.origin), "page \(page)")
            #expect(!items.isEmpty)
        }
    }
}
