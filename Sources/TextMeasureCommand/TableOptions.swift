import ArgumentParser
import CellLayout
import DataTables
import Foundation
import TextMeasure

/// The options of the commands that read a CSV table and size its columns (`columns`, `rows`):
/// the file, its delimiter, the fonts and SwiftDataTables' column-width settings.
struct TableOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("A CSV file whose first row holds the column titles ('-': standard input).", valueName: "file.csv"))
    var file: String

    @OptionGroup var font: FontOptions

    @OptionGroup var lineBreaks: LineBreakOptions

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

    @Option(name: .customLong("table-layout"), help: ArgumentHelp("""
        How the columns share --frame-width: fitted (SwiftDataTables' rules: each column its content width, \
        scaled up to fill; the default on a screen) or auto (CSS automatic table layout: columns narrow down to \
        their min-content widths, so their text wraps and the table fits; the default on paper).
        """, valueName: "fitted|auto"))
    var givenTableLayout: TableLayoutName?

    /// `--table-layout`, else the medium's default.
    func tableLayout(on medium: Medium) -> TableLayoutName { givenTableLayout ?? medium.tableLayout }

    enum TableLayoutName: String, ExpressibleByArgument, CaseIterable {
        case fitted, auto

        var layout: DataTableTableLayout { self == .auto ? .automatic : .contentFitted }
    }

    @Option(help: ArgumentHelp("Cell padding left and right of the text in px.", valueName: "px"))
    var padding = 8.0

    @Option(name: .customLong("sort-indicator"),
            help: ArgumentHelp("Room for the header's sort arrow in px (default 20 on a screen, 0 on paper).", valueName: "px"))
    var givenSortIndicator: Double?

    /// `--sort-indicator`, else the medium's default.
    func sortIndicator(on medium: Medium) -> Double { givenSortIndicator ?? medium.sortIndicator }

    @Option(help: ArgumentHelp("A font file for the headers, with the cell fonts as its fallbacks (default: the cell fonts).",
                               valueName: "path"))
    var headerFont: String?

    @Option(help: ArgumentHelp(
        "The headers' weight: bold (the font stack's bold faces, where it has them) or regular.",
        valueName: "bold|regular"))
    var headerWeight = FontWeight.bold

    @Option(name: .customLong("header-group"), help: ArgumentHelp(HeaderGroupOption.help, valueName: "title:col,col…"))
    var headerGroups: [String] = []

    @Option(name: .customLong("align"), parsing: .singleValue,
            help: ArgumentHelp("""
                A column's alignment, by title: auto (the default: trailing when every non-empty cell is a number, \
                else leading), leading, center, trailing or decimal (separators on one line; the column measured \
                for it). Repeatable; '--align auto' alone sets every column to auto.
                """, valueName: "COLUMN=alignment"))
    var alignments: [String] = []

    @Option(name: .customLong("total"), parsing: .singleValue,
            help: ArgumentHelp("""
                A footer total for a column, by title: sum, mean, min, max or count (repeatable). Exact decimal \
                arithmetic, written as the column's cells are (mean: rounded half-even to the column's most \
                fraction digits); empty cells are skipped, any other cell that is not a number is an error.
                """, valueName: "COLUMN=total"))
    var totals: [String] = []

    @Option(help: ArgumentHelp("The decimal separator of the cells' numbers: '.' (grouping ',') or ',' (grouping '.').",
                               valueName: ".|,"))
    var decimalSeparator = "."

    @Option(help: ArgumentHelp("The field separator: one character, e.g. ',' ';' or '\\t' for tab.", valueName: "char"))
    var delimiter = ","

    /// How FILE is read, for the commands' help.
    static let inputRules = """
        FILE ('-': standard input) is UTF-8, with or without a byte order mark, or UTF-16 with \
        one (what spreadsheets save as "Unicode text"); fields follow RFC 4180 (quotes; LF, CRLF \
        or CR line ends), and empty lines are skipped. An invalid sequence, a NUL character, a \
        quote that opens a field and is never closed, or a row whose field count differs from \
        the header's stops with an error naming the line (a row's is the line it starts on).
        """

    func validate() throws {
        let lengths = [(min, "--min"), (max, "--max"), (frameWidth, "--frame-width"), (padding, "--padding"),
                       (givenSortIndicator, "--sort-indicator")]
        for case let (value?, option) in lengths { try LengthOption.check(value, option) }
        if let max, min > max { throw ValidationError("--min (\(min)) must be at most --max (\(max))") }
        _ = try ColumnWidthArguments.mode(mode, strategy: strategy)
        _ = try separator()
        _ = try decimal()
    }

    /// `--decimal-separator`.
    func decimal() throws -> DecimalSeparator {
        guard let separator = DecimalSeparator(rawValue: decimalSeparator) else {
            throw ValidationError("--decimal-separator must be '.' or ',', not '\(decimalSeparator)'")
        }
        return separator
    }

    /// `--align` as one alignment per column of `titles` (`nil`: by content).
    func columnAlignments(titles: [String]) throws -> [ColumnAlignment?] {
        var result = [ColumnAlignment?](repeating: nil, count: titles.count)
        let names = "auto, " + ColumnAlignment.allCases.map(\.rawValue).joined(separator: ", ")
        for setting in alignments {
            if setting == "auto" {
                result = [ColumnAlignment?](repeating: nil, count: titles.count)
                continue
            }
            guard let equals = setting.lastIndex(of: "=") else {
                throw ValidationError("--align must be auto or COLUMN=alignment (\(names)), not '\(setting)'")
            }
            let title = String(setting[..<equals]), value = String(setting[setting.index(after: equals)...])
            guard value == "auto" || ColumnAlignment(rawValue: value) != nil else {
                throw ValidationError("--align \(setting): the alignment must be one of \(names), not '\(value)'")
            }
            result[try ColumnTitles.index(of: title, in: titles, for: "--align \(setting)")] = ColumnAlignment(rawValue: value)
        }
        return result
    }

    func separator() throws -> Unicode.Scalar {
        let text = delimiter == "\\t" ? "\t" : delimiter
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first, scalar != "\"", scalar != "\n", scalar != "\r" else {
            throw ValidationError("--delimiter must be one character other than a quote or a line break, not '\(delimiter)'")
        }
        return scalar
    }

    /// `--total` as one total per column of `titles` (`nil`: none).
    func columnTotals(titles: [String]) throws -> [ColumnTotal?] {
        var result = [ColumnTotal?](repeating: nil, count: titles.count)
        let names = ColumnTotal.allCases.map(\.rawValue).joined(separator: ", ")
        for setting in totals {
            guard let equals = setting.lastIndex(of: "=") else {
                throw ValidationError("--total must be COLUMN=total (\(names)), not '\(setting)'")
            }
            let title = String(setting[..<equals]), value = String(setting[setting.index(after: equals)...])
            guard let total = ColumnTotal(rawValue: value) else {
                throw ValidationError("--total \(setting): the total must be one of \(names), not '\(value)'")
            }
            result[try ColumnTitles.index(of: title, in: titles, for: "--total \(setting)")] = total
        }
        return result
    }

    /// The configuration the options describe on `medium` (vertical padding 0: only widths are
    /// set here).
    func configuration(on medium: Medium = .screen) throws -> DataTableConfiguration {
        var configuration = DataTableConfiguration(font: try font.stack(on: medium))
        if let headerFont {
            let header = try Font(path: headerFont, size: font.size(on: medium))
            configuration.headerFont = configuration.font.prepending(header)
        }
        configuration.columnWidthMode = try ColumnWidthArguments.mode(mode, strategy: strategy)
        configuration.minColumnWidth = min
        configuration.maxColumnWidth = max
        configuration.shouldContentWidthScaleToFillFrame = !noScaleToFill
        configuration.tableLayout = tableLayout(on: medium).layout
        configuration.cellPadding = EdgeInsets(horizontal: padding, vertical: 0)
        configuration.sortIndicatorWidth = sortIndicator(on: medium)
        configuration.headerWeight = headerWeight
        configuration.decimalSeparator = try decimal()
        configuration.lineBreaks = lineBreaks.rules
        return configuration
    }

    /// Reads the file and sizes its columns by `configuration`, or makes them exactly `given`
    /// (one width per column, else an error naming the file), with a progress bar on standard
    /// error for files of 1 MiB or more on a terminal. Widths go through `cache` (none: each
    /// column's distinct texts are still measured once; a cache pays only when the same texts
    /// are measured again later, as laying out the rows does). The columns fill --frame-width,
    /// else `defaultFrameWidth` (a page's width for automatic layout). Returns the configuration
    /// they were measured with: `configuration` and the header groups and footer of the options.
    func measure(_ configuration: DataTableConfiguration, widths given: [Double]? = nil, cache: WidthCache? = .shared,
                 defaultFrameWidth: Double? = nil) throws
        -> (table: CSVTable, widths: DataTableColumnWidths, alignments: [ColumnAlignment?], configuration: DataTableConfiguration) {
        var table = try readTable()
        var bar = ProgressBar(inputBytes: table.byteCount)
        defer { bar.clear() }
        var configuration = configuration
        // Every row is in memory: a column left to its content is resolved here, so a column of
        // numbers is declared trailing and gets tabular figures (the footer is not its content).
        let reader = NumberReader(decimalSeparator: try decimal())
        let alignments = try columnAlignments(titles: table.titles).enumerated().map { index, alignment in
            alignment ?? ColumnAlignment.byContent(of: table.rows.lazy.map { $0[index] }, reader: reader)
        }
        let totals = try columnTotals(titles: table.titles)
        if totals.contains(where: { $0 != nil }) {
            // The footer is the table's last row, measured like any other.
            let columns = table.titles.indices.map { index in DataTableColumn<CSVRow>(table.titles[index]) { $0[index] }.total(totals[index]) }
            do {
                table.rows.append(CSVRow(try columns.footerTexts(for: table.rows, reader: reader)))
            } catch {
                throw CSVTable.Problem(path: file, line: nil, problem: "--total: \(error)")
            }
            configuration.lastRowIsFooter = true
        }
        configuration.headerGroups = try HeaderGroupOption.groups(headerGroups, titles: table.titles)
        if let given {
            guard given.count == table.titles.count else {
                let columns = "\(table.titles.count) column\(table.titles.count == 1 ? "" : "s")"
                throw CSVTable.Problem(path: file, line: nil, problem: "\(columns), but --widths gives \(given.count)")
            }
            configuration.columnWidthModeProvider = { .fixed(width: given[$0]) }
        }
        let columns = table.titles.indices.map { index in
            DataTableColumn<CSVRow>(table.titles[index]) { $0[index] }.aligned(alignments[index])
        }
        let widths = try configuration.columnWidths(for: table.rows, columns: columns, frameWidth: given == nil ? frameWidth ?? defaultFrameWidth : nil,
                                                           cache: cache) {
            bar.update("measuring", $0.fractionCompleted)
        }
        try checkRoom(widths.widths, titles: table.titles, configuration: configuration)
        return (table, widths, alignments, configuration)
    }

    /// Reads the file, with a progress bar on standard error for files of 1 MiB or more on a terminal.
    func readTable() throws -> CSVTable {
        var bar = ProgressBar(inputBytes: file == "-" ? 0 : (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        defer { bar.clear() }
        return try CSVTable(contentsOf: file, delimiter: try separator()) { bar.update("reading  ", $0) }
    }

    /// Throws naming the options that make a fitted column wider than `maximumLength`, which the
    /// layout refuses: each option is at most 10⁹ alone, but a column is its text plus twice
    /// `--padding` (the header's, `--sort-indicator` besides), and the text grows with `--size`.
    private func checkRoom(_ widths: [Double], titles: [String], configuration: DataTableConfiguration) throws {
        let (size, sortIndicator) = (configuration.font.size, configuration.sortIndicatorWidth)
        guard let index = widths.firstIndex(where: { !($0 <= maximumLength) }) else { return }
        let column = "column \(index + 1) \"\(titles[index])\" \(widths[index]) px wide"
        if widths[index] - 2 * padding - sortIndicator > maximumLength {
            throw ValidationError("--size \(size) makes \(column); a column must be at most 1e9 px: lower --size")
        }
        throw ValidationError("--padding \(padding) and --sort-indicator \(sortIndicator) make \(column) "
            + "(its text, twice the padding and the sort indicator); a column must be at most 1e9 px: lower them")
    }
}

extension FontWeight: ExpressibleByArgument {}
