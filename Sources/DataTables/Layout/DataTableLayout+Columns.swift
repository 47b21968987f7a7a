import CellLayout
import TextMeasure

extension DataTableLayout {
    /// A calculator over the current rows, for the content widths and the final fit. Without
    /// `boldFooter`, the footer row's cells are measured in their columns' weights like any row's
    /// (for measuring the other rows, the footer being measured apart).
    func calculator(boldFooter: Bool = true) -> ColumnWidthCalculator {
        let (rows, columns) = (rows, columns)
        // The fonts the columns were last measured in (`measureColumns()`), else the declared alignments'.
        let fonts = columnFonts.count == columns.count
            ? columnFonts : configuration.columnFonts(alignments: columns.map(\.alignment), count: columns.count)
        let footer = boldFooter ? configuration.footerRow(rowCount: rows.count) : -1
        var calculator = ColumnWidthCalculator(
            configuration: configuration, rowCount: rows.count, titles: columns.map(\.title),
            cellText: { column, row in columns[column].text(rows[row]) },
            cellNode: { column, row in columns[column].cellNode(for: rows[row], styledIn: fonts[column], isFooter: row == footer) },
            cellWeights: { columns[$0].cellWeights(rows: rows, hasFooter: footer >= 0) }, cache: cache, progress: nil)
        calculator.alignments = columns.map(\.alignment)
        calculator.fonts = fonts
        return calculator
    }

    /// Checks the modes and measures every column's content from scratch (`measureColumns()`).
    func rebuildColumns() throws(DataTableConfigurationError) {
        try configuration.validateTableSettings(frameWidth: frameWidth)
        modes = try calculator().validatedModes()
        placeHeaderGroups()
        measureColumns()
    }

    /// Measures every column's content from scratch by the checked `modes`: its max-content
    /// state, and with automatic layout its min-content state from the same measuring pass. The
    /// rows are measured in their columns' weights, and the footer row, when there is one, apart
    /// (bold), put in as an update puts a row in.
    func measureColumns() {
        numbers = Array(repeating: ColumnNumbers(), count: columns.count)
        var calculator = calculator(boldFooter: false)
        // A column of numbers has tabular figures whether it was declared trailing or found so; a
        // column whose width reads no cell (fixed) is not read for it either: it is declared or not.
        var alignments: [ColumnAlignment?] = []
        for index in columns.indices {
            let read = calculator.plan(of: modes[index]).cellsRead(of: rows.count) > 0
            alignments.append(read ? alignment(ofColumn: index) : columns[index].alignment)
        }
        columnFonts = configuration.columnFonts(alignments: alignments, count: columns.count)
        calculator.fonts = columnFonts
        let footer = configuration.footerRow(rowCount: rows.count)
        let (rows, count) = (rows, footer >= 0 ? footer : rows.count)
        let automatic = configuration.tableLayout == .automatic
        contents = []
        minContents = []
        for index in columns.indices {
            var measured: [ColumnWidthPlan.Measurer: [IntrinsicWidths]] = [:]
            func widths(by measurer: ColumnWidthPlan.Measurer) -> [IntrinsicWidths] {
                if let widths = measured[measurer] { return widths }
                let widths = calculator.contentWidths(ofColumn: index, atRows: RowSample(rowCount: count, size: count), by: measurer)
                measured[measurer] = widths
                return widths
            }
            let plan = calculator.plan(of: modes[index])
            func content(_ extent: ColumnContent.Extent) -> ColumnContent {
                ColumnContent(plan: plan, extent: extent, count: count, text: { columns[index].text(rows[$0]) }) {
                    widths(by: $0).map(extent.of)
                }
            }
            contents.append(content(automatic ? .maxContent : .content))
            if automatic { minContents.append(content(.minContent)) }
        }
        if footer >= 0 { updateContents(+1, row: rows[footer], isFooter: true) }
        columnWidths = reported(fittedWidths())
    }

    /// The widths from the kept content state; sampled columns measure their sample now.
    func fittedWidths() -> DataTableColumnWidths {
        var calculator = calculator()
        var widths: [IntrinsicWidths?] = []
        for index in columns.indices {
            var sample: IntrinsicWidths?
            func sampled(_ measurement: ColumnWidthPlan.Measurement) -> IntrinsicWidths {
                let measured = sample ?? calculator.measuredContentWidth(ofColumn: index, measurement)
                sample = measured
                return measured
            }
            let maxContent = contents[index].width(count: rows.count) { sampled($0).maxContent }
            let minContent = minContents.isEmpty ? maxContent : minContents[index].width(count: rows.count) { sampled($0).minContent }
            widths.append(maxContent.map { IntrinsicWidths(minContent: minContent ?? $0, maxContent: $0) })
        }
        return calculator.widths(modes: modes, contents: widths, frameWidth: frameWidth,
                                 decimals: columns.indices.map { columns[$0].alignment == .decimal ? decimalExtent(ofColumn: $0) : nil })
    }

