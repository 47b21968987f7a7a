/// Row spans that cannot lie in a table, naming the span at fault.
public enum DataTableRowSpanError: Error, Equatable, CustomStringConvertible {
    /// A span of fewer than one row.
    case empty(DataTableRowSpan)
    /// A span whose column is not one of the table's `columnCount` columns.
    case columnOutOfRange(DataTableRowSpan, columnCount: Int)
    /// A span whose rows are not all among the table's `rowCount` rows.
    case rowsOutOfRange(DataTableRowSpan, rowCount: Int)
    /// Two spans of one column sharing a row.
    case overlapping(DataTableRowSpan, DataTableRowSpan)
    /// `--group-by` or `groupRows(byColumn:)` named a column the table lacks.
    case unknownGroupColumn(Int, columnCount: Int)

    public var description: String {
        switch self {
        case .empty(let span):
            "row span at \(span.description) spans \(span.count) rows; a span needs at least 1"
        case .columnOutOfRange(let span, let columns):
            "row span at \(span.description): the table has \(columns) column\(columns == 1 ? "" : "s") (0–\(columns - 1))"
        case .rowsOutOfRange(let span, let rows):
            "row span at \(span.description) runs past the table's \(rows) row\(rows == 1 ? "" : "s")"
        case .overlapping(let first, let second):
            "row span at \(second.description) overlaps the row span at \(first.description)"
        case .unknownGroupColumn(let column, let columns):
            "cannot group rows by column \(column): the table has \(columns) column\(columns == 1 ? "" : "s")"
        }
    }
}
