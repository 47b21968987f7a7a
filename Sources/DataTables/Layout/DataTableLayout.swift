public import TextMeasure

/// A data table without a UI: rows, columns, their widths, row heights and a viewport. A UI
/// layer (GTK, a terminal, an SVG or PDF renderer) asks it where things are and tells it where
/// the user scrolled; it measures only what comes into view and keeps the user's place while
/// rows change.
///
/// Content coordinates: the header is `[0, headerBlockHeight)` (the header row and the rows of its
/// header groups above it, each `headerHeight` tall); row `i` starts at
/// `headerBlockHeight + (heights of rows 0..<i) + i × rowSpacing`. Row heights are fixed, measured
/// (`.automatic`: max over the row's cells of the text's height at the column width less the
/// horizontal padding, or the cell's `height(atWidth:)`, plus the vertical padding) or the
/// estimate until measured, unless `rowHeightProvider` gives one; heights (and the spacing) are
/// kept on a grid of 2⁻²⁰ pt, so offsets are exact sums. Offsets live in a Fenwick tree: a row's
/// offset, the row at an offset and one height changed are O(log n), the content height O(1).
///
/// Values: a configured length outside `0...maximumLength` (10⁹ pt) is a
/// `DataTableConfigurationError`; a length given at run time (a provided row height, the
/// viewport's height) is clamped to `0...maximumLength`, NaN as 0; so every height, offset and
/// width reported is finite and at least 0. A row index outside the table is a programming error:
/// every member that takes one traps with a message naming the index and the row count, as
/// `Array` does (`offset(ofRow:)` also takes `rowCount`, the end of the content).
///
/// Not thread-safe: use one from one task (it is cheap to ask; a million rows is ordinary).
public final class DataTableLayout<Row: Identifiable> {
    /// The rows, in display order.
    public internal(set) var rows: [Row]
    /// Their IDs, in the same order.
    @usableFromInline internal var ids: [Row.ID]
    /// The columns.
    public let columns: [DataTableColumn<Row>]
    /// The configuration; change it with `reloadEverything(configuration:)`.
    public internal(set) var configuration: DataTableConfiguration
    /// A row's height, overriding `rowHeightMode` (SwiftDataTables' `heightForRowAt`); nil
    /// leaves the row to the mode. A height is clamped to `0...maximumLength`, NaN as 0.
    public let rowHeightProvider: (@Sendable (Row, Int) -> Double?)?
    /// The current column widths.
    public internal(set) var columnWidths: DataTableColumnWidths
    /// The columns as they were measured before the layout held them at those widths
    /// (`report(asMeasured:)`), whose modes and intrinsic widths `columnWidths` reports; nil
    /// for a layout that measures its own.
    var measuredColumns: DataTableColumnWidths?
    /// The width the columns fill (`shouldContentWidthScaleToFillFrame`); nil for none.
    public internal(set) var frameWidth: Double?
    /// The top of the viewport in content coordinates, within `0...max(0, contentHeight − viewportHeight)`.
    public internal(set) var contentOffset = 0.0
    /// The viewport's height, from 0 to `maximumLength`.
    public internal(set) var viewportHeight: Double
    /// Cells spanning rows (see `setRowSpans(_:)`, `groupRows(byColumn:)`); none by default.
    public internal(set) var rowSpans = DataTableRowSpans()
    /// The column the rows are grouped by (`groupRows(byColumn:)`), regrouped as the rows change.
    public internal(set) var groupColumn: Int?

    /// The header groups where they stand (`DataTableConfiguration.headerGroups`, checked).
    public internal(set) var headerGroups: [DataTableHeaderGroup.Placed] = []
    /// How many rows of groups stand above the header row.
    public internal(set) var headerGroupRowCount = 0

