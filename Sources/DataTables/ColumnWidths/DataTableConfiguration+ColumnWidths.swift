public import CellLayout
public import TextMeasure

extension DataTableConfiguration {
    /// The widths of `columns` for `rows`, by each column's mode (the provider's, else
    /// `columnWidthMode`), grown to fill `frameWidth` when `shouldContentWidthScaleToFillFrame`
    /// is set and the columns are narrower than it.
    ///
    /// Only the rows a strategy needs are read (a sampled strategy never calls a column's text
    /// closure for rows outside its sample); each distinct cell text of a column is shaped once,
    /// through `cache`, on every core. `progress` is called on this thread after each batch of
    /// cells.
    ///
    /// A column declared `.decimal` (``DataTableColumn/alignment``) is at least as wide as its
    /// ``DecimalExtent`` (every row read and its sides shaped), whatever its strategy.
    ///
    /// - Complexity: O(cells read) to format, plus the shaping of the distinct texts ÷ cores.
    /// - Throws: `DataTableConfigurationError` naming the column and field of the first value
    ///   that cannot size a column (a sample size below 1, a percentile outside (0, 1], a
    ///   negative or non-finite width, `minColumnWidth` above `maxColumnWidth`…).
    @inlinable  // so reading a cell is specialized for `Row` in the caller's module
    public func columnWidths<Row>(
        for rows: [Row],
        columns: [DataTableColumn<Row>],
        frameWidth: Double? = nil,
        cache: WidthCache? = .shared,
        progress: ((DataTableColumnWidthProgress) -> Void)? = nil
    ) throws(DataTableConfigurationError) -> DataTableColumnWidths {
        let fonts = columnFonts(alignments: columns.map(\.alignment), count: columns.count)
        let footer = footerRow(rowCount: rows.count)
        return try columnWidths(
            rowCount: rows.count, titles: columns.map(\.title), alignments: columns.map(\.alignment), frameWidth: frameWidth,
            cache: cache, progress: progress,
            cellText: { column, row in columns[column].text(rows[row]) },
            cellNode: { column, row in columns[column].cellNode(for: rows[row], styledIn: fonts[column], isFooter: row == footer) },
            cellWeights: { columns[$0].cellWeights(rows: rows, hasFooter: footer >= 0) })
    }

    /// The same for a table given as its row count, column titles, and the text and the cell
    /// of each (column, row).
    @usableFromInline
    func columnWidths(rowCount: Int, titles: [String], alignments: [ColumnAlignment?] = [], frameWidth: Double?, cache: WidthCache?,
                      progress: ((DataTableColumnWidthProgress) -> Void)?,
                      cellText: @escaping (_ column: Int, _ row: Int) -> String,
                      cellNode: @escaping (_ column: Int, _ row: Int) -> CellNode,
                      cellWeights: @escaping (_ column: Int) -> ColumnCellWeights)
        throws(DataTableConfigurationError) -> DataTableColumnWidths {
        var calculator = ColumnWidthCalculator(configuration: self, rowCount: rowCount, titles: titles, cellText: cellText,
                                               cellNode: cellNode, cellWeights: cellWeights, cache: cache, progress: progress)
        calculator.alignments = alignments
        return try calculator.calculate(frameWidth: frameWidth)
    }
}
