public import DataTables
public import TextMeasure

/// A table laid out as a worksheet: its columns as wide as a spreadsheet needs to show every
/// cell, rows whose cells wrap as tall as their lines, written as an xlsx workbook by
/// `write(to:)` with a bold header row, frozen, under an autofilter.
///
/// A column is `layoutScale` × its widest text as drawn (see `SpreadsheetMetrics`) plus
/// `cellPadding`, at least its header's text in the bold face plus the padding and the filter
/// button, and at most `maxColumnWidth` (and Excel's 255 characters): a column held to that
/// wraps its cells, and each row whose wrapped cells take more than one line gets its height.
/// The widest text is found by a `DataTableColumnWidthStrategy`, as DataTables finds it: by
/// default every cell is measured (a spreadsheet shows them all); a sampled or estimated width
/// reads fewer rows and may be narrower than a cell it did not read, which the spreadsheet then
/// cuts (see the article "Spreadsheets" for what each costs in fit).
public struct SpreadsheetTable<Row> {
    /// The rows, in order.
    public let rows: [Row]
    /// The columns: titles and each row's text.
    public let columns: [DataTableColumn<Row>]
    /// The cells' font.
    public let font: SpreadsheetFont
    /// The header's font (`font.bold` unless given) and the family name written for it.
    public let headerFont: (stack: FontStack, familyName: String)
    /// Each column's alignment.
    public let alignments: [SpreadsheetAlignment]
    /// Each column's width.
    public let columnWidths: [SpreadsheetColumnWidth]
    /// Whether a column wraps its cells (held to `maxColumnWidth`, or a cell has several lines).
    public let wrapsColumn: [Bool]
    /// The heights in points of the rows (0: the first below the header) taller than
    /// `defaultRowHeight`: those whose wrapped cells take more than one line, or whose line is
    /// of a taller font (Japanese, Arabic); the others are `defaultRowHeight` tall.
    public let rowHeights: [Int: Double]
    /// The worksheet's default row height in points: a line of the cells' font as LibreOffice
    /// stacks it, plus `SpreadsheetMetrics.rowPadding` (15 pt for Calibri 11, Excel's own).
    public let defaultRowHeight: Double
    /// Per column, the padding of its numbers' formats when it is a decimal-aligned column of
    /// numbers (`SpreadsheetAlignment.decimal`), as its width was measured with.
    let decimalPaddings: [DecimalPadding?]
    /// How cells' numbers are read (their decimal separator), as DataTables reads them for
    /// alignment and totals: a number is stored as the value this reader reads.
    public var numberReader = NumberReader()
    /// Whether the last row is a footer of totals (the columns' `total`s, as
    /// `Array.footerTexts(for:reader:)` gives them): written bold below the autofilter's range,
    /// each total a `SUBTOTAL` formula over the column, its exact result cached.
    public var hasFooter = false
    /// The rows above the footer: every row without one.
    var bodyRows: Range<Int> { 0..<(hasFooter ? Swift.max(0, rows.count - 1) : rows.count) }
    /// Whether the header row is bold (default); its cells are measured in `headerFont`, so a
    /// regular header is given the regular fonts there.
    public var boldHeader = true
    /// A title written as the first row, bold, merged across every column (nil: none).
    public var title: String?
    /// Cells that span several body rows (a `--group-by` column's runs of equal values,
    /// `DataTableRowSpan.grouping`): each written once, top-aligned, in a merged range down its
    /// rows; the rows of a span below its first at outline level 1, so a reader folds the span to
    /// its first row; and every row of a span given a height (its own cells', and together enough
    /// for the spanning cell's lines). Spans within the rows above the footer, not
    /// overlapping.
    public var rowSpans: [DataTableRowSpan] = []
    /// Header groups written as rows above the header, the highest level first, each group's
    /// title bold and centred in cells merged across its columns (indices into `columns`).
    public var headerGroups: [DataTableHeaderGroup.Placed] = []

