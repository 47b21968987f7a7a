import ArgumentParser
import DataTables
import Foundation
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

                Strategies: maxMeasured (every row, shaped: exact), sampledMax:N (N rows spread \
                evenly, first and last included), percentile:P:N (nearest-rank P in (0, 1] of N \
                rows), estimatedAverage:C (mean grapheme count × C px), hybrid:N:C (the larger of \
                the two), fixed:W (W px as the content width), maxNominal (every row, nominal \
                advances, no shaping), calibratedAverage (estimatedAverage with the font's mean \
                printable-ASCII advance as C).

                Output: a table with each column's width, content width and header width in px \
                (2 decimals), or with --json one object {"columns": [{"title", "width", \
                "contentWidth", "headerWidth"}]} at full precision ("contentWidth" is null for \
                fixed columns). A row whose field count differs from the header's, or bytes that \
                are not UTF-8, stop with an error naming the line. On a terminal, a progress bar \
                on standard error follows files of 1 MiB or more.
                """)

        @Argument(help: ArgumentHelp("A CSV file whose first row holds the column titles.", valueName: "file.csv"))
        var file: String

        @OptionGroup var font: FontOptions

        @Option(help: ArgumentHelp(ColumnWidthArguments.modeHelp, valueName: "text|cell…|fixed:W"))
        var mode = "text"

        @Option(help: ArgumentHelp(ColumnWidthArguments.strategyHelp, valueName: "strategy"))
        var strategy = "maxMeasured"

        @Option(help: ArgumentHelp("Minimum width of a content-fitted column in px.", valueName: "px"))
        var min = 70.0

        @Option(help: ArgumentHelp("Maximum width of a content-fitted column in px (a wider header still wins).", valueName: "px"))
        var max: Double?

        @Option(help: ArgumentHelp("The table's width in px: narrower columns grow to fill it.", valueName: "px"))
        var frameWidth: Double?

        @Flag(help: "Keep the fitted widths even when they are narrower than --frame-width.")
        var noScaleToFill = false

        @Option(help: ArgumentHelp("Cell padding on each side in px.", valueName: "px"))
        var padding = 8.0

        @Option(help: ArgumentHelp("Room for the header's sort arrow in px.", valueName: "px"))
        var sortIndicator = 20.0

        @Option(help: ArgumentHelp("A font file for the headers, with the cell fonts as its fallbacks (default: the cell fonts).",
                                   valueName: "path"))
        var headerFont: String?

        @Option(help: ArgumentHelp("The field separator: one character, e.g. ',' ';' or '\\t' for tab.", valueName: "char"))
        var delimiter = ","

        @Flag(help: "Print JSON: {\"columns\": [{\"title\", \"width\", \"contentWidth\", \"headerWidth\"}]}.")
        var json = false

        func validate() throws {
            _ = try ColumnWidthArguments.mode(mode, strategy: strategy)
            _ = try separator()
        }

        private func separator() throws -> Unicode.Scalar {
            let text = delimiter == "\\t" ? "\t" : delimiter
            guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first, scalar != "\"", scalar != "\n", scalar != "\r" else {
                throw ValidationError("--delimiter must be one character other than a quote or a line break, not '\(delimiter)'")
            }
            return scalar
        }

        func run() throws {
            var configuration = DataTableConfiguration(font: try font.stack())
            if let headerFont {
                let header = try Font(path: headerFont, size: font.size)
                configuration.headerFont = try FontStack([header] + configuration.font.fonts)
            }
            configuration.columnWidthMode = try ColumnWidthArguments.mode(mode, strategy: strategy)
            configuration.minColumnWidth = min
            configuration.maxColumnWidth = max
            configuration.shouldContentWidthScaleToFillFrame = !noScaleToFill
            configuration.cellPadding = DataTableCellPadding(horizontal: padding, vertical: 0)
            configuration.sortIndicatorWidth = sortIndicator

            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            var bar = ProgressBar(wanted: size >= 1 << 20)
            let table = try CSVTable.read(file, delimiter: try separator()) { bar.update("reading  ", $0) }
            let columns = table.titles.indices.map { index in DataTableColumn<[String]>(table.titles[index]) { $0[index] } }
            let widths: DataTableColumnWidths
            do {
                widths = try configuration.columnWidths(for: table.rows, columns: columns, frameWidth: frameWidth) {
                    bar.update("measuring", $0.fractionCompleted)
                }
            } catch {
                bar.clear()
                throw error
            }
            bar.clear()
            print(json ? Self.json(widths) : Self.table(widths), terminator: "")
        }

        /// `{"columns": [...]}` on one line, numbers at full precision.
        static func json(_ widths: DataTableColumnWidths) -> String {
            let columns = widths.columns.map { column in
                "{\"title\":\(jsonString(column.title)),\"width\":\(column.width),"
                    + "\"contentWidth\":\(column.contentWidth.map { "\($0)" } ?? "null"),\"headerWidth\":\(column.headerWidth)}"
            }
            return "{\"columns\":[\(columns.joined(separator: ","))]}\n"
        }

        /// One line per column: title, width, content width, header width (px, 2 decimals).
        static func table(_ widths: DataTableColumnWidths) -> String {
            let rows = [["column", "width", "content", "header"]] + widths.columns.map { column in
                [column.title, decimal(column.width), column.contentWidth.map(decimal) ?? "-", decimal(column.headerWidth)]
            } + [["total", decimal(widths.totalWidth), "", ""]]
            let sizes = (0..<4).map { field in rows.map { $0[field].count }.max() ?? 0 }
            return rows.map { row in
                let title = row[0] + String(repeating: " ", count: sizes[0] - row[0].count)
                let numbers = (1..<4).map { String(repeating: " ", count: sizes[$0] - row[$0].count) + row[$0] }
                return ([title] + numbers).joined(separator: "  ").trimmingTrailingSpaces() + "\n"
            }.joined()
        }

        /// `value` with two decimals.
        static func decimal(_ value: Double) -> String { String(format: "%.2f", value) }
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
