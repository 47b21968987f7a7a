import ArgumentParser
import DataTables
import Foundation
import TextMeasure

extension TextMeasureCommand {
    struct Rows: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the row heights and offsets of a CSV table, its cells wrapped at the column widths.",
            discussion: """
                The first row of FILE gives the column titles. The columns are sized as \
                'textmeasure columns' sizes them (the same options), or made exactly --widths. \
                Every row is then measured as DataTables' DataTableLayout measures a row with \
                automatic heights: the tallest of its cells, each cell's text wrapped (or, with \
                --single-line, kept on one line) at its column's width less the padding on both \
                sides, plus --vertical-padding above and below. Row 1 starts below the header \
                (--header-height); rows are --row-spacing apart.

                Output: a table with each row's height and offset (where it starts, from the top \
                of the header) in px (2 decimals), the header first and the content height last, \
                under a line with the column widths; or with --json one object {"columnWidths": \
                [...], "rows": [{"height", "offset"}], "contentHeight"} at full precision.

                \(TableOptions.inputRules) On a terminal, a progress bar on standard error \
                follows inputs of 1 MiB or more (reading, measuring the columns unless --widths \
                gives them, then the row heights).
                """)

        @OptionGroup var options: TableOptions
        @OptionGroup var rowOptions: RowOptions

        @Flag(help: "Print JSON: {\"columnWidths\": [...], \"rows\": [{\"height\", \"offset\"}], \"contentHeight\"}.")
        var json = false

        /// A CSV row with its index as its identity.
        struct Row: Identifiable, Sendable {
            let id: Int
            var cells: CSVRow
        }

        func validate() throws { try rowOptions.validate(with: options) }

        func run() throws {
            let layout = try rowOptions.layout(options)
            print(json ? Self.json(layout) : Self.table(layout), terminator: "")
        }

        /// A layout of `table` with its columns exactly `widths` and every row measured (unless
        /// not `measuringRows`; texts through `cache`), its rows sorted by `sortColumn`'s text (stable; a footer row stays
        /// last) and grouped by `groupColumn`'s when given; `progress` gets the share of the rows measured.
        static func layout(of table: CSVTable, widths: [Double], alignments: [ColumnAlignment?] = [],
                           configuration: DataTableConfiguration, measuringRows: Bool = true, cache: WidthCache = .shared,
                           sortColumn: Int? = nil,
                           groupColumn: Int? = nil, progress: (Double) -> Void = { _ in }) throws -> DataTableLayout<Row> {
            var configuration = configuration
            configuration.columnWidthModeProvider = { .fixed(width: widths[$0]) }
            configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
            let columns = table.titles.indices.map { index in
                DataTableColumn<Row>(table.titles[index]) { $0.cells[index] }.aligned(index < alignments.count ? alignments[index] : nil)
            }
            var fields = Array(table.rows)
            if let sortColumn { fields = sorted(fields, byColumn: sortColumn, keepingLast: configuration.lastRowIsFooter) }
            let layout = try DataTableLayout(
                rows: fields.enumerated().map { Row(id: $0, cells: $1) }, columns: columns, configuration: configuration, cache: cache)
            if let groupColumn { try layout.groupRows(byColumn: groupColumn) }
            // The widths are fixed for good (narrowing them to a page lays the table out again):
            // a row keeps its height, not the width each cell's height holds from (48 bytes and
            // an allocation a row of six columns, and a fifth of the work of measuring it).
            layout.findsStableWidths = false
            let step = max(1, layout.rowCount / 100)
            for start in stride(from: 0, to: measuringRows ? layout.rowCount : 0, by: step) {
                let end = min(start + step, layout.rowCount)
                layout.measureRows(start..<end)
                progress(Double(end) / Double(layout.rowCount))
            }
            return layout
        }

        /// `fields` sorted by column `column`'s text (stable; Swift's `String` order), the last row
        /// kept last with `keepingLast` (a footer). O(n log n).
        static func sorted(_ fields: [CSVRow], byColumn column: Int, keepingLast: Bool = false) -> [CSVRow] {
            let end = keepingLast ? max(0, fields.count - 1) : fields.count
            let keys = fields[..<end].map { $0[column] }  // each read once, not once a comparison
            return (0..<end).sorted { a, b in keys[a] == keys[b] ? a < b : keys[a] < keys[b] }.map { fields[$0] } + fields[end...]
        }

        /// `{"columnWidths": [...], "rows": [{"height", "offset"}], "contentHeight"}` on one
        /// line, numbers at full precision.
        static func json(_ layout: DataTableLayout<Row>) -> String {
            let widths = layout.columnWidths.widths.map { "\($0)" }.joined(separator: ",")
            let rows = (0..<layout.rowCount).map { "{\"height\":\(layout.height(ofRow: $0)),\"offset\":\(layout.offset(ofRow: $0))}" }
            return "{\"columnWidths\":[\(widths)],\"rows\":[\(rows.joined(separator: ","))],\"contentHeight\":\(layout.contentHeight)}\n"
        }

        /// The column widths on one line, then one line per row (1 is the first below the
        /// header): height and offset (px, 2 decimals), the header first and the content
        /// height last.
        static func table(_ layout: DataTableLayout<Row>) -> String {
            let widths = zip(layout.columns, layout.columnWidths.widths).map { "\($0.title) \(decimal($1))" }
            let header = layout.configuration.headerHeight
            let rows = [["row", "height", "offset"], ["header", decimal(header), decimal(0)]]
                + (0..<layout.rowCount).map { [String($0 + 1), decimal(layout.height(ofRow: $0)), decimal(layout.offset(ofRow: $0))] }
                + [["total", decimal(layout.contentHeight), ""]]
            return "column widths: " + widths.joined(separator: ", ") + "\n" + alignedTable(rows)
        }
    }
}