    /// For a layout whose columns are `.fixed` at the widths of `measured` (the widths of
    /// `DataTableConfiguration.columnWidths(for:columns:frameWidth:cache:progress:)` for its rows
    /// and columns, measured in one pass before the layout was made, as the command does):
    /// `columnWidths` reports each column's mode and intrinsic widths from `measured` from now
    /// on, as if the layout had measured them itself, a column narrowed later included. O(columns).
    package func report(asMeasured measured: DataTableColumnWidths) {
        precondition(measured.columns.count == columns.count, "\(measured.columns.count) widths for \(columns.count) columns")
        measuredColumns = measured
        columnWidths = reported(columnWidths)
    }

    /// `fitted` as `columnWidths` reports it: with the modes and intrinsic widths the columns
    /// were measured with, when they were measured before the layout held them (`measuredColumns`).
    func reported(_ fitted: DataTableColumnWidths) -> DataTableColumnWidths {
        guard let measured = measuredColumns, measured.columns.count == fitted.columns.count else { return fitted }
        return DataTableColumnWidths(columns: zip(measured.columns, fitted.columns).map { measured, fitted in
            DataTableColumnWidth(title: measured.title, mode: measured.mode, width: fitted.width, fittedWidth: measured.fittedWidth,
                                 contentWidth: measured.contentWidth, headerWidth: measured.headerWidth,
                                 minContentWidth: measured.minContentWidth, maxContentWidth: measured.maxContentWidth)
        })
    }

    /// Takes `row`'s cell in column `index`, whose text is `text`, out of the column's content
    /// (`sign` −1) or puts it in (+1), measured as the footer's (bold) when `isFooter`.
    func updateContent(_ sign: Int, column index: Int, row: Row, text: String, isFooter: Bool) {
        numbers[index] = ColumnNumbers()
        let column = columns[index]
        let font = cellFont(ofColumn: index, style: column.textStyle(for: row, text: text, isFooter: isFooter))
        let cell = { column.cellNode(for: row, styledIn: self.columnFonts[index], isFooter: isFooter) }
        contents[index].update(sign, text: text, cell: cell(), font: font, cache: cache)
        if !minContents.isEmpty { minContents[index].update(sign, text: text, cell: cell(), font: font, cache: cache) }
    }

    /// The same for every cell of `row`.
    func updateContents(_ sign: Int, row: Row, isFooter: Bool) {
        for index in columns.indices {
            updateContent(sign, column: index, row: row, text: columns[index].text(row), isFooter: isFooter)
        }
    }

    /// Installs `widths`; measured rows whose height can change with a column that changed
    /// width become unmeasured: a cell wider than the narrower of its column's old and new
    /// inner widths (one-line text never). Returns whether any width changed.
    @discardableResult
    func apply(_ widths: DataTableColumnWidths) -> Bool {
        let padding = configuration.cellPadding.horizontal
        let changed = columns.indices.filter { widths.columns[$0].width != columnWidths.columns[$0].width }
        defer { columnWidths = reported(widths) }
        guard !changed.isEmpty else { return false }
        let narrower = changed.map { max(0, min(widths.columns[$0].width, columnWidths.columns[$0].width) - padding) }
        measured.forget { row in
            // None kept (`findsStableWidths` off): the row's height may change with any width.
            row.heightFixedFrom.isEmpty || !zip(changed, narrower).allSatisfy { column, inner in row.heightFixedFrom[column] <= inner }
        }
        return true
    }

    /// Makes the columns fill `width` (nil: keep their fitted widths), re-measuring the rows
    /// the new widths can change as they come into view, and keeping the user's place.
    ///
    /// - Complexity: O(columns) from the columns' kept content widths (a sampled mode measures
    ///   its sample again); when a width changes, O(measured rows × columns) to keep or drop
    ///   their heights and O(n) to lay the rows out again; plus measuring the rows in view as
    ///   `scroll(to:)` does.
    public func setFrameWidth(_ width: Double?) throws(DataTableConfigurationError) {
        try configuration.validateTableSettings(frameWidth: width)
        frameWidth = width
        let anchor = currentAnchor()
        if apply(fittedWidths()) { rebuildOffsets() }
        restore(anchor)
        layoutViewport()
    }

    /// Every row's spaced height again, O(n).
    func rebuildOffsets() {
        offsets = RowOffsets(count: rows.count) { spacedHeight(ofRow: $0) }
    }
}
