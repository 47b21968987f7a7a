import ArgumentParser
import DataTables
import TableRendering
import TextMeasure

extension TextMeasureCommand {
    struct Columns: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the column widths of a CSV table, sized as SwiftDataTables sizes them.",
            discussion: """
                The first row of FILE gives the column titles. Each column is sized by --mode: \
                'text' fits the content found by --strategy (plus the cell padding on both sides), \
                clamped to --min and --max, and never narrower than its header (title in the \
                header font + --sort-indicator + padding); 'cell' does the same with the fitting \
                width of each field as a one-line text cell of the cell model (CellLayout), of \
                every row or of a sample ('cell:sampledMax:N', 'cell:percentile:P:N'); 'fixed:W' \
                makes every column exactly W px. With --frame-width, columns narrower than the frame together grow in \
                proportion to fill it exactly (unless --no-scale-to-fill).

                --table-layout auto shares --frame-width out as CSS's automatic table layout \
                does: each column has a min-content width (its widest unbreakable segment, by \
                UAX #14, + padding) and a max-content width (its widest line + padding), both \
                clamped to --min/--max and raised to the header (which never wraps); a frame \
                below their sums' range gives every column its min-content width (the table is \
                wider), one between gives each min + (max − min) × (frame − Σmin) ÷ (Σmax − Σmin), \
                and one above gives the rest in proportion to max-content (unless \
                --no-scale-to-fill). Without --frame-width every column is at max-content.

                Strategies: maxMeasured (every row, shaped: exact), sampledMax:N (N rows spread \
                evenly, first and last included), percentile:P:N (nearest-rank P in (0, 1] of N \
                rows), estimatedAverage:C (mean grapheme count × C px), hybrid:N:C (the larger of \
                the two), fixed:W (W px as the content width), maxNominal (every row, nominal \
                advances, no shaping), calibratedAverage (estimatedAverage with the font's mean \
                printable-ASCII advance as C).

                Output: a table with each column's width, content width and header width in px \
                (2 decimals), or with --json one object {"columns": [{"title", "width", \
                "contentWidth", "headerWidth"}]} at full precision ("contentWidth" is null for \
                fixed columns). With --table-layout auto, each column also has its min-content \
                and max-content width ("minContentWidth", "maxContentWidth").

                \(TableOptions.inputRules) On a terminal, a progress bar on standard error \
                follows inputs of 1 MiB or more (reading, then measuring).
                """)

        @OptionGroup var options: TableOptions

        @Flag(help: "Print JSON: {\"columns\": [{\"title\", \"width\", \"contentWidth\", \"headerWidth\"}]}.")
        var json = false

        func run() throws {
            let widths = try options.measure(try options.configuration(), cache: nil).widths
            print(json ? Self.json(widths) : Self.table(widths), terminator: "")
        }

        /// `{"columns": [...]}` on one line, numbers at full precision.
        static func json(_ widths: DataTableColumnWidths) -> String {
            let columns = widths.columns.map { column in
                var intrinsic = ""
                if let minimum = column.minContentWidth, let maximum = column.maxContentWidth {
                    intrinsic = ",\"minContentWidth\":\(minimum),\"maxContentWidth\":\(maximum)"
                }
                return "{\"title\":\(jsonString(column.title)),\"width\":\(column.width),"
                    + "\"contentWidth\":\(column.contentWidth.map { "\($0)" } ?? "null"),\"headerWidth\":\(column.headerWidth)"
                    + intrinsic + "}"
            }
            return "{\"columns\":[\(columns.joined(separator: ","))]}\n"
        }

        /// One line per column: title, width, content width, header width (px, 2 decimals), and
        /// with automatic layout its min-content and max-content widths.
        static func table(_ widths: DataTableColumnWidths) -> String {
            let automatic = widths.columns.contains { $0.minContentWidth != nil }
            let intrinsic = automatic ? ["min-content", "max-content"] : []
            let rows = [["column", "width", "content", "header"] + intrinsic] + widths.columns.map { column in
                [column.title, decimal(column.width), column.contentWidth.map(decimal) ?? "-", decimal(column.headerWidth)]
                    + (automatic ? [column.minContentWidth.map(decimal) ?? "-", column.maxContentWidth.map(decimal) ?? "-"] : [])
            } + [["total", decimal(widths.totalWidth), "", ""] + (automatic ? ["", ""] : [])]
            return alignedTable(rows)
        }
    }
}
