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
}