    package let cache: WidthCache?
    var offsets: RowOffsets
    var indexOfID = RowIndexByID<Row.ID>()
    /// Rows measured so far, by position (they move with their rows): their height and, per
    /// column, the width beyond which the cell's height no longer changes (0 when it never does).
    var measured = MeasuredRows(rowCount: 0)
    /// Whether measuring a row finds, per cell, the width from which on its height no longer
    /// changes (a wrapped text's max-content width, a fifth of the cost of measuring it), for
    /// `apply(_:)` to keep the rows a width change cannot alter. A column band, whose widths
    /// never change, does not: its rows say their heights hold at no other width.
    package var findsStableWidths = true
    var contents: [ColumnContent] = []
    /// Automatic table layout only (else empty): each column's min-content state.
    var minContents: [ColumnContent] = []
    var modes: [DataTableColumnWidthMode] = []
    /// Per column, what its numbers give (alignment by content, decimal extent), found when
    /// first asked and forgotten when a cell of the column changes.
    var numbers: [ColumnNumbers] = []
    /// Each column's font (see `font(ofColumn:)`), made when the columns are measured.
    var columnFonts: [FontStack] = []


    /// A layout of `rows` in `columns`, sized per `configuration`, its columns filling
    /// `frameWidth`, showing `viewportHeight` points from the top (clamped to
    /// `0...maximumLength`, NaN as 0), with cells spanning rows as `rowSpans` says; the rows in
    /// view (and the prefetch window) are measured.
    ///
    /// - Throws: `DataTableConfigurationError` for a value that cannot size a column or a row;
    ///   `DataTableUpdateError` when two rows share an ID; `DataTableRowSpanError` for a span
    ///   that does not fit the table.
    /// - Complexity: O(n) to index the IDs and lay out the estimated heights, plus sizing the
    ///   columns from the cells their modes read (each distinct text shaped once, on every core),
    ///   plus measuring the rows in view and in the prefetch window.
    public init(rows: [Row], columns: [DataTableColumn<Row>], configuration: DataTableConfiguration,
                frameWidth: Double? = nil, viewportHeight: Double = 0, rowSpans: [DataTableRowSpan] = [],
                rowHeightProvider: (@Sendable (Row, Int) -> Double?)? = nil, cache: WidthCache? = .shared) throws {
        self.rows = rows
        ids = rows.map(\.id)
        measured = MeasuredRows(rowCount: rows.count)
        self.columns = columns
        self.configuration = configuration
        self.frameWidth = frameWidth
        self.viewportHeight = viewportHeight.clampedLength
        self.rowHeightProvider = rowHeightProvider
        self.cache = cache
        offsets = RowOffsets([])
        columnWidths = DataTableColumnWidths(columns: [])
        try configuration.validateRowSettings()
        indexOfID = try RowIndexByID(unique: ids)
        self.rowSpans = try DataTableRowSpans(rowSpans, rowCount: rows.count, columnCount: columns.count)
        try rebuildColumns()
        offsets = RowOffsets(count: rows.count) { spacedHeight(ofRow: $0) }
        layoutViewport()
    }

    /// The columns `band` (indices into `table.columns`, left to right) of `table` as a table of
    /// their own: the same rows, configuration (its width mode provider read through `band`),
    /// row height provider and cache, the columns at `widths` (one per band column), no row
    /// measured yet and no viewport. O(rows + band columns).
    package init(band: [Int], of table: DataTableLayout, widths: DataTableColumnWidths) {
        rows = table.rows
        ids = table.ids
        measured = MeasuredRows(rowCount: table.rows.count)
        columns = band.map { table.columns[$0] }
        var configuration = table.configuration
        if let given = configuration.columnWidthModeProvider {
            configuration.columnWidthModeProvider = { band.indices.contains($0) ? given(band[$0]) : nil }
        }
        self.configuration = configuration
        frameWidth = widths.totalWidth
        viewportHeight = 0
        rowHeightProvider = table.rowHeightProvider
        cache = table.cache
        offsets = RowOffsets([])
        columnWidths = widths
        indexOfID = table.indexOfID
        rowSpans = table.rowSpans.restricted(to: band)
        contents = table.contents.isEmpty ? [] : band.map { table.contents[$0] }
        minContents = table.minContents.isEmpty ? [] : band.map { table.minContents[$0] }
        modes = table.modes.isEmpty ? [] : band.map { table.modes[$0] }
        headerGroups = Self.headerGroups(of: table, band: band)
        headerGroupRowCount = table.headerGroupRowCount
        numbers = table.numbers.isEmpty ? [] : band.map { table.numbers[$0] }
        columnFonts = table.columnFonts.isEmpty ? [] : band.map { table.columnFonts[$0] }
        offsets = RowOffsets(count: rows.count) { spacedHeight(ofRow: $0) }
        findsStableWidths = false
    }

