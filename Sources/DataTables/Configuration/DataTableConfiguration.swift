public import TextMeasure
public import CellLayout

/// How a data table sizes its columns, with SwiftDataTables' names and defaults.
///
/// ```swift
/// var config = DataTableConfiguration(font: try FontStack.bundled(size: 14))
/// config.columnWidthMode = .fitContentText(strategy: .hybrid(sampleSize: 100, averageCharWidth: 7))
/// config.maxColumnWidth = 250
/// config.columnWidthModeProvider = { column in column == 0 ? .fixed(width: 50) : nil }
/// let widths = try config.columnWidths(for: products, columns: columns, frameWidth: 800)
/// ```
///
/// Every length here is a number from 0 to `maximumLength` (10⁹ pt); a value outside that range
/// (NaN and ±∞ included) throws `DataTableConfigurationError` naming it when the configuration
/// is used.
public struct DataTableConfiguration: Sendable {
    /// SwiftDataTables' average character width for estimates: 7 points.
    public static let defaultAverageCharacterWidth = 7.0

    /// SwiftDataTables' default mode: `.fitContentText(strategy: .estimatedAverage(averageCharWidth: 7))`.
    public static let defaultColumnWidthMode = DataTableColumnWidthMode.fitContentText(
        strategy: .estimatedAverage(averageCharWidth: defaultAverageCharacterWidth))

    /// The mode of every column the provider leaves alone. Default: `defaultColumnWidthMode`.
    public var columnWidthMode: DataTableColumnWidthMode = Self.defaultColumnWidthMode

    /// A mode for a column (by index), or `nil` for `columnWidthMode`. Default: `nil`.
    public var columnWidthModeProvider: (@Sendable (Int) -> DataTableColumnWidthMode?)?

    /// No content-fitted column is narrower, unless it is a `.fixed` column. Default: 70.
    public var minColumnWidth = 70.0

    /// No content-fitted column is wider, except to fit its header; `nil` for no limit. Default: `nil`.
    public var maxColumnWidth: Double?

    /// How the columns share the frame: SwiftDataTables' rules (`.contentFitted`) or CSS's
    /// automatic table layout (`.automatic`), which narrows wide columns down to their
    /// min-content widths so their text wraps. Default: `.contentFitted`.
    public var tableLayout = DataTableTableLayout.contentFitted

    /// Whether columns that together are narrower than the frame grow, in proportion to their
    /// widths, until they fill it exactly. Default: `true`.
    public var shouldContentWidthScaleToFillFrame = true

    /// The font stack of the cells; it breaks lines by `lineBreaks`.
    public var font: FontStack {
        didSet { if font.lineBreaks != lineBreaks { font = font.withLineBreaks(lineBreaks) } }
    }

    /// The font stack of the headers; it breaks lines by `lineBreaks`. Default: the cells' font.
    public var headerFont: FontStack {
        didSet { if headerFont.lineBreaks != lineBreaks { headerFont = headerFont.withLineBreaks(lineBreaks) } }
    }

    /// The rules cells and headers break into lines by (`LineBreakRules`): set, it sets both
    /// stacks' rules, which a stack set later takes too. Default: the rules of the `font` the
    /// configuration was made with (`.chromium` unless it was given others).
    public var lineBreaks: LineBreakRules {
        didSet {
            font = font.withLineBreaks(lineBreaks)
            headerFont = headerFont.withLineBreaks(lineBreaks)
        }
    }

    /// The weight the headers are measured and drawn in (`resolvedHeaderFont`): bold in its
    /// stack's bold fonts, where it has them (the bundled stack does; a stack without draws
    /// regular). Default: `.bold`.
    public var headerWeight = FontWeight.bold

    /// The space around a cell's content; its horizontal part widens every content-fitted
    /// column and header. `EdgeInsets`' initializers clamp each side to 0...10⁹ (negative padding
    /// is none, as in CSS); a side set out of that range afterwards is refused with the rest of the
    /// configuration (`DataTableConfigurationError.Field.cellPadding`). Default: 8 points leading
    /// and trailing, 4 top and bottom.
    public var cellPadding = EdgeInsets(horizontal: 8, vertical: 4)

    /// Room for the header's sort arrow, added to the header width. Default: 20 points.
    public var sortIndicatorWidth = 20.0

    /// How tall rows are. Default: `.automatic(estimated: 44, prefetchWindow: 10)`.
    public var rowHeightMode = DataTableRowHeightMode.automatic(estimated: 44, prefetchWindow: 10)

    /// Whether cell text stays on one line or wraps at its column's width. Default: `.singleLine`.
    public var textLayout = DataTableTextLayout.singleLine

    /// The height of the header row above the first row. Default: 44 points.
    public var headerHeight = 44.0

    /// The space between consecutive rows. Default: 0.
    public var rowSpacing = 0.0

    /// Headers over adjacent columns, nested or apart, in rows above the header row; each row
    /// `headerHeight` tall. Checked when columns are sized (`validateHeaderGroups(columnCount:)`).
    /// Default: none.
    public var headerGroups: [DataTableHeaderGroup] = []

    /// The decimal separator the cells' numbers are written with (alignment by content, decimal
    /// alignment and totals read them with a ``NumberReader`` of it). Default: `.period`.
    public var decimalSeparator = DecimalSeparator.period

    /// Whether `.trailing` or `.decimal` columns, declared so (``DataTableColumn/alignment``) or,
    /// in a `DataTableLayout`, found so by their content (a column of numbers), are measured and
    /// drawn with tabular figures (the OpenType feature `tnum`, where the font has it: every
    /// digit one width, so digits line up). `columnWidths(for:columns:)` alone follows the
    /// declared alignments, since a sampled strategy reads only its sample. Default: `true`.
    public var tabularFigures = true

    /// Whether the last row is the table's footer (totals, `[DataTableColumn].footerTexts(for:reader:label:)`):
    /// measured like any row but bold (the stack's bold faces, as a total line), drawn after the
    /// others with a separator above it and a role the style can draw differently. Default: `false`.
    public var lastRowIsFooter = false

    /// A configuration with SwiftDataTables' defaults, measuring cells in `font` and headers in
    /// `headerFont` (default: `font`).
    public init(font: FontStack, headerFont: FontStack? = nil) {
        self.font = font
        self.headerFont = (headerFont ?? font).withLineBreaks(font.lineBreaks)
        self.lineBreaks = font.lineBreaks
    }
}
