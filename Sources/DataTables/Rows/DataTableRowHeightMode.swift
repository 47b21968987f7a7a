/// How tall rows are: SwiftDataTables' `DataTableRowHeightMode`. Heights are from 0 to
/// `maximumLength` (10⁹ pt; an estimate above 0), else `DataTableConfigurationError`.
public enum DataTableRowHeightMode: Sendable, Hashable {
    /// Every row `height` points; nothing is measured.
    case fixed(Double)
    /// Rows start at `estimated` points and are measured when the viewport, widened by
    /// `prefetchWindow` rows above and below, reaches them; measured heights are kept per row
    /// identity.
    case automatic(estimated: Double, prefetchWindow: Int = 0)
}

/// How cell text is laid out in a row: SwiftDataTables' `textLayout`.
public enum DataTableTextLayout: Sendable, Hashable {
    /// One line, cut with an ellipsis when it is wider than the column.
    case singleLine
    /// Wrapped at the column's width (less its padding), as many lines as it takes.
    case wrap
}