    // MARK: Where things are

    /// How many rows there are.
    public var rowCount: Int { rows.count }

    /// The height of the header, every row and the spacing between rows. O(1).
    public var contentHeight: Double {
        headerBlockHeight + offsets.total - (rows.isEmpty ? 0 : spacing)
    }

    /// The height of row `row` (its estimate until measured), on the grid of 2⁻²⁰ pt. O(1).
    ///
    /// - Precondition: `row` is in `0..<rowCount`.
    public func height(ofRow row: Int) -> Double {
        checkIndex(row)
        return offsets.height(of: row) - spacing
    }

    /// Where row `row` starts, in content coordinates; for `rowCount`, where the content ends
    /// (`contentHeight`: the last row has no spacing below it).
    ///
    /// - Precondition: `row` is in `0...rowCount`.
    /// - Complexity: O(log n).
    public func offset(ofRow row: Int) -> Double {
        checkIndex(row, orEnd: true)
        return row == rows.count ? contentHeight : headerBlockHeight + offsets.offset(of: row)
    }

    /// The row at content offset `y` (a row owns the spacing below it); nil in the header, past
    /// the content or with no rows.
    ///
    /// - Complexity: O(log n).
    public func row(atOffset y: Double) -> Int? {
        guard y >= headerBlockHeight, y < contentHeight else { return nil }
        return offsets.row(at: y - headerBlockHeight)
    }

    /// The rows the viewport shows, wholly or partly.
    ///
    /// - Complexity: O(log n).
    public var visibleRows: Range<Int> {
        guard !rows.isEmpty else { return 0..<0 }
        let top = max(contentOffset, headerBlockHeight)
        let bottom = contentOffset + viewportHeight
        guard bottom > top, let first = row(atOffset: top) else { return 0..<0 }
        let last = row(atOffset: min(bottom, contentHeight).nextDown) ?? rows.count - 1
        return first..<(last + 1)
    }

    /// Whether row `row`'s height is measured (false while it is the estimate, and for fixed
    /// heights and provided ones).
    ///
    /// - Precondition: `row` is in `0..<rowCount`.
    public func isMeasured(row: Int) -> Bool {
        checkIndex(row)
        return measured.isMeasured(row)
    }

    /// Traps unless `row` is in `0..<rowCount` (or is `rowCount`, with `orEnd`), with a message
    /// naming the index and the row count.
    func checkIndex(_ row: Int, orEnd: Bool = false) {
        precondition(row >= 0 && (row < rows.count || orEnd && row == rows.count),
                     "row index \(row) out of range: the table has \(rowsDescription)")
    }

    /// "1 row", "100 rows".
    var rowsDescription: String { "\(rows.count) row\(rows.count == 1 ? "" : "s")" }

    /// The spacing between rows, on the grid of 2⁻²⁰ pt as the heights are, so a row's spaced height less
    /// the spacing is exactly its height, never below 0.
    var spacing: Double { RowOffsets.grid(configuration.rowSpacing) }
}

/// A cell spanning rows as measured: its column and its height, padding included.
struct SpanningCell {
    var column: Int
    var height: Double
}
