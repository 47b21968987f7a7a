import ArgumentParser
import CellLayout
import DataTables
import Foundation
import TextMeasure

/// The options that lay out a CSV table's rows (`rows` and `render`): the column widths given,
/// the text layout, the padding above and below, the header's height and the rows' spacing.
struct RowOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The column widths in px, comma-separated, one per column (instead of --mode and its options).",
                               valueName: "w1,w2,…"))
    var widths: String?

    @Flag var textLayout = TextLayout.wrap

    @Option(help: ArgumentHelp("Cell padding above and below the text in px.", valueName: "px"))
    var verticalPadding = 4.0

    @Option(help: ArgumentHelp("The height of the header row in px.", valueName: "px"))
    var headerHeight = 44.0

    @Option(help: ArgumentHelp("Space between consecutive rows in px.", valueName: "px"))
    var rowSpacing = 0.0

    @Option(help: ArgumentHelp("Sort the rows by this column's text first (stable), by title.", valueName: "COLUMN"))
    var sort: String?

    @Option(help: ArgumentHelp("Consecutive rows with equal text in this column (by title) share one cell spanning them; "
                               + "the rows are not sorted (see --sort).", valueName: "COLUMN"))
    var groupBy: String?

    /// The index of the one column titled `title`, given to `option`; else an error naming both
    /// and the columns (`ColumnTitles`: a title two columns share is refused).
    static func column(_ title: String?, in titles: [String], option: String) throws -> Int? {
        try title.map { try ColumnTitles.index(of: $0, in: titles, for: "\(option) \($0)") }
    }

    enum TextLayout: String, EnumerableFlag {
        case wrap, singleLine

        static func help(for value: TextLayout) -> ArgumentHelp? {
            switch value {
            case .wrap: "Wrap cell text at the column width."
            case .singleLine: "Keep cell text on one line (cut with an ellipsis): every row is one line tall."
            }
        }

        var layout: DataTableTextLayout {
            switch self {
            case .wrap: .wrap
            case .singleLine: .singleLine
            }
        }
    }

    func validate(with options: TableOptions) throws {
        for (value, option) in [(verticalPadding, "--vertical-padding"), (headerHeight, "--header-height"), (rowSpacing, "--row-spacing")] {
            try LengthOption.check(value, option)
        }
        if try givenWidths() != nil, options.frameWidth != nil {
            throw ValidationError("--widths and --frame-width cannot be combined: the widths are used as given")
        }
        if try givenWidths() != nil, options.givenTableLayout == .auto {
            throw ValidationError("--widths and --table-layout auto cannot be combined: the widths are used as given")
        }
    }

    /// `--widths`, each a number from 0 to 10⁹.
    func givenWidths() throws -> [Double]? {
        try widths.map { list in
            try list.split(separator: ",", omittingEmptySubsequences: false).enumerated().map { index, text in
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard let width = Double(trimmed), LengthOption.isValid(width) else {
                    throw ValidationError("--widths: width \(index + 1) must be \(LengthOption.range), not '\(text)'")
                }
                return width
            }
        }
    }

    /// The table of `options`' file on `medium`, its columns sized (filling --frame-width, else
    /// `defaultFrameWidth`) and held at those widths, and every row measured (unless not
    /// `measuringRows`: for PDF pages, whose column bands measure their own rows), with a progress
    /// bar on large inputs. Unless `editable` (a live table, whose cells change), its
    /// `columnWidths` report the intrinsic widths the columns were measured with.
    func layout(_ options: TableOptions, on medium: Medium = .screen, defaultFrameWidth: Double? = nil,
                measuringRows: Bool = true, editable: Bool = false,
                cache: WidthCache = .shared) throws -> DataTableLayout<TextMeasureCommand.Rows.Row> {
        // The widths' settings, header groups and footer as the columns were measured with them; then the rows'.
        let measured = try options.measure(try options.configuration(on: medium), widths: try givenWidths(), cache: cache,
                                           defaultFrameWidth: defaultFrameWidth)
        var configuration = measured.configuration
        (configuration.cellPadding.top, configuration.cellPadding.bottom) = (verticalPadding, verticalPadding)
        configuration.textLayout = textLayout.layout
        configuration.headerHeight = headerHeight
        configuration.rowSpacing = rowSpacing
        var bar = ProgressBar(inputBytes: measured.table.byteCount)
        defer { bar.clear() }
        let layout = try TextMeasureCommand.Rows.layout(
            of: measured.table, widths: measured.widths.widths, alignments: measured.alignments, configuration: configuration,
            measuringRows: measuringRows, cache: cache, sortColumn: try Self.column(sort, in: measured.table.titles, option: "--sort"),
            groupColumn: try Self.column(groupBy, in: measured.table.titles, option: "--group-by")) { bar.update("heights  ", $0) }
        if !editable { layout.report(asMeasured: measured.widths) }
        return layout
    }
}