    /// Lays out `rows` in `columns` in `font` (the header in `headerFont`, else the font's bold
    /// face), each column's content found by `strategy` and the column at most `maxColumnWidth`
    /// points wide (nil: Excel's 255 characters), aligned as `alignments` say (nil: as the
    /// spreadsheet aligns values), numbers read by `numberReader` (a decimal-aligned column is
    /// measured with its numbers padded: `SpreadsheetAlignment.decimal`).
    ///
    /// `strategy` reads the rows DataTables' `.fitContentText` reads (`sampledMax`,
    /// `percentileMeasured` and `hybrid`: a sample spread evenly, first and last row included),
    /// each text measured as drawn on whole pixels; `estimatedAverage`'s character width and
    /// `fixed`'s width are in points. Padding, the header and `maxColumnWidth` apply to every
    /// strategy. `maxNominal` does not apply.
    ///
    /// - Throws: `SpreadsheetError.tooManyRows`, `.tooManyColumns` or `.cellTooLong` past a
    ///   worksheet's limits (every cell is checked, whatever the strategy reads);
    ///   `.alignmentCount` unless one alignment per column; `.strategyDoesNotApply` for
    ///   `.maxNominal`.
    /// - Complexity: O(cells) to check the cells' lengths, plus each distinct text of the rows
    ///   the strategy reads shaped once (columns on every core), and each cell of a wrapping
    ///   column broken into lines.
    public init(rows: [Row], columns: [DataTableColumn<Row>], font: SpreadsheetFont, headerFont: FontStack? = nil,
                strategy: DataTableColumnWidthStrategy = .maxMeasured, maxColumnWidth: Double? = nil,
                alignments: [SpreadsheetAlignment]? = nil, numberReader: NumberReader = NumberReader()) throws(SpreadsheetError) {
        let (maximumRows, maximumColumns) = (SpreadsheetMetrics.maximumRows, SpreadsheetMetrics.maximumColumns)
        guard rows.count + 1 <= maximumRows else { throw .tooManyRows(rows: rows.count + 1, limit: maximumRows) }
        guard columns.count <= maximumColumns else { throw .tooManyColumns(columns: columns.count, limit: maximumColumns) }
        if case .maxNominal = strategy {
            throw .strategyDoesNotApply(strategy: "maxNominal", reason: "a spreadsheet draws shaped glyphs on whole pixels; use maxMeasured")
        }
        if let alignments, alignments.count != columns.count {
            throw .alignmentCount(columns: columns.count, alignments: alignments.count)
        }
        (self.rows, self.columns, self.font) = (rows, columns, font)
        // The workbook's own fonts keep the family it declares (Calibri, measured with Carlito).
        self.headerFont = headerFont.map { ($0, $0 == font.regular || $0 == font.bold ? font.familyName : $0.primary.familyName) } ?? (font.bold, font.familyName)
        let aligned = alignments ?? Array(repeating: .general, count: columns.count)
        (self.alignments, self.numberReader) = (aligned, numberReader)
        // A decimal-aligned column of numbers is as wide as its numbers padded to its most places.
        let spaces = aligned.contains(.decimal) ? PaddingSpaces(stack: font.regular) : nil
        let paddings = columns.indices.map { index -> DecimalPadding? in
            let texts = rows.lazy.map(columns[index].text)
            guard aligned[index] == .decimal, let spaces, SpreadsheetColumnType.of(texts, reader: numberReader) == .numbers else { return nil }
            return DecimalPadding(texts: texts, reader: numberReader, spaces: spaces)
        }
        decimalPaddings = paddings
        let measured = columns.indices.map { index in
            let column = columns[index]
            guard let padding = paddings[index] else { return column }
            return DataTableColumn<Row>(column.title) { padding.shown(column.text($0), reader: numberReader) }
        }
        let limit = Swift.min((maxColumnWidth ?? .infinity) * SpreadsheetMetrics.pixelsPerPoint,
                              SpreadsheetMetrics.maximumCharacters * SpreadsheetColumnWidth.maximumDigitWidth + 5)
        let fitted = try ColumnFit.fit(rows: rows, columns: measured, strategy: strategy, font: font, headerFont: self.headerFont.stack, limit: limit)
        columnWidths = fitted.map { SpreadsheetColumnWidth(pixels: $0.pixels) }
        wrapsColumn = fitted.map(\.wraps)
        rowHeights = try RowHeights.heights(rows: rows, columns: columns, font: font, widths: columnWidths, wraps: wrapsColumn)
        defaultRowHeight = RowHeights.defaultHeight(in: try ScreenText(font.regular))
    }
}

/// How a column's cells sit in their width.
public enum SpreadsheetAlignment: String, Sendable, CaseIterable {
    /// The spreadsheet's own: text leading, numbers and dates trailing.
    case general
    /// Text and numbers at the cell's leading edge.
    case leading
    /// Centred.
    case center
    /// At the trailing edge.
    case trailing
    /// Numbers at the trailing edge with their decimal separators at one x: each number's
    /// format pads its decimal places to the column's most with spaces a digit wide (Excel's
    /// `?`; see `DecimalPadding`). Text in the column sits at the trailing edge.
    case decimal
}

extension DataTableLayout {
    /// The layout's rows and columns as a worksheet in `font`, its columns at most the
    /// configuration's `maxColumnWidth`, its numbers read with the configuration's decimal separator: measured again as a spreadsheet draws them (the
    /// layout's own widths are for drawing in points, a spreadsheet's in screen pixels).
    ///
    /// - Throws: as `SpreadsheetTable.init(rows:columns:font:headerFont:strategy:maxColumnWidth:alignments:numberReader:)`.
    /// - Complexity: as that initializer.
    public func spreadsheet(font: SpreadsheetFont, alignments: [SpreadsheetAlignment]? = nil) throws(SpreadsheetError)
        -> SpreadsheetTable<Row> {
        try SpreadsheetTable(rows: rows, columns: columns, font: font, maxColumnWidth: configuration.maxColumnWidth,
                             alignments: alignments, numberReader: numberReader)
    }
}
