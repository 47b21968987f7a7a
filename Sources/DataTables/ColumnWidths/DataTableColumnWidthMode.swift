/// How a column's width is found: SwiftDataTables' `DataTableColumnWidthMode`.
///
/// Set one mode for every column with `DataTableConfiguration.columnWidthMode`, and override it
/// for single columns with `columnWidthModeProvider`.
public enum DataTableColumnWidthMode: Sendable, Hashable {
    /// Exactly `width` points: no minimum, maximum or header width applies (scale to fill still
    /// stretches it, as it does every column).
    case fixed(width: Double)

    /// The content width the strategy finds + the horizontal cell padding, clamped to
    /// `minColumnWidth`…`maxColumnWidth`, then raised to the header's width if that is wider:
    /// the header always wins.
    case fitContentText(strategy: DataTableColumnWidthStrategy)

    /// As `fitContentText`, with each sampled row's content width the fitting width of its cell
    /// (`DataTableColumn.cell`, measured by CellLayout's `MeasuredCell`: the stand-in for
    /// `systemLayoutSizeFitting`). A column without a cell measures a one-line text cell of its
    /// text in the configuration's font. The cell padding is added around the cell as around text.
    case fitContentAutoLayout(sample: DataTableColumnWidthSample)

    /// The same as `fitContentAutoLayout(sample:)`, named for what it measures here.
    public static func fitContentCell(sample: DataTableColumnWidthSample) -> Self {
        .fitContentAutoLayout(sample: sample)
    }
}
